package parley

import (
	"context"
	"strings"
)

// EventReplyDelta is a live event: a chunk of a reply's text as a model writes it,
// before the turn's response. It is not stored; the response holds the final text.
const EventReplyDelta EventType = "reply_delta"

// ReplyDeltaEvent is the data of a reply_delta event.
type ReplyDeltaEvent struct {
	ReplyID string `json:"reply_id"`
	Delta   string `json:"delta"`
}

// ReplyStream receives the text of the reply at index reply (0-based, in the order
// of Decision.Replies) chunk by chunk while an engine has it written by a model.
type ReplyStream func(reply int, delta string)

// to returns where the chunks of reply index go: s, or nowhere when s is nil.
func (s ReplyStream) to(reply int) func(delta string) {
	return func(delta string) {
		if s != nil {
			s(reply, delta)
		}
	}
}

// Send passes one chunk of reply index to s; a nil stream drops it.
func (s ReplyStream) Send(reply int, delta string) {
	if s != nil {
		s(reply, delta)
	}
}

// ReplyWriter has a model write a reply from an engine's draft, streaming its
// chunks to delta (llm.Client implements it). An error means the draft is said.
// The engines take one as their options' Writer.
type ReplyWriter interface {
	WriteReply(ctx context.Context, req ReplyRequest, delta func(string)) (string, error)
}

// ReplyRequest asks a model to write one reply. The engine has decided what the
// reply says (Draft, its own template text, which is also the fallback); Brief says
// how the model should put it. The decision does not depend on the text written.
type ReplyRequest struct {
	Bot   string
	Brief string
	Draft string
	// Transcript is the conversation so far, oldest first, as "user: ..." and
	// "assistant: ..." lines; the user's current message is last.
	Transcript []string
}

// EventReplyGenerated records, with its turn, a reply text a model wrote, so that a
// replay reproduces the turn without the model (RecordedReplies).
const EventReplyGenerated EventType = "reply_generated"

// ReplyGeneratedEvent is the data of a reply_generated event. Key names what was
// written within the turn (a flows step id).
type ReplyGeneratedEvent struct {
	Key  string `json:"key"`
	Text string `json:"text"`
}

// GenerateReply is the skeleton of every engine's generate: the text to say for
// one reply (or part of one) of turn t that the engine lets a model write, from
// req.Draft, the engine's own text. key names the text in the turn's
// reply_generated event (a flows step id, a gates prompt, a shop text kind).
//
// A replay (t.RecordedReplies set) says the text recorded under key, or the draft
// when none was (the model did not write it then), and never asks the model.
// Without a writer the draft is said. Otherwise the model writes it: its chunks go
// to the delta that begin returns (begin runs just before the model is asked; an
// engine may stream there what the turn said before), or to t.Stream as reply
// index when begin is nil. The model's text, spaces trimmed, is said, and generated
// is the reply_generated event to record with the turn; when the model fails or
// writes nothing, the draft is said and generated is nil.
func GenerateReply(ctx context.Context, w ReplyWriter, t Turn, key string, req ReplyRequest, index int, begin func() func(string)) (text string, generated *EventData) {
	if t.RecordedReplies != nil {
		if text, ok := t.RecordedReplies[key]; ok {
			return text, nil
		}
		return req.Draft, nil
	}
	if w == nil {
		return req.Draft, nil
	}
	delta := t.Stream.to(index)
	if begin != nil {
		delta = begin()
	}
	text, err := w.WriteReply(ctx, req, delta)
	text = strings.TrimSpace(text)
	if err != nil || text == "" {
		return req.Draft, nil
	}
	return text, &EventData{Type: EventReplyGenerated, Data: ReplyGeneratedEvent{Key: key, Text: text}}
}
