package postgres

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/parleyhq/parley"
	"github.com/parleyhq/parley/internal/statelog"
	"github.com/parleyhq/parley/turnlog"
)

// conversationSQL reads a conversation's head; conversationName is its prepared
// statement in a batch (group.go).
const (
	conversationSQL = `SELECT engine, state, lifecycle, version, turns, last_seq, created_at, updated_at, active_at
		FROM conversations WHERE bot = $1 AND conversation_id = $2`
	conversationName = "parley_conversation"
)

// Conversation returns the stored conversation, or ENOTFOUND. While commits are on
// the wire the read waits and goes with the next batch of them (group.go): it is one
// round trip fewer, and the first turn of a conversation reads it.
func (s *Store) Conversation(ctx context.Context, key parley.ConversationKey) (*parley.Conversation, error) {
	if err := key.Check(); err != nil {
		return nil, err
	}
	q := &queued{ctx: ctx, key: key, read: &conversationRead{}}
	var c *parley.Conversation
	var err error
	ran := false
	if err := s.grouped(q, "conversation", func() {
		ran = true
		c, err = s.readConversation(ctx, key)
	}); err != nil {
		return nil, err
	}
	if !ran {
		c, err = q.read.conv, q.err
	}
	if err != nil {
		return nil, err
	}
	s.states.Put(key, c.Version, c.State)
	return c, nil
}

// readConversation reads a conversation's head in a statement of its own.
func (s *Store) readConversation(ctx context.Context, key parley.ConversationKey) (*parley.Conversation, error) {
	c := parley.Conversation{Key: key}
	var state []byte
	var lifecycle string
	var activeAt *time.Time
	err := s.queryRow(ctx, "conversation", true, conversationSQL, []any{key.Bot, key.ID},
		&c.Engine, &state, &lifecycle, &c.Version, &c.Turns, &c.LastSeq, &c.CreatedAt, &c.UpdatedAt, &activeAt)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, notFound(key)
	}
	if err != nil {
		return nil, err
	}
	c.State = json.RawMessage(state)
	c.Lifecycle = parley.Lifecycle(lifecycle)
	c.CreatedAt, c.UpdatedAt = utc(c.CreatedAt), utc(c.UpdatedAt)
	if activeAt != nil {
		c.ActiveAt = utc(*activeAt)
	}
	return &c, nil
}

func notFound(key parley.ConversationKey) error {
	return parley.Errorf(parley.ENOTFOUND, "conversation %s not found", key)
}

// conversationRead is a read of a conversation's head sent in a batch.
type conversationRead struct {
	conv *parley.Conversation
}

// scan decodes the read's row (conversationSQL's columns, binary), copying what it
// keeps out of the connection's buffers; no row is ENOTFOUND.
func (r *conversationRead) scan(rr *pgconn.ResultReader, key parley.ConversationKey) error {
	if !rr.NextRow() {
		return notFound(key)
	}
	row := rr.Values()
	if len(row) != 9 || row[0] == nil || row[2] == nil {
		return fmt.Errorf("postgres: the conversation read returned %d columns", len(row))
	}
	c := &parley.Conversation{Key: key, Engine: string(row[0]), Lifecycle: parley.Lifecycle(row[2])}
	if row[1] != nil {
		c.State = json.RawMessage(bytes.Clone(row[1]))
	}
	var err error
	ints := []*int64{&c.Version, &c.Turns, &c.LastSeq}
	for i, dst := range ints {
		if *dst, err = scanInt8(row[3+i]); err != nil {
			return err
		}
	}
	times := []*time.Time{&c.CreatedAt, &c.UpdatedAt, &c.ActiveAt}
	for i, dst := range times {
		if row[6+i] == nil { // active_at may be NULL
			continue
		}
		if *dst, err = scanTimestamptz(row[6+i]); err != nil {
			return err
		}
	}
	r.conv = c
	return nil
}

// versionRow is a turns row as Processed and Events read it.
type versionRow struct {
	version, first, last int64
	at                   time.Time
	turn, events         []byte // events: NULL for rows written before migration 0004
	response             []byte
	state                []byte
	back                 statelog.Kind
}

// Processed returns the response recorded for messageID in the conversation and the
// state of the version that processed it: from its turns row, or, for a record
// written before migration 0004 that is not a turn, from processed_messages.
func (s *Store) Processed(ctx context.Context, key parley.ConversationKey, messageID string) (parley.Processed, bool, error) {
	if err := parley.CheckMessageKey(key, messageID); err != nil {
		return parley.Processed{}, false, err
	}
	var r versionRow
	var back int16
	var head []byte
	var headVersion int64
	err := s.queryRow(ctx, "processed response", true, `
		SELECT t.version, t.first_seq, t.last_seq, t.at, t.turn, t.events, t.response, t.state, t.back, c.state, c.version
		FROM turns t JOIN conversations c ON c.bot = t.bot AND c.conversation_id = t.conversation_id
		WHERE t.bot = $1 AND t.conversation_id = $2 AND t.message_id = $3`,
		[]any{key.Bot, key.ID, messageID},
		&r.version, &r.first, &r.last, &r.at, &r.turn, &r.events, &r.response, &r.state, &back, &head, &headVersion)
	if errors.Is(err, pgx.ErrNoRows) && !s.legacyMessages {
		// Every record since migration 0002 has a turns row with its message id.
		return parley.Processed{}, false, nil
	}
	if errors.Is(err, pgx.ErrNoRows) || (err == nil && r.turn == nil && r.events == nil) {
		return s.processedBefore0004(ctx, key, messageID)
	}
	if err != nil {
		return parley.Processed{}, false, err
	}
	r.back = statelog.Kind(back)
	state, err := s.stateAt(ctx, key, r, head, headVersion)
	if err != nil {
		return parley.Processed{}, false, err
	}
	if r.turn == nil {
		return parley.Processed{Response: r.response, Version: r.version, State: state}, true, nil
	}
	rec, err := turnlog.Decode(r.turn)
	if err != nil {
		return parley.Processed{}, false, parley.WrapError(parley.EINTERNAL, err, "postgres: damaged turn of %s version %d", key, r.version)
	}
	stored, err := s.rowEvents(ctx, key, r)
	if err != nil {
		return parley.Processed{}, false, err
	}
	return parley.Processed{Message: &rec.Message, Version: r.version,
		Response: turnlog.Response(&rec, key, r.version, state, turnlog.EngineEvents(&rec, stored))}, true, nil
}

// processedBefore0004 reads a record of processed_messages (a version that is not a
// turn, written before migration 0004, or one of the first layout) with the state of
// its version, which such rows keep whole.
func (s *Store) processedBefore0004(ctx context.Context, key parley.ConversationKey, messageID string) (parley.Processed, bool, error) {
	var p parley.Processed
	var state []byte
	err := s.queryRow(ctx, "processed response", true, `
		SELECT m.response, m.version, t.state
		FROM processed_messages m LEFT JOIN turns t
			ON t.bot = m.bot AND t.conversation_id = m.conversation_id AND t.version = m.version
		WHERE m.bot = $1 AND m.conversation_id = $2 AND m.message_id = $3`,
		[]any{key.Bot, key.ID, messageID}, &p.Response, &p.Version, &state)
	if errors.Is(err, pgx.ErrNoRows) {
		return parley.Processed{}, false, nil
	}
	if err != nil {
		return parley.Processed{}, false, err
	}
	if p.Version != 0 {
		p.State = state
	}
	return p, true, nil
}

// stateAt returns the state of r's version: the head's, the one r keeps, or the one
// the rows after it lead back to (statelog.Rebuild).
func (s *Store) stateAt(ctx context.Context, key parley.ConversationKey, r versionRow, head []byte, headVersion int64) ([]byte, error) {
	if r.version == headVersion {
		return head, nil
	}
	if r.back == statelog.Own {
		return r.state, nil
	}
	first, last := statelog.Window(r.version)
	rows, err := collect(ctx, s, "states", `
		SELECT version, back, state FROM turns
		WHERE bot = $1 AND conversation_id = $2 AND version >= $3 AND version <= $4
		ORDER BY version`,
		[]any{key.Bot, key.ID, first, last},
		func(rows pgx.Rows) (statelog.Row, error) {
			var row statelog.Row
			var back int16
			err := rows.Scan(&row.Version, &back, &row.Data)
			row.Kind = statelog.Kind(back)
			return row, err
		})
	if err != nil {
		return nil, err
	}
	return statelog.Rebuild(r.version, rows, head, headVersion)
}

// rowEvents returns the events a version's row stores: its events column, or for a
// row written before migration 0004 the rows of the events table within its seqs.
func (s *Store) rowEvents(ctx context.Context, key parley.ConversationKey, r versionRow) ([]parley.Event, error) {
	if r.events == nil {
		return s.storedEvents(ctx, key, r.first-1, r.last)
	}
	return inlineEvents(key, r)
}

// inlineEvent is one element of a turns row's events array.
type inlineEvent struct {
	Type string          `json:"type"`
	At   int64           `json:"at"`
	Data json.RawMessage `json:"data,omitempty"` // absent: no data
}

// inlineEvents decodes a row's events array and numbers them as the log does: from
// first_seq on, a turn's after its first Before leaving two seqs to the turn's
// idle -> running and turn event (parley.Commit.StoredSeqs).
func inlineEvents(key parley.ConversationKey, r versionRow) ([]parley.Event, error) {
	var stored []inlineEvent
	if err := json.Unmarshal(r.events, &stored); err != nil {
		return nil, parley.WrapError(parley.EINTERNAL, err, "postgres: damaged events of %s version %d", key, r.version)
	}
	before := -1
	if r.turn != nil {
		rec, err := turnlog.Decode(r.turn)
		if err != nil {
			return nil, parley.WrapError(parley.EINTERNAL, err, "postgres: damaged turn of %s version %d", key, r.version)
		}
		before = rec.Before
	}
	out := make([]parley.Event, len(stored))
	seq := r.first
	for i, e := range stored {
		if i == before {
			seq += 2
		}
		out[i] = parley.Event{Key: key, Seq: seq, Type: parley.EventType(e.Type), Data: e.Data, At: time.UnixMicro(e.At).UTC()}
		seq++
	}
	return out, nil
}

// Events returns up to limit events with Seq > afterSeq, in order. A limit of 0 or
// less means no limit. Rows written since migration 0004 carry their events; the
// events table holds those of older rows, among which a turn's rebuilt events
// (turnlog.Expand) fill the seqs its row leaves to them.
func (s *Store) Events(ctx context.Context, key parley.ConversationKey, afterSeq int64, limit int) ([]parley.Event, error) {
	if err := key.Check(); err != nil {
		return nil, err
	}
	stored, err := s.storedEvents(ctx, key, afterSeq, -1)
	if err != nil {
		return nil, err
	}
	rows, err := collect(ctx, s, "turns", `
		SELECT version, first_seq, last_seq, at, turn, events FROM turns
		WHERE bot = $1 AND conversation_id = $2 AND last_seq > $3 AND (turn IS NOT NULL OR events IS NOT NULL)
		ORDER BY version`,
		[]any{key.Bot, key.ID, afterSeq},
		func(rows pgx.Rows) (versionRow, error) {
			var r versionRow
			err := rows.Scan(&r.version, &r.first, &r.last, &r.at, &r.turn, &r.events)
			return r, err
		})
	if err != nil {
		return nil, err
	}
	events, err := expandRows(key, stored, rows)
	if err != nil {
		return nil, err
	}
	out := events[:0]
	for _, e := range events {
		if e.Seq > afterSeq && (limit <= 0 || len(out) < limit) {
			out = append(out, e)
		}
	}
	return out, nil
}

// expandRows puts each row's events in place among the events table's (both in seq
// order): a turn's rebuilt events among the stored events within its seqs (rows
// before migration 0004) or its own array (rows since).
func expandRows(key parley.ConversationKey, stored []parley.Event, rows []versionRow) ([]parley.Event, error) {
	if len(rows) == 0 {
		return stored, nil
	}
	out := make([]parley.Event, 0, len(stored)+4*len(rows))
	i := 0
	for _, r := range rows {
		for i < len(stored) && stored[i].Seq < r.first {
			out = append(out, stored[i])
			i++
		}
		j := i
		for j < len(stored) && stored[j].Seq <= r.last {
			j++
		}
		own := stored[i:j]
		if r.events != nil {
			var err error
			if own, err = inlineEvents(key, r); err != nil {
				return nil, err
			}
		}
		if r.turn == nil {
			out = append(out, own...)
			i = j
			continue
		}
		rec, err := turnlog.Decode(r.turn)
		if err != nil {
			return nil, parley.WrapError(parley.EINTERNAL, err, "postgres: damaged turn of %s", key)
		}
		out = append(out, turnlog.Expand(&rec, key, own, r.first, utc(r.at))...)
		i = j
	}
	return append(out, stored[i:]...), nil
}

// storedEvents returns the rows of the events table with afterSeq < seq <= upTo (no
// bound when upTo < 0), in order.
func (s *Store) storedEvents(ctx context.Context, key parley.ConversationKey, afterSeq, upTo int64) ([]parley.Event, error) {
	var bound *int64
	if upTo >= 0 {
		bound = &upTo
	}
	return collect(ctx, s, "events", `
		SELECT seq, type, data, at FROM events
		WHERE bot = $1 AND conversation_id = $2 AND seq > $3 AND ($4::bigint IS NULL OR seq <= $4)
		ORDER BY seq`,
		[]any{key.Bot, key.ID, afterSeq, bound},
		func(rows pgx.Rows) (parley.Event, error) {
			e := parley.Event{Key: key}
			var data []byte
			err := rows.Scan(&e.Seq, &e.Type, &data, &e.At)
			e.Data = json.RawMessage(data)
			e.At = utc(e.At)
			return e, err
		})
}
