package parley

import (
	"context"
	"encoding/json"
	"time"
)

// Conversations is the service every channel drives: the HTTP API (package httpapi),
// the Chatwoot relay (package relay), scenario tests (package scenario) and the SGD
// replay (package sgd) depend on it, never on the runtime that implements it (package
// actor; cmd/parley wires the two). A turn goes in through Turn, a lifecycle or
// handoff control through Control; reads answer what a client sees.
type Conversations interface {
	// Turn processes one user message and returns the response body (contracts
	// section 2). A message id already processed returns the stored response
	// (Result.Replayed) when the message is the same, EIDEMPOTENCY when it differs.
	// Turns of one conversation are applied one at a time in call order.
	Turn(ctx context.Context, req TurnRequest) (Result, error)
	// Control applies pause, resume, cancel, reset or handback and returns the
	// conversation view.
	Control(ctx context.Context, req ControlRequest) (Result, error)
	// Conversation returns what GET .../conversations/{id} shows: the stored
	// conversation, with the lifecycle running while a turn of it is in flight here.
	Conversation(ctx context.Context, key ConversationKey) (*ConversationView, error)
	// ProcessedResponse returns the response a processed message got, byte for byte
	// as its turn returned it; ok is false when the message was never processed.
	ProcessedResponse(ctx context.Context, key ConversationKey, messageID string) (body []byte, ok bool, err error)
	// Subscribe returns a subscription to the conversation's events, live and
	// committed; Close it when done.
	Subscribe(key ConversationKey) Subscription
	// Bot returns the named bot, or ENOTFOUND.
	Bot(name string) (*Bot, error)
	// Bots returns the bots served.
	Bots() []*Bot
}

// TurnRequest is one turn to process.
type TurnRequest struct {
	Key     ConversationKey
	Message Message
	// Channel names where the message came from ("" for the HTTP API); its
	// ChannelOutbox maps replies to outbox entries.
	Channel string
	// InboundID is the durable inbox entry this turn consumes (webhooks).
	InboundID int64
}

// Result is a processed turn or control: the response body and whether it was a
// replay of a message already processed.
type Result struct {
	Body     []byte
	Replayed bool
}

// TurnResponse is the body of a turn's answer (contracts section 2).
type TurnResponse struct {
	ConversationID string          `json:"conversation_id"`
	MessageID      string          `json:"message_id"`
	Replies        []Reply         `json:"replies"`
	State          json.RawMessage `json:"state"`
	Lifecycle      Lifecycle       `json:"lifecycle"`
	Version        int64           `json:"version"`
	Transitions    []Transition    `json:"transitions"`
	Events         []string        `json:"events,omitempty"`
}

// ControlKind names a control: a lifecycle control (pause, resume, cancel) or a
// handoff one (reset, handback). Its value is the control's name on the wire: the
// route POST .../conversations/{id}/{kind} and the record {"control":"pause"}.
type ControlKind string

// Control kinds.
const (
	ControlPause    ControlKind = "pause"
	ControlResume   ControlKind = "resume"
	ControlCancel   ControlKind = "cancel"
	ControlReset    ControlKind = "reset"
	ControlHandback ControlKind = "handback"
)

// ControlKinds are the controls, in the order the API lists them.
var ControlKinds = []ControlKind{ControlPause, ControlResume, ControlCancel, ControlReset, ControlHandback}

// ControlRequest is a lifecycle or handoff control.
type ControlRequest struct {
	Key       ConversationKey
	Kind      ControlKind
	Reason    string
	InboundID int64
	// MessageID, when set, is recorded as processed with the control's commit, so
	// that a channel's redelivered status change is recognised and applied once.
	MessageID string
}

// ConversationSummary is a stored conversation as the API shows it, in a listing and
// (with more) in GET .../conversations/{id}.
type ConversationSummary struct {
	Bot            string          `json:"bot"`
	ConversationID string          `json:"conversation_id"`
	Engine         string          `json:"engine"`
	State          json.RawMessage `json:"state"`
	Lifecycle      Lifecycle       `json:"lifecycle"`
	Version        int64           `json:"version"`
	Turns          int64           `json:"turns"`
	LastEventID    int64           `json:"last_event_id"`
	CreatedAt      time.Time       `json:"created_at"`
	UpdatedAt      time.Time       `json:"updated_at"`
	// Handoff is set while the conversation waits for a person (handed off, not
	// handed back): in the API's listings, which mark such conversations.
	Handoff *Handoff `json:"handoff,omitempty"`
}

// SummaryOf is the summary of conversation c of key.
func SummaryOf(key ConversationKey, c Conversation) ConversationSummary {
	return ConversationSummary{
		Bot: key.Bot, ConversationID: key.ID, Engine: c.Engine, State: c.State,
		Lifecycle: c.Lifecycle, Version: c.Version, Turns: c.Turns, LastEventID: c.LastSeq,
		CreatedAt: c.CreatedAt, UpdatedAt: c.UpdatedAt,
	}
}

// ConversationView is the body of GET .../conversations/{id}: the summary, whether
// an actor holds the conversation, and the engine's metrics of its state.
type ConversationView struct {
	ConversationSummary
	Live    bool `json:"live"`
	Metrics any  `json:"metrics,omitempty"`
}

// Subscription receives a conversation's events in order: committed ones (Seq > 0)
// and live ones (Seq 0: a turn's idle -> running before it commits, reply_delta). A
// subscriber that does not keep up has its channel closed instead of blocking a turn;
// it reconnects and reads what it missed from the stored log (Store.Events).
type Subscription interface {
	// Events is the channel the events arrive on; it is closed when the
	// subscription is dropped or closed.
	Events() <-chan Event
	// Close ends the subscription. It is safe to call more than once.
	Close()
}

// EventNudge is the type of the internal event a Subscription receives when events
// were committed elsewhere (another replica) or may have been missed: "read the
// stored log". It is never stored or streamed as such.
const EventNudge EventType = ""

// ChannelOutbox turns a turn's replies and effects into outbox entries for the channel
// the message came from, committed with the turn. Implemented by channel packages
// (relay's Chatwoot channel), given to the runtime by cmd/parley.
type ChannelOutbox interface {
	Outbox(key ConversationKey, messageID string, replies []Reply, effects []Effect) ([]OutboxEntry, error)
}
