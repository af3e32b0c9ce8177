package actor_test

import (
	"context"
	"strings"
	"testing"

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
