package parley

import (
	"context"
	"encoding/json"
	"time"
)

// Store persists conversations, their event logs, processed-message records, the
// outbox, the durable inbox of accepted webhooks and versioned flow definitions. Every
// method is one transaction. Implementations: package sqlite (embedded, the default)
// and package postgres; package storetest is the conformance suite both pass.
type Store interface {
	// Conversation returns the stored conversation, or an error with code ENOTFOUND.
	Conversation(ctx context.Context, key ConversationKey) (*Conversation, error)
	// ProcessedResponse returns the response stored when messageID was first
	// processed in that conversation; ok is false when it never was.
	ProcessedResponse(ctx context.Context, key ConversationKey, messageID string) (response []byte, ok bool, err error)
	// Commit applies one change atomically: the conversation row (inserted when
	// ExpectedVersion is 0, else updated only if its version is still ExpectedVersion),
	// the events appended after the conversation's last seq, the processed-message
	// record, outbox entries and the removal of the inbox entry. A version mismatch is
	// ECONFLICT; a message id already recorded is EDUPLICATE. Nothing is written on
	// error. On success the events carry their assigned Seq.
	Commit(ctx context.Context, c *Commit) error
	// Events returns up to limit events of a conversation with Seq > afterSeq, in order.
	Events(ctx context.Context, key ConversationKey, afterSeq int64, limit int) ([]Event, error)

	// EnqueueInbound durably records an accepted inbound message before it is
	// processed. duplicate is true (and nothing written) when the same conversation
	// and message id is already queued or processed.
	EnqueueInbound(ctx context.Context, in Inbound) (duplicate bool, err error)
	// PendingInbound lists queued inbound messages, oldest first.
	PendingInbound(ctx context.Context, limit int) ([]Inbound, error)
	// DropInbound removes a queued inbound message that will never become a turn.
	DropInbound(ctx context.Context, id int64) error

	// ClaimOutbox leases up to limit due entries until now+lease, so that one worker
	// (of any replica) delivers each; an expired lease makes the entry claimable again.
	ClaimOutbox(ctx context.Context, now time.Time, lease time.Duration, limit int) ([]OutboxEntry, error)
	// CompleteOutbox marks a delivered entry done; it is never claimed again.
	CompleteOutbox(ctx context.Context, id int64) error
	// RetryOutbox releases an entry for a later attempt, recording the error. After
	// the entry's attempts reach maxAttempts it is marked failed instead.
	RetryOutbox(ctx context.Context, id int64, next time.Time, lastError string) error

	// PutFlow stores a new version of a flow definition and returns its version (1..).
	PutFlow(ctx context.Context, id string, definition []byte) (version int, err error)
	// Flow returns a flow definition; version 0 means the latest. ENOTFOUND if absent.
	Flow(ctx context.Context, id string, version int) (definition []byte, actualVersion int, err error)

	// Ping reports whether the store is reachable (readyz).
	Ping(ctx context.Context) error
	Close() error
}

// Commit is one atomic change of a conversation.
type Commit struct {
	// Conversation is the new row; its Version must be ExpectedVersion+1.
	Conversation    Conversation
	ExpectedVersion int64
	// Events are appended in order; Seq and At are assigned by the store when zero.
	Events []Event
	// MessageID, when set, records Response as the answer to that message.
	MessageID string
	Response  []byte
	// Outbox entries to deliver after commit.
	Outbox []OutboxEntry
	// InboundID, when set, removes that inbox entry in the same transaction.
	InboundID int64
}

// Inbound is a message accepted from a channel (a webhook) and not yet processed.
type Inbound struct {
	ID         int64           `json:"id"`
	Key        ConversationKey `json:"key"`
	MessageID  string          `json:"message_id"`
	Channel    string          `json:"channel"`
	Payload    json.RawMessage `json:"payload"`
	ReceivedAt time.Time       `json:"received_at"`
}

// OutboxEntry is a side effect to deliver at most once per success.
type OutboxEntry struct {
	ID  int64
	Key ConversationKey
	// Kind names the deliverer ("chatwoot.message", "chatwoot.handoff", ...).
	Kind string
	// IdempotencyKey is unique: a second entry with the same key is not inserted.
	IdempotencyKey string
	Payload        json.RawMessage
	Attempts       int
	NextAttemptAt  time.Time
	LastError      string
}
