package postgres

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"os"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/parleyhq/parley"
)

// defaultTestURL is the database scripts/pg-up.sh prepares.
const defaultTestURL = "postgres://postgres@127.0.0.1:5432/parley_test?sslmode=disable"

func testURL() string {
	if url := os.Getenv("PARLEY_TEST_POSTGRES"); url != "" {
		return url
	}
	return defaultTestURL
}

// adminConn connects to the test database outside any Store. When the server is
// unreachable the test is skipped, except under CI=true where that is a failure.
func adminConn(t testing.TB) *pgx.Conn {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	conn, err := pgx.Connect(ctx, testURL())
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("PostgreSQL at PARLEY_TEST_POSTGRES is unreachable under CI (run scripts/pg-up.sh): %v", err)
		}
		t.Skipf("PostgreSQL unreachable (set PARLEY_TEST_POSTGRES or run scripts/pg-up.sh): %v", err)
	}
	t.Cleanup(func() { _ = conn.Close(context.Background()) })
	return conn
}

// freshSchema names a schema no other test uses and drops it when the test ends. The
// Store creates it at Open.
func freshSchema(t testing.TB) string {
	t.Helper()
	admin := adminConn(t)
	var random [6]byte
	_, _ = rand.Read(random[:])
	name := "pt_" + hex.EncodeToString(random[:])
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		if _, err := admin.Exec(ctx, "DROP SCHEMA IF EXISTS "+pgx.Identifier{name}.Sanitize()+" CASCADE"); err != nil {
			t.Errorf("drop schema %s: %v", name, err)
		}
	})
	return name
}

// openTest opens a Store on a fresh schema, closed when the test ends.
func openTest(t testing.TB, opts Options) *Store {
	t.Helper()
	if opts.Schema == "" {
		opts.Schema = freshSchema(t)
	}
	s, err := Open(context.Background(), testURL(), opts)
	if err != nil {
		t.Fatalf("Open: %v", err)
	}
	t.Cleanup(func() { _ = s.Close() })
	return s
}

func wantCode(t *testing.T, err error, code string) {
	t.Helper()
	if got := parley.ErrorCode(err); got != code {
		t.Fatalf("error code = %q, want %q (err: %v)", got, code, err)
	}
}

var t0 = time.Date(2026, 1, 1, 10, 0, 0, 0, time.UTC)

func conversation(key parley.ConversationKey, version int64) parley.Conversation {
	return parley.Conversation{
		Key:       key,
		Engine:    "flows",
		State:     []byte(`{"step":` + string(rune('0'+version%10)) + `}`),
		Lifecycle: parley.LifecycleIdle,
		Version:   version,
		Turns:     version,
		CreatedAt: t0,
		UpdatedAt: t0.Add(time.Duration(version) * time.Second),
	}
}

// turn is the commit of one turn at version expected+1 with one event and message id.
func turn(key parley.ConversationKey, expected int64, messageID string) *parley.Commit {
	return &parley.Commit{
		Conversation:    conversation(key, expected+1),
		ExpectedVersion: expected,
		Events:          []parley.Event{{Type: parley.EventTurn, Data: []byte(`{"message_id":"` + messageID + `"}`)}},
		MessageID:       messageID,
		Response:        []byte(`{"reply":"` + messageID + `"}`),
	}
}
