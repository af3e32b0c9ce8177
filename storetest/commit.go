package storetest

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"github.com/parleyhq/parley"
	"github.com/parleyhq/parley/turnlog"
)

func testConversationNotFound(t *testing.T, s parley.Store) {
	_, err := s.Conversation(context.Background(), key("nobody"))
	wantCode(t, "Conversation of an unknown key", err, parley.ENOTFOUND)

	mustCommit(t, s, create(key("c-1"), `{}`))
	_, err = s.Conversation(context.Background(), parley.ConversationKey{Bot: "other-bot", ID: "c-1"})
	wantCode(t, "Conversation of the same id under another bot", err, parley.ENOTFOUND)

	events, err := s.Events(context.Background(), key("nobody"), 0, 0)
	if err != nil || len(events) != 0 {
		t.Fatalf("Events of an unknown conversation = %v, %v; want none, nil", events, err)
	}
}

func testCreateAndUpdate(t *testing.T, s parley.Store) {
	k := key("c-1")
	c1 := create(k, `{"step":"one"}`)
	c1.Events = []parley.Event{turnEvent("m-1")}
	c1.MessageID, c1.Response = "m-1", []byte(`{"replies":[]}`)
	mustCommit(t, s, c1)

	got := mustConversation(t, s, k)
	want := &parley.Conversation{
		Key: k, Engine: "shop", State: []byte(`{"step":"one"}`), Lifecycle: parley.LifecycleIdle,
		Version: 1, Turns: 1, LastSeq: 1, CreatedAt: base(), UpdatedAt: base(),
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Fatalf("after create (-want +got):\n%s", diff)
	}

	c2 := next(got, `{"step":"two"}`)
	c2.Conversation.Lifecycle = parley.LifecyclePaused
	c2.Events = []parley.Event{turnEvent("m-2"), {Type: parley.EventStateChanged, Data: []byte(`{"from_state":"idle","to_state":"paused","reason":"operator"}`)}}
	mustCommit(t, s, c2)
	if c2.Events[0].Seq != 2 || c2.Events[1].Seq != 3 {
		t.Fatalf("assigned seqs %d, %d; want 2, 3", c2.Events[0].Seq, c2.Events[1].Seq)
	}

	got = mustConversation(t, s, k)
	want.State, want.Lifecycle, want.Version, want.Turns, want.LastSeq = []byte(`{"step":"two"}`), parley.LifecyclePaused, 2, 2, 3
	want.UpdatedAt = base().Add(time.Second)
	if diff := cmp.Diff(want, got); diff != "" {
		t.Fatalf("after update (-want +got): CreatedAt must stay, the rest follow the commit\n%s", diff)
	}

	// A commit with no events leaves the log where it is.
	c3 := next(got, `{"step":"three"}`)
	mustCommit(t, s, c3)
	if got := mustConversation(t, s, k); got.Version != 3 || got.LastSeq != 3 {
		t.Fatalf("after an event-less commit: version %d, last seq %d; want 3, 3", got.Version, got.LastSeq)
	}
}

func testInvalidCommits(t *testing.T, s parley.Store) {
	ctx := context.Background()
	mustCommit(t, s, create(key("c-1"), `{}`))
	stored := mustConversation(t, s, key("c-1"))

	tests := []struct {
		name   string
		commit func() *parley.Commit
	}{
		{"version not expected+1 on create", func() *parley.Commit {
			c := create(key("c-2"), `{}`)
			c.Conversation.Version = 2
			return c
		}},
		{"version not expected+1 on update", func() *parley.Commit {
			c := next(stored, `{}`)
			c.Conversation.Version = stored.Version + 2
			return c
		}},
		{"version equal to expected", func() *parley.Commit {
			c := next(stored, `{}`)
			c.Conversation.Version = stored.Version
			return c
		}},
		{"empty conversation id", func() *parley.Commit { return create(parley.ConversationKey{Bot: "shop"}, `{}`) }},
		{"empty bot", func() *parley.Commit { return create(parley.ConversationKey{ID: "c-3"}, `{}`) }},
		{"event type not UTF-8", func() *parley.Commit {
			c := next(stored, `{}`)
			c.Events = []parley.Event{{Type: "turn\xff", Data: []byte(`{}`)}}
			return c
		}},
		{"event data not JSON", func() *parley.Commit {
			c := next(stored, `{}`)
			c.Events = []parley.Event{{Type: parley.EventTurn, Data: []byte(`{not json`)}}
			return c
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := tt.commit()
			if c.Events == nil {
				c.Events = []parley.Event{turnEvent("m-x")}
			}
			wantCode(t, "Commit", s.Commit(ctx, c), parley.EINVALID)
			if c.Events[0].Seq != 0 {
				t.Fatalf("a refused commit assigned seq %d", c.Events[0].Seq)
			}
		})
	}
	if got := mustConversation(t, s, key("c-1")); got.Version != 1 || got.LastSeq != 0 {
		t.Fatalf("after invalid commits: version %d, last seq %d; want 1, 0", got.Version, got.LastSeq)
	}
	_, err := s.Conversation(ctx, key("c-2"))
	wantCode(t, "Conversation created by an invalid commit", err, parley.ENOTFOUND)
}

func testCreateExistingConflicts(t *testing.T, s parley.Store) {
	mustCommit(t, s, create(key("c-1"), `{"first":true}`))
	again := create(key("c-1"), `{"first":false}`)
	again.Events = []parley.Event{turnEvent("m-1")}
	wantCode(t, "second create", s.Commit(context.Background(), again), parley.ECONFLICT)
	got := mustConversation(t, s, key("c-1"))
	if string(got.State) != `{"first":true}` || got.LastSeq != 0 {
		t.Fatalf("a conflicting create changed the row: state %s, last seq %d", got.State, got.LastSeq)
	}
	if events := mustEvents(t, s, key("c-1")); len(events) != 0 {
		t.Fatalf("a conflicting create appended events: %v", events)
	}
}

func testStaleVersionWritesNothing(t *testing.T, s parley.Store) {
	ctx := context.Background()
	k := key("c-1")
	if dup, err := s.EnqueueInbound(ctx, parley.Inbound{Key: k, MessageID: "m-stale", Channel: "api", Payload: []byte(`{}`), ReceivedAt: base()}); err != nil || dup {
		t.Fatalf("EnqueueInbound = %v, %v", dup, err)
	}
	pending, err := s.PendingInbound(ctx, 0)
	if err != nil || len(pending) != 1 {
		t.Fatalf("PendingInbound = %v, %v; want one entry", pending, err)
	}

	c1 := create(k, `{"v":1}`)
	c1.Events = []parley.Event{turnEvent("m-1")}
	mustCommit(t, s, c1)
	v1 := mustConversation(t, s, k)
	mustCommit(t, s, next(v1, `{"v":2}`))

	stale := next(v1, `{"v":"stale"}`)
	stale.Events = []parley.Event{turnEvent("m-stale"), turnEvent("m-stale")}
	stale.MessageID, stale.Response = "m-stale", []byte(`"stale"`)
	stale.Outbox = []parley.OutboxEntry{{Kind: "chatwoot.message", IdempotencyKey: "stale-1", Payload: []byte(`{}`)}}
	stale.InboundID = pending[0].ID
	wantCode(t, "Commit on a stale version", s.Commit(ctx, stale), parley.ECONFLICT)

	if stale.Events[0].Seq != 0 || stale.Events[1].Seq != 0 {
		t.Fatalf("a refused commit assigned seqs %d, %d", stale.Events[0].Seq, stale.Events[1].Seq)
	}
	checkStaleCommitWroteNothing(t, s, k)

	// Committing against a conversation that does not exist is a conflict too.
	ghost := create(key("ghost"), `{}`)
	ghost.ExpectedVersion, ghost.Conversation.Version = 4, 5
	wantCode(t, "update of a missing conversation", s.Commit(ctx, ghost), parley.ECONFLICT)
}

// checkStaleCommitWroteNothing checks that the refused stale commit of
// testStaleVersionWritesNothing left every table as the version-2 commit left it.
func checkStaleCommitWroteNothing(t *testing.T, s parley.Store, k parley.ConversationKey) {
	t.Helper()
	ctx := context.Background()
	got := mustConversation(t, s, k)
	if got.Version != 2 || string(got.State) != `{"v":2}` || got.LastSeq != 1 {
		t.Fatalf("after a stale commit: version %d, state %s, last seq %d; want 2, {\"v\":2}, 1", got.Version, got.State, got.LastSeq)
	}
	if events := mustEvents(t, s, k); len(events) != 1 {
		t.Fatalf("a stale commit appended events: %d in the log, want 1", len(events))
	}
	if _, ok, err := s.Processed(ctx, k, "m-stale"); err != nil || ok {
		t.Fatalf("a stale commit recorded its message: ok %v, err %v", ok, err)
	}
	if claimed, err := s.ClaimOutbox(ctx, base().Add(time.Hour), time.Minute, 10); err != nil || len(claimed) != 0 {
		t.Fatalf("a stale commit queued outbox entries: %v, %v", claimed, err)
	}
	if pending, err := s.PendingInbound(ctx, 0); err != nil || len(pending) != 1 {
		t.Fatalf("a stale commit removed its inbox entry: %v, %v", pending, err)
	}
}

func testDuplicateMessageRefusesCommit(t *testing.T, s parley.Store) {
	ctx := context.Background()
	k := key("c-1")
	c1 := create(k, `{"v":1}`)
	c1.Events = []parley.Event{turnEvent("m-1")}
	c1.MessageID, c1.Response = "m-1", []byte(`"first"`)
	mustCommit(t, s, c1)

	v1 := mustConversation(t, s, k)
	dup := next(v1, `{"v":2}`)
	dup.Events = []parley.Event{turnEvent("m-1")}
	dup.MessageID, dup.Response = "m-1", []byte(`"second"`)
	dup.Outbox = []parley.OutboxEntry{{Kind: "chatwoot.message", IdempotencyKey: "dup-1", Payload: []byte(`{}`)}}
	wantCode(t, "Commit of a processed message id", s.Commit(ctx, dup), parley.EDUPLICATE)

	got := mustConversation(t, s, k)
	if got.Version != 1 || string(got.State) != `{"v":1}` || got.LastSeq != 1 {
		t.Fatalf("a duplicate commit changed the conversation: version %d, state %s, last seq %d", got.Version, got.State, got.LastSeq)
	}
	if events := mustEvents(t, s, k); len(events) != 1 {
		t.Fatalf("a duplicate commit appended events: %d in the log, want 1", len(events))
	}
	if p, ok, err := s.Processed(ctx, k, "m-1"); err != nil || !ok || string(p.Response) != `"first"` {
		t.Fatalf("Processed = %q, %v, %v; want the first response", p.Response, ok, err)
	}
	if claimed, err := s.ClaimOutbox(ctx, base().Add(time.Hour), time.Minute, 10); err != nil || len(claimed) != 0 {
		t.Fatalf("a duplicate commit queued outbox entries: %v, %v", claimed, err)
	}

	// Message ids are unique per conversation only.
	other := create(key("c-2"), `{}`)
	other.MessageID, other.Response = "m-1", []byte(`"other"`)
	mustCommit(t, s, other)
	// And a later message goes through on the version the duplicate left alone.
	ok := next(v1, `{"v":2}`)
	ok.MessageID = "m-2"
	mustCommit(t, s, ok)
}

func testEventsOrderedAndGapFree(t *testing.T, s parley.Store) {
	ctx := context.Background()
	k := key("c-1")
	var want []parley.Event
	var conv *parley.Conversation
	for i := range 40 {
		var c *parley.Commit
		if conv == nil {
			c = create(k, `{}`)
		} else {
			c = next(conv, fmt.Sprintf(`{"turn":%d}`, i))
		}
		for j := range i % 4 { // 0 to 3 events a commit
			c.Events = append(c.Events, parley.Event{Type: parley.EventType(fmt.Sprintf("type-%d-%d", i, j)), Data: []byte(fmt.Sprintf(`{"i":%d, "j":%d}`, i, j))})
		}
		mustCommit(t, s, c)
		for _, e := range c.Events {
			if e.At.IsZero() {
				t.Fatalf("commit %d: event %d has no At after commit", i, e.Seq)
			}
			want = append(want, parley.Event{Key: k, Seq: e.Seq, Type: e.Type, Data: e.Data, At: e.At})
		}
		conv = mustConversation(t, s, k)
	}
	for i, e := range want {
		if e.Seq != int64(i+1) {
			t.Fatalf("assigned seq %d at position %d: the log must count from 1 without gaps", e.Seq, i)
		}
	}
	if conv.LastSeq != int64(len(want)) {
		t.Fatalf("LastSeq %d, want %d", conv.LastSeq, len(want))
	}
	opts := cmp.Comparer(func(a, b time.Time) bool { return a.Equal(b) })
	if diff := cmp.Diff(want, mustEvents(t, s, k), opts); diff != "" {
		t.Fatalf("Events(0, all) (-want +got):\n%s", diff)
	}

	// Paging with afterSeq and limit walks the same log.
	paged := pageEvents(t, s, k)
	if diff := cmp.Diff(want, paged, opts); diff != "" {
		t.Fatalf("paged events (-want +got):\n%s", diff)
	}
	tail, err := s.Events(ctx, k, int64(len(want)-2), 10)
	if err != nil || len(tail) != 2 || tail[0].Seq != int64(len(want)-1) {
		t.Fatalf("Events(last-2, 10) = %d events, %v; want the last 2", len(tail), err)
	}
}

// pageEvents reads k's whole log seven events a page, checking each page's size.
func pageEvents(t *testing.T, s parley.Store, k parley.ConversationKey) []parley.Event {
	t.Helper()
	ctx := context.Background()
	var paged []parley.Event
	for after := int64(0); ; {
		page, err := s.Events(ctx, k, after, 7)
		if err != nil {
			t.Fatalf("Events(%d, 7): %v", after, err)
		}
		if len(page) > 7 {
			t.Fatalf("Events(%d, 7) returned %d events", after, len(page))
		}
		if len(page) == 0 {
			return paged
		}
		paged = append(paged, page...)
		after = page[len(page)-1].Seq
	}
}

func testEventsKeepGivenTimes(t *testing.T, s parley.Store) {
	k := key("c-1")
	at := base().Add(90 * time.Minute)
	c := create(k, `{}`)
	c.Events = []parley.Event{{Type: "turn", Data: []byte(`{}`), At: at}, {Type: "warning", Data: []byte(`{"w":1}`)}}
	mustCommit(t, s, c)
	events := mustEvents(t, s, k)
	if len(events) != 2 || !events[0].At.Equal(at) {
		t.Fatalf("events %v: the first must keep its At %v", events, at)
	}
	if events[1].At.IsZero() || !events[1].At.Equal(c.Events[1].At) {
		t.Fatalf("the store-stamped At %v must be the one written back to the commit (%v)", events[1].At, c.Events[1].At)
	}
}

// testProcessedExactBytes: a processed message's response comes back byte for byte,
// with the version that processed it and that version's state, however many versions
// followed.
func testProcessedExactBytes(t *testing.T, s parley.Store) {
	ctx := context.Background()
	k := key("c-1")
	responses := [][]byte{
		[]byte(`{"conversation_id":"c-1", "replies" : [ {"type":"text","text":"héllo ✓"} ] }` + "\n"),
		{0x00, 0xff, 0xfe, '{', 0x80},
		[]byte(`"`),
		{},
	}
	var conv *parley.Conversation
	for i, resp := range responses {
		state := fmt.Sprintf(`{"turn": %d}`, i)
		var c *parley.Commit
		if conv == nil {
			c = create(k, state)
		} else {
			c = next(conv, state)
		}
		c.MessageID, c.Response = fmt.Sprintf("m-%d", i), resp
		mustCommit(t, s, c)
		conv = mustConversation(t, s, k)
	}
	// A version that processed no message in between.
	mustCommit(t, s, next(conv, `{"turn":"none"}`))
	for i, want := range responses {
		got, ok, err := s.Processed(ctx, k, fmt.Sprintf("m-%d", i))
		if err != nil || !ok {
			t.Fatalf("Processed m-%d: ok %v, err %v", i, ok, err)
		}
		if diff := cmp.Diff(want, got.Response, cmpopts.EquateEmpty()); diff != "" {
			t.Fatalf("Processed m-%d response (-want +got):\n%s", i, diff)
		}
		if got.Version != int64(i+1) || string(got.State) != fmt.Sprintf(`{"turn": %d}`, i) {
			t.Fatalf("Processed m-%d: version %d, state %s; want %d and that version's state", i, got.Version, got.State, i+1)
		}
	}
	if _, ok, err := s.Processed(ctx, k, "never"); ok || err != nil {
		t.Fatalf("Processed of an unknown message = ok %v, err %v; want false, nil", ok, err)
	}
}

// testConcurrentCommits runs many goroutines committing to a few conversations, each
// retrying from a fresh read on ECONFLICT, as the runtime does across replicas.
func testConcurrentCommits(t *testing.T, s parley.Store) {
	const (
		conversations = 20
		workers       = 16
		perWorker     = 30
	)
	ctx := context.Background()
	var mu sync.Mutex
	landed := map[string]int64{}
	var wg sync.WaitGroup
	errs := make(chan error, workers)
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range perWorker {
				k := key(fmt.Sprintf("c-%d", (w*7+i)%conversations))
				if err := commitWithRetry(ctx, s, k, fmt.Sprintf("w%d-%d", w, i)); err != nil {
					errs <- err
					return
				}
				mu.Lock()
				landed[k.ID]++
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}
	total := int64(0)
	for id, n := range landed {
		k := key(id)
		conv := mustConversation(t, s, k)
		if conv.Version != n || conv.Turns != n || conv.LastSeq != n {
			t.Errorf("%s: version %d, turns %d, last seq %d; want all %d (the commits that landed)", k, conv.Version, conv.Turns, conv.LastSeq, n)
		}
		events := mustEvents(t, s, k)
		for i, e := range events {
			if e.Seq != int64(i+1) {
				t.Fatalf("%s: event %d has seq %d: the log has a gap", k, i, e.Seq)
			}
		}
		if int64(len(events)) != n {
			t.Errorf("%s: %d events, want %d", k, len(events), n)
		}
		total += n
	}
	if total != workers*perWorker {
		t.Fatalf("%d commits landed, want %d", total, workers*perWorker)
	}
}

func commitWithRetry(ctx context.Context, s parley.Store, k parley.ConversationKey, messageID string) error {
	for attempt := 0; attempt < 1000; attempt++ {
		var c *parley.Commit
		conv, err := s.Conversation(ctx, k)
		switch parley.ErrorCode(err) {
		case "":
			c = next(conv, `{"last":"`+messageID+`"}`)
		case parley.ENOTFOUND:
			c = create(k, `{"last":"`+messageID+`"}`)
		default:
			return fmt.Errorf("read %s: %w", k, err)
		}
		c.Events = []parley.Event{turnEvent(messageID)}
		c.MessageID, c.Response = messageID, []byte(`"ok"`)
		err = s.Commit(ctx, c)
		switch parley.ErrorCode(err) {
		case "":
			return nil
		case parley.ECONFLICT:
			continue
		default:
			return fmt.Errorf("commit %s %s: %w", k, messageID, err)
		}
	}
	return fmt.Errorf("commit %s %s: still conflicting after 1000 attempts", k, messageID)
}

// testTurnRecordRebuilt: a turn's commit (parley.Commit.Turn) keeps the message and the
// answer; Events gives the version's events with the rebuilt ones in place and every
// seq in order, Processed the message and the response rebuilt byte for byte, and the
// conversation keeps ActiveAt.
func testTurnRecordRebuilt(t *testing.T, s parley.Store) {
	ctx := context.Background()
	k := key("turn-record")
	sent := base().Add(-time.Hour)
	rec := &parley.TurnRecord{
		Message:     parley.Message{ID: "m-1", Text: "book <me> a \"flight\"", Meaning: "start", SentAt: sent},
		Replies:     []byte(`[{"id":"a-1-1","type":"text","text":"From where?"}]`),
		Transitions: []byte(`[{"from":"idle","to":"waiting","trigger":"intent"}]`),
		Before:      1,
	}
	c := create(k, `{"step":"origin"}`)
	c.Conversation.ActiveAt = sent
	c.Events = []parley.Event{
		{Type: parley.EventStateChanged, Data: []byte(`{"from_state":"created","to_state":"idle","reason":"spawned"}`), At: base()},
		{Type: "guardrail", Data: []byte(`{"rule":"x"}`), At: base()},
	}
	c.Turn = rec
	mustCommit(t, s, c)
	if c.Conversation.LastSeq != 5 || c.Events[0].Seq != 1 || c.Events[1].Seq != 4 {
		t.Fatalf("after Commit: last seq %d, stored seqs %d %d; want 5, 1 and 4", c.Conversation.LastSeq, c.Events[0].Seq, c.Events[1].Seq)
	}
	sameLogEvents(t, s, k, turnlog.LogEvents(c))
	// A later version does not change what the turn answered.
	conv := mustConversation(t, s, k)
	if !conv.ActiveAt.Equal(sent) {
		t.Fatalf("ActiveAt = %s, want %s", conv.ActiveAt, sent)
	}
	mustCommit(t, s, next(conv, `{"step":"destination"}`))
	p, ok, err := s.Processed(ctx, k, "m-1")
	if err != nil || !ok || p.Message == nil || p.Version != 1 {
		t.Fatalf("Processed = %+v, %v, %v", p, ok, err)
	}
	if p.Message.Text != rec.Message.Text || p.Message.Meaning != "start" || !p.Message.SentAt.Equal(sent) {
		t.Fatalf("Processed message = %+v, want %+v", p.Message, rec.Message)
	}
	wantBody := turnlog.Response(rec, k, 1, []byte(`{"step":"origin"}`), c.Events[1:])
	if string(p.Response) != string(wantBody) {
		t.Fatalf("Processed response\n got %s\nwant %s", p.Response, wantBody)
	}
	dup := next(mustConversation(t, s, k), `{}`)
	dup.Turn = &parley.TurnRecord{Message: parley.Message{ID: "m-1", Text: "again"}}
	if err := s.Commit(ctx, dup); parley.ErrorCode(err) != parley.EDUPLICATE {
		t.Fatalf("a second turn with message m-1: %v, want %s", err, parley.EDUPLICATE)
	}
}

// sameLogEvents checks that the stored log of k is want: a turn's version with its
// rebuilt events in place.
func sameLogEvents(t *testing.T, s parley.Store, k parley.ConversationKey, want []parley.Event) {
	t.Helper()
	got := mustEvents(t, s, k)
	if len(got) != len(want) {
		t.Fatalf("Events: %d events, want %d", len(got), len(want))
	}
	for i := range want {
		if got[i].Seq != want[i].Seq || got[i].Type != want[i].Type || string(got[i].Data) != string(want[i].Data) || !got[i].At.Equal(want[i].At) {
			t.Fatalf("event %d = %d %s %s %s, want %d %s %s %s", i, got[i].Seq, got[i].Type, got[i].Data, got[i].At,
				want[i].Seq, want[i].Type, want[i].Data, want[i].At)
		}
	}
	if got[1].Type != parley.EventStateChanged || got[2].Type != parley.EventTurn || got[4].Type != parley.EventStateChanged {
		t.Fatalf("the rebuilt events are not in place: %v %v %v", got[1].Type, got[2].Type, got[4].Type)
	}
}

// testTurnRecordFailed: a turn that completed with an error (TurnRecord.Error) is
// stored like any turn, and its log rebuilds running -> error and stopped after the
// engine's events, instead of running -> idle; its response says lifecycle error.
func testTurnRecordFailed(t *testing.T, s parley.Store) {
	ctx := context.Background()
	k := key("turn-record-failed")
	rec := &parley.TurnRecord{
		Message:     parley.Message{ID: "m-1", Text: "yes", SentAt: base()},
		Replies:     []byte(`[{"id":"a-1-1","type":"text","text":"Sorry, something went wrong."}]`),
		Transitions: []byte(`[{"from":"executing_action","to":"error","trigger":"exception"}]`),
		Error:       "action_refused",
	}
	c := create(k, `{"step":"place"}`)
	c.Conversation.Lifecycle = parley.LifecycleError
	c.Events = []parley.Event{{Type: "guardrail", Data: []byte(`{"rule":"x"}`), At: base()}}
	c.Turn = rec
	mustCommit(t, s, c)
	if c.Conversation.LastSeq != 5 || c.Events[0].Seq != 3 {
		t.Fatalf("after Commit: last seq %d, stored seq %d; want 5 and 3", c.Conversation.LastSeq, c.Events[0].Seq)
	}
	got := mustEvents(t, s, k)
	want := turnlog.LogEvents(c)
	if len(got) != 5 || len(want) != 5 {
		t.Fatalf("Events: %d events, LogEvents %d, want 5", len(got), len(want))
	}
	for i := range want {
		if got[i].Seq != want[i].Seq || got[i].Type != want[i].Type || string(got[i].Data) != string(want[i].Data) {
			t.Fatalf("event %d = %d %s %s, want %d %s %s", i, got[i].Seq, got[i].Type, got[i].Data, want[i].Seq, want[i].Type, want[i].Data)
		}
	}
	if got[3].Type != parley.EventStateChanged || !strings.Contains(string(got[3].Data), `"to_state":"error"`) || got[4].Type != parley.EventStopped {
		t.Fatalf("the rebuilt end is %s %s, %s; want running -> error, stopped", got[3].Type, got[3].Data, got[4].Type)
	}
	p, ok, err := s.Processed(ctx, k, "m-1")
	if err != nil || !ok || !strings.Contains(string(p.Response), `"lifecycle":"error"`) {
		t.Fatalf("Processed = %s, %v, %v", p.Response, ok, err)
	}
}
