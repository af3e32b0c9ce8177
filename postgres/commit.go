package postgres

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgtype"
	"github.com/parleyhq/parley"
	"github.com/parleyhq/parley/internal/jsonenc"
	"github.com/parleyhq/parley/internal/statelog"
	"github.com/parleyhq/parley/turnlog"
)

// The commit statement is built from parts, each present only when the commit needs
// it (commitShape), so that a turn's statement plans, initializes and locks no more
// than it writes: a turn commit is the head (conv) and one turns row (tn) and nothing
// else. Placeholders {name} become $1, $2, ... in order of first use (commitParam).
//
// conv, the head: commitInsert creates the conversation (an existing row makes conv
// empty); commitUpdate updates it only at the expected version, which takes the row
// lock, so a concurrent writer that committed first leaves conv empty. Either returns
// the new last_seq and the kept created_at. Every other part is gated on conv having
// a row, so a lost version race writes nothing, and the statement then returns no row
// (ECONFLICT).
const (
	commitInsert = `WITH conv AS (
	INSERT INTO conversations (bot, conversation_id, engine, state, lifecycle, version, turns, last_seq, created_at, updated_at, active_at)
	VALUES ({bot}, {id}, {engine}, {state}, {lifecycle}, {version}, {turns}, {count}, {created_at}, {updated_at}, {active_at})
	ON CONFLICT (bot, conversation_id) DO NOTHING
	RETURNING last_seq, created_at
)`
	commitUpdate = `WITH conv AS (
	UPDATE conversations SET engine = {engine}, state = {state}, lifecycle = {lifecycle}, version = {version}, turns = {turns},
		last_seq = last_seq + {count}, updated_at = {updated_at}, active_at = {active_at}
	WHERE bot = {bot} AND conversation_id = {id} AND version = {expected}
	RETURNING last_seq, created_at
)`
)

// tn appends the version's turns row: its events (a JSON array, inlineEvent), its
// message id, the record it answered a message with (NULL for a turn: rebuilt), the
// turn (parley.TurnRecord) and the way back to the previous state ({back} of kind
// {kind}, or, when the store has no previous state to patch from, the head's state
// before this statement, whole). A message id already in turns violates
// turns_message (EDUPLICATE).
const (
	commitTurns = `,
tn AS (
	INSERT INTO turns (bot, conversation_id, version, at, lifecycle, message_id, first_seq, last_seq, state, back, turn, events, response)
	SELECT {bot}, {id}, {version}, {updated_at}, {lifecycle}, {message_id}, FIRST_SEQ, conv.last_seq, STATE, {kind}, {turn}, {events}, {response}
	FROM conv WHERE_LEGACY
	RETURNING version
)`
	// commitFirstSeq numbers the version's events after the head's last seq.
	commitFirstSeq = `conv.last_seq - {count} + 1`
	// commitFirstSeqChecked does the same when some events carry a seq of their own
	// ({seqs}, at {positions} among the version's events, 1-based): a seq that does
	// not follow makes first_seq NULL, which the NOT NULL column refuses (EINVALID).
	commitFirstSeqChecked = `CASE WHEN NOT EXISTS (SELECT 1 FROM unnest({seqs}::bigint[], {positions}::bigint[]) AS e(seq, pos)
			WHERE e.seq <> 0 AND e.seq <> conv.last_seq - {count} + e.pos) THEN conv.last_seq - {count} + 1 END`
	commitBack      = `{back}`
	commitBackWhole = `(SELECT h.state FROM conversations h WHERE h.bot = {bot} AND h.conversation_id = {id} AND h.version = {expected})`
	// commitLegacy skips the row when processed_messages (written before migration
	// 0004) holds the message id; the final SELECT then raises parley_duplicate's
	// unique violation, which rolls the head back.
	commitLegacy = `
	WHERE {message_id}::text IS NULL OR NOT EXISTS (SELECT 1 FROM processed_messages m
		WHERE m.bot = {bot} AND m.conversation_id = {id} AND m.message_id = {message_id})`
)

// ob inserts the outbox entries (an entry whose idempotency key is taken is skipped)
// and ib deletes the inbox entry the commit consumed.
const (
	commitOutbox = `,
ob AS (
	INSERT INTO outbox (bot, conversation_id, kind, idempotency_key, payload, next_attempt_at)
	SELECT o.bot, o.conversation_id, o.kind, o.idempotency_key, o.payload, o.next_attempt_at
	FROM conv, unnest({ob_bots}::text[], {ob_ids}::text[], {ob_kinds}::text[], {ob_keys}::text[], {ob_payloads}::json[], {ob_next}::timestamptz[])
		AS o(bot, conversation_id, kind, idempotency_key, payload, next_attempt_at)
	ON CONFLICT (idempotency_key) DO NOTHING
	RETURNING id, idempotency_key
)`
	commitInbound = `,
ib AS (
	DELETE FROM inbound WHERE id = {inbound} AND EXISTS (SELECT 1 FROM conv)
)`
	commitSelect       = "\nSELECT conv.last_seq, conv.created_at"
	commitSelectOutbox = `, (SELECT coalesce(array_agg(idempotency_key), '{}') FROM ob), (SELECT coalesce(array_agg(id), '{}') FROM ob)`
	commitSelectLegacy = `, CASE WHEN NOT EXISTS (SELECT 1 FROM tn) THEN parley_duplicate() END`
	commitSelectFrom   = "\nFROM conv"
)

// commitShape says which parts a commit's statement has; each shape is its own
// prepared statement.
type commitShape uint8

const (
	shapeInsert    commitShape = 1 << iota // a new conversation (ExpectedVersion 0)
	shapeBackWhole                         // no previous state to patch from: keep the head's
	shapeSeqs                              // some events carry their own seq
	shapeLegacy                            // processed_messages may hold the message id
	shapeOutbox                            // outbox entries
	shapeInbound                           // an inbox entry to delete
	shapeCount     = 1 << iota
)

// commitParam names a parameter of the commit statement.
type commitParam uint8

const (
	paramBot commitParam = iota
	paramID
	paramEngine
	paramState
	paramLifecycle
	paramVersion
	paramTurns
	paramCount
	paramCreatedAt
	paramUpdatedAt
	paramActiveAt
	paramExpected
	paramMessageID
	paramKind
	paramTurn
	paramEvents
	paramResponse
	paramSeqs
	paramPositions
	paramBack
	paramObBots
	paramObIDs
	paramObKinds
	paramObKeys
	paramObPayloads
	paramObNext
	paramInbound
	numCommitParams
)

var commitParamNames = [numCommitParams]string{
	"bot", "id", "engine", "state", "lifecycle", "version", "turns", "count", "created_at", "updated_at", "active_at",
	"expected", "message_id", "kind", "turn", "events", "response", "seqs", "positions", "back",
	"ob_bots", "ob_ids", "ob_kinds", "ob_keys", "ob_payloads", "ob_next", "inbound",
}

// commitStatement is one shape's prepared statement: its name, its SQL and the
// parameters in the order of $1, $2, ...
type commitStatement struct {
	shape  commitShape
	name   string
	sql    string
	params []commitParam
}

// commitStatements are the statements of every shape, built once.
var commitStatements = func() (all [shapeCount]commitStatement) {
	for shape := range commitShape(shapeCount) {
		all[shape] = buildCommit(shape)
	}
	return all
}()

// buildCommit assembles the statement of a shape and numbers its parameters.
func buildCommit(shape commitShape) commitStatement {
	sql, params := numberParams(commitTemplate(shape))
	return commitStatement{shape: shape, name: "parley_commit_" + strconv.Itoa(int(shape)), sql: sql, params: params}
}

// commitTemplate assembles the statement of shape from its parts, with named
// placeholders ({name}).
func commitTemplate(shape commitShape) string {
	var b strings.Builder
	if shape&shapeInsert != 0 {
		b.WriteString(commitInsert)
	} else {
		b.WriteString(commitUpdate)
	}
	first, state, where := commitFirstSeq, commitBack, ""
	if shape&shapeSeqs != 0 {
		first = commitFirstSeqChecked
	}
	if shape&shapeBackWhole != 0 {
		state = commitBackWhole
	}
	if shape&shapeLegacy != 0 {
		where = commitLegacy
	}
	b.WriteString(strings.NewReplacer("FIRST_SEQ", first, "STATE", state, " WHERE_LEGACY", where).Replace(commitTurns))
	if shape&shapeOutbox != 0 {
		b.WriteString(commitOutbox)
	}
	if shape&shapeInbound != 0 {
		b.WriteString(commitInbound)
	}
	b.WriteString(commitSelect)
	if shape&shapeOutbox != 0 {
		b.WriteString(commitSelectOutbox)
	}
	if shape&shapeLegacy != 0 {
		b.WriteString(commitSelectLegacy)
	}
	b.WriteString(commitSelectFrom)
	return b.String()
}

// numberParams replaces template's named placeholders with $1, $2, ... in the order
// each name first appears (a name used twice keeps its number), and returns the
// parameters in that order. A brace around anything but a parameter's name, such as
// '{}', is kept as it is.
func numberParams(template string) (string, []commitParam) {
	var sql strings.Builder
	var params []commitParam
	number := map[string]int{}
	for {
		i := strings.IndexByte(template, '{')
		j := strings.IndexByte(template[i+1:], '}')
		if i < 0 || j < 0 {
			sql.WriteString(template)
			return sql.String(), params
		}
		name := template[i+1 : i+1+j]
		p := slices.Index(commitParamNames[:], name)
		if p < 0 {
			sql.WriteString(template[:i+1])
			template = template[i+1:]
			continue
		}
		n, ok := number[name]
		if !ok {
			params = append(params, commitParam(p))
			n = len(params)
			number[name] = n
		}
		sql.WriteString(template[:i])
		sql.WriteString("$" + strconv.Itoa(n))
		template = template[i+2+j:]
	}
}

// Commit applies c in one statement; see the package doc for its guarantees.
func (s *Store) Commit(ctx context.Context, c *parley.Commit) error {
	if err := c.Validate(); err != nil {
		return err
	}
	in, err := s.commitInput(c)
	if err != nil {
		return err
	}
	statement := &commitStatements[in.shape]
	ordered := make([]any, len(statement.params))
	for i, p := range statement.params {
		ordered[i] = in.args[p]
	}
	done, err := s.commitGrouped(ctx, c.Conversation.Key, statement, ordered)
	if parley.ErrorCode(err) == parley.ECONFLICT {
		return c.Conflict()
	}
	if err != nil {
		return err
	}
	s.states.Put(c.Conversation.Key, c.Conversation.Version, in.state)
	s.notifier.committed(c.Conversation.Key, c.Conversation.Version)
	in.writeBack(c, done)
	return nil
}

// commitInput is what Commit sends (the statement's shape and every parameter a
// shape may name) and what it writes back into the commit once it landed.
type commitInput struct {
	now, updatedAt time.Time
	activeAt       *time.Time
	ats            []time.Time // the events' times
	state          []byte
	shape          commitShape
	args           [numCommitParams]any
}

// commitInput prepares c's statement.
func (s *Store) commitInput(c *parley.Commit) (*commitInput, error) {
	conv := &c.Conversation
	// Zero times are the commit's wall-clock time, as package sqlite stamps them, at
	// the microsecond the column keeps.
	now := time.Now().UTC().Truncate(time.Microsecond)
	in := &commitInput{now: now, updatedAt: orNow(conv.UpdatedAt, now), state: conv.State}
	seqs, positions, ats := eventColumns(c, now)
	in.ats = ats
	var messageID *string
	if id := c.ProcessedID(); id != "" {
		messageID = &id
	}
	var turn []byte
	if c.Turn != nil {
		var err error
		// turnlog.Encode's own bytes: json.Marshal would check and compact them once
		// more, and they are json.Marshal's already (compact, HTML escaped).
		if turn, err = turnlog.Encode(c.Turn); err != nil {
			return nil, parley.WrapError(parley.EINVALID, err, "commit of %s: turn", conv.Key)
		}
	}
	if !conv.ActiveAt.IsZero() {
		at := conv.ActiveAt.UTC().Truncate(time.Microsecond)
		in.activeAt = &at
	}
	if len(in.state) == 0 {
		in.state = []byte("null")
	}
	kind, back := s.back(c, in.state)

	a := &in.args
	a[paramBot], a[paramID], a[paramEngine], a[paramState] = conv.Key.Bot, conv.Key.ID, conv.Engine, in.state
	a[paramLifecycle], a[paramVersion], a[paramTurns] = string(conv.Lifecycle), conv.Version, conv.Turns
	a[paramCount], a[paramCreatedAt], a[paramUpdatedAt], a[paramActiveAt] = int64(turnlog.EventCount(c)), orNow(conv.CreatedAt, now), in.updatedAt, in.activeAt
	a[paramExpected], a[paramMessageID], a[paramKind] = c.ExpectedVersion, messageID, int16(kind)
	a[paramTurn], a[paramEvents], a[paramResponse] = turn, eventsArray(c.Events, ats), c.Response
	a[paramBack], a[paramSeqs], a[paramPositions] = back, seqs, positions
	s.shape(in, c, messageID != nil)
	return in, nil
}

// shape picks the parts c's statement needs and fills the parameters of the
// optional ones.
func (s *Store) shape(in *commitInput, c *parley.Commit, hasMessage bool) {
	a := &in.args
	if c.ExpectedVersion == 0 {
		in.shape |= shapeInsert
	}
	if a[paramBack].([]byte) == nil {
		in.shape |= shapeBackWhole
	}
	if slices.ContainsFunc(a[paramSeqs].([]int64), func(seq int64) bool { return seq != 0 }) {
		in.shape |= shapeSeqs
	}
	if hasMessage && s.legacyMessages {
		in.shape |= shapeLegacy
	}
	if len(c.Outbox) > 0 {
		in.shape |= shapeOutbox
		ob := outboxColumns(c)
		a[paramObBots], a[paramObIDs], a[paramObKinds] = ob.bots, ob.ids, ob.kinds
		a[paramObKeys], a[paramObPayloads], a[paramObNext] = ob.keys, ob.payloads, ob.nextAt
	}
	if c.InboundID != 0 {
		in.shape |= shapeInbound
		a[paramInbound] = c.InboundID
	}
}

// writeBack gives the committed c what the store stored: the events' seqs and
// times, the conversation's last seq, times and active time, and the outbox
// entries' ids (0 for an entry whose key was taken, before or earlier in c).
func (in *commitInput) writeBack(c *parley.Commit, done committed) {
	conv := &c.Conversation
	for i := range c.Events {
		c.Events[i].At = in.ats[i]
	}
	c.StoredSeqs(done.lastSeq-int64(turnlog.EventCount(c))+1, in.now)
	conv.LastSeq, conv.CreatedAt, conv.UpdatedAt = done.lastSeq, utc(done.createdAt), in.updatedAt
	if in.activeAt != nil {
		conv.ActiveAt = *in.activeAt
	}
	inserted := make(map[string]int64, len(done.outboxKeys))
	for i, key := range done.outboxKeys {
		inserted[key] = done.outboxIDs[i]
	}
	for i := range c.Outbox {
		o := &c.Outbox[i]
		o.ID = inserted[o.IdempotencyKey]
		delete(inserted, o.IdempotencyKey)
	}
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
	if c.Conversation.Version != c.ExpectedVersion+1 {
		return statelog.Previous, nil // the version check refuses this commit
	}
	// Cache.Back checks a cached state to be JSON once, not at every commit.
	kind, prev, held := s.states.Back(c.Conversation.Key, c.Conversation.Version, state)
	if !held {
		return statelog.Previous, nil
	}
	return kind, prev
}

// eventsArray is the JSON array of the events a turns row keeps (inlineEvent): type,
// time (unix microseconds) and data, in order; their seqs follow from the row's.
func eventsArray(events []parley.Event, ats []time.Time) []byte {
	size := 2
	for _, e := range events {
		size += len(`{"type":"","at":1234567890123456,"data":},`) + len(e.Type) + len(e.Data)
	}
	b := append(make([]byte, 0, size), '[')
	for i, e := range events {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, `{"type":`...)
		b = jsonenc.String(b, string(e.Type))
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

// sendCommit runs the commit statement: one statement, one implicit transaction, one
// round trip (Bind, Execute, Sync on a statement prepared once per connection). No
// row back means conv was empty: the conversation is not at the expected version.
// The parameters and the row go through the connection's wire protocol directly
// (wire.go).
func (s *Store) sendCommit(ctx context.Context, statement *commitStatement, args []any) (done committed, err error) {
	conn, err := s.pool.Acquire(ctx)
	if err != nil {
		return done, err
	}
	defer conn.Release()
	// Named statements, prepared once per connection: pgx drops a statement that
	// failed from its automatic cache, which would make every refused commit cost the
	// next one a new prepare.
	sd, err := conn.Conn().Prepare(ctx, statement.name, statement.sql)
	if err != nil {
		return done, err
	}
	m := conn.Conn().TypeMap()
	values, err := wireParams(m, sd.ParamOIDs, args)
	if err != nil {
		return done, err
	}
	rr := conn.Conn().PgConn().ExecStatement(ctx, sd, values, binaryFormats[:len(values)], binaryFormats[:1])
	found := rr.NextRow()
	var scanErr error
	if found {
		scanErr = done.scan(m, statement.shape, rr.FieldDescriptions(), rr.Values())
	}
	if _, err := rr.Close(); err != nil {
		return done, err
	}
	if scanErr != nil {
		return done, scanErr
	}
	if !found {
		return done, parley.Errorf(parley.ECONFLICT, "the conversation is not at the expected version")
	}
	return done, nil
}

// scan decodes the commit statement's row (binary): last_seq, created_at, then for
// an outbox the keys and ids it inserted, for the legacy shape parley_duplicate's
// NULL.
func (done *committed) scan(m *pgtype.Map, shape commitShape, fields []pgconn.FieldDescription, row [][]byte) error {
	want := 2
	if shape&shapeOutbox != 0 {
		want += 2
	}
	if shape&shapeLegacy != 0 {
		want++
	}
	if len(row) != want || len(fields) != want {
		return fmt.Errorf("postgres: the commit returned %d columns, want %d", len(row), want)
	}
	var err error
	if done.lastSeq, err = scanInt8(row[0]); err != nil {
		return err
	}
	if done.createdAt, err = scanTimestamptz(row[1]); err != nil {
		return err
	}
	if shape&shapeOutbox != 0 {
		if err := m.Scan(fields[2].DataTypeOID, fields[2].Format, row[2], &done.outboxKeys); err != nil {
			return err
		}
		if err := m.Scan(fields[3].DataTypeOID, fields[3].Format, row[3], &done.outboxIDs); err != nil {
			return err
		}
	}
	return nil
}

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
