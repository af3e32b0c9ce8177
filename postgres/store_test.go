package postgres

import (
	"context"
	"encoding/json"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/parleyhq/parley"
)

func TestCommitCreatesAndUpdates(t *testing.T) {
	t.Parallel()
	s := openTest(t, Options{})
	ctx := context.Background()
	key := parley.ConversationKey{Bot: "booking", ID: "c-1"}

	if _, err := s.Conversation(ctx, key); parley.ErrorCode(err) != parley.ENOTFOUND {
		t.Fatalf("Conversation before any commit: %v, want not_found", err)
	}
	start := time.Now().Truncate(time.Microsecond)
	first := turn(key, 0, "m-1")
	first.Events = append(first.Events, parley.Event{Type: parley.EventStateChanged, Data: []byte(`{"from_state":"created","to_state":"idle"}`), At: t0.Add(time.Hour)})
	if err := s.Commit(ctx, first); err != nil {
		t.Fatalf("Commit v1: %v", err)
	}
	second := turn(key, 1, "m-2")
	if err := s.Commit(ctx, second); err != nil {
		t.Fatalf("Commit v2: %v", err)
	}

	// Seqs and zero times are assigned back into the commit.
	gotSeqs := []int64{first.Events[0].Seq, first.Events[1].Seq, second.Events[0].Seq}
	if diff := cmp.Diff([]int64{1, 2, 3}, gotSeqs); diff != "" {
		t.Errorf("assigned seqs (-want +got):\n%s", diff)
	}
	if at := first.Events[0].At; at.IsZero() || at.Before(start) || at.After(time.Now()) || !first.Events[1].At.Equal(t0.Add(time.Hour)) {
		t.Errorf("event times = %v, %v; want the commit's wall clock for a zero At and the given At otherwise", at, first.Events[1].At)
	}

	want := second.Conversation
	want.LastSeq = 3
	got, err := s.Conversation(ctx, key)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(&want, got); diff != "" {
		t.Errorf("stored conversation (-want +got):\n%s", diff)
	}
	if got.CreatedAt.Location() != time.UTC {
		t.Errorf("CreatedAt location = %v, want UTC", got.CreatedAt.Location())
	}

	events, err := s.Events(ctx, key, 0, 100)
	if err != nil {
		t.Fatal(err)
	}
	wantEvents := append(append([]parley.Event{}, first.Events...), second.Events...)
	if diff := cmp.Diff(wantEvents, events); diff != "" {
		t.Errorf("events (-want +got):\n%s", diff)
	}

	for _, id := range []string{"m-1", "m-2"} {
		p, ok, err := s.Processed(ctx, key, id)
		if err != nil || !ok || string(p.Response) != `{"reply":"`+id+`"}` {
			t.Errorf("Processed(%s) = %q, %v, %v", id, p.Response, ok, err)
		}
	}
	if _, ok, err := s.Processed(ctx, key, "m-3"); ok || err != nil {
		t.Errorf("Processed(never processed) ok=%v err=%v, want false, nil", ok, err)
	}
	other := parley.ConversationKey{Bot: "shop", ID: "c-1"}
	if _, ok, _ := s.Processed(ctx, other, "m-1"); ok {
		t.Errorf("a message id of booking/c-1 is seen as processed in shop/c-1")
	}
}

// TestCommitRefusals pins the errors of Commit and that a refused commit writes
// nothing: not the row, events, processed record, outbox entries nor the inbox removal.
func TestCommitRefusals(t *testing.T) {
	t.Parallel()
	s := openTest(t, Options{})
	ctx := context.Background()
	key := parley.ConversationKey{Bot: "shop", ID: "c-1"}

	if err := s.Commit(ctx, turn(key, 0, "m-1")); err != nil {
		t.Fatal(err)
	}
	if _, err := s.EnqueueInbound(ctx, parley.Inbound{Key: key, MessageID: "m-9", Channel: "rest", Payload: []byte(`{}`)}); err != nil {
		t.Fatal(err)
	}
	pending, err := s.PendingInbound(ctx, 10)
	if err != nil || len(pending) != 1 {
		t.Fatalf("PendingInbound = %v, %v", pending, err)
	}
	inboundID := pending[0].ID

	withSideEffects := func(c *parley.Commit) *parley.Commit {
		c.Outbox = []parley.OutboxEntry{{Kind: "chatwoot.message", IdempotencyKey: "refused-" + c.MessageID, Payload: []byte(`{}`)}}
		c.InboundID = inboundID
		return c
	}
	tests := []struct {
		name   string
		commit *parley.Commit
		code   string
	}{
		{"insert of an existing conversation", withSideEffects(turn(key, 0, "m-2")), parley.ECONFLICT},
		{"stale expected version", withSideEffects(turn(key, 5, "m-2")), parley.ECONFLICT},
		{"update of a missing conversation", withSideEffects(turn(parley.ConversationKey{Bot: "shop", ID: "nobody"}, 1, "m-2")), parley.ECONFLICT},
		{"message id already processed", withSideEffects(turn(key, 1, "m-1")), parley.EDUPLICATE},
		{"version not expected+1", func() *parley.Commit {
			c := withSideEffects(turn(key, 1, "m-2"))
			c.Conversation.Version = 3
			return c
		}(), parley.EINVALID},
		{"empty conversation id", withSideEffects(turn(parley.ConversationKey{Bot: "shop"}, 0, "m-2")), parley.EINVALID},
		{"state that is not JSON", func() *parley.Commit {
			c := withSideEffects(turn(key, 1, "m-2"))
			c.Conversation.State = []byte(`{not json`)
			return c
		}(), parley.EINVALID},
		{"event seq that does not follow", func() *parley.Commit {
			c := withSideEffects(turn(key, 1, "m-2"))
			c.Events[0].Seq = 7
			return c
		}(), parley.EINVALID},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			wantCode(t, s.Commit(ctx, tt.commit), tt.code)
			if tt.commit.Events[0].Seq == 1 || tt.commit.Events[0].Seq == 2 {
				t.Errorf("a refused commit assigned seq %d", tt.commit.Events[0].Seq)
			}
		})
	}

	got, err := s.Conversation(ctx, key)
	if err != nil || got.Version != 1 || got.LastSeq != 1 {
		t.Fatalf("after refused commits: %+v, %v; want version 1, last seq 1", got, err)
	}
	if events, _ := s.Events(ctx, key, 0, 0); len(events) != 1 {
		t.Errorf("after refused commits: %d events, want 1", len(events))
	}
	if _, ok, _ := s.Processed(ctx, key, "m-2"); ok {
		t.Errorf("a refused commit recorded its message id")
	}
	if claimed, _ := s.ClaimOutbox(ctx, t0, time.Minute, 10); len(claimed) != 0 {
		t.Errorf("a refused commit queued outbox entries: %+v", claimed)
	}
	if pending, _ := s.PendingInbound(ctx, 10); len(pending) != 1 {
		t.Errorf("a refused commit removed the inbox entry: %+v", pending)
	}

	// A preset seq equal to the one the store assigns is accepted.
	c := turn(key, 1, "m-2")
	c.Events[0].Seq = 2
	c.InboundID = inboundID
	if err := s.Commit(ctx, c); err != nil {
		t.Fatalf("commit with the right preset seq: %v", err)
	}
	if pending, _ := s.PendingInbound(ctx, 10); len(pending) != 0 {
		t.Errorf("the commit did not remove its inbox entry: %+v", pending)
	}
}

// TestCommitRace lets several writers commit the same version of one conversation:
// exactly one wins, the others get ECONFLICT, and the log has no gap or duplicate.
func TestCommitRace(t *testing.T) {
	t.Parallel()
	s := openTest(t, Options{MaxConns: 8})
	ctx := context.Background()
	key := parley.ConversationKey{Bot: "shop", ID: "race"}
	const writers = 8
	for version := int64(0); version < 5; version++ {
		var wg sync.WaitGroup
		codes := make([]string, writers)
		for w := range writers {
			wg.Go(func() {
				c := turn(key, version, "")
				c.Events = append(c.Events, parley.Event{Type: parley.EventWarning})
				codes[w] = parley.ErrorCode(s.Commit(ctx, c))
			})
		}
		wg.Wait()
		wins := 0
		for _, code := range codes {
			switch code {
			case "":
				wins++
			case parley.ECONFLICT:
			default:
				t.Fatalf("version %d: unexpected error code %q", version+1, code)
			}
		}
		if wins != 1 {
			t.Fatalf("version %d: %d writers won, want 1 (%v)", version+1, wins, codes)
		}
	}
	events, err := s.Events(ctx, key, 0, 0)
	if err != nil {
		t.Fatal(err)
	}
	if len(events) != 10 {
		t.Fatalf("%d events, want 10", len(events))
	}
	for i, e := range events {
		if e.Seq != int64(i+1) {
			t.Fatalf("event %d has seq %d", i, e.Seq)
		}
	}
}

func TestEvents(t *testing.T) {
	t.Parallel()
	s := openTest(t, Options{})
	ctx := context.Background()
	key := parley.ConversationKey{Bot: "shop", ID: "c-1"}
	c := turn(key, 0, "m-1")
	for range 4 {
		c.Events = append(c.Events, parley.Event{Type: parley.EventWarning, Data: json.RawMessage(`{"n": 1,  "kept":"as written"}`)})
	}
	c.Events = append(c.Events, parley.Event{Type: parley.EventStopped}) // no data
	if err := s.Commit(ctx, c); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		after    int64
		limit    int
		wantSeqs []int64
	}{
		{0, 0, []int64{1, 2, 3, 4, 5, 6}},
		{0, 2, []int64{1, 2}},
		{2, 3, []int64{3, 4, 5}},
		{5, 10, []int64{6}},
		{6, 10, nil},
	}
	for _, tt := range tests {
		events, err := s.Events(ctx, key, tt.after, tt.limit)
		if err != nil {
			t.Fatal(err)
		}
		var seqs []int64
		for _, e := range events {
			seqs = append(seqs, e.Seq)
		}
		if diff := cmp.Diff(tt.wantSeqs, seqs); diff != "" {
			t.Errorf("Events(after %d, limit %d) seqs (-want +got):\n%s", tt.after, tt.limit, diff)
		}
	}
	events, _ := s.Events(ctx, key, 1, 1)
	if string(events[0].Data) != `{"n": 1,  "kept":"as written"}` || events[0].Key != key {
		t.Errorf("event data or key not kept as written: %q %v", events[0].Data, events[0].Key)
	}
	if events, _ := s.Events(ctx, key, 5, 1); events[0].Data != nil {
		t.Errorf("event without data came back with %q", events[0].Data)
	}
}

func TestInbound(t *testing.T) {
	t.Parallel()
	s := openTest(t, Options{})
	ctx := context.Background()
	key := parley.ConversationKey{Bot: "shop", ID: "c-1"}
	if err := s.Commit(ctx, turn(key, 0, "done")); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name          string
		in            parley.Inbound
		wantDuplicate bool
		wantCode      string
	}{
		{"first", parley.Inbound{Key: key, MessageID: "a", Channel: "chatwoot", Payload: []byte(`{"id":1}`), ReceivedAt: t0}, false, ""},
		{"second", parley.Inbound{Key: key, MessageID: "b", Channel: "rest", ReceivedAt: t0.Add(time.Second)}, false, ""},
		{"same id queued", parley.Inbound{Key: key, MessageID: "a", Channel: "chatwoot"}, true, ""},
		{"same id processed", parley.Inbound{Key: key, MessageID: "done", Channel: "rest"}, true, ""},
		{"same id other conversation", parley.Inbound{Key: parley.ConversationKey{Bot: "shop", ID: "c-2"}, MessageID: "a", Channel: "rest", ReceivedAt: t0}, false, ""},
		{"no message id", parley.Inbound{Key: key, Channel: "rest"}, false, parley.EINVALID},
		{"payload not JSON", parley.Inbound{Key: key, MessageID: "x", Payload: []byte("<xml/>")}, false, parley.EINVALID},
	}
	for _, tt := range tests {
		duplicate, err := s.EnqueueInbound(ctx, tt.in)
		if parley.ErrorCode(err) != tt.wantCode || duplicate != tt.wantDuplicate {
			t.Errorf("%s: EnqueueInbound = %v, %v; want duplicate %v, code %q", tt.name, duplicate, err, tt.wantDuplicate, tt.wantCode)
		}
		// A duplicate is an answer, not a failed write: the store stays ready.
		if err := s.Ping(ctx); tt.wantCode == "" && err != nil {
			t.Errorf("%s: Ping after EnqueueInbound = %v", tt.name, err)
		}
	}
	pending, err := s.PendingInbound(ctx, 0)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, in := range pending {
		got = append(got, in.Key.ID+"/"+in.MessageID)
	}
	if diff := cmp.Diff([]string{"c-1/a", "c-1/b", "c-2/a"}, got); diff != "" {
		t.Errorf("pending, oldest first (-want +got):\n%s", diff)
	}
	want := tests[0].in
	want.ID = pending[0].ID
	if diff := cmp.Diff(want, pending[0]); diff != "" {
		t.Errorf("stored inbound (-want +got):\n%s", diff)
	}
	if limited, _ := s.PendingInbound(ctx, 2); len(limited) != 2 {
		t.Errorf("PendingInbound(2) returned %d", len(limited))
	}
	if err := s.DropInbound(ctx, pending[1].ID); err != nil {
		t.Fatal(err)
	}
	wantCode(t, s.DropInbound(ctx, pending[1].ID), parley.ENOTFOUND)
	if left, _ := s.PendingInbound(ctx, 0); len(left) != 2 {
		t.Errorf("after DropInbound: %d pending, want 2", len(left))
	}
	// A dropped message may be accepted again.
	if duplicate, err := s.EnqueueInbound(ctx, parley.Inbound{Key: key, MessageID: "b", Channel: "rest"}); duplicate || err != nil {
		t.Errorf("re-enqueue after drop: %v, %v", duplicate, err)
	}
}

func TestOutbox(t *testing.T) {
	t.Parallel()
	s := openTest(t, Options{MaxAttempts: 2})
	ctx := context.Background()
	key := parley.ConversationKey{Bot: "shop", ID: "c-1"}
	c := turn(key, 0, "m-1")
	c.Outbox = []parley.OutboxEntry{
		{Kind: "chatwoot.message", IdempotencyKey: "k-1", Payload: []byte(`{"text":"hi"}`)},
		{Kind: "chatwoot.message", IdempotencyKey: "k-1", Payload: []byte(`{"text":"again"}`)}, // same key: dropped
		{Kind: "chatwoot.handoff", IdempotencyKey: "k-2", NextAttemptAt: t0.Add(time.Hour)},
		{Kind: "webhook", IdempotencyKey: "k-3", Key: parley.ConversationKey{Bot: "shop", ID: "other"}},
	}
	if err := s.Commit(ctx, c); err != nil {
		t.Fatal(err)
	}
	again := turn(key, 1, "m-2")
	again.Outbox = []parley.OutboxEntry{{Kind: "chatwoot.message", IdempotencyKey: "k-1"}}
	if err := s.Commit(ctx, again); err != nil {
		t.Fatal(err)
	}

	claimed, err := s.ClaimOutbox(ctx, t0, time.Minute, 10)
	if err != nil {
		t.Fatal(err)
	}
	want := []parley.OutboxEntry{
		{ID: claimed[0].ID, Key: key, Kind: "chatwoot.message", IdempotencyKey: "k-1", Payload: []byte(`{"text":"hi"}`), Attempts: 1},
		{ID: claimed[len(claimed)-1].ID, Key: parley.ConversationKey{Bot: "shop", ID: "other"}, Kind: "webhook", IdempotencyKey: "k-3", Attempts: 1},
	}
	if diff := cmp.Diff(want, claimed); diff != "" {
		t.Fatalf("first claim (-want +got):\n%s", diff)
	}
	if again, _ := s.ClaimOutbox(ctx, t0.Add(59*time.Second), time.Minute, 10); len(again) != 0 {
		t.Errorf("leased entries claimed again before the lease ended: %+v", again)
	}
	if err := s.CompleteOutbox(ctx, claimed[0].ID); err != nil {
		t.Fatal(err)
	}
	if err := s.RetryOutbox(ctx, claimed[1].ID, t0.Add(2*time.Minute), "502 from webhook"); err != nil {
		t.Fatal(err)
	}

	// After the lease: the completed entry never comes back, the retried one does
	// when due, with its error and attempts.
	if got, _ := s.ClaimOutbox(ctx, t0.Add(90*time.Second), time.Minute, 10); len(got) != 0 {
		t.Errorf("claimed before the retry was due: %+v", got)
	}
	got, err := s.ClaimOutbox(ctx, t0.Add(2*time.Minute), time.Minute, 10)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 1 || got[0].ID != claimed[1].ID || got[0].Attempts != 2 || got[0].LastError != "502 from webhook" || !got[0].NextAttemptAt.Equal(t0.Add(2*time.Minute)) {
		t.Fatalf("retried entry claim = %+v", got)
	}
	// The second attempt reaches MaxAttempts: a retry marks the entry failed.
	if err := s.RetryOutbox(ctx, got[0].ID, t0.Add(3*time.Minute), "502 again"); err != nil {
		t.Fatal(err)
	}

	// An expired lease makes an entry claimable again; the due handoff shows up too.
	late := t0.Add(2 * time.Hour)
	got, err = s.ClaimOutbox(ctx, late, time.Minute, 10)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 1 || got[0].Kind != "chatwoot.handoff" || got[0].Attempts != 1 {
		t.Fatalf("claim after the failure = %+v, want only the handoff", got)
	}
	got, err = s.ClaimOutbox(ctx, late.Add(time.Minute), time.Minute, 10)
	if err != nil || len(got) != 1 || got[0].Kind != "chatwoot.handoff" || got[0].Attempts != 2 {
		t.Fatalf("claim after the lease expired = %+v, %v; want the handoff, attempt 2", got, err)
	}

	wantCode(t, s.RetryOutbox(ctx, claimed[0].ID, late, "done already"), parley.ECONFLICT)
	wantCode(t, s.CompleteOutbox(ctx, 1<<40), parley.ENOTFOUND)
	wantCode(t, s.RetryOutbox(ctx, 1<<40, late, "x"), parley.ENOTFOUND)
	_, err = s.ClaimOutbox(ctx, late, time.Minute, 0)
	wantCode(t, err, parley.EINVALID)
}

// TestClaimOutboxConcurrent has several stores (replicas) claim from one outbox at
// once: every entry is claimed exactly once.
func TestClaimOutboxConcurrent(t *testing.T) {
	t.Parallel()
	schema := freshSchema(t)
	const replicas, perReplica, entries = 4, 2, 300
	stores := make([]*Store, replicas)
	for i := range stores {
		stores[i] = openTest(t, Options{Schema: schema, MaxConns: perReplica})
	}
	ctx := context.Background()
	key := parley.ConversationKey{Bot: "shop", ID: "c-1"}
	c := turn(key, 0, "m-1")
	for i := range entries {
		c.Outbox = append(c.Outbox, parley.OutboxEntry{Kind: "webhook", IdempotencyKey: "k-" + strconv.Itoa(i)})
	}
	if err := stores[0].Commit(ctx, c); err != nil {
		t.Fatal(err)
	}

	var mu sync.Mutex
	claims := map[int64]int{}
	var wg sync.WaitGroup
	for _, s := range stores {
		for range perReplica {
			wg.Go(func() {
				for {
					got, err := s.ClaimOutbox(ctx, t0, time.Hour, 7)
					if err != nil {
						t.Error(err)
						return
					}
					if len(got) == 0 {
						return
					}
					mu.Lock()
					for _, e := range got {
						claims[e.ID]++
					}
					mu.Unlock()
				}
			})
		}
	}
	wg.Wait()
	if len(claims) != entries {
		t.Errorf("%d entries claimed, want %d", len(claims), entries)
	}
	for id, n := range claims {
		if n != 1 {
			t.Errorf("entry %d claimed %d times", id, n)
		}
	}
}

func TestFlows(t *testing.T) {
	t.Parallel()
	s := openTest(t, Options{})
	ctx := context.Background()
	if _, _, err := s.Flow(ctx, "booking", 0); parley.ErrorCode(err) != parley.ENOTFOUND {
		t.Fatalf("Flow of an unknown flow: %v", err)
	}
	for i, def := range []string{"name: booking\n", "name: booking # v2\n"} {
		version, err := s.PutFlow(ctx, "booking", []byte(def))
		if err != nil || version != i+1 {
			t.Fatalf("PutFlow #%d = %d, %v", i+1, version, err)
		}
	}
	if v, err := s.PutFlow(ctx, "other", []byte("{}")); v != 1 || err != nil {
		t.Fatalf("PutFlow(other) = %d, %v; versions count per flow", v, err)
	}
	tests := []struct {
		version, wantVersion int
		wantDef, wantCode    string
	}{
		{0, 2, "name: booking # v2\n", ""},
		{1, 1, "name: booking\n", ""},
		{2, 2, "name: booking # v2\n", ""},
		{3, 0, "", parley.ENOTFOUND},
	}
	for _, tt := range tests {
		def, version, err := s.Flow(ctx, "booking", tt.version)
		if string(def) != tt.wantDef || version != tt.wantVersion || parley.ErrorCode(err) != tt.wantCode {
			t.Errorf("Flow(booking, %d) = %q, %d, %v", tt.version, def, version, err)
		}
	}
	wantCode(t, func() error { _, err := s.PutFlow(ctx, "", nil); return err }(), parley.EINVALID)

	// Concurrent puts of one flow get distinct versions.
	var wg sync.WaitGroup
	versions := make([]int, 8)
	for i := range versions {
		wg.Go(func() {
			v, err := s.PutFlow(ctx, "race", []byte("{}"))
			if err != nil {
				t.Error(err)
			}
			versions[i] = v
		})
	}
	wg.Wait()
	seen := map[int]bool{}
	for _, v := range versions {
		if seen[v] || v < 1 || v > len(versions) {
			t.Fatalf("concurrent PutFlow versions %v are not 1..%d", versions, len(versions))
		}
		seen[v] = true
	}
}

// TestCommitTimes pins the times a commit carries back: zero ones are the commit's
// wall clock, CreatedAt is kept by an update whatever the commit says.
func TestCommitTimes(t *testing.T) {
	t.Parallel()
	s := openTest(t, Options{})
	ctx := context.Background()
	key := parley.ConversationKey{Bot: "shop", ID: "c-1"}
	before := time.Now().Truncate(time.Microsecond)
	c := turn(key, 0, "m-1")
	c.Conversation.CreatedAt, c.Conversation.UpdatedAt = time.Time{}, time.Time{}
	if err := s.Commit(ctx, c); err != nil {
		t.Fatal(err)
	}
	created := c.Conversation.CreatedAt
	if created.Before(before) || created.After(time.Now()) || !c.Conversation.UpdatedAt.Equal(created) {
		t.Fatalf("zero times stamped %v / %v, want the commit's wall clock", created, c.Conversation.UpdatedAt)
	}
	update := turn(key, 1, "m-2")
	update.Conversation.CreatedAt = t0 // not what is stored
	if err := s.Commit(ctx, update); err != nil {
		t.Fatal(err)
	}
	stored, err := s.Conversation(ctx, key)
	if err != nil {
		t.Fatal(err)
	}
	if !stored.CreatedAt.Equal(created) || !update.Conversation.CreatedAt.Equal(created) {
		t.Errorf("CreatedAt after an update: stored %v, carried back %v; want the creation time %v", stored.CreatedAt, update.Conversation.CreatedAt, created)
	}
	if !stored.UpdatedAt.Equal(update.Conversation.UpdatedAt) {
		t.Errorf("UpdatedAt stored %v, committed %v", stored.UpdatedAt, update.Conversation.UpdatedAt)
	}
}
