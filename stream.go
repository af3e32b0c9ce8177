package parley

import "context"

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

type replyStreamKey struct{}

// WithReplyStream returns ctx carrying s, which the runtime gives an engine's Decide.
func WithReplyStream(ctx context.Context, s ReplyStream) context.Context {
	return context.WithValue(ctx, replyStreamKey{}, s)
}

// ReplyStreamOf returns the stream ctx carries, or one that drops every chunk.
func ReplyStreamOf(ctx context.Context) ReplyStream {
	if s, ok := ctx.Value(replyStreamKey{}).(ReplyStream); ok && s != nil {
		return s
	}
	return func(int, string) {}
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

type recordedRepliesKey struct{}

// WithRecordedReplies returns ctx carrying the texts a model wrote in a stored turn,
// by key: an engine deciding the turn again uses them instead of its model.
func WithRecordedReplies(ctx context.Context, texts map[string]string) context.Context {
	return context.WithValue(ctx, recordedRepliesKey{}, texts)
}

// RecordedReplies returns the texts ctx carries; replaying is true when it carries
// any map (even empty): the turn is a replay, and a text not recorded was not
// written by a model then (the engine's own text was said).
func RecordedReplies(ctx context.Context) (texts map[string]string, replaying bool) {
	texts, replaying = ctx.Value(recordedRepliesKey{}).(map[string]string)
	return texts, replaying
}
