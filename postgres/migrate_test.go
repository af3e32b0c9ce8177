package postgres

import (
	"bytes"
	"context"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/jackc/pgx/v5"
	"github.com/parleyhq/parley"
)

// TestMigrateFromFirstLayout builds a schema in the first layout (migration 0001 only:
// the state on the conversation row, whole responses) with a conversation in it,
// opens it with this store and reads the conversation, its events and its processed
// message back, then goes on committing.
func TestMigrateFromFirstLayout(t *testing.T) {
	ctx := context.Background()
	schema := freshSchema(t)
	admin := adminConn(t)
	all, err := migrations()
	if err != nil || all[0].version != 1 {
		t.Fatalf("migrations: %v", err)
	}
	at := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	response := []byte(`{"message_id":"m-1","replies":[],"state":{"step":"done"},"lifecycle":"idle","version":2}`)
	setup := []string{
		"CREATE SCHEMA " + pgx.Identifier{schema}.Sanitize(),
		"SET search_path TO " + pgx.Identifier{schema}.Sanitize(),
		all[0].sql,
		`CREATE TABLE parley_migrations (version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`,
		`INSERT INTO parley_migrations (version, name) VALUES (1, 'init')`,
	}
	for _, q := range setup {
		if _, err := admin.Exec(ctx, q); err != nil {
			t.Fatalf("%.60s: %v", q, err)
		}
	}
	if _, err := admin.Exec(ctx, `INSERT INTO conversations (bot, conversation_id, engine, state, lifecycle, version, turns, last_seq, created_at, updated_at)
		VALUES ('booking', 'c-1', 'flows', '{"step":"done"}', 'paused', 3, 2, 2, $1, $2)`, at, at.Add(time.Minute)); err != nil {
		t.Fatal(err)
	}
	if _, err := admin.Exec(ctx, `INSERT INTO events (bot, conversation_id, seq, type, data, at) VALUES
		('booking', 'c-1', 1, 'turn', '{"message_id":"m-1"}', $1), ('booking', 'c-1', 2, 'state_changed', '{"to_state":"paused"}', $1)`, at); err != nil {
		t.Fatal(err)
	}
	if _, err := admin.Exec(ctx, `INSERT INTO processed_messages (bot, conversation_id, message_id, response) VALUES ('booking', 'c-1', 'm-1', $1)`, response); err != nil {
		t.Fatal(err)
	}

	s := openTest(t, Options{Schema: schema})
	key := parley.ConversationKey{Bot: "booking", ID: "c-1"}
	conv, err := s.Conversation(ctx, key)
	if err != nil {
		t.Fatalf("Conversation: %v", err)
	}
	want := &parley.Conversation{Key: key, Engine: "flows", State: []byte(`{"step":"done"}`), Lifecycle: parley.LifecyclePaused,
		Version: 3, Turns: 2, LastSeq: 2, CreatedAt: at, UpdatedAt: at.Add(time.Minute)}
	if diff := cmp.Diff(want, conv); diff != "" {
		t.Fatalf("migrated conversation (-want +got):\n%s", diff)
	}
	p, ok, err := s.Processed(ctx, key, "m-1")
	if err != nil || !ok || !bytes.Equal(p.Response, response) || p.Version != 0 {
		t.Fatalf("Processed = %q (version %d), %v, %v; want the whole first-layout response", p.Response, p.Version, ok, err)
	}
	if events, err := s.Events(ctx, key, 0, 0); err != nil || len(events) != 2 || events[1].Type != "state_changed" {
		t.Fatalf("Events = %v, %v; want the two first-layout events", events, err)
	}
	page, err := s.ListConversations(ctx, parley.ConversationQuery{Bot: "booking", Limit: 10})
	if err != nil || len(page) != 1 || string(page[0].State) != `{"step":"done"}` {
		t.Fatalf("ListConversations = %+v, %v", page, err)
	}
	next := turn(key, 3, "m-2")
	if err := s.Commit(ctx, next); err != nil || next.Events[0].Seq != 3 {
		t.Fatalf("Commit after migration: %v (seq %d), want seq 3", err, next.Events[0].Seq)
	}
	if err := s.Commit(ctx, turn(key, 4, "m-1")); parley.ErrorCode(err) != parley.EDUPLICATE {
		t.Fatalf("Commit of a message processed before the migration = %v, want EDUPLICATE", err)
	}
}

// TestMigrateFromTurnsLayout builds a schema in the layout before one-commit turns
// (migrations 0001 and 0002: a running mark per turn, the turn's events whole, its
// response without its state) and opens it with this store: the conversation (a
// running mark a crash left reads as idle), its events and its processed message read
// back as before, and new turns (kept as turn records) continue the log.
func TestMigrateFromTurnsLayout(t *testing.T) {
	ctx := context.Background()
	schema := freshSchema(t)
	admin := adminConn(t)
	all, err := migrations()
	if err != nil || all[1].version != 2 {
		t.Fatalf("migrations: %v", err)
	}
	at := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	record := []byte(`{"message_sha256":"ab","response":{"message_id":"m-1","replies":[],"state":null,"lifecycle":"idle","version":2}}`)
	setup := []string{
		"CREATE SCHEMA " + pgx.Identifier{schema}.Sanitize(),
		"SET search_path TO " + pgx.Identifier{schema}.Sanitize(),
		all[0].sql, all[1].sql,
		`CREATE TABLE parley_migrations (version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`,
		`INSERT INTO parley_migrations (version, name) VALUES (1, 'init'), (2, 'turns')`,
	}
	for _, q := range setup {
		if _, err := admin.Exec(ctx, q); err != nil {
			t.Fatalf("%.60s: %v", q, err)
		}
	}
	for _, q := range []struct {
		sql  string
		args []any
	}{
		{`INSERT INTO conversations (bot, conversation_id, engine, lifecycle, version, turns, last_seq, created_at, updated_at)
			VALUES ('booking', 'c-1', 'flows', 'running', 3, 1, 2, $1, $1)`, []any{at}},
		{`INSERT INTO turns (bot, conversation_id, version, at, lifecycle, message_id, first_seq, last_seq, state) VALUES
			('booking', 'c-1', 1, $1, 'running', NULL, 1, 0, '{"step":"origin"}'),
			('booking', 'c-1', 2, $1, 'idle', 'm-1', 1, 2, '{"step":"origin"}'),
			('booking', 'c-1', 3, $1, 'running', NULL, 3, 2, '{"step":"origin"}')`, []any{at}},
		{`INSERT INTO events (bot, conversation_id, seq, type, data, at) VALUES
			('booking', 'c-1', 1, 'state_changed', '{"from_state":"created","to_state":"idle"}', $1),
			('booking', 'c-1', 2, 'turn', '{"message_id":"m-1","transitions":[]}', $1)`, []any{at}},
		{`INSERT INTO processed_messages (bot, conversation_id, message_id, response, version) VALUES ('booking', 'c-1', 'm-1', $1, 2)`, []any{record}},
	} {
		if _, err := admin.Exec(ctx, q.sql, q.args...); err != nil {
			t.Fatal(err)
		}
	}

	s := openTest(t, Options{Schema: schema})
	key := parley.ConversationKey{Bot: "booking", ID: "c-1"}
	conv, err := s.Conversation(ctx, key)
	if err != nil || conv.Lifecycle != parley.LifecycleIdle || conv.Version != 3 || string(conv.State) != `{"step":"origin"}` {
		t.Fatalf("migrated conversation = %+v, %v; want idle at version 3", conv, err)
	}
	p, ok, err := s.Processed(ctx, key, "m-1")
	if err != nil || !ok || p.Message != nil || !bytes.Equal(p.Response, record) || p.Version != 2 || string(p.State) != `{"step":"origin"}` {
		t.Fatalf("Processed = %+v, %v, %v; want the record with its version's state", p, ok, err)
	}
	c := &parley.Commit{
		Conversation: parley.Conversation{Key: key, Engine: "flows", State: []byte(`{"step":"destination"}`),
			Lifecycle: parley.LifecycleIdle, Version: 4, Turns: 2, CreatedAt: at, UpdatedAt: at},
		ExpectedVersion: 3,
		Turn:            &parley.TurnRecord{Message: parley.Message{ID: "m-2", Text: "Paris"}, Replies: []byte(`[]`), Transitions: []byte(`[]`)},
	}
	if err := s.Commit(ctx, c); err != nil || c.Conversation.LastSeq != 5 {
		t.Fatalf("Commit after migration: %v (last seq %d), want 5", err, c.Conversation.LastSeq)
	}
	events, err := s.Events(ctx, key, 0, 0)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, e := range events {
		got = append(got, string(rune('0'+e.Seq))+" "+string(e.Type))
	}
	if diff := cmp.Diff([]string{"1 state_changed", "2 turn", "3 state_changed", "4 turn", "5 state_changed"}, got); diff != "" {
		t.Fatalf("events after migration (-want +got):\n%s", diff)
	}
	if err := s.Commit(ctx, turn(key, 4, "m-1")); parley.ErrorCode(err) != parley.EDUPLICATE {
		t.Fatalf("Commit of a message processed before the migration = %v, want EDUPLICATE", err)
	}
}
