package postgres

import (
	"context"
	"net"
	"sync/atomic"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/parleyhq/parley"
)

// flushCounter counts the writes of the pool's connections: pgx writes each request
// (a statement, a pipelined batch) in one flush and then waits for the answer, so
// writes are round trips.
type flushCounter struct {
	net.Conn
	writes *atomic.Int64
}

func (c flushCounter) Write(b []byte) (int, error) {
	c.writes.Add(1)
	return c.Conn.Write(b)
}

// TestRoundTrips pins the cost of the hot path on the wire: a warm Commit is one round
// trip, a refused one too, a read one; the notification of the commits is one more,
// off the commit's path, shared by the commits that land while one is in flight.
func TestRoundTrips(t *testing.T) {
	t.Parallel()
	config, err := pgxpool.ParseConfig(testURL())
	if err != nil {
		t.Fatal(err)
	}
	var writes atomic.Int64
	dialer := &net.Dialer{}
	config.ConnConfig.DialFunc = func(ctx context.Context, network, addr string) (net.Conn, error) {
		conn, err := dialer.DialContext(ctx, network, addr)
		if err != nil {
			return nil, err
		}
		return flushCounter{conn, &writes}, nil
	}
	config.MinConns = 0
	s, err := openConfig(context.Background(), config, Options{Schema: freshSchema(t), MaxConns: 1})
	if err != nil {
		t.Fatalf("Open: %v", err)
	}
	t.Cleanup(func() { _ = s.Close() })
	ctx := context.Background()
	key := parley.ConversationKey{Bot: "shop", ID: "c-1"}

	// Warm up: the first use of each statement prepares it.
	for v := range int64(3) {
		c := turn(key, v, "")
		c.Outbox = []parley.OutboxEntry{{Kind: "webhook", IdempotencyKey: "warm-" + string(rune('a'+v))}}
		if err := s.Commit(ctx, c); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.Commit(ctx, turn(key, 0, "")); parley.ErrorCode(err) != parley.ECONFLICT {
		t.Fatal(err)
	}
	if _, err := s.Conversation(ctx, key); err != nil {
		t.Fatal(err)
	}

	tests := []struct {
		name string
		call func() error
		want int64
	}{
		{"Commit", func() error {
			c := turn(key, 3, "m-4")
			c.Events = append(c.Events, parley.Event{Type: parley.EventStateChanged})
			c.Outbox = []parley.OutboxEntry{{Kind: "webhook", IdempotencyKey: "k-4"}}
			return s.Commit(ctx, c)
		}, 1},
		{"refused Commit", func() error {
			if err := s.Commit(ctx, turn(key, 0, "")); parley.ErrorCode(err) != parley.ECONFLICT {
				return err
			}
			return nil
		}, 1},
		{"Conversation", func() error { _, err := s.Conversation(ctx, key); return err }, 1},
	}
	for _, tt := range tests {
		waitQuiet(t, s)
		before := writes.Load()
		if err := tt.call(); err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		if got := writes.Load() - before; got != tt.want {
			t.Errorf("%s: %d round trips, want %d", tt.name, got, tt.want)
		}
	}

}

// waitQuiet waits until the store's notifier has sent what it had.
func waitQuiet(t *testing.T, s *Store) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for !s.notifier.quiet() {
		if time.Now().After(deadline) {
			t.Fatal("the notifier did not finish")
		}
		time.Sleep(time.Millisecond)
	}
}
