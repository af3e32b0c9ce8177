package postgres

import (
	"context"
	"encoding/json"
	"strconv"
	"time"
	"unicode/utf8"

	"github.com/jackc/pgx/v5"
	"github.com/parleyhq/parley"
	"github.com/parleyhq/parley/internal/statelog"
)

// commitTail is the part of the commit statement after the head's CTE (named conv,
// returning the new last_seq): the steps every store names alike, head (conv),
// append (tn: one turns row holding the version's events, its message id, the
// record it answered a message with and the way back to the previous state), outbox
// (ob) and inbound (ib). Every write is gated on conv having a row, so a lost
// version race writes nothing. Parameters:
//
//	$1 bot, $2 conversation id, $3..$9 the head: engine, state, lifecycle, version,
//	turns, created at, updated at; $10 the expected version, $11 number of events
//	the version appends (those a turn's row leaves to be rebuilt included,
//	parley.Commit.EventCount), $26 active at;
//	$12 what the row keeps of the previous state (NULL: the head's state before
//	this statement, whole), $13 its kind (statelog.Kind), $14 and $15 the seqs the
//	caller gave the stored events (0: assign) and their positions among the
//	version's events (1-based), $27 the stored events as a JSON array (inlineEvent),
//	$16 message id (NULL: none), $17 response (NULL for a turn: rebuilt), $25 the turn
//	(parley.TurnRecord, NULL for a version that is not a turn),
//	$18..$23 outbox: bot, conversation id, kind, idempotency key, payload, next attempt,
//	$24 inbox entry to delete (0: none).
//
// An event seq that does not follow makes first_seq NULL, which the NOT NULL column
// refuses (EINVALID). A message id processed_messages holds (written before
// migration 0004) leaves tn empty and raises parley_duplicate's unique violation; one
// in turns violates turns_message. No row in conv (a lost version race) raises
// ECONFLICT's SQLSTATE in the final SELECT, which aborts the statement and what is
// pipelined after it.
const commitTail = `,
tn AS (
	INSERT INTO turns (bot, conversation_id, version, at, lifecycle, message_id, first_seq, last_seq, state, back, turn, events, response)
	SELECT $1, $2, $6, $9, $5, $16,
		CASE WHEN NOT EXISTS (SELECT 1 FROM unnest($14::bigint[], $15::bigint[]) AS e(seq, pos)
			WHERE e.seq <> 0 AND e.seq <> conv.last_seq - $11 + e.pos) THEN conv.last_seq - $11 + 1 END,
		conv.last_seq,
		coalesce($12::json, (SELECT h.state FROM conversations h WHERE h.bot = $1 AND h.conversation_id = $2 AND h.version = $10)),
		$13, $25, $27, $17
	FROM conv
	WHERE $16::text IS NULL OR NOT EXISTS (SELECT 1 FROM processed_messages m
		WHERE m.bot = $1 AND m.conversation_id = $2 AND m.message_id = $16)
	RETURNING version
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
SELECT CASE WHEN NOT EXISTS (SELECT 1 FROM conv) THEN parley_conflict()
		WHEN NOT EXISTS (SELECT 1 FROM tn) THEN parley_duplicate()
		ELSE (SELECT last_seq FROM conv) END,
	(SELECT created_at FROM conv),
	(SELECT coalesce(array_agg(idempotency_key), '{}') FROM ob),
	(SELECT coalesce(array_agg(id), '{}') FROM ob)`

// commitInsert creates the conversation; an existing row makes conv empty.
const commitInsert = `WITH conv AS (
	INSERT INTO conversations (bot, conversation_id, engine, state, lifecycle, version, turns, last_seq, created_at, updated_at, active_at)
	SELECT $1, $2, $3, $4, $5, $6, $7, $11, $8, $9, $26 WHERE $10::bigint = 0
	ON CONFLICT (bot, conversation_id) DO NOTHING
	RETURNING last_seq, created_at
)` + commitTail

// commitUpdate updates the conversation only at the expected version; it takes the row
// lock, and a concurrent writer that committed first leaves conv empty. created_at is
// kept; $8 is referenced only so that both statements take the same parameters.
const commitUpdate = `WITH conv AS (
	UPDATE conversations SET engine = $3, state = $4, lifecycle = $5, version = $6, turns = $7,
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
	seqs, positions, ats := eventColumns(c, now)
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
	ob := outboxColumns(c)
	state := conv.State
	if len(state) == 0 {
		state = []byte("null")
	}
	kind, back := s.back(c, state)

	args := []any{
		conv.Key.Bot, conv.Key.ID, conv.Engine, state, string(conv.Lifecycle),
		conv.Version, conv.Turns, createdAt, updatedAt, c.ExpectedVersion, int64(c.EventCount()),
		back, int16(kind), seqs, positions,
		messageID, c.Response,
		ob.bots, ob.ids, ob.kinds, ob.keys, ob.payloads, ob.nextAt,
		c.InboundID, turn, activeAt, eventsArray(c.Events, ats),
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
	s.states.Put(conv.Key, conv.Version, state)
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

// eventColumns returns c's events' seqs, positions in the log and times (now for
// those without one) as the statement's array parameters.
func eventColumns(c *parley.Commit, now time.Time) (seqs, positions []int64, ats []time.Time) {
	n := len(c.Events)
	seqs, positions = make([]int64, n), make([]int64, n)
	ats = make([]time.Time, n)
	for i, e := range c.Events {
		seqs[i], ats[i], positions[i] = e.Seq, e.At, int64(i+1)
		if e.At.IsZero() {
			ats[i] = now
		}
		if c.Turn != nil && i >= c.Turn.Before {
			positions[i] += 2 // after idle -> running and the turn event
		}
	}
	return seqs, positions, ats
}

// outboxArrays are a commit's outbox entries as the statement's array parameters.
type outboxArrays struct {
	bots, ids, kinds, keys []string
	payloads               [][]byte
	nextAt                 []time.Time
}

// outboxColumns returns c's outbox entries column by column; an entry without a
// key belongs to the committed conversation.
func outboxColumns(c *parley.Commit) outboxArrays {
	m := len(c.Outbox)
	ob := outboxArrays{bots: make([]string, m), ids: make([]string, m), kinds: make([]string, m), keys: make([]string, m),
		payloads: make([][]byte, m), nextAt: make([]time.Time, m)}
	for i, o := range c.Outbox {
		key := o.Key
		if key == (parley.ConversationKey{}) {
			key = c.Conversation.Key
		}
		ob.bots[i], ob.ids[i], ob.kinds[i], ob.keys[i] = key.Bot, key.ID, o.Kind, o.IdempotencyKey
		ob.payloads[i], ob.nextAt[i] = nullBytes(o.Payload), o.NextAttemptAt
	}
	return ob
}

// back is what the commit's turns row keeps of the previous state
// (statelog.Back): a patch from the state the cache holds for the expected version,
// or, when it holds none, nil: the statement then keeps the head's state whole.
func (s *Store) back(c *parley.Commit, state []byte) (statelog.Kind, []byte) {
	if c.ExpectedVersion == 0 {
		return statelog.Back(c.Conversation.Version, nil, state)
	}
	prev := s.states.Get(c.Conversation.Key, c.ExpectedVersion)
	if prev == nil {
		return statelog.Previous, nil
	}
	return statelog.Back(c.Conversation.Version, prev, state)
}

// eventsArray is the JSON array of the events a turns row keeps (inlineEvent): type,
// time (unix microseconds) and data, in order; their seqs follow from the row's.
func eventsArray(events []parley.Event, ats []time.Time) []byte {
	b := []byte{'['}
	for i, e := range events {
		if i > 0 {
			b = append(b, ',')
		}
		t, _ := json.Marshal(string(e.Type))
		b = append(b, `{"type":`...)
		b = append(b, t...)
		b = append(b, `,"at":`...)
		b = strconv.AppendInt(b, ats[i].UnixMicro(), 10)
		if len(e.Data) > 0 {
			b = append(b, `,"data":`...)
			b = append(b, e.Data...)
		}
		b = append(b, '}')
	}
	return append(b, ']')
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
// parley.Commit.Validate, as in every store, and events whose type is not UTF-8 (the
// row's JSON array could not carry it as it is).
func validateCommit(c *parley.Commit) error {
	if err := c.Validate(); err != nil {
		return err
	}
	for i := range c.Events {
		if !utf8.ValidString(string(c.Events[i].Type)) {
			return parley.Errorf(parley.EINVALID, "commit %s: event %d: type must be UTF-8", c.Conversation.Key, i)
		}
	}
	return nil
}
