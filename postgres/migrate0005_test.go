package postgres

import (
	"context"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/parleyhq/parley"
)

// TestMigrate0005KeepsConversations builds a schema in migration 0004's layout with
// a conversation in it, opens it with this store (which applies 0005: the version
// CHECKs go) and reads the conversation, its log and its processed message back,
// then goes on committing.
func TestMigrate0005KeepsConversations(t *testing.T) {
	ctx := context.Background()
	schema := freshSchema(t)
	admin := adminConn(t)
	all, err := migrations()
	if err != nil || len(all) < 5 || all[3].version != 4 || all[4].version != 5 {
		t.Fatalf("migrations: %v", err)
	}
	at := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	for _, q := range []struct {
		sql  string
		args []any
	}{
		{"CREATE SCHEMA " + pgx.Identifier{schema}.Sanitize(), nil},
		{"SET search_path TO " + pgx.Identifier{schema}.Sanitize(), nil},
		{all[0].sql, nil}, {all[1].sql, nil}, {all[2].sql, nil}, {all[3].sql, nil},
		{`CREATE TABLE parley_migrations (version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`, nil},
		{`INSERT INTO parley_migrations (version, name) VALUES (1, 'init'), (2, 'turns'), (3, 'turn_log'), (4, 'state_changes')`, nil},
		{`INSERT INTO conversations (bot, conversation_id, engine, state, lifecycle, version, turns, last_seq, created_at, updated_at)
			VALUES ('booking', 'c-1', 'flows', '{"step":2}', 'idle', 2, 2, 2, $1, $1)`, []any{at}},
		// Each row keeps the previous version's state whole (back 2).
		{`INSERT INTO turns (bot, conversation_id, version, at, lifecycle, message_id, first_seq, last_seq, state, back, events, response) VALUES
			('booking', 'c-1', 1, $1, 'idle', NULL, 1, 1, 'null', 2, '[{"type":"state_changed","at":1772366400000000,"data":{"to_state":"idle"}}]', NULL),
			('booking', 'c-1', 2, $1, 'idle', 'm-2', 2, 2, '{"step":1}', 2, '[{"type":"warning","at":1772366400000000}]', '{"ok":2}')`, []any{at}},
	} {
		if _, err := admin.Exec(ctx, q.sql, q.args...); err != nil {
			t.Fatalf("%.60s: %v", q.sql, err)
		}
	}
	if n := versionChecks(t, admin, schema); n != 2 {
		t.Fatalf("%d CHECK constraints on conversations and turns before 0005, want the 2 on version", n)
	}

	s := openTest(t, Options{Schema: schema})
	if n := versionChecks(t, admin, schema); n != 0 {
		t.Fatalf("%d CHECK constraints on conversations and turns after 0005, want none", n)
	}
	key := parley.ConversationKey{Bot: "booking", ID: "c-1"}
	conv, err := s.Conversation(ctx, key)
	if err != nil || conv.Version != 2 || conv.LastSeq != 2 || string(conv.State) != `{"step":2}` {
		t.Fatalf("migrated conversation = %+v, %v; want version 2, last seq 2", conv, err)
	}
	p, ok, err := s.Processed(ctx, key, "m-2")
	if err != nil || !ok || string(p.Response) != `{"ok":2}` || p.Version != 2 || string(p.State) != `{"step":2}` {
		t.Fatalf("Processed = %+v, %v, %v; want the record of version 2", p, ok, err)
	}
	if events, err := s.Events(ctx, key, 0, 0); err != nil || len(events) != 2 || events[1].Seq != 2 || events[1].Type != parley.EventWarning {
		t.Fatalf("Events = %+v, %v; want the two stored events", events, err)
	}
	if err := s.Commit(ctx, turn(key, 2, "m-3")); err != nil {
		t.Fatalf("Commit after migration: %v", err)
	}
	if err := s.Commit(ctx, turn(key, 3, "m-2")); parley.ErrorCode(err) != parley.EDUPLICATE {
		t.Fatalf("Commit of a message processed before the migration = %v, want EDUPLICATE", err)
	}
}

// versionChecks counts the CHECK constraints of conversations and turns in schema.
func versionChecks(t *testing.T, admin *pgx.Conn, schema string) int {
	t.Helper()
	var n int
	if err := admin.QueryRow(context.Background(), `SELECT count(*) FROM pg_constraint c JOIN pg_class r ON r.oid = c.conrelid
		JOIN pg_namespace n ON n.oid = r.relnamespace
		WHERE c.contype = 'c' AND n.nspname = $1 AND r.relname IN ('conversations', 'turns')`, schema).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}
