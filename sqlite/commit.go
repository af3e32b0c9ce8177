package sqlite

import (
	"context"
	"database/sql/driver"
	"time"

	"github.com/parleyhq/parley"
)

// Commit applies c atomically; see the package doc for what it writes back into c.
func (s *Store) Commit(ctx context.Context, c *parley.Commit) error {
	if err := validateCommit(c); err != nil {
		return err
	}
	r := requestPool.Get().(*request)
	r.commit.c, r.commit.now = c, time.Now().UTC()
	r.ctx, r.op = ctx, &r.commit
	err := s.submit(ctx, r)
	r.commit.c, r.ctx, r.op = nil, nil, nil
	requestPool.Put(r)
	return err
}

// validateCommit refuses, before anything reaches the writer, a commit that could
// never be applied.
func validateCommit(c *parley.Commit) error {
	if c == nil {
		return parley.Errorf(parley.EINVALID, "commit: nil")
	}
	conv := &c.Conversation
	if conv.Key.Bot == "" || conv.Key.ID == "" {
		return parley.Errorf(parley.EINVALID, "commit: conversation key %q is incomplete", conv.Key.String())
	}
	if c.ExpectedVersion < 0 {
		return parley.Errorf(parley.EINVALID, "commit %s: expected version %d is negative", conv.Key, c.ExpectedVersion)
	}
	if conv.Version != c.ExpectedVersion+1 {
		return parley.Errorf(parley.EINVALID, "commit %s: version %d must be expected version %d + 1",
			conv.Key, conv.Version, c.ExpectedVersion)
	}
	if !validLifecycle(conv.Lifecycle) {
		return parley.Errorf(parley.EINVALID, "commit %s: unknown lifecycle %q", conv.Key, conv.Lifecycle)
	}
	for i := range c.Events {
		if c.Events[i].Type == "" {
			return parley.Errorf(parley.EINVALID, "commit %s: event %d has no type", conv.Key, i)
		}
	}
	for i := range c.Outbox {
		if c.Outbox[i].Kind == "" || c.Outbox[i].IdempotencyKey == "" {
			return parley.Errorf(parley.EINVALID, "commit %s: outbox entry %d needs a kind and an idempotency key", conv.Key, i)
		}
	}
	if c.InboundID < 0 {
		return parley.Errorf(parley.EINVALID, "commit %s: inbound id %d", conv.Key, c.InboundID)
	}
	return nil
}

// commitOp is a Commit as the writer applies it.
type commitOp struct {
	c   *parley.Commit
	now time.Time // the store's clock for every time the commit leaves zero

	// Filled by apply, handed to the caller by committed.
	lastSeq   int64
	createdAt int64
	outboxIDs []int64
	returned  [3]driver.Value
}

func (op *commitOp) apply(w *writer) error {
	c := op.c
	conv := &c.Conversation
	key := conv.Key
	n := int64(len(c.Events))
	updatedAt := micros(orNow(conv.UpdatedAt, op.now))

	// The conversation row first: it settles the version (ECONFLICT before anything
	// else) and the seqs, and points at the log row appended below, whose id is the
	// log's next rowid (this connection is the only writer).
	var logID int64
	if c.ExpectedVersion == 0 {
		created := micros(orNow(conv.CreatedAt, op.now))
		found, err := w.insertConversation.queryRow(op.returned[:1], key.Bot, key.ID, conv.Engine,
			string(conv.Lifecycle), conv.Turns, n, created, updatedAt)
		if err != nil {
			return err
		}
		if !found {
			return parley.Errorf(parley.ECONFLICT, "commit %s: conversation already exists", key)
		}
		logID, _ = op.returned[0].(int64)
		op.lastSeq, op.createdAt = n, created
	} else {
		found, err := w.updateConversation.queryRow(op.returned[:], conv.Engine,
			string(conv.Lifecycle), conv.Version, conv.Turns, n, updatedAt, key.Bot, key.ID, c.ExpectedVersion)
		if err != nil {
			return err
		}
		if !found {
			return parley.Errorf(parley.ECONFLICT, "commit %s: conversation is not at version %d", key, c.ExpectedVersion)
		}
		op.lastSeq, _ = op.returned[0].(int64)
		op.createdAt, _ = op.returned[1].(int64)
		logID, _ = op.returned[2].(int64)
	}

	first := op.lastSeq - n + 1
	for i := range c.Events {
		e := &c.Events[i]
		if seq := first + int64(i); e.Seq != 0 && e.Seq != seq {
			return parley.Errorf(parley.EINVALID, "commit %s: event %d carries seq %d, the log is at %d", key, i, e.Seq, seq)
		}
	}
	state := conv.State
	if len(state) == 0 {
		state = nullJSON
	}
	w.body = appendRecord(w.body[:0], state, c.MessageID != "", c.Response, c.Events, micros(op.now))
	var messageID any // NULL when the commit processed no message
	if c.MessageID != "" {
		messageID = c.MessageID
	}
	inserted, err := w.insertLog.exec(logID, key.Bot, key.ID, conv.Version, first, op.lastSeq, messageID, updatedAt, w.body)
	if err != nil {
		return err
	}
	if inserted == 0 {
		if c.MessageID != "" {
			return parley.Errorf(parley.EDUPLICATE, "commit %s: message %q was already processed", key, c.MessageID)
		}
		return parley.Errorf(parley.EINTERNAL, "commit %s: log row %d already exists", key, logID)
	}

	op.outboxIDs = op.outboxIDs[:0]
	for i := range c.Outbox {
		o := &c.Outbox[i]
		owner := o.Key
		if owner == (parley.ConversationKey{}) {
			owner = key
		}
		id, err := w.insertOutbox.execID(owner.Bot, owner.ID, o.Kind, o.IdempotencyKey, jsonText(o.Payload),
			dueMicros(o.NextAttemptAt), micros(op.now))
		if err != nil {
			return err
		}
		op.outboxIDs = append(op.outboxIDs, id)
	}

	if c.InboundID != 0 {
		if _, err := w.deleteInbound.exec(c.InboundID); err != nil {
			return err
		}
	}
	return nil
}

func (op *commitOp) committed() {
	c := op.c
	n := int64(len(c.Events))
	at := fromMicros(micros(op.now))
	for i := range c.Events {
		e := &c.Events[i]
		e.Seq = op.lastSeq - n + 1 + int64(i)
		if e.At.IsZero() {
			e.At = at
		}
	}
	conv := &c.Conversation
	conv.LastSeq = op.lastSeq
	conv.CreatedAt = fromMicros(op.createdAt)
	if conv.UpdatedAt.IsZero() {
		conv.UpdatedAt = at
	}
	for i := range c.Outbox {
		c.Outbox[i].ID = op.outboxIDs[i]
	}
}

func orNow(t, now time.Time) time.Time {
	if t.IsZero() {
		return now
	}
	return t
}
