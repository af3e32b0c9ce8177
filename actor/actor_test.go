package actor_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"testing/synctest"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/parleyhq/parley"
	"github.com/parleyhq/parley/actor"
	"github.com/parleyhq/parley/memstore"
	"github.com/parleyhq/parley/sqlite"
)

// counter is a test engine: its state counts turns; "fail" makes Decide fail. It
// records concurrent calls per conversation to prove serialization.
type counter struct {
	inFlight sync.Map // conversation -> *int32
	overlap  atomic.Int32
}

type counterState struct {
	N    int      `json:"n"`
	Seen []string `json:"seen"`
}

func (c *counter) Kind() string                        { return "counter" }
func (c *counter) NewState(parley.ConversationKey) any { return counterState{} }
func (c *counter) DecodeState(b []byte) (any, error) {
	var s counterState
	if err := json.Unmarshal(b, &s); err != nil {
		return nil, parley.WrapError(parley.EINVALIDSTATE, err, "counter state")
	}
	return s, nil
}

func (c *counter) Decide(ctx context.Context, t parley.Turn) (parley.Decision, error) {
	v, _ := c.inFlight.LoadOrStore(t.Conversation.ID, new(int32))
	n := v.(*int32)
	if atomic.AddInt32(n, 1) > 1 {
		c.overlap.Add(1)
	}
	defer atomic.AddInt32(n, -1)
	time.Sleep(50 * time.Microsecond)
	if t.Message.Text == "fail" {
		return parley.Decision{}, errors.New("engine exploded")
	}
	s := t.State.(counterState)
	next := counterState{N: s.N + 1, Seen: append(append([]string(nil), s.Seen...), t.Message.ID)}
	return parley.Decision{
		State:       next,
		Replies:     []parley.Reply{{Type: parley.ReplyText, Text: "n=" + strconv.Itoa(next.N)}},
		Transitions: []parley.Transition{{From: strconv.Itoa(s.N), To: strconv.Itoa(next.N), Trigger: "count"}},
	}, nil
}

func newRuntime(t *testing.T, opts actor.Options) (*actor.Runtime, parley.Store, *counter) {
	t.Helper()
	store, err := sqlite.Open(context.Background(), filepath.Join(t.TempDir(), "t.db"), sqlite.Options{})
	if err != nil {
		t.Fatal(err)
	}
	eng := &counter{}
	rt := actor.New(store, []*parley.Bot{{Name: "c", Engine: eng}}, opts)
	t.Cleanup(func() {
		rt.Close()
		store.Close()
	})
	return rt, store, eng
}

func key(id string) parley.ConversationKey { return parley.ConversationKey{Bot: "c", ID: id} }

func turn(t *testing.T, rt *actor.Runtime, conv, id, text string) parley.TurnResponse {
	t.Helper()
	res, err := rt.Turn(context.Background(), parley.TurnRequest{Key: key(conv), Message: parley.Message{ID: id, Text: text}})
	if err != nil {
		t.Fatalf("turn %s: %v", id, err)
	}
	var r parley.TurnResponse
	if err := json.Unmarshal(res.Body, &r); err != nil {
		t.Fatal(err)
	}
	return r
}

func TestTurnsOfOneConversationAreSerialized(t *testing.T) {
	rt, store, eng := newRuntime(t, actor.Options{})
	const n = 40
	var wg sync.WaitGroup
	for i := 0; i < n; i++ {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			if _, err := rt.Turn(context.Background(), parley.TurnRequest{Key: key("one"), Message: parley.Message{ID: fmt.Sprint("m", i), Text: "hi"}}); err != nil {
				t.Error(err)
			}
		}(i)
	}
	wg.Wait()
	if got := eng.overlap.Load(); got != 0 {
		t.Fatalf("%d decisions overlapped in one conversation", got)
	}
	c, err := store.Conversation(context.Background(), key("one"))
	if err != nil {
		t.Fatal(err)
	}
	var s counterState
	if err := json.Unmarshal(c.State, &s); err != nil {
		t.Fatal(err)
	}
	// Every turn commits once.
	if s.N != n || c.Version != n || c.Turns != n {
		t.Fatalf("n=%d version=%d turns=%d, want %d, %d, %d", s.N, c.Version, c.Turns, n, n, n)
	}
	events, err := store.Events(context.Background(), key("one"), 0, 1000)
	if err != nil {
		t.Fatal(err)
	}
	for i, e := range events {
		if e.Seq != int64(i+1) {
			t.Fatalf("event %d has seq %d: log has a gap", i, e.Seq)
		}
	}
}

func TestDifferentConversationsRunInParallel(t *testing.T) {
	rt, _, _ := newRuntime(t, actor.Options{})
	var wg sync.WaitGroup
	for c := 0; c < 8; c++ {
		wg.Add(1)
		go func(c int) {
			defer wg.Done()
			for i := 0; i < 5; i++ {
				turn(t, rt, fmt.Sprint("conv", c), fmt.Sprint("m", i), "hi")
			}
		}(c)
	}
	wg.Wait()
	if got := turn(t, rt, "conv3", "m9", "hi"); got.Version != 6 {
		t.Fatalf("version %d, want 6 (one commit per turn)", got.Version)
	}
}

func TestReplayedMessageReturnsStoredResponseAndChangesNothing(t *testing.T) {
	sent := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	firstMsg := parley.Message{ID: "m1", Text: "a", Meaning: "confirm", NLU: &parley.NLU{Intent: "buy", Entities: map[string]any{"n": 2.0, "a": "x"}}, SentAt: sent}
	tests := []struct {
		name string
		edit func(m *parley.Message)
		code string // "" for a replay of the first response
	}{
		{"same body", func(m *parley.Message) {}, ""},
		{"same body, another sent_at", func(m *parley.Message) { m.SentAt = sent.Add(time.Hour) }, ""},
		{"same body, no sent_at", func(m *parley.Message) { m.SentAt = time.Time{} }, ""},
		{"different text", func(m *parley.Message) { m.Text = "different text" }, parley.EIDEMPOTENCY},
		{"different meaning", func(m *parley.Message) { m.Meaning = "cancel" }, parley.EIDEMPOTENCY},
		{"no meaning", func(m *parley.Message) { m.Meaning = "" }, parley.EIDEMPOTENCY},
		{"different nlu entity", func(m *parley.Message) {
			m.NLU = &parley.NLU{Intent: "buy", Entities: map[string]any{"n": 3.0, "a": "x"}}
		}, parley.EIDEMPOTENCY},
		{"no nlu", func(m *parley.Message) { m.NLU = nil }, parley.EIDEMPOTENCY},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rt, store, _ := newRuntime(t, actor.Options{})
			first, err := rt.Turn(context.Background(), parley.TurnRequest{Key: key("r"), Message: firstMsg})
			if err != nil {
				t.Fatal(err)
			}
			turn(t, rt, "r", "m2", "b")
			before, _ := store.Conversation(context.Background(), key("r"))
			msg := firstMsg
			tt.edit(&msg)
			again, err := rt.Turn(context.Background(), parley.TurnRequest{Key: key("r"), Message: msg})
			if parley.ErrorCode(err) != tt.code {
				t.Fatalf("code %q (%v), want %q", parley.ErrorCode(err), err, tt.code)
			}
			if tt.code == "" && (!again.Replayed || string(again.Body) != string(first.Body)) {
				t.Fatalf("replay: replayed=%v body differs:\n%s\n%s", again.Replayed, first.Body, again.Body)
			}
			if tt.code != "" && again.Body != nil {
				t.Fatalf("a conflict returned a body: %s", again.Body)
			}
			after, _ := store.Conversation(context.Background(), key("r"))
			if after.Version != before.Version || string(after.State) != string(before.State) {
				t.Fatalf("replay changed the conversation: version %d -> %d", before.Version, after.Version)
			}
		})
	}
}

// TestReplayAfterRespawnRebuildsTheResponse: the response is not stored, and a fresh
// actor (whose first turn looks its id up in the store) gets it rebuilt byte for byte
// from the turn's record and the state of the version that processed the message.
func TestReplayAfterRespawnRebuildsTheResponse(t *testing.T) {
	ctx := context.Background()
	store := memstore.New()
	bots := []*parley.Bot{{Name: "c", Engine: &counter{}}}
	rt := actor.New(store, bots, actor.Options{})
	first, err := rt.Turn(ctx, parley.TurnRequest{Key: key("r"), Message: parley.Message{ID: "m1", Text: "a"}})
	if err != nil {
		t.Fatal(err)
	}
	turn(t, rt, "r", "m2", "b")
	rt.Close()

	p, ok, err := store.Processed(ctx, key("r"), "m1")
	if err != nil || !ok || p.Version != 1 {
		t.Fatalf("Processed = %+v, %v, %v", p, ok, err)
	}
	if p.Message == nil || p.Message.Text != "a" || !bytes.Equal(p.Response, first.Body) {
		t.Fatalf("Processed = %+v, want the message and the response rebuilt", p)
	}
	rt = actor.New(store, bots, actor.Options{})
	defer rt.Close()
	again, err := rt.Turn(ctx, parley.TurnRequest{Key: key("r"), Message: parley.Message{ID: "m1", Text: "a"}})
	if err != nil {
		t.Fatal(err)
	}
	if !again.Replayed || !bytes.Equal(again.Body, first.Body) {
		t.Fatalf("replay after respawn: replayed=%v\n got %s\nwant %s", again.Replayed, again.Body, first.Body)
	}
	if c, _ := store.Conversation(ctx, key("r")); c.Version != 2 {
		t.Fatalf("the replay committed: version %d, want 2", c.Version)
	}
}

// cappedCounter is a counter whose Decide fails once the count reached its cap: a
// message that succeeded earlier fails against a later state.
type cappedCounter struct {
	counter
	cap int
}

func (c *cappedCounter) Decide(ctx context.Context, t parley.Turn) (parley.Decision, error) {
	if t.State.(counterState).N >= c.cap {
		return parley.Decision{}, errors.New("cap reached")
	}
	return c.counter.Decide(ctx, t)
}

// TestOldRedeliveryThatNowFailsIsReplayed: an actor sends a message it does not know
// (committed before it hydrated, after its first turn) to the engine; when the engine
// fails on it (today's state), the message turns out to be processed already and is
// answered from the store, nothing is committed, and the conversation does not fail.
func TestOldRedeliveryThatNowFailsIsReplayed(t *testing.T) {
	ctx := context.Background()
	store := memstore.New()
	bots := []*parley.Bot{{Name: "c", Engine: &cappedCounter{cap: 3}}}
	rt := actor.New(store, bots, actor.Options{})
	first, err := rt.Turn(ctx, parley.TurnRequest{Key: key("o"), Message: parley.Message{ID: "m1", Text: "a"}})
	if err != nil {
		t.Fatal(err)
	}
	turn(t, rt, "o", "m2", "b")
	rt.Close()

	rt = actor.New(store, bots, actor.Options{})
	defer rt.Close()
	turn(t, rt, "o", "m3", "c")
	again, err := rt.Turn(ctx, parley.TurnRequest{Key: key("o"), Message: parley.Message{ID: "m1", Text: "a"}})
	if err != nil || !again.Replayed || !bytes.Equal(again.Body, first.Body) {
		t.Fatalf("redelivery = replayed %v, %v; want the first response", again.Replayed, err)
	}
	// Three turns, one commit each; the redelivery commits nothing.
	if c, _ := store.Conversation(ctx, key("o")); c.Lifecycle != parley.LifecycleIdle || c.Version != 3 || c.Turns != 3 {
		t.Fatalf("after the redelivery: %s at version %d (%d turns), want idle at 3 (3)", c.Lifecycle, c.Version, c.Turns)
	}
}

func TestMissingMessageIDAndUnknownBotAreRefused(t *testing.T) {
	rt, _, _ := newRuntime(t, actor.Options{})
	tests := []struct {
		name string
		req  parley.TurnRequest
		code string
	}{
		{"no id", parley.TurnRequest{Key: key("x"), Message: parley.Message{Text: "hi"}}, parley.EINVALID},
		{"unknown bot", parley.TurnRequest{Key: parley.ConversationKey{Bot: "nope", ID: "x"}, Message: parley.Message{ID: "1"}}, parley.ENOTFOUND},
		{"no conversation", parley.TurnRequest{Key: parley.ConversationKey{Bot: "c"}, Message: parley.Message{ID: "1"}}, parley.EINVALID},
		{"empty message", parley.TurnRequest{Key: key("x"), Message: parley.Message{ID: "1"}}, parley.EINVALID},
		{"blank text, empty nlu", parley.TurnRequest{Key: key("x"), Message: parley.Message{ID: "1", Text: " \t\n", Meaning: " ", NLU: &parley.NLU{}}}, parley.EINVALID},
		{"message id over 200 bytes", parley.TurnRequest{Key: key("x"), Message: parley.Message{ID: strings.Repeat("m", 201), Text: "hi"}}, parley.EINVALID},
		{"conversation id over 200 bytes", parley.TurnRequest{Key: key(strings.Repeat("c", 201)), Message: parley.Message{ID: "1", Text: "hi"}}, parley.EINVALID},
		{"conversation id not UTF-8", parley.TurnRequest{Key: key("a\xff"), Message: parley.Message{ID: "1", Text: "hi"}}, parley.EINVALID},
		{"bot id over 200 bytes", parley.TurnRequest{Key: parley.ConversationKey{Bot: strings.Repeat("b", 201), ID: "x"}, Message: parley.Message{ID: "1", Text: "hi"}}, parley.EINVALID},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := rt.Turn(context.Background(), tt.req)
			if got := parley.ErrorCode(err); got != tt.code {
				t.Fatalf("code %q, want %q (%v)", got, tt.code, err)
			}
		})
	}
}

func eventTypes(t *testing.T, store parley.Store, k parley.ConversationKey) []string {
	t.Helper()
	events, err := store.Events(context.Background(), k, 0, 1000)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, e := range events {
		if e.Type == parley.EventStateChanged {
			var sc parley.StateChangedEvent
			_ = json.Unmarshal(e.Data, &sc)
			out = append(out, fmt.Sprintf("%s->%s", sc.FromState, sc.ToState))
			continue
		}
		out = append(out, string(e.Type))
	}
	return out
}

func TestEngineFailureIsTerminalErrorAndNextMessageRespawns(t *testing.T) {
	rt, store, _ := newRuntime(t, actor.Options{})
	turn(t, rt, "f", "m1", "hi")
	_, err := rt.Turn(context.Background(), parley.TurnRequest{Key: key("f"), Message: parley.Message{ID: "m2", Text: "fail"}})
	if parley.ErrorCode(err) != parley.EINTERNAL {
		t.Fatalf("failed turn: %v", err)
	}
	c, _ := store.Conversation(context.Background(), key("f"))
	if c.Lifecycle != parley.LifecycleError {
		t.Fatalf("lifecycle %s, want error", c.Lifecycle)
	}
	// The failed message was not recorded: the same id is processed after respawn.
	r := turn(t, rt, "f", "m2", "hi")
	if r.Lifecycle != parley.LifecycleIdle || r.Version != c.Version+1 {
		t.Fatalf("after respawn: %+v", r)
	}
	var s counterState
	_ = json.Unmarshal(r.State, &s)
	if s.N != 2 {
		t.Fatalf("history not preserved: n=%d", s.N)
	}
	// Stored alone, the log is a path of seed 004's table: every turn stores idle ->
	// running with how it ended; the respawn starts a fresh actor at created.
	want := []string{"created->idle", "idle->running", "turn", "running->idle", "idle->running", "running->error", "stopped",
		"created->idle", "idle->running", "turn", "running->idle"}
	if diff := cmp.Diff(want, eventTypes(t, store, key("f"))); diff != "" {
		t.Fatalf("events (-want +got):\n%s", diff)
	}
}

func control(t *testing.T, rt *actor.Runtime, conv string, kind parley.ControlKind) (parley.ConversationView, error) {
	t.Helper()
	res, err := rt.Control(context.Background(), parley.ControlRequest{Key: key(conv), Kind: kind, Reason: "test " + string(kind)})
	var v parley.ConversationView
	if err == nil {
		_ = json.Unmarshal(res.Body, &v)
	}
	return v, err
}

func TestPauseResumeCancelFollowTheSeedTable(t *testing.T) {
	rt, store, _ := newRuntime(t, actor.Options{})
	if _, err := control(t, rt, "p", parley.ControlPause); parley.ErrorCode(err) != parley.ENOTFOUND {
		t.Fatalf("pause of an unknown conversation: %v", err)
	}
	turn(t, rt, "p", "m1", "hi")
	v, err := control(t, rt, "p", parley.ControlPause)
	if err != nil || v.Lifecycle != parley.LifecyclePaused {
		t.Fatalf("pause: %v %s", err, v.Lifecycle)
	}
	if _, err := control(t, rt, "p", parley.ControlPause); parley.ErrorCode(err) != parley.ECONFLICT {
		t.Fatalf("pausing a paused conversation: %v", err)
	}
	// Paused --ProcessInteraction--> Idle, then the message is processed.
	if r := turn(t, rt, "p", "m2", "hi"); r.Lifecycle != parley.LifecycleIdle {
		t.Fatalf("message while paused: lifecycle %s", r.Lifecycle)
	}
	control(t, rt, "p", parley.ControlPause)
	if v, err := control(t, rt, "p", parley.ControlResume); err != nil || v.Lifecycle != parley.LifecycleIdle {
		t.Fatalf("resume: %v %s", err, v.Lifecycle)
	}
	if _, err := control(t, rt, "p", parley.ControlResume); parley.ErrorCode(err) != parley.ECONFLICT {
		t.Fatalf("resuming an idle conversation: %v", err)
	}
	if v, err := control(t, rt, "p", parley.ControlCancel); err != nil || v.Lifecycle != parley.LifecycleCancelled {
		t.Fatalf("cancel: %v %s", err, v.Lifecycle)
	}
	if _, err := control(t, rt, "p", parley.ControlPause); parley.ErrorCode(err) != parley.ECONFLICT {
		t.Fatalf("pausing a cancelled conversation: %v", err)
	}
	want := []string{"created->idle", "idle->running", "turn", "running->idle", "idle->paused", "paused->idle", "idle->running", "turn", "running->idle",
		"idle->paused", "paused->idle", "idle->cancelled", "stopped"}
	if diff := cmp.Diff(want, eventTypes(t, store, key("p"))); diff != "" {
		t.Fatalf("events (-want +got):\n%s", diff)
	}
	events, _ := store.Events(context.Background(), key("p"), 0, 100)
	var stopped parley.StoppedEvent
	_ = json.Unmarshal(events[len(events)-1].Data, &stopped)
	if stopped.Reason != "test cancel" {
		t.Fatalf("stopped reason %q", stopped.Reason)
	}
}

func TestResetStartsTheEngineStateOver(t *testing.T) {
	rt, _, _ := newRuntime(t, actor.Options{})
	turn(t, rt, "z", "m1", "hi")
	turn(t, rt, "z", "m2", "hi")
	v, err := control(t, rt, "z", parley.ControlReset)
	if err != nil {
		t.Fatal(err)
	}
	var s counterState
	_ = json.Unmarshal(v.State, &s)
	if s.N != 0 || v.Version != 3 {
		t.Fatalf("after reset: n=%d version=%d", s.N, v.Version)
	}
	if r := turn(t, rt, "z", "m3", "hi"); r.Version != 4 {
		t.Fatalf("turn after reset: version %d", r.Version)
	}
	if _, err := control(t, rt, "z", parley.ControlHandback); parley.ErrorCode(err) != parley.EINVALID {
		t.Fatalf("handback on an engine without handoff: %v", err)
	}
}

func TestInactivityTimeoutCompletesAndHeartbeatKeepsAlive(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		store := memstore.New()
		rt := actor.New(store, []*parley.Bot{{Name: "c", Engine: &counter{}}}, actor.Options{Inactivity: 10 * time.Minute, Heartbeat: time.Minute})
		defer rt.Close()
		turn(t, rt, "idle", "m1", "hi")
		time.Sleep(9 * time.Minute)
		synctest.Wait()
		if rt.LiveActors() != 1 {
			t.Fatalf("actor gone before the timeout (heartbeats keep it, they do not complete it)")
		}
		c, _ := store.Conversation(context.Background(), key("idle"))
		if c.Lifecycle != parley.LifecycleIdle {
			t.Fatalf("lifecycle %s before timeout", c.Lifecycle)
		}
		time.Sleep(2 * time.Minute)
		synctest.Wait()
		c, _ = store.Conversation(context.Background(), key("idle"))
		if c.Lifecycle != parley.LifecycleCompleted {
			t.Fatalf("lifecycle %s after 11 idle minutes, want completed", c.Lifecycle)
		}
		if rt.LiveActors() != 0 {
			t.Fatalf("%d actors live after completion", rt.LiveActors())
		}
		// A new interaction respawns a fresh actor with the history preserved.
		r := turn(t, rt, "idle", "m2", "hi")
		var s counterState
		_ = json.Unmarshal(r.State, &s)
		if s.N != 2 || r.Lifecycle != parley.LifecycleIdle {
			t.Fatalf("respawn: n=%d lifecycle=%s", s.N, r.Lifecycle)
		}
	})
}

func TestLeastRecentlyUsedActorsPassivate(t *testing.T) {
	rt, store, _ := newRuntime(t, actor.Options{MaxActors: 3})
	for i := 0; i < 10; i++ {
		turn(t, rt, fmt.Sprint("lru", i), "m1", "hi")
	}
	deadline := time.Now().Add(5 * time.Second)
	for rt.LiveActors() > 3 && time.Now().Before(deadline) {
		time.Sleep(time.Millisecond)
	}
	if n := rt.LiveActors(); n > 3 {
		t.Fatalf("%d live actors, cap 3", n)
	}
	// A passivated conversation continues where it was.
	if r := turn(t, rt, "lru0", "m2", "hi"); r.Version != 2 {
		t.Fatalf("hydrated version %d, want 2", r.Version)
	}
	c, _ := store.Conversation(context.Background(), key("lru1"))
	if c.Lifecycle != parley.LifecycleIdle {
		t.Fatalf("passivation changed the lifecycle to %s", c.Lifecycle)
	}
}

func TestSubscribersSeeTurnsAndSlowOnesAreDropped(t *testing.T) {
	hub := actor.NewHub(4)
	rt, _, _ := newRuntime(t, actor.Options{Hub: hub})
	sub := hub.Subscribe(key("s"))
	defer sub.Close()
	turn(t, rt, "s", "m1", "hi")
	var got []string
	for len(got) < 4 {
		e := <-sub.C
		if e.Type == parley.EventStateChanged {
			var sc parley.StateChangedEvent
			_ = json.Unmarshal(e.Data, &sc)
			got = append(got, fmt.Sprintf("%s->%s", sc.FromState, sc.ToState))
			continue
		}
		got = append(got, string(e.Type))
	}
	// Live before the decision: created -> idle, idle -> running; then what the
	// commit stored after them.
	want := []string{"created->idle", "idle->running", "turn", "running->idle"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Fatalf("live events (-want +got):\n%s", diff)
	}
	slow := hub.Subscribe(key("s"))
	for i := 2; i < 6; i++ {
		turn(t, rt, "s", fmt.Sprint("m", i), "hi") // never read: the buffer of 4 overflows
	}
	if !slow.Dropped() {
		t.Fatal("a subscriber that never reads was not dropped")
	}
	if _, open := <-drain(slow.C); open {
		t.Fatal("dropped subscriber's channel still open")
	}
}

func drain(c <-chan parley.Event) <-chan parley.Event {
	for range c {
	}
	return c
}

func TestNudgeAllReachesEverySubscriber(t *testing.T) {
	hub := actor.NewHub(4)
	a, b := hub.Subscribe(key("a")), hub.Subscribe(key("b"))
	defer a.Close()
	defer b.Close()
	hub.NudgeAll()
	for _, s := range []*actor.Subscription{a, b} {
		if e := <-s.C; e.Type != parley.EventNudge || e.Seq != 0 {
			t.Fatalf("got %+v, want a nudge", e)
		}
	}
}

// TestFailedTurnEventsArePathsLiveAndStored: the steps that start a turn (waking a
// paused conversation, idle -> running) go to subscribers live, before the decision,
// and are not sent again when the commit stores them; what the commit adds after
// them (running -> error and stopped, or the turn and running -> idle) follows with
// its seqs.
func TestFailedTurnEventsArePathsLiveAndStored(t *testing.T) {
	rt, _, _ := newRuntime(t, actor.Options{})
	read := func(sub *actor.Subscription, n int) []string {
		var got []string
		for len(got) < n {
			e := <-sub.C
			d := string(e.Type)
			if e.Type == parley.EventStateChanged {
				var sc parley.StateChangedEvent
				_ = json.Unmarshal(e.Data, &sc)
				d = fmt.Sprintf("%s->%s", sc.FromState, sc.ToState)
			}
			got = append(got, fmt.Sprintf("%s@%d", d, e.Seq))
		}
		return got
	}
	turn(t, rt, "f", "m1", "hi")
	sub := rt.Hub().Subscribe(key("f"))
	defer sub.Close()
	if _, err := rt.Turn(context.Background(), parley.TurnRequest{Key: key("f"), Message: parley.Message{ID: "m2", Text: "fail"}}); err == nil {
		t.Fatal("failing turn succeeded")
	}
	want := []string{"idle->running@0", "running->error@6", "stopped@7"}
	if diff := cmp.Diff(want, read(sub, 3)); diff != "" {
		t.Fatalf("failed turn, live (-want +got):\n%s", diff)
	}

	turn(t, rt, "p", "m1", "hi")
	if _, err := control(t, rt, "p", parley.ControlPause); err != nil {
		t.Fatal(err)
	}
	sub2 := rt.Hub().Subscribe(key("p"))
	defer sub2.Close()
	turn(t, rt, "p", "m2", "hi")
	want = []string{"paused->idle@0", "idle->running@0", "turn@8", "running->idle@9"}
	if diff := cmp.Diff(want, read(sub2, 4)); diff != "" {
		t.Fatalf("message while paused, live (-want +got):\n%s", diff)
	}
}

// lingeringEngine decides like counter, but a "linger" message blocks until its
// context is cancelled and then takes a minute more to return, as an engine whose
// outside call is slow to notice.
type lingeringEngine struct {
	counter
	started  chan struct{}
	returned atomic.Bool
}

func (e *lingeringEngine) Decide(ctx context.Context, t parley.Turn) (parley.Decision, error) {
	if t.Message.Text != "linger" {
		return e.counter.Decide(ctx, t)
	}
	close(e.started)
	<-ctx.Done()
	time.Sleep(time.Minute)
	e.returned.Store(true)
	return parley.Decision{}, ctx.Err()
}

// TestCloseWaitsForEveryGoroutine: Close returns only once every goroutine the
// runtime started has ended: the actors, the sweeper, and a decision a pause
// abandoned, whose engine returns a minute after its context was cancelled. The
// bubble's end would also fail on any goroutine left blocked.
func TestCloseWaitsForEveryGoroutine(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		eng := &lingeringEngine{started: make(chan struct{})}
		rt := actor.New(memstore.New(), []*parley.Bot{{Name: "c", Engine: eng}}, actor.Options{})
		turn(t, rt, "other", "m1", "hi")
		errc := make(chan error, 1)
		go func() {
			_, err := rt.Turn(context.Background(), parley.TurnRequest{Key: key("l"), Message: parley.Message{ID: "m1", Text: "linger"}})
			errc <- err
		}()
		<-eng.started
		if _, err := control(t, rt, "l", parley.ControlPause); err != nil {
			t.Fatalf("pause: %v", err)
		}
		if err := <-errc; parley.ErrorCode(err) != parley.EINTERRUPTED {
			t.Fatalf("interrupted turn: %v", err)
		}
		if eng.returned.Load() {
			t.Fatal("the abandoned decision returned before the test closed the runtime")
		}
		rt.Close()
		if !eng.returned.Load() {
			t.Fatal("Close returned while an abandoned decision was still running")
		}
		if n := rt.LiveActors(); n != 0 {
			t.Fatalf("%d actors live after Close", n)
		}
	})
}
