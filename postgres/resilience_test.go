package postgres

import (
	"context"
	"fmt"
	"net"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/parleyhq/parley"
)

// TestOpenConcurrentMigratesOnce opens five stores on one fresh schema at once, as
// replicas starting together do: all succeed and each migration is recorded once.
func TestOpenConcurrentMigratesOnce(t *testing.T) {
	t.Parallel()
	schema := freshSchema(t)
	const replicas = 5
	var wg sync.WaitGroup
	errs := make([]error, replicas)
	for i := range replicas {
		wg.Go(func() {
			s, err := Open(context.Background(), testURL(), Options{Schema: schema, MaxConns: 2})
			errs[i] = err
			if err == nil {
				t.Cleanup(func() { _ = s.Close() })
			}
		})
	}
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			t.Fatalf("replica %d: Open: %v", i, err)
		}
	}
	all, err := migrations()
	if err != nil {
		t.Fatal(err)
	}
	admin := adminConn(t)
	rows, err := admin.Query(context.Background(),
		fmt.Sprintf("SELECT version, count(*) FROM %q.parley_migrations GROUP BY version ORDER BY version", schema))
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	seen := 0
	for rows.Next() {
		var version, count int
		if err := rows.Scan(&version, &count); err != nil {
			t.Fatal(err)
		}
		if count != 1 || version != all[seen].version {
			t.Errorf("migration %d recorded %d times (want migration %d once)", version, count, all[seen].version)
		}
		seen++
	}
	if seen != len(all) {
		t.Errorf("%d migrations recorded, want %d", seen, len(all))
	}
}

// TestRecoversAfterBackendsTerminated kills every server process of the store's pool,
// as a failover or an operator does: the next calls succeed by themselves, without
// the caller retrying.
func TestRecoversAfterBackendsTerminated(t *testing.T) {
	t.Parallel()
	s := openTest(t, Options{MaxConns: 4})
	ctx := context.Background()
	key := parley.ConversationKey{Bot: "shop", ID: "c-1"}
	admin := adminConn(t)

	// Fill the pool so that every connection is idle and dead after the kill.
	var wg sync.WaitGroup
	for range 4 {
		wg.Go(func() {
			if _, err := s.pool.Exec(ctx, "SELECT pg_sleep(0.05)"); err != nil {
				t.Error(err)
			}
		})
	}
	wg.Wait()

	for round := range 3 {
		pids := backendPIDs(t, s)
		if len(pids) == 0 {
			t.Fatalf("round %d: the pool holds no connection", round)
		}
		for _, pid := range pids {
			// false means the backend had already ended (the pool may close an
			// idle connection between the listing and the kill): the state this
			// test wants, so only an error fails it.
			var ok bool
			if err := admin.QueryRow(ctx, "SELECT pg_terminate_backend($1)", pid).Scan(&ok); err != nil {
				t.Fatalf("pg_terminate_backend(%d): %v", pid, err)
			}
		}
		waitGone(t, admin, pids)

		if err := s.Commit(ctx, turn(key, int64(round), fmt.Sprintf("m-%d", round))); err != nil {
			t.Fatalf("round %d: Commit after the backends were terminated: %v", round, err)
		}
		if _, err := s.Conversation(ctx, key); err != nil {
			t.Fatalf("round %d: Conversation: %v", round, err)
		}
		if err := s.Ping(ctx); err != nil {
			t.Fatalf("round %d: Ping: %v", round, err)
		}
	}
}

// backendPIDs returns the server process ids of the pool's idle connections.
func backendPIDs(t *testing.T, s *Store) []uint32 {
	t.Helper()
	var pids []uint32
	for _, c := range s.pool.AcquireAllIdle(context.Background()) {
		pids = append(pids, c.Conn().PgConn().PID())
		c.Release()
	}
	return pids
}

// waitGone waits until the server has no process left with one of pids.
func waitGone(t *testing.T, admin *pgx.Conn, pids []uint32) {
	t.Helper()
	ids := make([]int32, len(pids))
	for i, pid := range pids {
		ids[i] = int32(pid)
	}
	deadline := time.Now().Add(10 * time.Second)
	for {
		var alive int
		if err := admin.QueryRow(context.Background(), "SELECT count(*) FROM pg_stat_activity WHERE pid = ANY($1)", ids).Scan(&alive); err != nil {
			t.Fatal(err)
		}
		if alive == 0 {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("%d terminated backends still alive", alive)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// TestUnavailable pins EUNAVAILABLE (HTTP 503) for a server that refuses connections.
func TestUnavailable(t *testing.T) {
	t.Parallel()
	listener, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := listener.Addr().String()
	listener.Close() // nothing listens there now: connection refused
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	_, err = Open(ctx, "postgres://postgres@"+addr+"/parley_test?sslmode=disable&connect_timeout=2", Options{})
	wantCode(t, err, parley.EUNAVAILABLE)

	_, err = Open(ctx, "postgres://%zz", Options{})
	wantCode(t, err, parley.EINVALID)
}

// TestSchemaNameQuoted opens a store on a schema whose name needs quoting.
func TestSchemaNameQuoted(t *testing.T) {
	t.Parallel()
	schema := freshSchema(t) + "-Mixed Case"
	admin := adminConn(t)
	t.Cleanup(func() {
		_, _ = admin.Exec(context.Background(), "DROP SCHEMA IF EXISTS "+pgx.Identifier{schema}.Sanitize()+" CASCADE")
	})
	s := openTest(t, Options{Schema: schema})
	key := parley.ConversationKey{Bot: "shop", ID: "c-1"}
	if err := s.Commit(context.Background(), turn(key, 0, "m-1")); err != nil {
		t.Fatal(err)
	}
	var n int
	if err := admin.QueryRow(context.Background(), "SELECT count(*) FROM "+pgx.Identifier{schema, "conversations"}.Sanitize()).Scan(&n); err != nil || n != 1 {
		t.Fatalf("rows in %q.conversations = %d, %v; want 1", schema, n, err)
	}
}
