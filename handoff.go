package parley

import (
	"context"
	"encoding/json"
	"slices"
	"time"
)

// A conversation is waiting for a person when its bot's engine says it is handed
// off (HandoffReporter: the shop's handoff state, a flows bot's metadata.handoff, a
// gates flow handed off or deadlocked) and nobody has handed it back yet. The people
// who answer it write agent messages into it (AgentDesk), which the conversation's
// log keeps as agent_message events beside the visitor's turns; the engine decides
// nothing while a person has the conversation, so the bot stays silent until a
// handback.

// EventAgentMessage is the event type of a message a person wrote into a
// conversation handed off to people.
const EventAgentMessage EventType = "agent_message"

// FromAgent is AgentMessageEvent.From: who wrote the message, a person.
const FromAgent = "agent"

// AgentMessageEvent is the data of an agent_message event, and the body of the
// answer to POST .../agent-messages.
type AgentMessageEvent struct {
	MessageID string `json:"message_id"`
	// From is always FromAgent: history and SSE readers tell a person's message
	// from the bot's replies and the visitor's turns by it.
	From   string    `json:"from"`
	Agent  string    `json:"agent"`
	Text   string    `json:"text"`
	SentAt time.Time `json:"sent_at"`
}

// AgentMessageRequest is a person's message into a conversation waiting for a
// person. ID is unique in the conversation, as a turn's message id is (the same
// namespace): the same id again with the same text and agent is a replay.
type AgentMessageRequest struct {
	Key    ConversationKey
	ID     string
	Text   string
	Agent  string
	SentAt time.Time
}

// AgentDesk is the part of a Conversations service people answer through: it
// writes an agent message into a conversation waiting for a person (ECONFLICT when
// it is not). The actor runtime implements it, in the conversation's turn order.
type AgentDesk interface {
	AgentMessage(ctx context.Context, req AgentMessageRequest) (Result, error)
}

// HandoffReporter is the optional behaviour of engines that hand conversations to
// people: why a person has the conversation in state, "" while the bot has it.
type HandoffReporter interface {
	HandoffReason(state any) string
}

// Handoff is a conversation's wait for a person, as listings show it: why, and
// since when (the time of its last handoff event).
type Handoff struct {
	Reason string    `json:"reason"`
	Since  time.Time `json:"since"`
}

// HandoffReason is why a person has a stored conversation of the bot (its state as
// stored, whole), "" when the bot has it or its engine never hands off.
func (b *Bot) HandoffReason(state json.RawMessage) string {
	hr, ok := EngineAs[HandoffReporter](b.Engine)
	if !ok || len(state) == 0 {
		return ""
	}
	st, err := b.Engine.DecodeState(state)
	if err != nil {
		return ""
	}
	return hr.HandoffReason(st)
}

// handoffLookback bounds how far back HandoffSince reads a conversation's log for
// its last handoff event: a person is called in the turn that hands off, and the
// events after it are the visitor's and the people's messages while they wait.
const handoffLookback = 500

// HandoffSince is when conversation c was last handed off: the time of its last
// handoff event among its latest events, else its last activity.
func HandoffSince(ctx context.Context, r ConversationReader, c *Conversation) (time.Time, error) {
	events, err := r.Events(ctx, c.Key, max(0, c.LastSeq-handoffLookback), handoffLookback)
	if err != nil {
		return time.Time{}, err
	}
	for i := len(events) - 1; i >= 0; i-- {
		if events[i].Type == EventHandoff {
			return events[i].At.UTC(), nil
		}
	}
	return c.UpdatedAt.UTC(), nil
}

// waitingScanPage is how many conversations Waiting reads per listing page.
const waitingScanPage = 200

// Waiting lists the conversations of bot waiting for a person, the longest
// waiting first, each with its Handoff, at most limit of them. It reads the bot's
// conversations through lister page by page, at most scan of them (the most
// recently active first; scan <= 0 reads them all), and asks the bot's engine of
// each state (Bot.HandoffReason); r reads the log of those waiting, for since.
func Waiting(ctx context.Context, lister ConversationLister, r ConversationReader, bot *Bot, limit, scan int) ([]ConversationSummary, error) {
	if _, ok := EngineAs[HandoffReporter](bot.Engine); !ok {
		return []ConversationSummary{}, nil
	}
	out := []ConversationSummary{}
	q := ConversationQuery{Bot: bot.Name, Limit: waitingScanPage}
	for read := 0; scan <= 0 || read < scan; {
		page, err := lister.ListConversations(ctx, q)
		if err != nil {
			return nil, err
		}
		for i := range page {
			s, err := WaitingSummary(ctx, r, bot, &page[i])
			if err != nil {
				return nil, err
			}
			if s.Handoff != nil {
				out = append(out, s)
			}
		}
		read += len(page)
		if len(page) < q.Limit {
			break
		}
		last := page[len(page)-1]
		q.After = &ConversationPosition{UpdatedAt: last.UpdatedAt, ID: last.Key.ID}
	}
	slices.SortStableFunc(out, func(a, b ConversationSummary) int { return a.Handoff.Since.Compare(b.Handoff.Since) })
	if limit > 0 && len(out) > limit {
		out = out[:limit]
	}
	return out, nil
}

// WaitingSummary is the summary of stored conversation c of bot, with its Handoff
// when it waits for a person.
func WaitingSummary(ctx context.Context, r ConversationReader, bot *Bot, c *Conversation) (ConversationSummary, error) {
	cc := *c
	cc.Key = ConversationKey{Bot: bot.Name, ID: c.Key.ID}
	s := SummaryOf(cc.Key, cc)
	reason := bot.HandoffReason(c.State)
	if reason == "" {
		return s, nil
	}
	since, err := HandoffSince(ctx, r, &cc)
	if err != nil {
		return s, err
	}
	s.Handoff = &Handoff{Reason: reason, Since: since}
	return s, nil
}
