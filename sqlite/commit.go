package sqlite

import (
	"context"
	"database/sql/driver"
	"time"
	"unsafe"

	"github.com/parleyhq/parley"
	"github.com/parleyhq/parley/internal/statelog"
	"github.com/parleyhq/parley/turnlog"
)

// Commit applies c atomically; see the package doc for what it writes back into c.
func (s *Store) Commit(ctx context.Context, c *parley.Commit) error {
	if err := c.Validate(); err != nil {
		return err
	}
	s.committing.Add(1)
	defer s.committing.Add(-1)
	r := requestPool.Get().(*request)
	r.commit.c, r.commit.now = c, time.Now().UTC()
	r.commit.state = c.Conversation.State
	if len(r.commit.state) == 0 {
		r.commit.state = nullJSON
	}
	r.commit.back(s.states)
	r.commit.known = false
	if c.ExpectedVersion > 0 && r.commit.kind != statelog.Own {
		r.commit.knownHead, r.commit.known = s.states.HeadAt(c.Conversation.Key, c.ExpectedVersion)
	}
	if err := r.commit.encodeTurn(); err != nil {
		r.commit.c, r.commit.state, r.commit.prev = nil, nil, nil
		requestPool.Put(r)
		return err
	}
	r.ctx, r.op = ctx, &r.commit
	err := s.submit(ctx, r)
	if err == nil {
		op := &r.commit
		id, _ := op.headID.(int64)
		s.states.PutHead(c.Conversation.Key, c.Conversation.Version, op.state,
			statelog.Head{ID: id, LastSeq: op.lastSeq, CreatedAt: op.createdAt})
	}
	r.commit.c, r.commit.state, r.commit.prev, r.commit.turn, r.ctx, r.op = nil, nil, nil, nil, nil, nil
	r.commit.bot, r.commit.id, r.commit.lifecycle, r.commit.at, r.commit.headID = nil, nil, nil, nil, nil
	clear(r.commit.returned[:])
	requestPool.Put(r)
	return err
}

// commitOp is a Commit as the writer applies it.
type commitOp struct {
	c   *parley.Commit
	now time.Time // the store's clock for every time the commit leaves zero

	// state is the state the head keeps (null for none); prev and kind what the
	// version's turns row keeps of the state before it (statelog.Back): computed
	// before the commit reaches the writer, from the store's cache, or else (kind
	// statelog.Own) the head's state, read by head.
	state, prev []byte
	kind        statelog.Kind
	// turn is the encoded parley.TurnRecord of a user turn (nil for none), also
	// computed before the writer: the leader's transaction holds no encoding work.
	turn []byte

	// knownHead is the head row at the expected version, when the store's cache knows
	// it (known): head then updates the row without reading it back.
	knownHead statelog.Head
	known     bool

	// Filled by apply, handed to the caller by committed.
	lastSeq   int64
	createdAt int64
	outboxIDs []int64
	returned  [3]driver.Value
	// The arguments head and append both bind, each converted to a driver value once
	// per commit (a string or a large integer in an interface is an allocation):
	// the key, the lifecycle, the time of the version and the conversation's head row
	// (its rowid, the key of its turns in the message index: turns.head_id).
	bot, id, lifecycle, at, headID driver.Value
}

// back computes what the commit's turns row keeps of the previous state, on the
// committer's goroutine: a patch from the state the cache holds for the expected
// version (Cache.Back, which checks a cached state to be JSON once, not at every
// commit), or nothing yet when it holds none (head reads the head's state then).
func (op *commitOp) back(cache *statelog.Cache) {
	c := op.c
	if c.ExpectedVersion == 0 {
		op.kind, op.prev = statelog.Back(c.Conversation.Version, nil, op.state)
		return
	}
	held := false
	if c.Conversation.Version == c.ExpectedVersion+1 {
		op.kind, op.prev, held = cache.Back(c.Conversation.Key, c.Conversation.Version, op.state)
	}
	if !held {
		op.kind, op.prev = statelog.Own, nil
	}
}

// encodeTurn encodes the commit's turn record in its stored form (turnlog.Encode,
// which is json.Marshal's output, compact and escaped already: going through
// json.Marshal again would only check and copy it).
func (op *commitOp) encodeTurn() error {
	if op.c.Turn == nil {
		return nil
	}
	b, err := turnlog.Encode(op.c.Turn)
	if err != nil {
		return parley.WrapError(parley.EINVALID, err, "commit %s: turn", op.c.Conversation.Key)
	}
	op.turn = b
	return nil
}

// apply runs the commit's steps, named as in every store: head, append, outbox,
// inbound.
func (op *commitOp) apply(w *writer) error {
	if err := op.head(w); err != nil {
		return err
	}
	if err := op.append(w); err != nil {
		return err
	}
	if err := op.outbox(w); err != nil {
		return err
	}
	return op.inbound(w)
}

// head updates (or inserts) the conversation's head row and its state first: it
// settles the version (ECONFLICT before anything else, parley.Commit.Check) and the
// seqs.
func (op *commitOp) head(w *writer) error {
	c := op.c
	conv := &c.Conversation
	key := conv.Key
	n := int64(turnlog.EventCount(c))
	op.bot, op.id, op.lifecycle, op.at = key.Bot, key.ID, string(conv.Lifecycle), micros(orNow(conv.UpdatedAt, op.now))
	if c.ExpectedVersion == 0 {
		created := micros(orNow(conv.CreatedAt, op.now))
		// execID, not RETURNING: SQLite buffers a returned row (see updateKnown).
		id, err := w.insertConversation.execID(op.bot, op.id, conv.Engine,
			op.lifecycle, conv.Turns, n, created, op.at, dueMicros(conv.ActiveAt), text(op.state))
		if err != nil {
			return err
		}
		if id == 0 {
			return c.Conflict()
		}
		op.headID = id
		op.lastSeq, op.createdAt = n, created
	} else {
		if op.kind == statelog.Own {
			// Not in the cache: the turns row keeps the head's state whole.
			found, err := w.headState.queryRow(op.returned[:1], op.bot, op.id, c.ExpectedVersion)
			if err != nil {
				return err
			}
			if !found {
				return c.Conflict()
			}
			op.kind, op.prev = statelog.Previous, asBytes(op.returned[0])
		}
		if op.known {
			updated, err := op.updateKnown(w, n)
			if err != nil || updated {
				return err
			}
		}
		found, err := w.updateConversation.queryRow(op.returned[:], conv.Engine,
			op.lifecycle, conv.Version, conv.Turns, n, op.at, dueMicros(conv.ActiveAt), text(op.state),
			op.bot, op.id, c.ExpectedVersion)
		if err != nil {
			return err
		}
		if !found {
			return c.Conflict()
		}
		op.lastSeq, _ = op.returned[0].(int64)
		op.createdAt, _ = op.returned[1].(int64)
		op.headID = op.returned[2]
	}
	return c.CheckSeqs(op.lastSeq - n + 1)
}

// updateKnown updates the head row the cache knows at the expected version, with
// the seqs and creation time that follow from it; updated is false when the row is
// not at that version (another writer's commit): head then reads it as for any
// other commit, and answers the conflict.
func (op *commitOp) updateKnown(w *writer, n int64) (updated bool, err error) {
	c := op.c
	conv := &c.Conversation
	last := op.knownHead.LastSeq + n
	changed, err := w.updateKnownHead.exec(conv.Engine, op.lifecycle, conv.Version, conv.Turns, last, op.at,
		dueMicros(conv.ActiveAt), text(op.state), op.knownHead.ID, c.ExpectedVersion)
	if err != nil || changed != 1 {
		return false, err
	}
	op.lastSeq, op.createdAt, op.headID = last, op.knownHead.CreatedAt, op.knownHead.ID
	return true, c.CheckSeqs(last - n + 1)
}

// append adds the version's turns row: the way back to the previous state, the
// events the log keeps, the turn it processed (parley.TurnRecord) or the record it
// answered a message with.
func (op *commitOp) append(w *writer) error {
	c := op.c
	conv := &c.Conversation
	key := conv.Key
	first := op.lastSeq - int64(turnlog.EventCount(c)) + 1
	w.eventsBuf = appendStoredEvents(w.eventsBuf[:0], c, first, micros(op.now))
	// NULL message id, response, response version and turn when the commit processed
	// no message; a turn's response is rebuilt, not stored.
	var messageID, response, responseVersion, turn any
	switch {
	case c.Turn != nil:
		messageID, turn = c.Turn.Message.ID, text(op.turn)
	case c.MessageID != "":
		messageID, response, responseVersion = c.MessageID, text(c.Response), conv.Version
	}
	inserted, err := w.insertTurn.exec(op.headID, op.bot, op.id, conv.Version, op.at,
		op.lifecycle, messageID, first, op.lastSeq, text(w.eventsBuf), text(op.prev), int64(op.kind),
		response, responseVersion, turn)
	if err != nil {
		return err
	}
	if inserted == 0 {
		if id := c.ProcessedID(); id != "" {
			return parley.Errorf(parley.EDUPLICATE, "commit %s: message %q was already processed", key, id)
		}
		return parley.Errorf(parley.EINTERNAL, "commit %s: version %d already exists", key, conv.Version)
	}
	return nil
}

// outbox adds the commit's outbox entries.
func (op *commitOp) outbox(w *writer) error {
	c := op.c
	op.outboxIDs = op.outboxIDs[:0]
	for i := range c.Outbox {
		o := &c.Outbox[i]
		owner := o.Key
		if owner == (parley.ConversationKey{}) {
			owner = c.Conversation.Key
		}
		id, err := w.insertOutbox.execID(owner.Bot, owner.ID, o.Kind, o.IdempotencyKey, jsonText(o.Payload),
			dueMicros(o.NextAttemptAt), micros(op.now))
		if err != nil {
			return err
		}
		op.outboxIDs = append(op.outboxIDs, id)
	}
	return nil
}

// inbound removes the inbox entry the commit consumed.
func (op *commitOp) inbound(w *writer) error {
	if op.c.InboundID == 0 {
		return nil
	}
	_, err := w.deleteInbound.exec(op.c.InboundID)
	return err
}

func (op *commitOp) committed() {
	c := op.c
	at := fromMicros(micros(op.now))
	c.StoredSeqs(op.lastSeq-int64(turnlog.EventCount(c))+1, at)
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
