package parley

import (
	"context"
	"encoding/json"
	"time"
	"unicode/utf8"
)

// Store persists conversations, their turn logs, processed-message records, the
// outbox, the durable inbox of accepted webhooks and versioned flow definitions. Every
// method is one transaction. It is the sum of the small interfaces below; each
// consumer (the actor runtime, the HTTP layer, the Chatwoot relay) declares and takes
// only the part it uses. Implementations: package sqlite (embedded, the default),
// package postgres and package memstore; package storetest is the conformance suite
// all of them pass.
type Store interface {
	ConversationLog
	Inbox
	Outbox
	Flows
	Pinger
	Close() error
}

// ConversationLog is the durable history of conversations: the current head of each,
// one record per committed version and the answer given to every processed message.
type ConversationLog interface {
	// ConversationReader reads a conversation's head and its events.
	ConversationReader
	// Processed returns what was recorded when messageID was first processed in that
	// conversation; ok is false when it never was.
	Processed(ctx context.Context, key ConversationKey, messageID string) (p Processed, ok bool, err error)
	// Commit applies one change atomically, in four steps every store names alike:
	// head (the conversation row, inserted when ExpectedVersion is 0, else updated only
	// if its version is still ExpectedVersion: Commit.Check), append (the version's
	// record: state, the turn it processed, events appended after the conversation's
	// last seq, the processed-message record), outbox (the entries to deliver) and
	// inbound (the removal of the inbox entry). A version mismatch is ECONFLICT; a
	// message id already recorded is EDUPLICATE. Nothing is written on error. On
	// success the stored events carry their assigned Seq and Conversation.LastSeq is
	// set (turnlog.LogEvents numbers the rest).
	Commit(ctx context.Context, c *Commit) error
	// TurnReader reads the last turn records, which a folded state is unfolded from.
	TurnReader
}

// ConversationReader is the read side of the conversation log: a conversation's
// stored head and its events. It is declared once here, and ConversationLog embeds
// it, because several consumers read the log and nothing more (the HTTP API's
// existence checks, history and SSE catch-up; a model's prompt history in package
// llm; package replay): each takes a ConversationReader, which every Store
// satisfies, instead of repeating the two methods.
type ConversationReader interface {
	// Conversation returns the stored conversation, or an error with code ENOTFOUND.
	Conversation(ctx context.Context, key ConversationKey) (*Conversation, error)
	// Events returns up to limit events of a conversation with Seq > afterSeq, in order.
	Events(ctx context.Context, key ConversationKey, afterSeq int64, limit int) ([]Event, error)
}

// Processed is the record of a processed message. For a turn (Commit.Turn) it is the
// message as committed and the response rebuilt byte for byte (turnlog.Response).
// For a record committed as bytes (Commit.Response: a control's, an interrupted
// turn's, a response of an older layout) it is those bytes and the state committed
// with them: the store keeps each version's state once, and a committer whose
// response embeds the state commits it without and rebuilds it from State on replay.
type Processed struct {
	// Message is the message a turn processed; nil for a record.
	Message  *Message
	Response []byte
	// Version is the conversation version that processed the message; 0 when the
	// record predates version-linked records (the response is then whole).
	Version int64
	// State is the state stored with Version; nil when Version is 0.
	State []byte
}

// Inbox is the durable queue of accepted inbound messages.
type Inbox interface {
	// EnqueueInbound durably records an accepted inbound message before it is
	// processed. duplicate is true (and nothing written) when the same conversation
	// and message id is already queued or processed.
	EnqueueInbound(ctx context.Context, in Inbound) (duplicate bool, err error)
	// PendingInbound lists queued inbound messages, oldest first.
	PendingInbound(ctx context.Context, limit int) ([]Inbound, error)
	// DropInbound removes a queued inbound message that will never become a turn.
	DropInbound(ctx context.Context, id int64) error
}

// Outbox holds side effects committed with turns until a worker delivers them.
type Outbox interface {
	// ClaimOutbox leases up to limit due entries until now+lease, so that one worker
	// (of any replica) delivers each; an expired lease makes the entry claimable again.
	ClaimOutbox(ctx context.Context, now time.Time, lease time.Duration, limit int) ([]OutboxEntry, error)
	// CompleteOutbox marks a delivered entry done; it is never claimed again.
	CompleteOutbox(ctx context.Context, id int64) error
	// RetryOutbox releases an entry for a later attempt, recording the error. After
	// the entry's attempts reach maxAttempts it is marked failed instead.
	RetryOutbox(ctx context.Context, id int64, next time.Time, lastError string) error
	// FailOutbox marks an entry failed at once, recording the error: a delivery that
	// can never succeed (a permanent error) is not attempted again. An unknown id is
	// ENOTFOUND; an entry that is done or failed already is ECONFLICT.
	FailOutbox(ctx context.Context, id int64, lastError string) error
}

// Flows stores versioned flow definitions. Each store keeps the newest
// FlowVersions versions of each flow (its option; DefaultFlowVersions when unset):
// PutFlow removes older ones in the same transaction, so an admin who PUTs without
// end does not grow the store without end. Version numbers keep counting up; a
// removed version is ENOTFOUND.
type Flows interface {
	// PutFlow stores a new version of a flow definition and returns its version (1..).
	PutFlow(ctx context.Context, id string, definition []byte) (version int, err error)
	FlowReader
}

// FlowReader is the read side of Flows: a stored flow definition by id and version.
// An engine that runs stored flows (package gates) only reads them, so it takes a
// FlowReader, which every Store satisfies and a test can fake with one method.
type FlowReader interface {
	// Flow returns a flow definition; version 0 means the latest, and the version
	// actually returned is reported. ENOTFOUND if absent.
	Flow(ctx context.Context, id string, version int) (definition []byte, actualVersion int, err error)
}

// DefaultFlowVersions is how many versions of each flow a store keeps when its
// options do not say (configuration: runtime.flow_versions).
const DefaultFlowVersions = 20

// Pinger reports whether the store is reachable (readyz).
type Pinger interface {
	Ping(ctx context.Context) error
}

// Commit is one atomic change of a conversation.
type Commit struct {
	// Conversation is the new row; its Version must be ExpectedVersion+1.
	Conversation    Conversation
	ExpectedVersion int64
	// Events are appended in order; Seq and At are assigned by the store when zero.
	// For a turn (Turn set) they are the events the log keeps (see TurnRecord).
	Events []Event
	// Turn, when set, is the user turn the version processed; its message id is
	// recorded as processed, and the store rebuilds its response on replay.
	Turn *TurnRecord
	// MessageID, when set, records Response as the answer to that message (a version
	// that is not a turn: a control's channel message, an interrupted turn).
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

// Validate refuses (EINVALID) a commit no store could apply: the key must be
// complete and its ids, like the message id, pass CheckID, Conversation.Version
// ExpectedVersion+1, the lifecycle one of the seven, every event needs a UTF-8 type
// and JSON data (or none), every outbox entry a kind and an idempotency key. Every
// store calls it before anything else, so that all refuse the same commits.
func (c *Commit) Validate() error {
	if c == nil {
		return Errorf(EINVALID, "commit: nil")
	}
	conv := &c.Conversation
	if err := c.validateIDs(); err != nil {
		return err
	}
	if c.ExpectedVersion < 0 {
		return Errorf(EINVALID, "commit %s: expected version %d is negative", conv.Key, c.ExpectedVersion)
	}
	if conv.Version != c.ExpectedVersion+1 {
		return Errorf(EINVALID, "commit %s: version %d must be expected version %d + 1",
			conv.Key, conv.Version, c.ExpectedVersion)
	}
	if !conv.Lifecycle.Valid() {
		return Errorf(EINVALID, "commit %s: unknown lifecycle %q", conv.Key, conv.Lifecycle)
	}
	if err := c.validateEntries(); err != nil {
		return err
	}
	if c.InboundID < 0 {
		return Errorf(EINVALID, "commit %s: inbound id %d", conv.Key, c.InboundID)
	}
	return nil
}

// validateIDs is Validate's identity part: a complete, valid conversation key, and
// a valid message id, which a turn's commit takes from its message only.
func (c *Commit) validateIDs() error {
	key := c.Conversation.Key
	if key.Bot == "" || key.ID == "" {
		return Errorf(EINVALID, "commit: conversation key %q is incomplete", key.String())
	}
	if err := key.Check(); err != nil {
		return err
	}
	if err := checkOptionalID("message id", c.MessageID); err != nil {
		return err
	}
	if c.Turn != nil && (c.MessageID != "" || c.Response != nil) {
		return Errorf(EINVALID, "commit %s: a turn's message id is its message's", key)
	}
	if c.Turn != nil {
		if err := CheckID("message id", c.Turn.Message.ID); err != nil {
			return err
		}
	}
	return nil
}

// validateEntries is Validate's part for what the commit appends: every event
// needs a UTF-8 type and JSON data (or none), which every store keeps as JSON, every
// outbox entry a kind and an idempotency key.
func (c *Commit) validateEntries() error {
	key := c.Conversation.Key
	for i := range c.Events {
		e := &c.Events[i]
		if e.Type == "" || !utf8.ValidString(string(e.Type)) {
			return Errorf(EINVALID, "commit %s: event %d needs a type in UTF-8", key, i)
		}
		if len(e.Data) > 0 && !json.Valid(e.Data) {
			return Errorf(EINVALID, "commit %s: event %d: data is not JSON", key, i)
		}
	}
	for i := range c.Outbox {
		if c.Outbox[i].Kind == "" || c.Outbox[i].IdempotencyKey == "" {
			return Errorf(EINVALID, "commit %s: outbox entry %d needs a kind and an idempotency key", key, i)
		}
	}
	return nil
}

// ProcessedID is the message id the commit records as processed ("" for none).
func (c *Commit) ProcessedID() string {
	if c.Turn != nil {
		return c.Turn.Message.ID
	}
	return c.MessageID
}

// Check is the version and sequence check every store makes of a commit, given the
// conversation's stored head (nil when none is stored): ECONFLICT unless the head is
// at ExpectedVersion (and absent for 0), EINVALID when an event carries a seq other
// than the one the log gives it. first is the seq the commit's first event gets.
func (c *Commit) Check(head *Conversation) (first int64, err error) {
	if c.ExpectedVersion == 0 && head != nil || c.ExpectedVersion > 0 && (head == nil || head.Version != c.ExpectedVersion) {
		return 0, c.Conflict()
	}
	if head != nil {
		first = head.LastSeq + 1
	} else {
		first = 1
	}
	if err := c.CheckSeqs(first); err != nil {
		return 0, err
	}
	return first, nil
}

// Conflict is the ECONFLICT of a commit whose version fence failed: a create of a
// conversation that exists, or an update of one that is not (or no longer) at
// ExpectedVersion. Check answers it, and so does a store whose fence is a statement
// of its own when the statement matched no row.
func (c *Commit) Conflict() error {
	if c.ExpectedVersion == 0 {
		return Errorf(ECONFLICT, "commit %s: conversation already exists", c.Conversation.Key)
	}
	return Errorf(ECONFLICT, "commit %s: conversation is not at version %d", c.Conversation.Key, c.ExpectedVersion)
}

// CheckSeqs is Check's sequence part for a store whose version fence is a statement
// of its own: EINVALID when an event carries a seq other than first onwards.
func (c *Commit) CheckSeqs(first int64) error {
	seq := first
	for i := range c.Events {
		if c.Turn != nil && i == c.Turn.Before {
			seq += 2 // idle -> running and the turn event, rebuilt by the log
		}
		if e := &c.Events[i]; e.Seq != 0 && e.Seq != seq {
			return Errorf(EINVALID, "commit %s: event %d carries seq %d, the log is at %d", c.Conversation.Key, i, e.Seq, seq)
		}
		seq++
	}
	return nil
}

// StoredSeqs assigns the commit's stored events their seqs, from first on (the
// numbering of LogEvents), and stamps those without a time with at.
func (c *Commit) StoredSeqs(first int64, at time.Time) {
	seq := first
	for i := range c.Events {
		if c.Turn != nil && i == c.Turn.Before {
			seq += 2
		}
		e := &c.Events[i]
		e.Key, e.Seq = c.Conversation.Key, seq
		if e.At.IsZero() {
			e.At = at
		}
		seq++
	}
}

// TurnRecord is a user turn a committed version processed, in the parts a store keeps:
// the message and the engine's answer. What the log can derive from them it does not
// store; every store rebuilds it on read with package turnlog, byte for byte as the
// runtime first built it with the same functions. It is plain data: its stored form
// (turnlog.Encode, turnlog.Decode) and what is rebuilt from it are turnlog's:
//
//   - the turn's two lifecycle steps, idle -> running before it and running -> idle
//     after it (seed 004's ProcessInteraction and InteractionComplete (success));
//   - the turn event, whose data is the message id and content and the transitions;
//   - the response (contracts section 2), from the replies, the transitions, the
//     state of the version and the engine's event types.
//
// A version's log is then, in order: Commit.Events[:Before] (the lifecycle steps that
// started the turn: an inactivity completion, the spawn), idle -> running, the turn
// event, Commit.Events[Before:] (the engine's own events), running -> idle.
type TurnRecord struct {
	Message Message `json:"message"`
	// Replies and Transitions are the engine's answer as the response encodes them:
	// compact JSON arrays (json.Marshal's output).
	Replies     json.RawMessage `json:"replies"`
	Transitions json.RawMessage `json:"transitions"`
	// Before is how many of the commit's events precede the turn.
	Before int `json:"before,omitempty"`
	// Error is set when the turn completed with an error (Decision.Failed): the log
	// rebuilds running -> error and a stopped event after it instead of
	// running -> idle, and the response's lifecycle is error.
	Error string `json:"error,omitempty"`
}
