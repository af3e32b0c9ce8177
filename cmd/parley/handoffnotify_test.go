package main

import (
	"bytes"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/parleyhq/parley/handoff"
	"github.com/parleyhq/parley/internal/app"
)

// hookCall is one call a fake handoff receiver got.
type hookCall struct {
	body      []byte
	signature string
}

// handoffReceiver is a fake handoff webhook receiver: it refuses its first fail
// calls with 503 and records every call.
func handoffReceiver(t *testing.T, fail int) (url string, calls func() []hookCall) {
	t.Helper()
	var mu sync.Mutex
	var got []hookCall
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		mu.Lock()
		got = append(got, hookCall{body: b, signature: r.Header.Get(handoff.SignatureHeader)})
		n := len(got)
		mu.Unlock()
		if n <= fail {
			http.Error(w, "busy", http.StatusServiceUnavailable)
			return
		}
		w.WriteHeader(http.StatusNoContent)
	}))
	t.Cleanup(srv.Close)
	return srv.URL, func() []hookCall {
		mu.Lock()
		defer mu.Unlock()
		return append([]hookCall(nil), got...)
	}
}

// TestAHandoffCallsThePeopleIn: with a handoff: block, a visitor who asks for a
// person gets the bot's answer and the configured text at once (the webhook is
// not on the turn's path), and the webhook receives {bot, conversation, reason,
// since, inspector_url} signed with HMAC-SHA256 of the body, retried after a
// failed call; the handoff is logged at WARN naming bot, conversation and cause,
// counted in parley_handoffs_total, and the conversations waiting per bot are a
// gauge that the handback empties.
func TestAHandoffCallsThePeopleIn(t *testing.T) {
	hook, calls := handoffReceiver(t, 1)
	t.Setenv("TEST_ADMIN_TOKEN", hoAdmin)
	t.Setenv("TEST_HANDOFF_SECRET", "handoff-secret")
	cfg := demoBotsConfig(t, `auth:
  tokens: [{name: ops, token: "${TEST_ADMIN_TOKEN}", scopes: [admin]}]
handoff:
  webhook: `+hook+`
  secret: ${TEST_HANDOFF_SECRET}
  inspector_url: https://parley.example/inspect/
  message: A person usually answers within two hours.`)
	var log syncBuffer
	base, _ := testServerLog(t, &log, "-config", cfg)
	conv := base + "/v1/bots/booking/conversations/patient-2"
	send(t, "POST", conv+"/messages", `{"id":"v1","text":"I want to book a flight"}`, bearer(hoAdmin))
	code, b, _ := send(t, "POST", conv+"/messages", `{"id":"v2","text":"I want to talk to a human"}`, bearer(hoAdmin))
	if code != 200 || !strings.Contains(string(b), "A person usually answers within two hours.") {
		t.Fatalf("handoff turn: %d %s, want the handoff message", code, b)
	}
	deadline := time.Now().Add(15 * time.Second)
	for len(calls()) < 2 && time.Now().Before(deadline) {
		time.Sleep(50 * time.Millisecond)
	}
	got := calls()
	if len(got) != 2 {
		t.Fatalf("webhook calls: %d, want a failed one and its retry", len(got))
	}
	for _, c := range got {
		m := hmac.New(sha256.New, []byte("handoff-secret"))
		m.Write(c.body)
		if c.signature != "sha256="+hex.EncodeToString(m.Sum(nil)) {
			t.Fatalf("signature %q does not sign %s", c.signature, c.body)
		}
	}
	if !bytes.Equal(got[0].body, got[1].body) {
		t.Fatalf("the retry sent another body: %s then %s", got[0].body, got[1].body)
	}
	var p map[string]any
	if err := json.Unmarshal(got[1].body, &p); err != nil || p["bot"] != "booking" || p["conversation"] != "patient-2" ||
		p["reason"] != "human_requested" || p["since"] == "" || p["inspector_url"] != "https://parley.example/inspect/#/bots/booking/conversations/patient-2" {
		t.Fatalf("payload %s", got[1].body)
	}
	if line := logLine(log.String(), "conversation handed off to a person"); !strings.Contains(line, "level=WARN") ||
		!strings.Contains(line, "bot=booking") || !strings.Contains(line, "conversation=patient-2") || !strings.Contains(line, "cause=human_requested") {
		t.Fatalf("handoff log line %q in:\n%s", line, log.String())
	}
	metrics := func() string {
		_, m, _ := send(t, "GET", base+"/metrics", "", bearer(hoAdmin))
		return string(m)
	}
	m := metrics()
	for _, want := range []string{`parley_handoffs_total{bot="booking",reason="human_requested"} 1`, `parley_conversations_waiting_for_person{bot="booking"} 1`,
		`parley_conversations_waiting_for_person{bot="shop"} 0`} {
		if !strings.Contains(m, want) {
			t.Errorf("/metrics lacks %s", want)
		}
	}
	send(t, "POST", conv+"/handback", `{}`, bearer(hoAdmin))
	if m := metrics(); !strings.Contains(m, `parley_conversations_waiting_for_person{bot="booking"} 0`) {
		t.Errorf("after the handback the gauge is not 0")
	}
}

// logLine is the first line of log containing s.
func logLine(log, s string) string {
	for l := range strings.Lines(log) {
		if strings.Contains(l, s) {
			return l
		}
	}
	return ""
}

// TestNoDeadEndByConfiguration: a served bot with no way to reach a person is
// warned of at start and by parley check, and its visitor handed off is told that
// nobody can answer now instead of being promised a person.
func TestNoDeadEndByConfiguration(t *testing.T) {
	t.Setenv("PARLEY_API_TOKEN", "")
	cfg := demoBotsConfig(t, "")
	var log syncBuffer
	base, _ := testServerLog(t, &log, "-config", cfg)
	if line := logLine(log.String(), "nobody can be reached"); !strings.Contains(line, "level=WARN") || !strings.Contains(line, "booking") {
		t.Fatalf("serve did not warn of the dead end:\n%s", log.String())
	}
	conv := base + "/v1/bots/booking/conversations/alone"
	post(t, conv+"/messages", `{"id":"v1","text":"I want to book a flight"}`)
	code, b, _ := post(t, conv+"/messages", `{"id":"v2","text":"I want to talk to a human"}`)
	if code != 200 || !strings.Contains(string(b), app.DefaultUnattendedMessage) {
		t.Fatalf("unattended handoff: %d %s", code, b)
	}
	var out, errOut bytes.Buffer
	_ = run(t.Context(), []string{"check", "-config", cfg, "booking"}, &out, &errOut)
	if !strings.Contains(errOut.String(), "warning: bot(s) booking can hand a conversation to a person, but nobody can be reached") {
		t.Fatalf("parley check did not warn:\n%s", errOut.String())
	}
}

// TestFlowActionsAreCountedAndTheirFailuresLogged: a webhook action whose receiver
// fails is a WARN line naming bot, conversation and cause, and every call is
// counted by outcome and timed.
func TestFlowActionsAreCountedAndTheirFailuresLogged(t *testing.T) {
	hook := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.Contains(r.Header.Get("Idempotency-Key"), "/bad") {
			w.Header().Set("Content-Type", "application/json")
			io.WriteString(w, `{"failed":true}`)
			return
		}
		http.Error(w, "down", http.StatusBadRequest)
	}))
	defer hook.Close()
	t.Setenv("PARLEY_API_TOKEN", hoAdmin)
	cfg := ordersConfig(t, hook.URL, "", "")
	var log syncBuffer
	base, _ := testServerLog(t, &log, "-config", cfg)
	send(t, "POST", base+"/v1/bots/orders/conversations/bad/messages", `{"id":"m1","text":"place an order"}`, bearer(hoAdmin))
	send(t, "POST", base+"/v1/bots/orders/conversations/refused/messages", `{"id":"m1","text":"place an order"}`, bearer(hoAdmin))
	line := logLine(log.String(), "flow action did not succeed")
	if !strings.Contains(line, "level=WARN") || !strings.Contains(line, "bot=orders") || !strings.Contains(line, "conversation=") || !strings.Contains(line, "cause=") {
		t.Fatalf("action failure log line %q in:\n%s", line, log.String())
	}
	_, m, _ := send(t, "GET", base+"/metrics", "", bearer(hoAdmin))
	for _, want := range []string{`parley_flow_actions_total{action="place_order",bot="orders",flow="order",outcome="failed"} 1`,
		`parley_flow_actions_total{action="place_order",bot="orders",flow="order",outcome="refused"} 1`,
		`parley_flow_action_duration_seconds_count{action="place_order",bot="orders",flow="order"} 2`} {
		if !strings.Contains(string(m), want) {
			t.Errorf("/metrics lacks %s", want)
		}
	}
}

// TestRepliesWriteDatesForPeople: {slot:long} in a flow's text writes a date slot's
// value in the flow file's language instead of 2026-12-02, through the HTTP API.
func TestRepliesWriteDatesForPeople(t *testing.T) {
	for _, tt := range []struct{ language, want string }{
		{"en", "See you on Wednesday, December 2, 2026 (Dec 2, 2026)."},
		{"es", "See you on miércoles, 2 de diciembre de 2026 (2 dic 2026)."},
	} {
		cfg := flowsBotProject(t, "clinic", `bot: clinic
language: `+tt.language+`
flows:
  - name: visit
    description: booking a visit
    trigger: {keywords: [book a visit]}
    slots: [{name: day, type: date, prompt: Which day?}]
    steps:
      - {id: ask, collect: day}
      - {id: bye, say: "See you on {day:long} ({day:medium})."}
`, "", "")
		base, _ := testServer(t, "-config", cfg)
		conv := base + "/v1/bots/clinic/conversations/dates-" + tt.language
		post(t, conv+"/messages", `{"id":"m1","text":"book a visit","sent_at":"2026-12-01T10:00:00Z"}`)
		code, b, _ := post(t, conv+"/messages", `{"id":"m2","text":"tomorrow","sent_at":"2026-12-01T10:00:05Z"}`)
		if code != 200 || !strings.Contains(string(b), tt.want) {
			t.Errorf("%s: %d %s, want %q", tt.language, code, b, tt.want)
		}
	}
}
