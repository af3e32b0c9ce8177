package sqlite

import (
	"context"
	"database/sql/driver"
	"time"
	"unsafe"

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
// never be applied; the events must also fit the JSON array a turns row keeps them in.
func validateCommit(c *parley.Commit) error {
	if err := c.Validate(); err != nil {
		return err
	}
	for i := range c.Events {
		if !validEvent(&c.Events[i]) {
			return parley.Errorf(parley.EINVALID, "commit %s: event %d: type must be UTF-8 and data JSON", c.Conversation.Key, i)
		}
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

	// The head first: it settles the version (ECONFLICT before anything else) and the
	// seqs, and points at the turns row appended below, whose id is the table's next
	// rowid (this connection is the only writer).
	var turnID int64
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
		turnID, _ = op.returned[0].(int64)
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
		turnID, _ = op.returned[2].(int64)
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
	w.eventsBuf = appendEvents(w.eventsBuf[:0], first, c.Events, micros(op.now))
	// NULL message id, response and response version when the commit processed no
	// message.
	var messageID, response, responseVersion any
	if c.MessageID != "" {
		messageID, response, responseVersion = c.MessageID, text(c.Response), conv.Version
	}
	inserted, err := w.insertTurn.exec(turnID, key.Bot, key.ID, conv.Version, updatedAt, string(conv.Lifecycle),
		messageID, first, op.lastSeq, text(w.eventsBuf), text(state), response, responseVersion)
	if err != nil {
		return err
	}
	if inserted == 0 {
		if c.MessageID != "" {
			return parley.Errorf(parley.EDUPLICATE, "commit %s: message %q was already processed", key, c.MessageID)
		}
		return parley.Errorf(parley.EINTERNAL, "commit %s: turn %d already exists", key, turnID)
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

// text binds b to a TEXT column without copying it into a Go string first: the
// driver copies a bound string into SQLite's memory before the statement runs, and b
// does not change while it does.
func text(b []byte) string {
	if len(b) == 0 {
		return ""
	}
	return unsafe.String(&b[0], len(b))
}
