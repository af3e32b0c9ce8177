package actor_test

import (
	"context"
	"errors"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/parleyhq/parley"
	"github.com/parleyhq/parley/actor"
	"github.com/parleyhq/parley/flows"
	"github.com/parleyhq/parley/memstore"
)

// TestTheIntentIsStoredBeforeTheCall: when the action runs, the store already holds
// the call's intent (lifecycle running, the call pending under the key the action
// receives); once the turn commits, the conversation is idle at the next version,
// the call no longer pending. A turn without a call adds one version.
func TestTheIntentIsStoredBeforeTheCall(t *testing.T) {
	store := memstore.New()
	key := parley.ConversationKey{Bot: "orders", ID: "c1"}
	var during *parley.Conversation
	var sentKey string
	def, err := flows.Parse([]byte(callingFlow), "orders.yaml")
	if err != nil {
		t.Fatal(err)
	}
	eng, err := flows.New(def, flows.Options{Funcs: map[string]flows.ActionFunc{
		"place_order": func(ctx context.Context, req flows.ActionRequest) (flows.ActionResult, error) {
			sentKey = req.IdempotencyKey
			c, cerr := store.Conversation(ctx, key)
			during = c
			return flows.ActionResult{}, cerr
		},
	}})
	if err != nil {
		t.Fatal(err)
	}
	rt := actor.New(store, []*parley.Bot{{Name: "orders", Engine: eng}}, actor.Options{})
	defer rt.Close()
	turn := func(id, text string) {
		t.Helper()
		if _, err := rt.Turn(context.Background(), parley.TurnRequest{Key: key, Message: parley.Message{ID: id, Text: text}}); err != nil {
			t.Fatal(err)
		}
	}
	turn("m1", "I'd like to place an order")
	before, err := store.Conversation(context.Background(), key)
	if err != nil || before.Version != 1 {
		t.Fatalf("after a turn without a call: %+v %v, want version 1", before, err)
	}
	turn("m2", "yes")
	if during == nil || during.Lifecycle != parley.LifecycleRunning || during.Version != 2 ||
		!strings.Contains(string(during.State), `"pending_call":{"key":"`+sentKey+`"`) || sentKey != "orders/c1/order/place/1" {
		t.Fatalf("while the action ran the store held %+v (key %q), want the intent", during, sentKey)
	}
	after, err := store.Conversation(context.Background(), key)
	if err != nil || after.Lifecycle != parley.LifecycleIdle || after.Version != 3 || strings.Contains(string(after.State), "pending_call") {
		t.Fatalf("after the turn: %+v %v", after, err)
	}
}

// ordersEngine is callingFlow's engine with place_order as given.
func ordersEngine(t *testing.T, place flows.ActionFunc) parley.Engine {
	t.Helper()
	def, err := flows.Parse([]byte(callingFlow), "orders.yaml")
	if err != nil {
		t.Fatal(err)
	}
	eng, err := flows.New(def, flows.Options{Funcs: map[string]flows.ActionFunc{"place_order": place}})
	if err != nil {
		t.Fatal(err)
	}
	return eng
}

// TestAnotherServersClockDoesNotShortenAnIntentsLease: server B's clock runs two
// leases ahead of server A's. While A's order is out, a message on B waits for it
// (and is answered 503 at its deadline) instead of taking the intent for dead and
// placing the order again; once A commits, B's retry of the same message is
// decided from A's outcome. The order is placed once.
func TestAnotherServersClockDoesNotShortenAnIntentsLease(t *testing.T) {
	store := memstore.New()
	key := parley.ConversationKey{Bot: "orders", ID: "c1"}
	const lease = 2 * time.Second
	var calls atomic.Int32
	release, placing := make(chan struct{}), make(chan struct{})
	releaseOnce := sync.OnceFunc(func() { close(release) })
	place := func(ctx context.Context, req flows.ActionRequest) (flows.ActionResult, error) {
		if calls.Add(1) == 1 {
			close(placing)
			<-release
		}
		return flows.ActionResult{}, nil
	}
	opts := actor.Options{IntentLease: lease, SharedStore: true, Heartbeat: -1}
	a := actor.New(store, []*parley.Bot{{Name: "orders", Engine: ordersEngine(t, place)}}, opts)
	defer a.Close()
	defer releaseOnce()
	opts.Now = func() time.Time { return time.Now().Add(2 * lease) }
	opts.TurnTimeout = 700 * time.Millisecond
	b := actor.New(store, []*parley.Bot{{Name: "orders", Engine: ordersEngine(t, place)}}, opts)
	defer b.Close()
	turn := func(rt *actor.Runtime, id, text string) error {
		_, err := rt.Turn(context.Background(), parley.TurnRequest{Key: key, Message: parley.Message{ID: id, Text: text}})
		return err
	}
	if err := turn(a, "m1", "I'd like to place an order"); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- turn(a, "m2", "yes") }()
	<-placing
	if err := turn(b, "m3", "is it done?"); parley.ErrorCode(err) != parley.EUNAVAILABLE {
		t.Fatalf("a message on B while A's order is out: %v, want %s", err, parley.EUNAVAILABLE)
	}
	releaseOnce()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	if err := turn(b, "m3", "is it done?"); err != nil {
		t.Fatalf("B's retry once A committed: %v", err)
	}
	if n := calls.Load(); n != 1 {
		t.Fatalf("the order was placed %d times, want once", n)
	}
}

// TestAnIntentOfAStoppedServerIsResumedAfterThisServersLease: server A's order
// never returns (A has stopped). Server B, whose clock runs two leases ahead, sees
// the intent when a message arrives, counts the lease on its own clock, and when
// it runs out sends the call again under the same key without waiting for the user,
// and commits its outcome.
func TestAnIntentOfAStoppedServerIsResumedAfterThisServersLease(t *testing.T) {
	store := memstore.New()
	key := parley.ConversationKey{Bot: "orders", ID: "c1"}
	const lease = 500 * time.Millisecond
	keyA, keysB := make(chan string, 8), make(chan string, 8)
	stopA := make(chan struct{})
	placeA := func(ctx context.Context, req flows.ActionRequest) (flows.ActionResult, error) {
		select {
		case keyA <- req.IdempotencyKey:
		default:
		}
		<-stopA
		return flows.ActionResult{}, errors.New("server A stopped")
	}
	placeB := func(ctx context.Context, req flows.ActionRequest) (flows.ActionResult, error) {
		select {
		case keysB <- req.IdempotencyKey:
		default:
		}
		return flows.ActionResult{}, nil
	}
	opts := actor.Options{IntentLease: lease, SharedStore: true, Heartbeat: -1}
	a := actor.New(store, []*parley.Bot{{Name: "orders", Engine: ordersEngine(t, placeA)}}, opts)
	defer a.Close()
	defer close(stopA)
	opts.Now = func() time.Time { return time.Now().Add(2 * lease) }
	opts.TurnTimeout = 300 * time.Millisecond
	b := actor.New(store, []*parley.Bot{{Name: "orders", Engine: ordersEngine(t, placeB)}}, opts)
	defer b.Close()
	if _, err := a.Turn(context.Background(), parley.TurnRequest{Key: key, Message: parley.Message{ID: "m1", Text: "I'd like to place an order"}}); err != nil {
		t.Fatal(err)
	}
	go a.Turn(context.Background(), parley.TurnRequest{Key: key, Message: parley.Message{ID: "m2", Text: "yes"}}) //nolint:errcheck // A never answers
	sent := <-keyA
	started := time.Now()
	if _, err := b.Turn(context.Background(), parley.TurnRequest{Key: key, Message: parley.Message{ID: "m3", Text: "is it done?"}}); parley.ErrorCode(err) != parley.EUNAVAILABLE {
		t.Fatalf("a message on B within its lease: %v, want %s", err, parley.EUNAVAILABLE)
	}
	select {
	case again := <-keysB:
		if again != sent {
			t.Fatalf("B sent the call under %q, want A's key %q", again, sent)
		}
		if waited := time.Since(started); waited < lease {
			t.Fatalf("B resumed after %s, before its own lease of %s", waited, lease)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("B never resumed the call of the stopped server")
	}
	for deadline := time.Now().Add(5 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		c, err := store.Conversation(context.Background(), key)
		if err == nil && c.Lifecycle == parley.LifecycleIdle && !strings.Contains(string(c.State), "pending_call") {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the resumed call's outcome was not committed: %+v %v", c, err)
		}
	}
}
