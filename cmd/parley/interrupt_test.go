package main

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/parleyhq/parley"
	"github.com/parleyhq/parley/httpapi/apitest"
)

// slowHook is an action webhook that holds every call until the test releases it
// or the caller gives up, and records what it saw.
type slowHook struct {
	*httptest.Server
	called  chan string // the Idempotency-Key of each call, when it arrives
	aborted chan string // the key of each call whose caller went away
	mu      sync.Mutex
	release chan struct{}
	keys    []string
}

func newSlowHook(t *testing.T) *slowHook {
	h := &slowHook{called: make(chan string, 16), aborted: make(chan string, 16), release: make(chan struct{})}
	h.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		key := r.Header.Get("Idempotency-Key")
		// Reading the body to its end lets the server notice a caller that leaves.
		body, _ := io.ReadAll(r.Body)
		if err := contract.CheckBody(apitest.ActionRequest, body); err != nil {
			t.Errorf("the webhook action's request does not follow docs/schemas: %v", err)
		}
		h.mu.Lock()
		h.keys = append(h.keys, key)
		release := h.release
		h.mu.Unlock()
		h.called <- key
		select {
		case <-release:
			w.Header().Set("Content-Type", "application/json")
			answer := []byte(`{"reply":"The kitchen has it."}`)
			if err := contract.CheckBody(apitest.ActionResponse, answer); err != nil {
				t.Errorf("the webhook double answers outside docs/schemas: %v", err)
			}
			_, _ = w.Write(answer)
		case <-r.Context().Done():
			h.aborted <- key
		}
	}))
	t.Cleanup(h.Close)
	t.Cleanup(h.answer) // a failed test leaves no call held
	return h
}

// answer makes the hook answer every call, held or later.
func (h *slowHook) answer() {
	h.mu.Lock()
	defer h.mu.Unlock()
	select {
	case <-h.release:
	default:
		close(h.release)
	}
}

func (h *slowHook) calls() []string {
	h.mu.Lock()
	defer h.mu.Unlock()
	return append([]string(nil), h.keys...)
}

func waitChan(t *testing.T, what string, c <-chan string) string {
	t.Helper()
	select {
	case v := <-c:
		return v
	case <-time.After(20 * time.Second):
		t.Fatalf("timed out waiting for %s", what)
		return ""
	}
}

// ordersConfig writes a config with one flows bot, orders, whose "place order" runs
// a webhook action at hookURL, and returns its path. extra is appended to the bot.
func ordersConfig(t *testing.T, hookURL, runtime, extra string) string {
	t.Helper()
	return ordersProject(t, `      - id: place
        action:
          name: place_order
          webhook: {url: "`+hookURL+`/order", timeout: 60s}
          reply: Order placed.
`, runtime, extra)
}

type convView struct {
	Lifecycle   string          `json:"lifecycle"`
	Version     int64           `json:"version"`
	Turns       int64           `json:"turns"`
	State       json.RawMessage `json:"state"`
	LastEventID int64           `json:"last_event_id"`
	Live        bool            `json:"live"`
}

func view(t *testing.T, url string) convView {
	t.Helper()
	var v convView
	getJSON(t, url, 200, &v)
	return v
}

type interruptedBody struct {
	Error struct {
		Code            string  `json:"code"`
		Message         string  `json:"message"`
		Lifecycle       string  `json:"lifecycle"`
		PartialResponse *string `json:"partial_response"`
	} `json:"error"`
}

// postAsync posts a message and delivers its answer on the returned channel.
func postAsync(url, body string) <-chan [2]string {
	out := make(chan [2]string, 1)
	go func() {
		resp, err := http.Post(url, "application/json", strings.NewReader(body))
		if err != nil {
			out <- [2]string{"error", err.Error()}
			return
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		// Every request has its own request id; a replayed answer is the same otherwise.
		b = requestIDField.ReplaceAll(b, nil)
		out <- [2]string{fmt.Sprint(resp.StatusCode), string(b)}
	}()
	return out
}

var requestIDField = regexp.MustCompile(`,"request_id":"[^"]*"`)

// interruptedAnswer checks a turn's answer is 409 interrupted with the lifecycle
// the control left and an empty partial response (no model writes these replies).
func interruptedAnswer(t *testing.T, code, body, lifecycle string) {
	t.Helper()
	var b interruptedBody
	if code != "409" || json.Unmarshal([]byte(body), &b) != nil || b.Error.Code != parley.EINTERRUPTED ||
		b.Error.Lifecycle != lifecycle || b.Error.PartialResponse == nil || *b.Error.PartialResponse != "" ||
		!strings.Contains(b.Error.Message, "nothing of it was applied") {
		t.Fatalf("interrupted turn answered %s %s, want 409 interrupted (%s) with partial_response", code, body, lifecycle)
	}
}

// TestCancelDuringAWebhookActionStopsTheTurn: Running --Cancel--> Cancelled. The
// action's intent was committed before the call (GET shows running at the next
// version); the request is abandoned, nothing else of the turn is committed (no
// turn, no reply), the conversation keeps the intent's state (the call pending: it
// may have gone through), the message gets 409 interrupted, and its retry gets the
// same answer without a second action.
func TestCancelDuringAWebhookActionStopsTheTurn(t *testing.T) {
	hook := newSlowHook(t)
	base, _ := testServer(t, "-config", ordersConfig(t, hook.URL, "", ""))
	conv := base + "/v1/bots/orders/conversations/c1"
	live := openStream(t, conv+"/events", "")
	if code, b, _ := post(t, conv+"/messages", `{"id":"m0","text":"hello"}`); code != 200 {
		t.Fatalf("first turn: %d %s", code, b)
	}
	before := view(t, conv)
	if before.Lifecycle != "idle" {
		t.Fatalf("after a turn: %+v", before)
	}

	answer := postAsync(conv+"/messages", `{"id":"m1","text":"I want to place an order"}`)
	key := waitChan(t, "the action webhook", hook.called)
	if v := view(t, conv); v.Lifecycle != "running" || v.Version != before.Version+1 || !strings.Contains(string(v.State), key) {
		t.Fatalf("during the action GET shows %s (version %d, state %s), want running at the intent's version", v.Lifecycle, v.Version, v.State)
	}
	code, b, _ := post(t, conv+"/cancel", `{"reason":"user_cancelled"}`)
	if code != 200 || !strings.Contains(string(b), `"lifecycle":"cancelled"`) {
		t.Fatalf("cancel: %d %s", code, b)
	}
	got := <-answer
	interruptedAnswer(t, got[0], got[1], "cancelled")
	if k := waitChan(t, "the abandoned action", hook.aborted); k != key {
		t.Fatalf("aborted call %q, want %q", k, key)
	}

	after := view(t, conv)
	if after.Lifecycle != "cancelled" || after.Turns != before.Turns || !strings.Contains(string(after.State), `"pending_call":{"key":"`+key+`"`) {
		t.Fatalf("the interrupted turn: before %+v\nafter %+v, want its call pending", before, after)
	}
	// A retry of the message is a replay of its answer: no second action.
	again := postAsync(conv+"/messages", `{"id":"m1","text":"I want to place an order"}`)
	if r := <-again; r != got {
		t.Fatalf("retry answered %v, want the recorded %v", r, got)
	}
	if calls := hook.calls(); len(calls) != 1 {
		t.Fatalf("%d action calls, want 1: %v", len(calls), calls)
	}

	frames := readFrames(t, live, 7)
	checkPath(t, frames)
	want := []string{"created->idle", "idle->running", "turn", "running->idle", "idle->running", "running->cancelled", "stopped"}
	if diff := cmp.Diff(want, describeFrames(frames)); diff != "" {
		t.Fatalf("live frames (-want +got):\n%s", diff)
	}
	var stopped map[string]any
	_ = json.Unmarshal([]byte(frames[6].data), &stopped)
	if stopped["reason"] != "user_cancelled" || stopped["partial_response"] != "" {
		t.Fatalf("stopped %s", frames[6].data)
	}
	stored := readFrames(t, openStream(t, conv+"/events", "0"), int(after.LastEventID))
	checkPath(t, stored)
	if diff := cmp.Diff([]string{"created->idle", "idle->running", "turn", "running->idle", "idle->running", "running->cancelled", "stopped"}, describeFrames(stored)); diff != "" {
		t.Fatalf("stored frames (-want +got):\n%s", diff)
	}
}

// TestPauseDuringAWebhookActionDropsTheTurn: Running --Pause--> Paused. The
// interrupted message stays answered (409 interrupted, also on retry); resume does
// not run it again, and the next message (a new id) runs the action from the state
// before the interrupted turn, under the interrupted call's key.
func TestPauseDuringAWebhookActionDropsTheTurn(t *testing.T) {
	hook := newSlowHook(t)
	base, _ := testServer(t, "-config", ordersConfig(t, hook.URL, "", ""))
	conv := base + "/v1/bots/orders/conversations/p1"
	live := openStream(t, conv+"/events", "")
	answer := postAsync(conv+"/messages", `{"id":"m1","text":"place an order please"}`)
	first := waitChan(t, "the action webhook", hook.called)
	if v := view(t, conv); v.Lifecycle != "running" {
		t.Fatalf("during the action GET shows %s, want running", v.Lifecycle)
	}
	if code, b, _ := post(t, conv+"/pause", `{"reason":"agent took over"}`); code != 200 || !strings.Contains(string(b), `"lifecycle":"paused"`) {
		t.Fatalf("pause: %d %s", code, b)
	}
	got := <-answer
	interruptedAnswer(t, got[0], got[1], "paused")
	waitChan(t, "the abandoned action", hook.aborted)
	paused := view(t, conv)
	if paused.Lifecycle != "paused" || paused.Turns != 0 {
		t.Fatalf("after the pause: %+v", paused)
	}
	if code, b, _ := post(t, conv+"/resume", ``); code != 200 || !strings.Contains(string(b), `"lifecycle":"idle"`) {
		t.Fatalf("resume: %d %s", code, b)
	}
	if r := <-postAsync(conv+"/messages", `{"id":"m1","text":"place an order please"}`); r != got {
		t.Fatalf("retry after resume answered %v, want the recorded %v", r, got)
	}
	hook.answer()
	code, b, _ := post(t, conv+"/messages", `{"id":"m2","text":"place an order please"}`)
	if code != 200 || !strings.Contains(string(b), "Order placed.") || !strings.Contains(string(b), `"lifecycle":"idle"`) {
		t.Fatalf("the next message: %d %s", code, b)
	}
	// The interrupted turn committed its call's intent, so the next message sends
	// the pending call again under the same key, and a receiver that honours keys
	// books once for both.
	if calls := hook.calls(); len(calls) != 2 || calls[0] != first || calls[1] != first {
		t.Fatalf("action calls %v: want the interrupted one and its retry under the same key", calls)
	}
	frames := readFrames(t, live, 7)
	checkPath(t, frames)
	want := []string{"created->idle", "idle->running", "running->paused", "paused->idle", "idle->running", "turn", "running->idle"}
	if diff := cmp.Diff(want, describeFrames(frames)); diff != "" {
		t.Fatalf("live frames (-want +got):\n%s", diff)
	}
}

// stopServe runs `parley serve` like testServer and returns a function that stops it
// (graceful shutdown), so that a test can restart on the same database.
func stopServe(t *testing.T, args ...string) (base string, stop func()) {
	t.Helper()
	base, stop = startServe(t, io.Discard, args...)
	t.Cleanup(stop)
	return base, stop
}

// TestACrashDuringACallLeavesItsIntent: a turn's call is recorded before it is
// made (the intent: lifecycle running, the call pending in the state), and nothing
// else of the turn. A server killed (SIGKILL) during the call leaves the intent: the
// restarted server shows it, and the message's retry, once the intent's lease has
// run out, sends the call again under the same idempotency key.
func TestACrashDuringACallLeavesItsIntent(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and kills a real process")
	}
	hook := newSlowHook(t)
	cfg := ordersConfig(t, hook.URL, "runtime:\n  intent_lease: 2s\n", "")
	db := filepath.Join(t.TempDir(), "parley.db")
	bin := buildBinary(t)
	cmd, base := startProcess(t, bin, "-db", db, "-config", cfg)
	conv := base + "/v1/bots/orders/conversations/k1"
	msg := `{"id":"m1","text":"place an order"}`
	postAsync(conv+"/messages", msg)
	first := waitChan(t, "the action webhook", hook.called)
	if during := view(t, conv); during.Lifecycle != "running" || during.Version != 1 || during.Turns != 0 {
		t.Fatalf("during the action: %+v, want running at version 1 (the intent), no turn", during)
	}
	if err := cmd.Process.Kill(); err != nil {
		t.Fatal(err)
	}
	_ = cmd.Wait()
	waitChan(t, "the killed server's action to drop", hook.aborted)

	_, base = startProcess(t, bin, "-db", db, "-config", cfg)
	conv = base + "/v1/bots/orders/conversations/k1"
	if after := view(t, conv); after.Lifecycle != "running" || after.Version != 1 || !strings.Contains(string(after.State), first) {
		t.Fatalf("after the crash: %+v, want the intent", after)
	}
	hook.answer()
	code, b, _ := post(t, conv+"/messages", msg)
	if code != 200 || !strings.Contains(string(b), "Order placed.") {
		t.Fatalf("retry after the crash: %d %s", code, b)
	}
	if calls := hook.calls(); len(calls) != 2 || calls[1] != first {
		t.Fatalf("action calls %v: the retry must send the same idempotency key %q", calls, first)
	}
	frames := storedFrames(t, conv)
	checkPath(t, frames)
	if diff := cmp.Diff([]string{"created->idle", "idle->running", "turn", "running->idle"}, describeFrames(frames)); diff != "" {
		t.Fatalf("stored frames (-want +got):\n%s", diff)
	}
}
