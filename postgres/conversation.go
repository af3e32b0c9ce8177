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
	err := s.queryRow(ctx, "conversation", true, `
		SELECT c.engine, t.state, c.lifecycle, c.version, c.turns, c.last_seq, c.created_at, c.updated_at
		FROM conversations c LEFT JOIN turns t
			ON t.bot = c.bot AND t.conversation_id = c.conversation_id AND t.version = c.version
		WHERE c.bot = $1 AND c.conversation_id = $2`,
		[]any{key.Bot, key.ID},
		&c.Engine, &state, &lifecycle, &c.Version, &c.Turns, &c.LastSeq, &c.CreatedAt, &c.UpdatedAt)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, parley.Errorf(parley.ENOTFOUND, "conversation %s not found", key)
	}
	if err != nil {
		return nil, err
	}
	c.State = json.RawMessage(state)
	c.Lifecycle = parley.Lifecycle(lifecycle)
	c.CreatedAt, c.UpdatedAt = utc(c.CreatedAt), utc(c.UpdatedAt)
	return &c, nil
}

// Processed returns the response recorded for messageID in the conversation and the
// state of the version that processed it.
func (s *Store) Processed(ctx context.Context, key parley.ConversationKey, messageID string) (parley.Processed, bool, error) {
	if err := parley.CheckMessageKey(key, messageID); err != nil {
		return parley.Processed{}, false, err
	}
	var p parley.Processed
	var state []byte
	err := s.queryRow(ctx, "processed response", true, `
		SELECT m.response, m.version, t.state FROM processed_messages m LEFT JOIN turns t
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

// Events returns up to limit events with Seq > afterSeq, in order. A limit of 0 or
// less means no limit.
func (s *Store) Events(ctx context.Context, key parley.ConversationKey, afterSeq int64, limit int) ([]parley.Event, error) {
	if err := key.Check(); err != nil {
		return nil, err
	}
	var max *int
	if limit > 0 {
		max = &limit
	}
	events, err := collect(ctx, s, "events", `
		SELECT seq, type, data, at FROM events
		WHERE bot = $1 AND conversation_id = $2 AND seq > $3
		ORDER BY seq LIMIT $4`,
		[]any{key.Bot, key.ID, afterSeq, max},
		func(rows pgx.Rows) (parley.Event, error) {
			e := parley.Event{Key: key}
			var data []byte
			err := rows.Scan(&e.Seq, &e.Type, &data, &e.At)
			e.Data = json.RawMessage(data)
			e.At = utc(e.At)
			return e, err
		})
	if err != nil {
		return nil, err
	}
	return events, nil
}

// commitTail is the part of the commit statement after the conversation row's CTE
// (named conv, returning the new last_seq). Every write is gated on conv having a row,
// so a lost version race writes nothing. Parameters:
//
//	$1 bot, $2 conversation id, $11 number of events,
//	$12..$15 events: type, data, at, seq given by the caller (0: assign),
//	$3..$9 the head and the version's turns row: engine, state, lifecycle, version,
//	turns, created at, updated at; $10 the expected version,
//	$16 message id (NULL: none), $17 response,
//	$18..$23 outbox: bot, conversation id, kind, idempotency key, payload, next attempt,
//	$24 inbox entry to delete (0: none).
//
// An event seq that does not follow becomes NULL, which the NOT NULL column refuses.
// No row in conv (a lost version race) raises ECONFLICT's SQLSTATE in the final
// SELECT, which aborts the statement and what is pipelined after it.
const commitTail = `,
tn AS (
	INSERT INTO turns (bot, conversation_id, version, at, lifecycle, message_id, first_seq, last_seq, state)
	SELECT $1, $2, $6, $9, $5, $16, conv.last_seq - $11 + 1, conv.last_seq, $4 FROM conv
),
ev AS (
	INSERT INTO events (bot, conversation_id, seq, type, data, at)
	SELECT $1, $2,
		CASE WHEN e.seq = 0 OR e.seq = conv.last_seq - $11 + e.n THEN conv.last_seq - $11 + e.n END,
		e.type, e.data, e.at
	FROM conv, unnest($12::text[], $13::json[], $14::timestamptz[], $15::bigint[]) WITH ORDINALITY AS e(type, data, at, seq, n)
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
	INSERT INTO conversations (bot, conversation_id, engine, lifecycle, version, turns, last_seq, created_at, updated_at)
	SELECT $1, $2, $3, $5, $6, $7, $11, $8, $9 WHERE $10::bigint = 0
	ON CONFLICT (bot, conversation_id) DO NOTHING
	RETURNING last_seq, created_at
)` + commitTail

// commitUpdate updates the conversation only at the expected version; it takes the row
// lock, and a concurrent writer that committed first leaves conv empty. created_at is
// kept; $8 is referenced only so that both statements take the same parameters.
const commitUpdate = `WITH conv AS (
	UPDATE conversations SET engine = $3, lifecycle = $5, version = $6, turns = $7,
		last_seq = last_seq + $11, updated_at = $9
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
	for i, e := range c.Events {
		types[i], data[i], ats[i], seqs[i] = string(e.Type), nullBytes(e.Data), e.At, e.Seq
		if e.At.IsZero() {
			ats[i] = now
		}
	}
	var messageID *string
	if c.MessageID != "" {
		messageID = &c.MessageID
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
		conv.Version, conv.Turns, createdAt, updatedAt, c.ExpectedVersion, int64(n),
		types, data, ats, seqs,
		messageID, c.Response,
		obBots, obIDs, kinds, idemKeys, payloads, nextAt,
		c.InboundID,
	}
	var done committed
	err := s.run(ctx, "commit", false, func(ctx context.Context) error {
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
	first := done.lastSeq - int64(n)
	for i := range c.Events {
		e := &c.Events[i]
		e.Key, e.Seq, e.At = conv.Key, first+int64(i)+1, ats[i]
	}
	conv.LastSeq, conv.CreatedAt, conv.UpdatedAt = done.lastSeq, utc(done.createdAt), updatedAt
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

// validateCommit refuses, before any round trip, a commit that could never be applied.
// The rules are package sqlite's, so both backends refuse the same commits.
func validateCommit(c *parley.Commit) error {
	if c == nil {
		return parley.Errorf(parley.EINVALID, "commit: nil")
	}
	conv := &c.Conversation
	if err := checkKey(conv.Key); err != nil {
		return err
	}
	if err := conv.Key.Check(); err != nil {
		return err
	}
	if c.MessageID != "" {
		if err := parley.CheckID("message id", c.MessageID); err != nil {
			return err
		}
	}
	if c.ExpectedVersion < 0 || conv.Version != c.ExpectedVersion+1 {
		return parley.Errorf(parley.EINVALID, "commit of %s: version %d does not follow the expected version %d", conv.Key, conv.Version, c.ExpectedVersion)
	}
	switch conv.Lifecycle {
	case parley.LifecycleCreated, parley.LifecycleIdle, parley.LifecycleRunning, parley.LifecyclePaused,
		parley.LifecycleError, parley.LifecycleCancelled, parley.LifecycleCompleted:
	default:
		return parley.Errorf(parley.EINVALID, "commit of %s: unknown lifecycle %q", conv.Key, conv.Lifecycle)
	}
	for i, e := range c.Events {
		if e.Type == "" {
			return parley.Errorf(parley.EINVALID, "commit of %s: event %d has no type", conv.Key, i)
		}
	}
	for i, o := range c.Outbox {
		if o.Kind == "" || o.IdempotencyKey == "" {
			return parley.Errorf(parley.EINVALID, "commit of %s: outbox entry %d needs a kind and an idempotency key", conv.Key, i)
		}
	}
	if c.InboundID < 0 {
		return parley.Errorf(parley.EINVALID, "commit of %s: inbound id %d is negative", conv.Key, c.InboundID)
	}
	return nil
}
