package storetest

import (
	"context"
	"fmt"
	"sort"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"github.com/parleyhq/parley"
)

// commitOutbox creates conversation id with the given outbox entries and returns the
// commit (whose entries then carry their ids).
func commitOutbox(t *testing.T, s parley.Store, id string, entries ...parley.OutboxEntry) *parley.Commit {
	t.Helper()
	c := create(key(id), `{}`)
	c.Outbox = entries
	mustCommit(t, s, c)
	return c
}

func entry(idempotencyKey string) parley.OutboxEntry {
	return parley.OutboxEntry{
		Kind: "chatwoot.message", IdempotencyKey: idempotencyKey,
		Payload: []byte(`{"content":"` + idempotencyKey + `", "private" :false}`),
	}
}

func claim(t *testing.T, s parley.Store, now time.Time, limit int) []parley.OutboxEntry {
	t.Helper()
	claimed, err := s.ClaimOutbox(context.Background(), now, time.Minute, limit)
	if err != nil {
		t.Fatalf("ClaimOutbox(%v, 1m, %d): %v", now, limit, err)
	}
	return claimed
}

func idempotencyKeys(entries []parley.OutboxEntry) []string {
	keys := []string{}
	for _, e := range entries {
		keys = append(keys, e.IdempotencyKey)
	}
	return keys
}

func wantClaimed(t *testing.T, what string, got []parley.OutboxEntry, want ...string) {
	t.Helper()
	if want == nil {
		want = []string{}
	}
	if diff := cmp.Diff(want, idempotencyKeys(got)); diff != "" {
		t.Fatalf("%s: claimed (-want +got):\n%s", what, diff)
	}
}

func testOutboxLifecycle(t *testing.T, s parley.Store) {
	ctx := context.Background()
	now := base()
	c := commitOutbox(t, s, "c-1", entry("k1"), entry("k2"), entry("k3"))

	first := claim(t, s, now, 2)
	wantClaimed(t, "first claim, limit 2", first, "k1", "k2")
	want := parley.OutboxEntry{
		Key: key("c-1"), Kind: "chatwoot.message", IdempotencyKey: "k1",
		Payload: []byte(`{"content":"k1", "private" :false}`), Attempts: 1,
	}
	if diff := cmp.Diff(want, first[0], cmpopts.IgnoreFields(parley.OutboxEntry{}, "ID", "NextAttemptAt")); diff != "" {
		t.Fatalf("claimed entry (-want +got):\n%s", diff)
	}
	if first[0].ID == 0 || first[0].ID == first[1].ID {
		t.Fatalf("claimed ids %d, %d: want distinct non-zero ids", first[0].ID, first[1].ID)
	}
	if c.Outbox[0].ID != 0 && c.Outbox[0].ID != first[0].ID {
		t.Fatalf("Commit wrote back outbox id %d, the store claims it as %d", c.Outbox[0].ID, first[0].ID)
	}
	wantClaimed(t, "second claim while k1, k2 are leased", claim(t, s, now, 10), "k3")
	wantClaimed(t, "third claim while all are leased", claim(t, s, now.Add(59*time.Second), 10))

	// Leases expire: all three come back, with their attempts counted.
	again := claim(t, s, now.Add(2*time.Minute), 10)
	wantClaimed(t, "claim after the leases expired", again, "k1", "k2", "k3")
	for _, e := range again {
		if e.Attempts != 2 {
			t.Fatalf("%s: attempts %d after two claims, want 2", e.IdempotencyKey, e.Attempts)
		}
	}
	k1, k2, k3 := again[0].ID, again[1].ID, again[2].ID

	// Done entries are never claimed again.
	if err := s.CompleteOutbox(ctx, k1); err != nil {
		t.Fatalf("CompleteOutbox: %v", err)
	}
	// A retried entry waits for its next attempt time, lease or not, and carries its error.
	retryAt := now.Add(10 * time.Minute)
	if err := s.RetryOutbox(ctx, k2, retryAt, "chatwoot: 502"); err != nil {
		t.Fatalf("RetryOutbox: %v", err)
	}
	if err := s.CompleteOutbox(ctx, k3); err != nil {
		t.Fatalf("CompleteOutbox: %v", err)
	}
	wantClaimed(t, "claim before the retry is due", claim(t, s, retryAt.Add(-time.Second), 10))
	retried := claim(t, s, retryAt, 10)
	wantClaimed(t, "claim when the retry is due", retried, "k2")
	if retried[0].LastError != "chatwoot: 502" || retried[0].Attempts != 3 || !retried[0].NextAttemptAt.Equal(retryAt) {
		t.Fatalf("retried entry: last error %q, attempts %d, next attempt %v; want %q, 3, %v",
			retried[0].LastError, retried[0].Attempts, retried[0].NextAttemptAt, "chatwoot: 502", retryAt)
	}
	if err := s.CompleteOutbox(ctx, k2); err != nil {
		t.Fatalf("CompleteOutbox: %v", err)
	}
	wantClaimed(t, "claim when everything is done", claim(t, s, now.Add(24*time.Hour), 10))

	wantCode(t, "CompleteOutbox of an unknown id", s.CompleteOutbox(ctx, 1<<40), parley.ENOTFOUND)
	wantCode(t, "RetryOutbox of an unknown id", s.RetryOutbox(ctx, 1<<40, now, "x"), parley.ENOTFOUND)
}

func testOutboxIdempotencyKey(t *testing.T, s parley.Store) {
	now := base()
	commitOutbox(t, s, "c-1", entry("k1"), entry("k2"))
	second := entry("k1")
	second.Payload = []byte(`{"content":"replaced?"}`)
	c := commitOutbox(t, s, "c-2", second, entry("k3"))
	if c.Outbox[0].ID != 0 {
		t.Fatalf("a deduplicated entry got id %d, want 0", c.Outbox[0].ID)
	}
	claimed := claim(t, s, now, 10)
	wantClaimed(t, "claim", claimed, "k1", "k2", "k3")
	if string(claimed[0].Payload) != `{"content":"k1", "private" :false}` || claimed[0].Key != key("c-1") {
		t.Fatalf("k1 = %s of %s: the first entry with a key must stay as it was", claimed[0].Payload, claimed[0].Key)
	}
	if c.Outbox[1].ID != claimed[2].ID {
		t.Fatalf("Commit wrote back id %d for k3, the store claims it as %d", c.Outbox[1].ID, claimed[2].ID)
	}
	// A key stays taken after its entry is done.
	if err := s.CompleteOutbox(context.Background(), claimed[0].ID); err != nil {
		t.Fatalf("CompleteOutbox: %v", err)
	}
	commitOutbox(t, s, "c-3", entry("k1"))
	wantClaimed(t, "claim after re-adding a done key", claim(t, s, now.Add(time.Hour), 10), "k2", "k3")
}

func testOutboxFailsAfterMaxAttempts(t *testing.T, s parley.Store) {
	ctx := context.Background()
	commitOutbox(t, s, "c-1", entry("k1"))
	now := base()
	const bound = 100 // no sane maxAttempts is larger
	for attempt := 1; ; attempt++ {
		claimed := claim(t, s, now, 10)
		if len(claimed) == 0 {
			if attempt == 1 {
				t.Fatalf("a fresh entry was not claimable")
			}
			break
		}
		if attempt > bound {
			t.Fatalf("entry still claimable after %d failed attempts: it must be marked failed", bound)
		}
		if claimed[0].Attempts != attempt {
			t.Fatalf("attempt %d: entry reports %d attempts", attempt, claimed[0].Attempts)
		}
		if err := s.RetryOutbox(ctx, claimed[0].ID, now, fmt.Sprintf("failure %d", attempt)); err != nil {
			t.Fatalf("RetryOutbox: %v", err)
		}
		now = now.Add(time.Second)
	}
	wantClaimed(t, "claim a day later", claim(t, s, now.Add(24*time.Hour), 10))
}

// testOutboxFailedAtOnce: a permanent delivery error fails the entry on its first
// attempt; the entries beside it are unaffected, and a failed entry can be neither
// retried nor failed again.
func testOutboxFailedAtOnce(t *testing.T, s parley.Store) {
	ctx := context.Background()
	commitOutbox(t, s, "c-1", entry("k1"), entry("k2"))
	now := base()
	claimed := claim(t, s, now, 10)
	wantClaimed(t, "first claim", claimed, "k1", "k2")
	k1, k2 := claimed[0].ID, claimed[1].ID
	if err := s.FailOutbox(ctx, k1, "chatwoot: 422 unprocessable"); err != nil {
		t.Fatalf("FailOutbox: %v", err)
	}
	if err := s.RetryOutbox(ctx, k2, now, "chatwoot: 502"); err != nil {
		t.Fatalf("RetryOutbox: %v", err)
	}
	wantClaimed(t, "claim after the leases expired", claim(t, s, now.Add(24*time.Hour), 10), "k2")
	wantCode(t, "FailOutbox of a failed entry", s.FailOutbox(ctx, k1, "again"), parley.ECONFLICT)
	wantCode(t, "RetryOutbox of a failed entry", s.RetryOutbox(ctx, k1, now, "again"), parley.ECONFLICT)
	if err := s.CompleteOutbox(ctx, k2); err != nil {
		t.Fatalf("CompleteOutbox: %v", err)
	}
	wantCode(t, "FailOutbox of a done entry", s.FailOutbox(ctx, k2, "late"), parley.ECONFLICT)
	wantCode(t, "FailOutbox of an unknown id", s.FailOutbox(ctx, 1<<40, "x"), parley.ENOTFOUND)
}

func testOutboxSecondClaimerGetsNothing(t *testing.T, s parley.Store) {
	commitOutbox(t, s, "c-1", entry("k1"))
	now := base()
	wantClaimed(t, "first worker", claim(t, s, now, 10), "k1")
	wantClaimed(t, "second worker while leased", claim(t, s, now.Add(30*time.Second), 10))
	wantClaimed(t, "second worker when the lease expired", claim(t, s, now.Add(time.Minute), 10), "k1")
}

func testOutboxConcurrentClaimersDisjoint(t *testing.T, s parley.Store) {
	var entries []parley.OutboxEntry
	for i := range 40 {
		entries = append(entries, entry(fmt.Sprintf("k%02d", i)))
	}
	commitOutbox(t, s, "c-1", entries...)
	now := base()
	var mu sync.Mutex
	var all []string
	var wg sync.WaitGroup
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				claimed, err := s.ClaimOutbox(context.Background(), now, time.Minute, 3)
				if err != nil {
					t.Errorf("ClaimOutbox: %v", err)
					return
				}
				if len(claimed) == 0 {
					return
				}
				mu.Lock()
				all = append(all, idempotencyKeys(claimed)...)
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	sort.Strings(all)
	if diff := cmp.Diff(idempotencyKeys(entries), all); diff != "" {
		t.Fatalf("concurrent claimers must share the entries, each exactly once (-want +got):\n%s", diff)
	}
}

func testOutboxNotYetDue(t *testing.T, s parley.Store) {
	ctx := context.Background()
	later := entry("later")
	later.NextAttemptAt = base().Add(30 * time.Second)
	// An entry with a zero NextAttemptAt is due at once, whatever the claimer's clock
	// (base is not the wall clock).
	commitOutbox(t, s, "c-1", later, entry("now"))
	wantClaimed(t, "claim before the later entry is due", claim(t, s, base(), 10), "now")
	wantClaimed(t, "claim when it is due", claim(t, s, base().Add(30*time.Second), 10), "later")

	for _, bad := range []struct {
		lease time.Duration
		limit int
	}{{0, 10}, {time.Minute, 0}, {-time.Minute, 1}} {
		_, err := s.ClaimOutbox(ctx, base(), bad.lease, bad.limit)
		wantCode(t, fmt.Sprintf("ClaimOutbox(lease %v, limit %d)", bad.lease, bad.limit), err, parley.EINVALID)
	}
}
