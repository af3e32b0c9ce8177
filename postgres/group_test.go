package postgres

import (
	"context"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/parleyhq/parley"
)

// commitBatch commits cs as one batch and returns each commit's error.
func commitBatch(t *testing.T, s *Store, ctxs []context.Context, cs []*parley.Commit) []error {
	t.Helper()
	ops := make([]func() error, len(cs))
	for i, c := range cs {
		ops[i] = func() error { return s.Commit(ctxs[i], c) }
	}
	return runBatch(t, s, ops)
}

// runBatch runs ops (each a call of the store) as one batch: it takes every free
// lane, lets the calls queue, then frees the lanes, which hands the queue to its
// first call's caller. It returns each call's error.
func runBatch(t *testing.T, s *Store, ops []func() error) []error {
	t.Helper()
	g := &s.group
	g.mu.Lock()
	held := g.lanes - g.sending
	g.sending = g.lanes
	g.mu.Unlock()
	errs := make([]error, len(ops))
	var wg sync.WaitGroup
	for i, op := range ops {
		wg.Go(func() { errs[i] = op() })
	}
	waitQueued(t, s, len(ops))
	for range held {
		s.handOver()
	}
	wg.Wait()
	return errs
}

// waitQueued waits until n commits wait in the store's queue.
func waitQueued(t *testing.T, s *Store, n int) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for {
		s.group.mu.Lock()
		queued := len(s.group.queue)
		s.group.mu.Unlock()
		if queued == n {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("%d commits queued, want %d", queued, n)
		}
		time.Sleep(time.Millisecond)
	}
}

// TestGroupCommit sends batches of commits together and checks that each commit
// gets the outcome it would have had alone, and that the commits of a batch that
// landed whole share one transaction.
func TestGroupCommit(t *testing.T) {
	t.Parallel()
	key := func(i int) parley.ConversationKey {
		return parley.ConversationKey{Bot: "shop", ID: fmt.Sprintf("g-%d", i)}
	}
	// Conversations g-0..g-3 stand at version 1; m-1 is g-0's first message id.
	tests := []struct {
		name    string
		commits func() []*parley.Commit
		want    []string // error codes
		oneTx   bool     // the landed commits share one transaction
	}{
		{"all land", func() []*parley.Commit {
			return []*parley.Commit{turn(key(0), 1, "a"), turn(key(1), 1, "b"), turn(key(2), 1, ""), turn(key(3), 1, "d")}
		}, []string{"", "", "", ""}, true},
		{"a version conflict fails alone", func() []*parley.Commit {
			return []*parley.Commit{turn(key(0), 1, "a"), turn(key(1), 5, "b"), turn(key(2), 1, "c")}
		}, []string{"", parley.ECONFLICT, ""}, true},
		{"a message id already stored", func() []*parley.Commit {
			return []*parley.Commit{turn(key(0), 1, "m-1"), turn(key(1), 1, "b"), turn(key(2), 1, "c")}
		}, []string{parley.EDUPLICATE, "", ""}, false},
		{"invalid JSON", func() []*parley.Commit {
			bad := turn(key(1), 1, "b")
			bad.Conversation.State = []byte(`{"step":`)
			return []*parley.Commit{turn(key(0), 1, "a"), bad, turn(key(2), 1, "c")}
		}, []string{"", parley.EINVALID, ""}, false},
		{"new conversations, outbox and inbox", func() []*parley.Commit {
			ob := turn(key(1), 1, "b")
			ob.Outbox = []parley.OutboxEntry{{Kind: "webhook", IdempotencyKey: "ob-1"}}
			return []*parley.Commit{turn(key(7), 0, "n"), ob, turn(key(8), 0, "")}
		}, []string{"", "", ""}, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			s := openTest(t, Options{MaxConns: 4})
			ctx := context.Background()
			for i := range 4 {
				if err := s.Commit(ctx, turn(key(i), 0, fmt.Sprintf("m-%d", i+1))); err != nil {
					t.Fatal(err)
				}
			}
			cs := tt.commits()
			ctxs := make([]context.Context, len(cs))
			for i := range ctxs {
				ctxs[i] = ctx
			}
			errs := commitBatch(t, s, ctxs, cs)
			for i, c := range cs {
				if got := parley.ErrorCode(errs[i]); got != tt.want[i] {
					t.Fatalf("commit %d (%s): code %q, want %q (%v)", i, c.Conversation.Key, got, tt.want[i], errs[i])
				}
				checkVersion(t, s, c, errs[i] == nil)
			}
			if tt.oneTx {
				checkOneTransaction(t, s, cs, errs)
			}
		})
	}
}

// checkVersion checks that c's conversation stands at c's version if it landed,
// and below it if not.
func checkVersion(t *testing.T, s *Store, c *parley.Commit, landed bool) {
	t.Helper()
	got, err := s.Conversation(context.Background(), c.Conversation.Key)
	if err != nil && parley.ErrorCode(err) != parley.ENOTFOUND {
		t.Fatal(err)
	}
	version := int64(0)
	if got != nil {
		version = got.Version
	}
	if landed != (version == c.Conversation.Version) {
		t.Fatalf("%s stands at version %d; landed %v at version %d", c.Conversation.Key, version, landed, c.Conversation.Version)
	}
}

// checkOneTransaction checks that the turns rows of the commits that landed were
// written by one transaction (one xmin).
func checkOneTransaction(t *testing.T, s *Store, cs []*parley.Commit, errs []error) {
	t.Helper()
	xids := map[string]bool{}
	for i, c := range cs {
		if errs[i] != nil {
			continue
		}
		var xmin string
		if err := s.pool.QueryRow(context.Background(), "SELECT xmin::text FROM turns WHERE bot = $1 AND conversation_id = $2 AND version = $3",
			c.Conversation.Key.Bot, c.Conversation.Key.ID, c.Conversation.Version).Scan(&xmin); err != nil {
			t.Fatal(err)
		}
		xids[xmin] = true
	}
	if len(xids) != 1 {
		t.Fatalf("the batch's commits were written by %d transactions, want 1", len(xids))
	}
}

// TestGroupCommitOneConversationTwice: two commits of one version of one
// conversation in one batch: one lands, the other is ECONFLICT, as when they race
// alone.
func TestGroupCommitOneConversationTwice(t *testing.T) {
	t.Parallel()
	s := openTest(t, Options{MaxConns: 4})
	ctx := context.Background()
	key := parley.ConversationKey{Bot: "shop", ID: "twice"}
	if err := s.Commit(ctx, turn(key, 0, "")); err != nil {
		t.Fatal(err)
	}
	errs := commitBatch(t, s, []context.Context{ctx, ctx}, []*parley.Commit{turn(key, 1, "a"), turn(key, 1, "b")})
	if (errs[0] == nil) == (errs[1] == nil) || parley.ErrorCode(errs[0])+parley.ErrorCode(errs[1]) != parley.ECONFLICT {
		t.Fatalf("errors %v, %v: want one nil and one ECONFLICT", errs[0], errs[1])
	}
}

// TestGroupCommitGivenUp: a caller that gives up while its commit waits in the
// queue gets EUNAVAILABLE and its commit is not sent; the others land.
func TestGroupCommitGivenUp(t *testing.T) {
	t.Parallel()
	s := openTest(t, Options{MaxConns: 4})
	ctx := context.Background()
	g := &s.group
	g.mu.Lock()
	held := g.lanes - g.sending
	g.sending = g.lanes
	g.mu.Unlock()

	gone, cancel := context.WithCancel(ctx)
	keys := []parley.ConversationKey{{Bot: "shop", ID: "stays"}, {Bot: "shop", ID: "gives-up"}}
	errs := make([]error, 2)
	var wg sync.WaitGroup
	wg.Go(func() { errs[0] = s.Commit(ctx, turn(keys[0], 0, "")) })
	waitQueued(t, s, 1)
	wg.Go(func() { errs[1] = s.Commit(gone, turn(keys[1], 0, "")) })
	waitQueued(t, s, 2)
	cancel()
	waitQueued(t, s, 1)
	for range held {
		s.handOver()
	}
	wg.Wait()
	wantCode(t, errs[0], "")
	wantCode(t, errs[1], parley.EUNAVAILABLE)
	if _, err := s.Conversation(ctx, keys[1]); parley.ErrorCode(err) != parley.ENOTFOUND {
		t.Fatalf("the given-up commit: %v, want ENOTFOUND", err)
	}
}

// TestGroupedReads: reads of conversations go in a batch with commits, before
// them: a read gets what a lone read gets, the version before a commit of the same
// batch, ENOTFOUND for a conversation that does not exist.
func TestGroupedReads(t *testing.T) {
	t.Parallel()
	s := openTest(t, Options{MaxConns: 4})
	ctx := context.Background()
	keys := []parley.ConversationKey{{Bot: "shop", ID: "r-0"}, {Bot: "shop", ID: "r-1"}, {Bot: "shop", ID: "missing"}}
	for _, key := range keys[:2] {
		if err := s.Commit(ctx, turn(key, 0, "m-1")); err != nil {
			t.Fatal(err)
		}
	}
	want, err := s.readConversation(ctx, keys[0])
	if err != nil {
		t.Fatal(err)
	}
	var got *parley.Conversation
	var missing error
	errs := runBatch(t, s, []func() error{
		func() error { return s.Commit(ctx, turn(keys[0], 1, "m-2")) },
		func() error { var err error; got, err = s.Conversation(ctx, keys[0]); return err },
		func() error { _, missing = s.Conversation(ctx, keys[2]); return nil },
		func() error { return s.Commit(ctx, turn(keys[1], 1, "m-2")) },
	})
	for i, err := range errs {
		if err != nil {
			t.Fatalf("call %d: %v", i, err)
		}
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Fatalf("read in a batch (-lone read +batch):\n%s", diff)
	}
	wantCode(t, missing, parley.ENOTFOUND)
	for _, key := range keys[:2] {
		if c, err := s.Conversation(ctx, key); err != nil || c.Version != 2 {
			t.Fatalf("%s after the batch: %+v, %v; want version 2", key, c, err)
		}
	}
}
