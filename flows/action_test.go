package flows

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

const orderFlows = `
bot: shop
flows:
  - name: order
    trigger: {keywords: [order pizza]}
    slots:
      - name: size
        type: enum
        values: [small, large]
        prompt: Which size?
      - name: email
        type: email
        prompt: Your email?
        validators: [{type: custom, webhook: {url: "URL/validate"}}]
    steps:
      - id: ask_size
        collect: size
      - id: ask_email
        collect: email
      - id: place
        action:
          webhook: {url: "URL/order", timeout: 100ms, retries: 2}
          outputs: [order_id]
          reply: "Order {order_id} placed."
`

// webhookServer answers /order and /validate with the handlers of the test and
// records the calls.
type webhookServer struct {
	mu       sync.Mutex
	order    func(w http.ResponseWriter, call int)
	validate func(w http.ResponseWriter, value string)
	calls    []string
	keys     []string
	bodies   []map[string]any
}

func (ws *webhookServer) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	var body map[string]any
	_ = json.NewDecoder(r.Body).Decode(&body)
	ws.mu.Lock()
	ws.calls = append(ws.calls, r.URL.Path)
	ws.keys = append(ws.keys, r.Header.Get("Idempotency-Key"))
	ws.bodies = append(ws.bodies, body)
	n := len(ws.calls)
	ws.mu.Unlock()
	switch r.URL.Path {
	case "/order":
		ws.order(w, n)
	case "/validate":
		slots, _ := body["slots"].(map[string]any)
		v, _ := slots["email"].(string)
		ws.validate(w, v)
	}
}

func orderEngine(t *testing.T, ws *webhookServer) *Engine {
	t.Helper()
	srv := httptest.NewServer(ws)
	t.Cleanup(srv.Close)
	def, err := Parse([]byte(strings.ReplaceAll(orderFlows, "URL", srv.URL)), "order.yaml")
	if err != nil {
		t.Fatal(err)
	}
	e, err := New(def, Options{HTTPClient: srv.Client()})
	if err != nil {
		t.Fatal(err)
	}
	return e
}

func acceptAll(w http.ResponseWriter, _ string) { _, _ = w.Write([]byte(`{"valid": true}`)) }

func TestWebhookActionRetriesAndSetsSlots(t *testing.T) {
	ws := &webhookServer{validate: acceptAll, order: func(w http.ResponseWriter, call int) {
		if call == 2 { // the first /order call (call 1 was /validate)
			w.WriteHeader(http.StatusBadGateway)
			return
		}
		_, _ = w.Write([]byte(`{"slots": {"order_id": "O-7"}}`))
	}}
	e := orderEngine(t, ws)
	playWalk(t, e, "c-1", []walkTurn{
		{user: "order pizza", waiting: "size"},
		{user: "large", waiting: "email", slots: map[string]any{"size": "large"}},
		{user: "me@example.com", state: "idle", reply: "Order O-7 placed.", slots: map[string]any{"order_id": "O-7"},
			transitions: "waiting_for_slot->validating_slot,validating_slot->ready_for_action,ready_for_action->executing_action,executing_action->completed,completed->idle"},
	})
	want := []string{"/validate", "/order", "/order"}
	if diff := cmp.Diff(want, ws.calls); diff != "" {
		t.Errorf("calls (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]string{"shop/c-1/t3/validate:email", "shop/c-1/t3/place", "shop/c-1/t3/place"}, ws.keys); diff != "" {
		t.Errorf("idempotency keys (-want +got):\n%s", diff)
	}
	if got := ws.bodies[1]["slots"]; !cmp.Equal(got, map[string]any{"size": "large", "email": "me@example.com"}) {
		t.Errorf("action posted slots %v", got)
	}
}

func TestWebhookActionMissingSlots(t *testing.T) {
	ws := &webhookServer{validate: acceptAll, order: func(w http.ResponseWriter, call int) {
		if call == 2 {
			_, _ = w.Write([]byte(`{"missing_slots": ["size"], "reply": "We are out of that size."}`))
			return
		}
		_, _ = w.Write([]byte(`{"slots": {"order_id": "O-8"}}`))
	}}
	playWalk(t, orderEngine(t, ws), "c-2", []walkTurn{
		{user: "order pizza"},
		{user: "large"},
		{user: "me@example.com", state: "waiting_for_slot", waiting: "size", step: "ask_size",
			reply:       "We are out of that size. Which size?",
			transitions: "waiting_for_slot->validating_slot,validating_slot->ready_for_action,ready_for_action->executing_action,executing_action->waiting_for_slot"},
		{user: "small", state: "idle", reply: "Order O-8 placed."},
	})
}

func TestWebhookActionFailureAndRecovery(t *testing.T) {
	failing := true
	ws := &webhookServer{validate: acceptAll}
	ws.order = func(w http.ResponseWriter, _ int) {
		if failing {
			w.WriteHeader(http.StatusInternalServerError)
			return
		}
		_, _ = w.Write([]byte(`{"slots": {"order_id": "O-9"}}`))
	}
	e := orderEngine(t, ws)
	s := playWalk(t, e, "c-3", []walkTurn{
		{user: "order pizza"},
		{user: "large"},
		{user: "me@example.com", state: "error", step: "place", reply: "Sorry, something went wrong",
			transitions: "waiting_for_slot->validating_slot,validating_slot->ready_for_action,ready_for_action->executing_action,executing_action->error"},
	})
	got := s.Metadata.Error
	if got == nil || got.Type != "action_unavailable" || got.RecoveryState != "executing_action" || got.Timestamp == 0 || got.Message == "" {
		t.Fatalf("metadata.error = %+v", got)
	}
	if n := strings.Count(strings.Join(ws.calls, " "), "/order"); n != 3 {
		t.Errorf("%d /order attempts, want 3 (1 + 2 retries)", n)
	}
	failing = false
	playWalkFrom(t, e, "c-3", s, 4, []walkTurn{
		{user: "try again", state: "idle", reply: "I encountered an error. Let's try again. Order O-9 placed.",
			transitions: "error->understanding,understanding->ready_for_action,ready_for_action->executing_action,executing_action->completed,completed->idle"},
	})
}

func TestWebhookErrorThenCancel(t *testing.T) {
	ws := &webhookServer{validate: acceptAll, order: func(w http.ResponseWriter, _ int) { w.WriteHeader(http.StatusNotFound) }}
	e := orderEngine(t, ws)
	s := playWalk(t, e, "c-4", []walkTurn{{user: "order pizza"}, {user: "large"}, {user: "me@example.com", state: "error"}})
	if n := strings.Count(strings.Join(ws.calls, " "), "/order"); n != 1 {
		t.Errorf("a 4xx is not retried: %d attempts", n)
	}
	playWalkFrom(t, e, "c-4", s, 4, []walkTurn{
		{user: "cancel", state: "idle", flow: "none", transitions: "error->idle"},
	})
}

func TestWebhookTimeout(t *testing.T) {
	ws := &webhookServer{validate: acceptAll, order: func(w http.ResponseWriter, _ int) {
		time.Sleep(300 * time.Millisecond)
		_, _ = w.Write([]byte(`{}`))
	}}
	s := playWalk(t, orderEngine(t, ws), "c-5", []walkTurn{{user: "order pizza"}, {user: "large"}, {user: "me@example.com", state: "error"}})
	if s.Metadata.Error == nil || s.Metadata.Error.Type != "action_unavailable" {
		t.Errorf("metadata.error = %+v", s.Metadata.Error)
	}
}

func TestCustomValidatorWebhook(t *testing.T) {
	ws := &webhookServer{
		validate: func(w http.ResponseWriter, v string) {
			if strings.HasSuffix(v, "@gmail.com") {
				_, _ = w.Write([]byte(`{"valid": false, "message": "Please use your work email."}`))
				return
			}
			_, _ = w.Write([]byte(`{"valid": true, "value": "checked:` + v + `"}`))
		},
		order: func(w http.ResponseWriter, _ int) { _, _ = w.Write([]byte(`{"slots": {"order_id": "O-1"}}`)) },
	}
	playWalk(t, orderEngine(t, ws), "c-6", []walkTurn{
		{user: "order pizza"},
		{user: "small"},
		{user: "me@gmail.com", waiting: "email", reply: "Please use your work email. Your email?", slots: map[string]any{"email": nil}},
		{user: "me@corp.example", state: "idle", slots: map[string]any{"email": "checked:me@corp.example"}},
	})
}

// playWalkFrom continues a walk from a state at turn index first.
func playWalkFrom(t *testing.T, e *Engine, conversation string, s *State, first int, turns []walkTurn) *State {
	t.Helper()
	return playWalkState(t, e, conversation, s, first, turns)
}
