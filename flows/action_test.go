package flows

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/parleyhq/parley"
	"github.com/parleyhq/parley/httpapi/apitest"
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
          webhook: {url: "URL/order", timeout: TIMEOUT, retries: 2}
          outputs: [order_id]
          reply: "Order {order_id} placed."
`

// webhookServer answers /order and /validate with the handlers of the test and
// records the calls.
type webhookServer struct {
	t        testing.TB // set by orderEngine: every body is checked against docs/schemas
	mu       sync.Mutex
	order    func(w http.ResponseWriter, call int)
	validate func(w http.ResponseWriter, value string)
	calls    []string
	keys     []string
	bodies   []map[string]any
}

func (ws *webhookServer) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	raw, _ := io.ReadAll(r.Body)
	var body map[string]any
	_ = json.Unmarshal(raw, &body)
	var answered bytes.Buffer
	defer ws.checkContract(r.URL.Path, raw)(&answered)
	w = answerRecorder(w, &answered)
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

// checkContract checks what a webhook receives against docs/schemas (the request
// of an action and of a custom validator); the returned function checks the answer
// the test's handler wrote, as an action's or a validator's response.
func (ws *webhookServer) checkContract(path string, request []byte) func(answered *bytes.Buffer) {
	c, err := apitest.Load()
	if err != nil {
		ws.t.Fatal(err)
	}
	if err := c.CheckBody(apitest.ActionRequest, request); err != nil {
		ws.t.Errorf("webhook request: %v", err)
	}
	return func(answered *bytes.Buffer) {
		body := bytes.TrimSpace(answered.Bytes())
		if len(body) == 0 || !json.Valid(body) {
			return // an empty answer, a 5xx or a garbage answer the test sends on purpose
		}
		schema := apitest.ActionResponse
		if path == "/validate" {
			schema = apitest.ValidatorResponse
		}
		if err := c.CheckBody(schema, body); err != nil {
			ws.t.Errorf("the webhook double answers outside docs/schemas: %v", err)
		}
	}
}

// answerRecorder copies what a handler writes into buf.
func answerRecorder(w http.ResponseWriter, buf *bytes.Buffer) http.ResponseWriter {
	return &teeWriter{ResponseWriter: w, buf: buf}
}

type teeWriter struct {
	http.ResponseWriter
	buf *bytes.Buffer
}

func (t *teeWriter) Write(b []byte) (int, error) {
	t.buf.Write(b)
	return t.ResponseWriter.Write(b)
}

// orderEngine runs orderFlows against ws with a webhook timeout no loaded test
// machine reaches (an /order call that outlives it is retried, and a test that
// counts calls would count the retry); orderEngineTimeout sets it for the tests of
// timeouts.
func orderEngine(t *testing.T, ws *webhookServer) *Engine {
	t.Helper()
	return orderEngineTimeout(t, ws, "10s")
}

func orderEngineTimeout(t *testing.T, ws *webhookServer, timeout string) *Engine {
	t.Helper()
	ws.t = t
	srv := httptest.NewServer(ws)
	t.Cleanup(srv.Close)
	flows := strings.NewReplacer("URL", srv.URL, "TIMEOUT", timeout).Replace(orderFlows)
	def, err := Parse([]byte(flows), "order.yaml")
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
	// The keys name the executions (conversation c-1, flow order, the step, the
	// conversation's first and second calls): the validator's adds a digest of
	// the value; the retry inside the turn sends the same key.
	if len(ws.keys) != 3 || !strings.HasPrefix(ws.keys[0], "shop/c-1/order/validate:email/1/") {
		t.Errorf("validator idempotency key %q", ws.keys)
	}
	if diff := cmp.Diff([]string{"shop/c-1/order/place/2", "shop/c-1/order/place/2"}, ws.keys[1:]); diff != "" {
		t.Errorf("action idempotency keys (-want +got):\n%s", diff)
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

// TestWebhookActionOutcomeUnknownAndRetry: a call that gets no definite answer (5xx
// on every attempt) leaves its outcome unknown: the user is told so, not that it
// failed; the call is kept pending in the state, and the next message sends it
// again under the same key, which a receiver that honours keys answers once.
func TestWebhookActionOutcomeUnknownAndRetry(t *testing.T) {
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
		{user: "me@example.com", state: "error", step: "place", reply: "I haven't heard back yet whether that went through",
			transitions: "waiting_for_slot->validating_slot,validating_slot->ready_for_action,ready_for_action->executing_action,executing_action->error"},
	})
	got := s.Metadata.Error
	if got == nil || got.Type != "outcome_unknown" || got.RecoveryState != "executing_action" || got.Timestamp == 0 || got.Message == "" {
		t.Fatalf("metadata.error = %+v", got)
	}
	p := s.Metadata.Pending
	if p == nil || p.Key != "shop/c-3/order/place/2" || p.Step != "place" || p.Turn != 3 || p.Attempts != 1 {
		t.Fatalf("metadata.pending_call = %+v", p)
	}
	if n := strings.Count(strings.Join(ws.calls, " "), "/order"); n != 3 {
		t.Errorf("%d /order attempts, want 3 (1 + 2 retries)", n)
	}
	// Still no answer: still pending, attempts counted, the same key.
	s = playWalkFrom(t, e, "c-3", s, 4, []walkTurn{
		{user: "hello", state: "error", reply: "I haven't heard back yet"},
	})
	if s.Metadata.Pending == nil || s.Metadata.Pending.Key != p.Key || s.Metadata.Pending.Attempts != 2 {
		t.Fatalf("after a second unanswered retry: %+v", s.Metadata.Pending)
	}
	failing = false
	s = playWalkFrom(t, e, "c-3", s, 5, []walkTurn{
		{user: "try again", state: "idle", reply: "Order O-9 placed.", slots: map[string]any{"order_id": "O-9"},
			transitions: "error->understanding,understanding->ready_for_action,ready_for_action->executing_action,executing_action->completed,completed->idle"},
	})
	if s.Metadata.Pending != nil || s.Metadata.Error != nil {
		t.Fatalf("a definite answer leaves %+v, %+v", s.Metadata.Pending, s.Metadata.Error)
	}
	var orders []string
	for i, c := range ws.calls {
		if c == "/order" {
			orders = append(orders, ws.keys[i])
			if !cmp.Equal(ws.bodies[i], ws.bodies[1]) {
				t.Errorf("retry %d sent %v, want the first body %v", i, ws.bodies[i], ws.bodies[1])
			}
		}
	}
	if distinct := slices.Compact(slices.Clone(orders)); len(orders) != 7 || len(distinct) != 1 || distinct[0] != p.Key {
		t.Errorf("order keys %q: every attempt must send %q", orders, p.Key)
	}
}

// TestPendingActionCancelled: cancel while the outcome is unknown ends the flow,
// says that the outcome is still unknown, and forgets the call.
func TestPendingActionCancelled(t *testing.T) {
	ws := &webhookServer{validate: acceptAll, order: func(w http.ResponseWriter, _ int) { w.WriteHeader(http.StatusServiceUnavailable) }}
	e := orderEngine(t, ws)
	s := playWalk(t, e, "c-7", []walkTurn{{user: "order pizza"}, {user: "large"}, {user: "me@example.com", state: "error"}})
	s = playWalkFrom(t, e, "c-7", s, 4, []walkTurn{
		{user: "cancel", state: "idle", flow: "none", reply: "I still don't know whether the last request went through.", transitions: "error->idle"},
	})
	if s.Metadata.Pending != nil {
		t.Fatalf("pending call kept after cancel: %+v", s.Metadata.Pending)
	}
}

func TestWebhookErrorThenCancel(t *testing.T) {
	ws := &webhookServer{validate: acceptAll, order: func(w http.ResponseWriter, _ int) { w.WriteHeader(http.StatusNotFound) }}
	e := orderEngine(t, ws)
	s := playWalk(t, e, "c-4", []walkTurn{{user: "order pizza"}, {user: "large"}, {user: "me@example.com", state: "error"}})
	if n := strings.Count(strings.Join(ws.calls, " "), "/order"); n != 1 {
		t.Errorf("a 4xx is not retried: %d attempts", n)
	}
	if s.Metadata.Error == nil || s.Metadata.Error.Type != "action_refused" || s.Metadata.Pending != nil {
		t.Errorf("a refused call: metadata %+v", s.Metadata)
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
	s := playWalk(t, orderEngineTimeout(t, ws, "100ms"), "c-5", []walkTurn{{user: "order pizza"}, {user: "large"}, {user: "me@example.com", state: "error"}})
	if s.Metadata.Error == nil || s.Metadata.Error.Type != "outcome_unknown" || s.Metadata.Pending == nil {
		t.Errorf("metadata = %+v", s.Metadata)
	}
}

// TestWebhookTimeoutIsTheWebhooksOwn: the webhook's timeout bounds its call, not
// the HTTP client's: a client with a shorter Timeout of its own does not cut it.
func TestWebhookTimeoutIsTheWebhooksOwn(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		time.Sleep(150 * time.Millisecond)
		_, _ = w.Write([]byte(`{"reply": "done"}`))
	}))
	t.Cleanup(srv.Close)
	client := srv.Client()
	client.Timeout = 50 * time.Millisecond
	r := &HTTPRunner{Client: client}
	res, err := r.Run(context.Background(), ActionRequest{Action: "slow", Webhook: &Webhook{URL: srv.URL, Timeout: "2s"}})
	if err != nil || res.Reply != "done" {
		t.Fatalf("a 2s webhook answering in 150ms through a client with a 50ms timeout: %+v, %v", res, err)
	}
	if client.Timeout != 50*time.Millisecond {
		t.Fatal("Run changed the caller's client")
	}
}

// TestPendingCheckRetriedUnderItsKey: a custom validator's call without a definite
// answer keeps the check pending; the next message sends it again under the same key
// and the value it checks is taken when it answers.
func TestPendingCheckRetriedUnderItsKey(t *testing.T) {
	slow := true
	ws := &webhookServer{order: func(w http.ResponseWriter, _ int) { _, _ = w.Write([]byte(`{"slots": {"order_id": "O-2"}}`)) }}
	ws.validate = func(w http.ResponseWriter, v string) {
		if slow {
			w.WriteHeader(http.StatusGatewayTimeout)
			return
		}
		_, _ = w.Write([]byte(`{"valid": true}`))
	}
	e := orderEngine(t, ws)
	s := playWalk(t, e, "c-8", []walkTurn{
		{user: "order pizza"},
		{user: "small"},
		{user: "me@corp.example", state: "error", reply: "I couldn't check that yet."},
	})
	p := s.Metadata.Pending
	if p == nil || p.Slot != "email" || p.Slots["email"] != "me@corp.example" {
		t.Fatalf("pending check %+v", p)
	}
	slow = false
	playWalkFrom(t, e, "c-8", s, 4, []walkTurn{
		{user: "hello", state: "idle", reply: "Order O-2 placed.", slots: map[string]any{"email": "me@corp.example", "order_id": "O-2"}},
	})
	var keys []string
	for i, c := range ws.calls {
		if c == "/validate" {
			keys = append(keys, ws.keys[i])
		}
	}
	if len(keys) != 2 || keys[0] != p.Key || keys[1] != p.Key {
		t.Fatalf("validator keys %q, want %q twice", keys, p.Key)
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

// TestEveryCallIsRecordedBeforeItIsSent: with a recorder (parley.Turn.Intent, what
// the runtime commits), each call's intent is recorded before the receiver gets
// it: its key, and a state that holds the call pending in the error state with the
// history of the stored state, from which the next message sends it again. An
// intent that cannot be recorded stops the turn: no call, no decision.
func TestEveryCallIsRecordedBeforeItIsSent(t *testing.T) {
	ws := &webhookServer{validate: acceptAll, order: func(w http.ResponseWriter, _ int) {
		_, _ = w.Write([]byte(`{"slots": {"order_id": "O-1"}}`))
	}}
	e := orderEngine(t, ws)
	s := playWalk(t, e, "c-9", []walkTurn{{user: "order pizza"}, {user: "large", waiting: "email"}})
	var recorded []parley.Intent
	var callsAtRecord []int
	turn := parley.Turn{Conversation: parley.ConversationKey{Bot: "shop", ID: "c-9"}, Index: 3, State: s,
		Message: parley.Message{ID: "m3", Text: "me@example.com", SentAt: time.Date(2026, 1, 1, 10, 0, 3, 0, time.UTC)},
		Intent: func(_ context.Context, in parley.Intent) error {
			ws.mu.Lock()
			callsAtRecord = append(callsAtRecord, len(ws.calls))
			ws.mu.Unlock()
			recorded = append(recorded, in)
			return nil
		}}
	d, err := e.Decide(context.Background(), turn)
	if err != nil {
		t.Fatal(err)
	}
	if got := d.State.(*State).Metadata; got.Pending != nil || got.Calls != 2 {
		t.Fatalf("decided metadata %+v, want no pending call and calls 2", got)
	}
	if diff := cmp.Diff([]int{0, 1}, callsAtRecord); diff != "" {
		t.Fatalf("receiver calls when each intent was recorded (-want +got):\n%s", diff)
	}
	if !strings.HasPrefix(recorded[0].Key, "shop/c-9/order/validate:email/1/") || recorded[1].Key != "shop/c-9/order/place/2" {
		t.Fatalf("intent keys %q, %q", recorded[0].Key, recorded[1].Key)
	}
	held := recorded[1].State.(*State)
	if p := held.Metadata.Pending; held.ConversationState != DialogueError || p == nil || p.Key != recorded[1].Key ||
		held.Metadata.Error == nil || held.Metadata.Error.Type != "outcome_unknown" || !recorded[1].Folds {
		t.Fatalf("intent state %s, pending %+v, error %+v", held.ConversationState, held.Metadata.Pending, held.Metadata.Error)
	}
	if len(held.Messages) != len(s.Messages) || held.TurnCount != s.TurnCount {
		t.Fatalf("intent state's history has %d messages, turn %d; the stored state's %d, %d", len(held.Messages), held.TurnCount, len(s.Messages), s.TurnCount)
	}
	// The server died during the call: the next message sends it again, same key.
	ws.keys = nil
	playWalkFrom(t, e, "c-9", held, 4, []walkTurn{{user: "hello", state: "idle", reply: "Order O-1 placed."}})
	if len(ws.keys) != 1 || ws.keys[0] != recorded[1].Key {
		t.Fatalf("the retry after the intent sent %q, want %q", ws.keys, recorded[1].Key)
	}
	// A refused intent: nothing sent, no decision.
	ws.keys = nil
	turn.Intent = func(context.Context, parley.Intent) error { return parley.Errorf(parley.ECONFLICT, "moved on") }
	if _, err := e.Decide(context.Background(), turn); parley.ErrorCode(err) != parley.ECONFLICT || len(ws.keys) != 0 {
		t.Fatalf("refused intent: err %v, calls %q", err, ws.keys)
	}
}
