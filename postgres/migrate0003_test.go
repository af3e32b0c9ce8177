package postgres

import (
	"bytes"
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/parleyhq/parley"
	"github.com/parleyhq/parley/storetest"
	"github.com/parleyhq/parley/turnlog"
)

// The commit statements of migration 0003's layout, as package postgres ran them
// before migration 0004: TestMigrate0003KeepsEveryConversation writes with them.
const commitTail0003 = `,
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
const commitInsert0003 = `WITH conv AS (
	INSERT INTO conversations (bot, conversation_id, engine, lifecycle, version, turns, last_seq, created_at, updated_at, active_at)
	SELECT $1, $2, $3, $5, $6, $7, $11, $8, $9, $26 WHERE $10::bigint = 0
	ON CONFLICT (bot, conversation_id) DO NOTHING
	RETURNING last_seq, created_at
)` + commitTail0003

// commitUpdate updates the conversation only at the expected version; it takes the row
// lock, and a concurrent writer that committed first leaves conv empty. created_at is
// kept; $8 is referenced only so that both statements take the same parameters.
const commitUpdate0003 = `WITH conv AS (
	UPDATE conversations SET engine = $3, lifecycle = $5, version = $6, turns = $7,
		last_seq = last_seq + $11, updated_at = $9, active_at = $26
	WHERE bot = $1 AND conversation_id = $2 AND version = $10 AND $8::timestamptz IS NOT NULL
	RETURNING last_seq, created_at
)` + commitTail0003

// commit0003 writes c with migration 0003's statement and returns its new last seq.
func commit0003(t *testing.T, conn *pgx.Conn, c *parley.Commit) int64 {
	t.Helper()
	ctx := context.Background()
	conv := &c.Conversation
	n := len(c.Events)
	types, data, ats, seqs, positions := make([]string, n), make([][]byte, n), make([]time.Time, n), make([]int64, n), make([]int64, n)
	for i, e := range c.Events {
		types[i], data[i], ats[i], positions[i] = string(e.Type), nullBytes(e.Data), e.At, int64(i+1)
		if c.Turn != nil && i >= c.Turn.Before {
			positions[i] += 2
		}
	}
	var messageID *string
	if id := c.ProcessedID(); id != "" {
		messageID = &id
	}
	var turn []byte
	if c.Turn != nil {
		var err error
		if turn, err = turnlog.Encode(c.Turn); err != nil {
			t.Fatal(err)
		}
	}
	args := []any{
		conv.Key.Bot, conv.Key.ID, conv.Engine, nullBytes(conv.State), string(conv.Lifecycle),
		conv.Version, conv.Turns, conv.CreatedAt, conv.UpdatedAt, c.ExpectedVersion, int64(turnlog.EventCount(c)),
		types, data, ats, seqs,
		messageID, c.Response,
		[]string{}, []string{}, []string{}, []string{}, [][]byte{}, []time.Time{},
		int64(0), turn, nil, positions,
	}
	sql := commitUpdate0003
	if c.ExpectedVersion == 0 {
		sql = commitInsert0003
	}
	var last int64
	var created time.Time
	var keys []string
	var ids []int64
	if err := conn.QueryRow(ctx, sql, args...).Scan(&last, &created, &keys, &ids); err != nil {
		t.Fatalf("0003 commit of %s v%d: %v", conv.Key, conv.Version, err)
	}
	return last
}

// versionCommit0003 is version v of a conversation: a turn (the spawn before it at
// version 1, an engine event after it) or, every third version, a control's record;
// the state grows by a message per version.
func versionCommit0003(key parley.ConversationKey, v int64, salt int) *parley.Commit {
	at := time.Date(2026, 2, 1, 9, 0, 0, 0, time.UTC).Add(time.Duration(v) * time.Second)
	var msgs bytes.Buffer
	for j := int64(1); j <= v; j++ {
		if j > 1 {
			msgs.WriteByte(',')
		}
		fmt.Fprintf(&msgs, `{"role":"user","content":"message %d <%d> of a conversation long enough to patch","timestamp":%d}`, j, salt, j)
	}
	c := &parley.Commit{
		Conversation: parley.Conversation{Key: key, Engine: "flows", Lifecycle: parley.LifecycleIdle, Version: v, Turns: v, CreatedAt: at, UpdatedAt: at,
			State: []byte(fmt.Sprintf(`{"messages":[%s],"slots":{"n":%d},"step":"s%d"}`, msgs.String(), v%4, v%3))},
		ExpectedVersion: v - 1,
	}
	id := fmt.Sprintf("m-%d", v)
	if v%3 == 0 {
		c.MessageID, c.Response = id, []byte(fmt.Sprintf(`{"conversation_id":%q,"state":null,"lifecycle":"paused","version":%d}`, key.ID, v))
		c.Events = []parley.Event{{Type: parley.EventStateChanged, Data: []byte(`{"from_state":"idle","to_state":"paused","reason":"pause"}`), At: at}}
		return c
	}
	c.Turn = &parley.TurnRecord{Message: parley.Message{ID: id, Text: fmt.Sprintf("text %d", v), SentAt: at},
		Replies: []byte(`[{"id":"a-1","type":"text","text":"ok"}]`), Transitions: []byte(`[{"from":"a","to":"b","trigger":"t"}]`)}
	c.Events = []parley.Event{{Type: "guardrail", Data: []byte(`{"rule":"r"}`), At: at}}
	if v == 1 {
		c.Events = append([]parley.Event{{Type: parley.EventStateChanged, Data: []byte(`{"from_state":"created","to_state":"idle","reason":"spawned"}`), At: at}}, c.Events...)
		c.Turn.Before = 1
	}
	return c
}

type conversation0003 struct {
	key     parley.ConversationKey
	commits []*parley.Commit
	events  []parley.Event
}

// TestMigrate0003KeepsEveryConversation writes conversations with migration 0003's
// commit statement (every turns row holding its version's state whole, events and
// processed messages in their own tables), opens the schema with this store (which
// applies 0004) and reads every conversation's state, log and processed messages
// back; then commits more versions (which keep changes) and reads every old version
// again.
func TestMigrate0003KeepsEveryConversation(t *testing.T) {
	ctx := context.Background()
	schema := freshSchema(t)
	admin := adminConn(t)
	all, err := migrations()
	if err != nil || len(all) < 4 || all[2].version != 3 {
		t.Fatalf("migrations: %v", err)
	}
	for _, q := range []string{
		"CREATE SCHEMA " + pgx.Identifier{schema}.Sanitize(),
		"SET search_path TO " + pgx.Identifier{schema}.Sanitize(),
		all[0].sql, all[1].sql, all[2].sql,
		`CREATE TABLE parley_migrations (version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`,
		`INSERT INTO parley_migrations (version, name) VALUES (1, 'init'), (2, 'turns'), (3, 'turn_log')`,
	} {
		if _, err := admin.Exec(ctx, q); err != nil {
			t.Fatalf("%.60s: %v", q, err)
		}
	}
	var convs []*conversation0003
	for i := range 8 {
		conv := &conversation0003{key: parley.ConversationKey{Bot: "booking", ID: fmt.Sprintf("c-%d", i)}}
		for v := int64(1); v <= int64(3+i*3); v++ {
			c := versionCommit0003(conv.key, v, i)
			last := commit0003(t, admin, c)
			c.StoredSeqs(last-int64(turnlog.EventCount(c))+1, c.Conversation.UpdatedAt)
			c.Conversation.LastSeq = last
			conv.events = append(conv.events, turnlog.LogEvents(c)...)
			conv.commits = append(conv.commits, c)
		}
		convs = append(convs, conv)
	}

	s := openTest(t, Options{Schema: schema})
	for _, conv := range convs {
		storetest.SameConversation(t, s, conv.key, conv.commits, conv.events)
	}
	for i, conv := range convs {
		for range 20 {
			v := conv.commits[len(conv.commits)-1].Conversation.Version + 1
			c := versionCommit0003(conv.key, v, i)
			if err := s.Commit(ctx, c); err != nil {
				t.Fatalf("%s: commit v%d after the migration: %v", conv.key, v, err)
			}
			conv.events = append(conv.events, turnlog.LogEvents(c)...)
			conv.commits = append(conv.commits, c)
		}
		storetest.SameConversation(t, s, conv.key, conv.commits, conv.events)
	}
	var kinds int
	if err := admin.QueryRow(ctx, `SELECT count(DISTINCT back) FROM turns`).Scan(&kinds); err != nil || kinds != 3 {
		t.Fatalf("kinds of turns rows = %d, %v; want all three (own state, patch, previous state)", kinds, err)
	}
}
