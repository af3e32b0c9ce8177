package sqlite

import (
	"context"
	"database/sql/driver"
	"errors"
	"slices"
	"time"

	"github.com/parleyhq/parley"
	"github.com/parleyhq/parley/internal/statelog"
	"github.com/parleyhq/parley/turnlog"
)

// sqlLimit maps the interface's "limit <= 0 means all" to SQLite's LIMIT -1.
func sqlLimit(limit int) int64 {
	if limit <= 0 {
		return -1
	}
	return int64(limit)
}

// read runs fn on the store's connection between write transactions. A read is one
// statement in autocommit mode, so it sees only committed writes.
func (s *Store) read(ctx context.Context, fn func(w *writer) error) error {
	r := requestPool.Get().(*request)
	r.ctx, r.op, r.read = ctx, funcOp(fn), true
	err := s.submit(ctx, r)
	r.ctx, r.op, r.read = nil, nil, false
	requestPool.Put(r)
	return err
}

// Conversation returns the stored conversation. Its state is returned as stored, even
// when it is not JSON; a lifecycle outside the seven is EINVALIDSTATE.
func (s *Store) Conversation(ctx context.Context, key parley.ConversationKey) (*parley.Conversation, error) {
	if err := key.Check(); err != nil {
		return nil, err
	}
	var c *parley.Conversation
	err := s.read(ctx, func(w *writer) error {
		row := w.row[:9]
		found, err := w.conversation.queryRow(row, key.Bot, key.ID)
		if err != nil || !found {
			return err
		}
		head := headRow(key, row)
		head.ActiveAt = fromDueMicros(asInt64(row[8]))
		c = &head
		return nil
	})
	if err != nil {
		return nil, s.wrap(err, "read conversation %s", key)
	}
	if c == nil {
		return nil, parley.Errorf(parley.ENOTFOUND, "conversation %s not found", key)
	}
	if !c.Lifecycle.Valid() {
		return nil, parley.Errorf(parley.EINVALIDSTATE, "conversation %s: stored lifecycle %q is unknown", key, c.Lifecycle)
	}
	s.states.Put(key, c.Version, c.State)
	return c, nil
}

// headRow is the conversation key whose head row's columns engine, state,
// lifecycle, version, turns, last_seq, created_at and updated_at are row[0:8], in
// that order: what the read of one conversation and a listing both select.
func headRow(key parley.ConversationKey, row []driver.Value) parley.Conversation {
	return parley.Conversation{
		Key:       key,
		Engine:    asString(row[0]),
		State:     asBytes(row[1]),
		Lifecycle: parley.Lifecycle(asString(row[2])),
		Version:   asInt64(row[3]),
		Turns:     asInt64(row[4]),
		LastSeq:   asInt64(row[5]),
		CreatedAt: fromMicros(asInt64(row[6])),
		UpdatedAt: fromMicros(asInt64(row[7])),
	}
}

// Processed returns what messageID answered: a turn's message and its response
// rebuilt byte for byte (parley.TurnRecord), or the exact record bytes and the state
// of the version that processed it.
func (s *Store) Processed(ctx context.Context, key parley.ConversationKey, messageID string) (parley.Processed, bool, error) {
	if err := parley.CheckMessageKey(key, messageID); err != nil {
		return parley.Processed{}, false, err
	}
	var p parley.Processed
	var found bool
	err := s.read(ctx, func(w *writer) error {
		row := w.row[:9]
		var err error
		found, err = w.processed.queryRow(row, key.Bot, key.ID, messageID)
		if err != nil || !found {
			return err
		}
		version, isTurn := asInt64(row[4]), row[3] != nil
		if !isTurn && asInt64(row[1]) == 0 {
			p.Response = asBytes(row[0]) // recorded whole, before versions were linked
			return nil
		}
		turn, events := asBytes(row[3]), asBytes(row[5])
		own := statelog.Row{Version: version, Kind: statelog.Kind(asInt64(row[6])), Data: asBytes(row[2])}
		state, err := w.stateAt(key, own, asBytes(row[8]), asInt64(row[7]))
		if err != nil {
			return err
		}
		if isTurn {
			p, err = turnProcessed(key, version, state, turn, events)
			return err
		}
		p.Response, p.Version, p.State = asBytes(row[0]), asInt64(row[1]), state
		return nil
	})
	if err != nil {
		return parley.Processed{}, false, s.wrap(err, "read processed message %s %q", key, messageID)
	}
	return p, found, nil
}

// stateAt returns the state of own's version: the head's (of headVersion), the one
// its row keeps, or the one the rows after it lead back to (statelog.Rebuild).
func (w *writer) stateAt(key parley.ConversationKey, own statelog.Row, head []byte, headVersion int64) ([]byte, error) {
	if own.Version == headVersion {
		return head, nil
	}
	if own.Kind == statelog.Own {
		return own.Data, nil
	}
	rows := []statelog.Row{own}
	first, last := statelog.Window(own.Version)
	err := w.stateRows.query(func(row []driver.Value) error {
		if v := asInt64(row[0]); v > own.Version {
			rows = append(rows, statelog.Row{Version: v, Kind: statelog.Kind(asInt64(row[1])), Data: asBytes(row[2])})
		}
		return nil
	}, key.Bot, key.ID, first, last)
	if err != nil {
		return nil, err
	}
	return statelog.Rebuild(own.Version, rows, head, headVersion)
}

// turnProcessed rebuilds what a turn's row answered.
func turnProcessed(key parley.ConversationKey, version int64, state, turn, events []byte) (parley.Processed, error) {
	rec, err := decodeTurnRecord(turn)
	if err != nil {
		return parley.Processed{}, parley.WrapError(parley.EINTERNAL, err, "sqlite: damaged turn of %s version %d", key, version)
	}
	stored, err := decodeEvents(events)
	if err != nil {
		return parley.Processed{}, err
	}
	engine := turnlog.EngineEvents(&rec, parleyEvents(key, stored))
	return parley.Processed{Message: &rec.Message, Version: version,
		Response: turnlog.Response(&rec, key, version, state, engine)}, nil
}

// parleyEvents converts a row's stored events.
func parleyEvents(key parley.ConversationKey, stored []storedEvent) []parley.Event {
	out := make([]parley.Event, len(stored))
	for i, e := range stored {
		out[i] = parley.Event{Key: key, Seq: e.Seq, Type: parley.EventType(e.Type), Data: e.Data, At: fromMicros(e.At)}
	}
	return out
}

// rowEvents returns the events of a turns row: those it stores and, for a turn, the
// ones the log rebuilds (turnlog.Expand).
func rowEvents(key parley.ConversationKey, events, turn []byte, first, at int64) ([]parley.Event, error) {
	stored, err := decodeEvents(events)
	if err != nil {
		return nil, err
	}
	out := parleyEvents(key, stored)
	if turn == nil {
		return out, nil
	}
	rec, err := decodeTurnRecord(turn)
	if err != nil {
		return nil, parley.WrapError(parley.EINTERNAL, err, "sqlite: damaged turn of %s", key)
	}
	return turnlog.Expand(&rec, key, out, first, fromMicros(at)), nil
}

// errEnough stops a query once a read has all the rows it needs.
var errEnough = errors.New("enough rows")

// Events returns up to limit events with Seq > afterSeq, in order; limit <= 0 means
// all of them. A version's events are stored together, so the rows that carry seqs
// after afterSeq are walked in version order and cut to the page.
func (s *Store) Events(ctx context.Context, key parley.ConversationKey, afterSeq int64, limit int) ([]parley.Event, error) {
	if err := key.Check(); err != nil {
		return nil, err
	}
	var events []parley.Event
	err := s.read(ctx, func(w *writer) error {
		err := w.events.query(func(row []driver.Value) error {
			var turn []byte
			if row[1] != nil {
				turn = asBytes(row[1])
			}
			all, err := rowEvents(key, asBytes(row[0]), turn, asInt64(row[2]), asInt64(row[3]))
			if err != nil {
				return err
			}
			for _, e := range all {
				if e.Seq <= afterSeq {
					continue
				}
				if limit > 0 && len(events) == limit {
					return errEnough
				}
				events = append(events, e)
			}
			return nil
		}, key.Bot, key.ID, afterSeq)
		if err == errEnough {
			return nil
		}
		return err
	})
	if err != nil {
		return nil, s.wrap(err, "read events of %s", key)
	}
	return events, nil
}

// PendingInbound lists queued inbound messages in the order they were accepted;
// limit <= 0 means all of them.
func (s *Store) PendingInbound(ctx context.Context, limit int) ([]parley.Inbound, error) {
	var pending []parley.Inbound
	err := s.read(ctx, func(w *writer) error {
		return w.pendingInbound.query(func(row []driver.Value) error {
			pending = append(pending, parley.Inbound{
				ID:         asInt64(row[0]),
				Key:        parley.ConversationKey{Bot: asString(row[1]), ID: asString(row[2])},
				MessageID:  asString(row[3]),
				Channel:    asString(row[4]),
				Payload:    asBytes(row[5]),
				ReceivedAt: fromMicros(asInt64(row[6])),
			})
			return nil
		}, sqlLimit(limit))
	})
	if err != nil {
		return nil, s.wrap(err, "read inbound")
	}
	return pending, nil
}

// Flow returns a flow definition; version 0 means the latest.
func (s *Store) Flow(ctx context.Context, id string, version int) ([]byte, int, error) {
	if err := parley.CheckID("flow id", id); err != nil {
		return nil, 0, err
	}
	if version < 0 {
		return nil, 0, parley.Errorf(parley.EINVALID, "flow %q: version %d", id, version)
	}
	var definition []byte
	var actual int64
	var found bool
	err := s.read(ctx, func(w *writer) error {
		row := w.row[:2]
		var err error
		if version == 0 {
			found, err = w.latestFlow.queryRow(row, id)
		} else {
			found, err = w.flow.queryRow(row, id, int64(version))
		}
		if found {
			definition, actual = asBytes(row[0]), asInt64(row[1])
		}
		return err
	})
	if err != nil {
		return nil, 0, s.wrap(err, "read flow %q", id)
	}
	if !found {
		if version == 0 {
			return nil, 0, parley.Errorf(parley.ENOTFOUND, "flow %q not found", id)
		}
		return nil, 0, parley.Errorf(parley.ENOTFOUND, "flow %q version %d not found", id, version)
	}
	return definition, int(actual), nil
}

// Ping reports whether the store's connection answers a query.
func (s *Store) Ping(ctx context.Context) error {
	err := s.read(ctx, func(w *writer) error {
		_, err := w.ping.queryRow(w.row[:1])
		return err
	})
	if err != nil {
		return s.wrap(err, "ping")
	}
	// Reads may work while writes do not (a full disk): a store whose last write
	// failed is not ready.
	return s.health.Err(time.Now())
}

// turnRecordsQuery reads a conversation's last turn records up to a version, newest
// first. It walks the conversation's entries of turns_message (one per version, under
// its head's id) and sorts them by version: a conversation's log is short next to a
// table's.
const turnRecordsQuery = `SELECT version, turn FROM turns
	WHERE head_id = (SELECT id FROM conversations WHERE bot = ? AND conversation = ?)
		AND version <= ? AND turn IS NOT NULL
	ORDER BY version DESC LIMIT ?`

// TurnRecords returns the turn records of the conversation's last n turns up to
// version, oldest first (parley.TurnReader).
func (s *Store) TurnRecords(ctx context.Context, key parley.ConversationKey, version int64, n int) ([]parley.TurnRecord, error) {
	if err := key.Check(); err != nil {
		return nil, err
	}
	if n <= 0 {
		return nil, nil
	}
	var out []parley.TurnRecord
	err := s.read(ctx, func(w *writer) error {
		return w.turnRecords.query(func(row []driver.Value) error {
			rec, err := decodeTurnRecord(asBytes(row[1]))
			if err != nil {
				return parley.WrapError(parley.EINTERNAL, err, "sqlite: damaged turn of %s version %d", key, asInt64(row[0]))
			}
			out = append(out, rec)
			return nil
		}, key.Bot, key.ID, version, int64(n))
	})
	if err != nil {
		return nil, s.wrap(err, "read turn records of %s", key)
	}
	slices.Reverse(out)
	return out, nil
}

// decodeTurnRecord reads a turns row's turn column (parley.TurnRecord's stored JSON).
func decodeTurnRecord(b []byte) (parley.TurnRecord, error) {
	return turnlog.Decode(b)
}
