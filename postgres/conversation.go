package postgres

import (
	"context"
	"encoding/json"
	"errors"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/parleyhq/parley"
)

// Conversation returns the stored conversation, or ENOTFOUND.
func (s *Store) Conversation(ctx context.Context, key parley.ConversationKey) (*parley.Conversation, error) {
	if err := key.Check(); err != nil {
		return nil, err
	}
	c := parley.Conversation{Key: key}
	var state []byte
	var lifecycle string
	var activeAt *time.Time
	err := s.queryRow(ctx, "conversation", true, `
		SELECT c.engine, t.state, c.lifecycle, c.version, c.turns, c.last_seq, c.created_at, c.updated_at, c.active_at
		FROM conversations c LEFT JOIN turns t
			ON t.bot = c.bot AND t.conversation_id = c.conversation_id AND t.version = c.version
		WHERE c.bot = $1 AND c.conversation_id = $2`,
		[]any{key.Bot, key.ID},
		&c.Engine, &state, &lifecycle, &c.Version, &c.Turns, &c.LastSeq, &c.CreatedAt, &c.UpdatedAt, &activeAt)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, parley.Errorf(parley.ENOTFOUND, "conversation %s not found", key)
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

// Processed returns the response recorded for messageID in the conversation and the
// state of the version that processed it.
func (s *Store) Processed(ctx context.Context, key parley.ConversationKey, messageID string) (parley.Processed, bool, error) {
	if err := parley.CheckMessageKey(key, messageID); err != nil {
		return parley.Processed{}, false, err
	}
	var p parley.Processed
	var state, turn []byte
	var first, last int64
	err := s.queryRow(ctx, "processed response", true, `
		SELECT m.response, m.version, t.state, t.turn, coalesce(t.first_seq, 0), coalesce(t.last_seq, 0)
		FROM processed_messages m LEFT JOIN turns t
			ON t.bot = m.bot AND t.conversation_id = m.conversation_id AND t.version = m.version
		WHERE m.bot = $1 AND m.conversation_id = $2 AND m.message_id = $3`,
		[]any{key.Bot, key.ID, messageID}, &p.Response, &p.Version, &state, &turn, &first, &last)
	if errors.Is(err, pgx.ErrNoRows) {
		return parley.Processed{}, false, nil
	}
	if err != nil {
		return parley.Processed{}, false, err
	}
	if turn != nil {
		p, err = s.turnProcessed(ctx, key, p.Version, state, turn, first, last)
		return p, err == nil, err
	}
	if p.Version != 0 {
		p.State = state
	}
	return p, true, nil
}

// turnProcessed rebuilds what a turn answered (parley.TurnRecord.Response) from its
// record, its state and the events its version stored.
func (s *Store) turnProcessed(ctx context.Context, key parley.ConversationKey, version int64, state, turn []byte, first, last int64) (parley.Processed, error) {
	var rec parley.TurnRecord
	if err := json.Unmarshal(turn, &rec); err != nil {
		return parley.Processed{}, parley.WrapError(parley.EINTERNAL, err, "postgres: damaged turn of %s version %d", key, version)
	}
	stored, err := s.storedEvents(ctx, key, first-1, last)
	if err != nil {
		return parley.Processed{}, err
	}
	return parley.Processed{Message: &rec.Message, Version: version,
		Response: rec.Response(key, version, state, rec.EngineEvents(stored))}, nil
}

// Events returns up to limit events with Seq > afterSeq, in order. A limit of 0 or
// less means no limit. A turn's rebuilt events (parley.TurnRecord.Expand) fill the
// seqs its version's row leaves to them.
func (s *Store) Events(ctx context.Context, key parley.ConversationKey, afterSeq int64, limit int) ([]parley.Event, error) {
	if err := key.Check(); err != nil {
		return nil, err
	}
	stored, err := s.storedEvents(ctx, key, afterSeq, -1)
	if err != nil {
		return nil, err
	}
	turns, err := collect(ctx, s, "turns", `
		SELECT first_seq, last_seq, at, turn FROM turns
		WHERE bot = $1 AND conversation_id = $2 AND last_seq > $3 AND turn IS NOT NULL
		ORDER BY version`,
		[]any{key.Bot, key.ID, afterSeq},
		func(rows pgx.Rows) (turnRow, error) {
			var r turnRow
			err := rows.Scan(&r.first, &r.last, &r.at, &r.turn)
			return r, err
		})
	if err != nil {
		return nil, err
	}
	events, err := expandTurns(key, stored, turns)
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

// turnRow is a turns row of a user turn, as Events expands it.
type turnRow struct {
	first, last int64
	at          time.Time
	turn        []byte
}

// expandTurns puts each turn's rebuilt events in place among the stored events
// (both in seq order); the stored events of a turn's version are those within its
// seqs.
func expandTurns(key parley.ConversationKey, stored []parley.Event, turns []turnRow) ([]parley.Event, error) {
	if len(turns) == 0 {
		return stored, nil
	}
	out := make([]parley.Event, 0, len(stored)+3*len(turns))
	i := 0
	for _, t := range turns {
		for i < len(stored) && stored[i].Seq < t.first {
			out = append(out, stored[i])
			i++
		}
		j := i
		for j < len(stored) && stored[j].Seq <= t.last {
			j++
		}
		var rec parley.TurnRecord
		if err := json.Unmarshal(t.turn, &rec); err != nil {
			return nil, parley.WrapError(parley.EINTERNAL, err, "postgres: damaged turn of %s", key)
		}
		out = append(out, rec.Expand(key, stored[i:j], t.first, utc(t.at))...)
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

// commitTail is the part of the commit statement after the head's CTE (named conv,
// returning the new last_seq): the steps every store names alike, head (conv),
// append (tn, ev, pm), outbox (ob) and inbound (ib). Every write is gated on conv
// having a row, so a lost version race writes nothing. Parameters:
//
//	$1 bot, $2 conversation id, $11 number of events the version appends (those a
//	turn's row leaves to be rebuilt included, parley.Commit.EventCount),
//	$12..$15 and $27 the events stored: type, data, at, seq given by the caller (0:
//	assign), position among the version's events (1-based),
//	$3..$9 the head and the version's turns row: engine, state, lifecycle, version,
//	turns, created at, updated at; $10 the expected version,
//	$16 message id (NULL: none), $17 response (NULL for a turn: rebuilt), $25 the turn
//	(parley.TurnRecord, NULL for a version that is not a turn), $26 active at,
//	$18..$23 outbox: bot, conversation id, kind, idempotency key, payload, next attempt,
//	$24 inbox entry to delete (0: none).
//
// An event seq that does not follow becomes NULL, which the NOT NULL column refuses.
// No row in conv (a lost version race) raises ECONFLICT's SQLSTATE in the final
// SELECT, which aborts the statement and what is pipelined after it.
const commitTail = `,
tn AS (
	INSERT INTO turns (bot, conversation_id, version, at, lifecycle, message_id, first_seq, last_seq, state, turn)
	SELECT $1, $2, $6, $9, $5, $16, conv.last_seq - $11 + 1, conv.last_seq, $4, $25 FROM conv
),
ev AS (
	INSERT INTO events (bot, conversation_id, seq, type, data, at)
	SELECT $1, $2,
		CASE WHEN e.seq = 0 OR e.seq = conv.last_seq - $11 + e.pos THEN conv.last_seq - $11 + e.pos END,
		e.type, e.data, e.at
	FROM conv, unnest($12::text[], $13::json[], $14::timestamptz[], $15::bigint[], $27::bigint[]) AS e(type, data, at, seq, pos)
),
pm AS (
	INSERT INTO processed_messages (bot, conversation_id, message_id, response, version)
	SELECT $1, $2, $16, $17, $6 FROM conv WHERE $16::text IS NOT NULL
),
ob AS (
	INSERT INTO outbox (bot, conversation_id, kind, idempotency_key, payload, next_attempt_at)
	SELECT o.bot, o.conversation_id, o.kind, o.idempotency_key, o.payload, o.next_attempt_at
	FROM conv, unnest($18::text[], $19::text[], $20::text[], $21::text[], $22::json[], $23::timestamptz[])
		AS o(bot, conversation_id, kind, idempotency_key, payload, next_attempt_at)
	ON CONFLICT (idempotency_key) DO NOTHING
	RETURNING id, idempotency_key
),
ib AS (
	DELETE FROM inbound WHERE id = $24 AND EXISTS (SELECT 1 FROM conv)
)
SELECT coalesce((SELECT last_seq FROM conv), parley_conflict()),
	(SELECT created_at FROM conv),
	(SELECT coalesce(array_agg(idempotency_key), '{}') FROM ob),
	(SELECT coalesce(array_agg(id), '{}') FROM ob)`

// commitInsert creates the conversation; an existing row makes conv empty.
const commitInsert = `WITH conv AS (
	INSERT INTO conversations (bot, conversation_id, engine, lifecycle, version, turns, last_seq, created_at, updated_at, active_at)
	SELECT $1, $2, $3, $5, $6, $7, $11, $8, $9, $26 WHERE $10::bigint = 0
	ON CONFLICT (bot, conversation_id) DO NOTHING
	RETURNING last_seq, created_at
)` + commitTail

// commitUpdate updates the conversation only at the expected version; it takes the row
// lock, and a concurrent writer that committed first leaves conv empty. created_at is
// kept; $8 is referenced only so that both statements take the same parameters.
const commitUpdate = `WITH conv AS (
	UPDATE conversations SET engine = $3, lifecycle = $5, version = $6, turns = $7,
		last_seq = last_seq + $11, updated_at = $9, active_at = $26
	WHERE bot = $1 AND conversation_id = $2 AND version = $10 AND $8::timestamptz IS NOT NULL
	RETURNING last_seq, created_at
)` + commitTail

// Commit applies c in one statement; see the package doc for its guarantees.
func (s *Store) Commit(ctx context.Context, c *parley.Commit) error {
	if err := validateCommit(c); err != nil {
		return err
	}
	conv := &c.Conversation

	// Zero times are the commit's wall-clock time, as package sqlite stamps them, at
	// the microsecond the column keeps.
	now := time.Now().UTC().Truncate(time.Microsecond)
	createdAt, updatedAt := orNow(conv.CreatedAt, now), orNow(conv.UpdatedAt, now)
	n := len(c.Events)
	types, data, ats, seqs := make([]string, n), make([][]byte, n), make([]time.Time, n), make([]int64, n)
	positions := make([]int64, n)
	for i, e := range c.Events {
		types[i], data[i], ats[i], seqs[i] = string(e.Type), nullBytes(e.Data), e.At, e.Seq
		if e.At.IsZero() {
			ats[i] = now
		}
		positions[i] = int64(i + 1)
		if c.Turn != nil && i >= c.Turn.Before {
			positions[i] += 2 // after idle -> running and the turn event
		}
	}
	var messageID *string
	if id := c.ProcessedID(); id != "" {
		messageID = &id
	}
	var turn []byte
	if c.Turn != nil {
		var err error
		if turn, err = json.Marshal(c.Turn); err != nil {
			return parley.WrapError(parley.EINVALID, err, "commit of %s: turn", conv.Key)
		}
	}
	var activeAt *time.Time
	if !conv.ActiveAt.IsZero() {
		at := conv.ActiveAt.UTC().Truncate(time.Microsecond)
		activeAt = &at
	}
	m := len(c.Outbox)
	obBots, obIDs, kinds, idemKeys := make([]string, m), make([]string, m), make([]string, m), make([]string, m)
	payloads, nextAt := make([][]byte, m), make([]time.Time, m)
	for i, o := range c.Outbox {
		key := o.Key
		if key == (parley.ConversationKey{}) {
			key = conv.Key
		}
		obBots[i], obIDs[i], kinds[i], idemKeys[i] = key.Bot, key.ID, o.Kind, o.IdempotencyKey
		payloads[i], nextAt[i] = nullBytes(o.Payload), o.NextAttemptAt
	}

	args := []any{
		conv.Key.Bot, conv.Key.ID, conv.Engine, nullBytes(conv.State), string(conv.Lifecycle),
		conv.Version, conv.Turns, createdAt, updatedAt, c.ExpectedVersion, int64(c.EventCount()),
		types, data, ats, seqs,
		messageID, c.Response,
		obBots, obIDs, kinds, idemKeys, payloads, nextAt,
		c.InboundID, turn, activeAt, positions,
	}
	var done committed
	err := s.run(ctx, commitOp, false, func(ctx context.Context) error {
		var err error
		done, err = s.sendCommit(ctx, c.ExpectedVersion == 0, args, c.Conversation.Version)
		return err
	})
	if parley.ErrorCode(err) == parley.ECONFLICT {
		return parley.Errorf(parley.ECONFLICT, "commit of %s: the conversation is no longer at version %d", conv.Key, c.ExpectedVersion)
	}
	if err != nil {
		return err
	}
	for i := range c.Events {
		c.Events[i].At = ats[i]
	}
	c.StoredSeqs(done.lastSeq-int64(c.EventCount())+1, now)
	conv.LastSeq, conv.CreatedAt, conv.UpdatedAt = done.lastSeq, utc(done.createdAt), updatedAt
	if activeAt != nil {
		conv.ActiveAt = *activeAt
	}
	// An entry whose key was taken (before, or earlier in this commit) gets id 0.
	inserted := make(map[string]int64, len(done.outboxKeys))
	for i, key := range done.outboxKeys {
		inserted[key] = done.outboxIDs[i]
	}
	for i := range c.Outbox {
		o := &c.Outbox[i]
		o.ID = inserted[o.IdempotencyKey]
		delete(inserted, o.IdempotencyKey)
	}
	return nil
}

// notifyCommitted sends the notification of a committed version, read back from the
// committed row (a later commit that got in between announces itself).
const notifyCommitted = `SELECT pg_notify($1, p.payload) FROM (
	SELECT bot || E'\t' || conversation_id || E'\t' || last_seq AS payload FROM conversations
	WHERE bot = $2 AND conversation_id = $3 AND version = $4) p
WHERE octet_length(p.payload) < 8000`

// sendCommit runs the commit statement in one round trip. The notification goes in a
// second transaction pipelined behind the first (BEGIN; commit; COMMIT; notify), not
// inside it: PostgreSQL serializes the commits of all notifying transactions of the
// whole server on one lock held until after the commit's WAL flush, which would cap
// every replica together at one commit per disk flush. A notify-only transaction
// writes no WAL and holds that lock for microseconds. If the commit statement fails
// (ECONFLICT included), the server skips the rest of the pipeline: nothing is
// committed or notified.
func (s *Store) sendCommit(ctx context.Context, insert bool, args []any, version int64) (done committed, err error) {
	conn, err := s.pool.Acquire(ctx)
	if err != nil {
		return done, err
	}
	defer conn.Release()
	// Named statements, prepared once per connection: pgx drops the statements of a
	// failed batch from its automatic cache, which would make every refused commit
	// cost the next one a new prepare.
	statement, sql := commitStatementUpdate, commitUpdate
	if insert {
		statement, sql = commitStatementInsert, commitInsert
	}
	for _, st := range []struct{ name, sql string }{
		{statementBegin, "BEGIN"}, {statement, sql}, {statementCommit, "COMMIT"}, {statementNotify, notifyCommitted},
	} {
		if _, err := conn.Conn().Prepare(ctx, st.name, st.sql); err != nil {
			return done, err
		}
	}
	batch := &pgx.Batch{}
	batch.Queue(statementBegin)
	batch.Queue(statement, args...)
	batch.Queue(statementCommit)
	batch.Queue(statementNotify, s.channel, args[0], args[1], version)
	results := conn.SendBatch(ctx, batch)
	_, err = results.Exec()
	if err == nil {
		err = results.QueryRow().Scan(&done.lastSeq, &done.createdAt, &done.outboxKeys, &done.outboxIDs)
	}
	if closeErr := results.Close(); err == nil {
		err = closeErr
	}
	// A failed statement leaves its explicit transaction open and aborted; end it
	// here so that the pool keeps the connection.
	if pg := conn.Conn().PgConn(); !pg.IsClosed() && pg.TxStatus() != 'I' {
		if _, rbErr := conn.Exec(ctx, "ROLLBACK"); rbErr != nil {
			_ = conn.Conn().Close(ctx)
		}
	}
	return done, err
}

// Names of the commit path's prepared statements.
const (
	statementBegin        = "parley_begin"
	statementCommit       = "parley_commit"
	commitStatementInsert = "parley_commit_insert"
	commitStatementUpdate = "parley_commit_update"
	statementNotify       = "parley_notify"
)

// committed is what the commit statement reports: the conversation's new last seq,
// its creation time (kept by an update) and the outbox entries it inserted.
type committed struct {
	lastSeq    int64
	createdAt  time.Time
	outboxKeys []string
	outboxIDs  []int64
}

func orNow(t, now time.Time) time.Time {
	if t.IsZero() {
		return now
	}
	return t
}

// validateCommit refuses, before any round trip, a commit that could never be applied:
// parley.Commit.Validate, as in every store.
func validateCommit(c *parley.Commit) error {
	return c.Validate()
}
