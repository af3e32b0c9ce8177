package main

import (
	"bufio"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/parleyhq/parley"
)

// handoffServer serves the demo bots with a client, an agent and an admin token.
func handoffServer(t *testing.T, extra string) (base string) {
	t.Helper()
	t.Setenv("TEST_CLIENT_TOKEN", "client-token-0123456789")
	t.Setenv("TEST_AGENT_TOKEN", "agent-token-0123456789")
	t.Setenv("TEST_ADMIN_TOKEN", "admin-token-0123456789")
	cfg := demoBotsConfig(t, `auth:
  tokens:
    - {name: widget, token: "${TEST_CLIENT_TOKEN}", scopes: [client]}
    - {name: desk, token: "${TEST_AGENT_TOKEN}", scopes: [agent]}
    - {name: ops, token: "${TEST_ADMIN_TOKEN}", scopes: [admin]}
`+extra)
	base, _ = testServer(t, "-config", cfg)
	return base
}

const (
	hoClient = "client-token-0123456789"
	hoAgent  = "agent-token-0123456789"
	hoAdmin  = "admin-token-0123456789"
)

// queue is the queue of the bot as the agent token reads it.
func queue(t *testing.T, base, bot string) []parley.ConversationSummary {
	t.Helper()
	code, b, _ := send(t, "GET", base+"/v1/bots/"+bot+"/conversations?waiting=person", "", bearer(hoAgent))
	var list struct {
		Conversations []parley.ConversationSummary `json:"conversations"`
	}
	if code != 200 || json.Unmarshal(b, &list) != nil {
		t.Fatalf("GET queue: %d %s", code, b)
	}
	return list.Conversations
}

// TestAPersonAnswersAHandedOffConversation: a visitor asks for a person; the
// conversation is in the queue (and marked in the full listing) with its reason
// and since; a person with an agent token answers it (stored as from: agent, sent
// over the conversation's events, replayed idempotently, a reused id refused); the
// visitor's messages meanwhile are stored and streamed while the bot stays silent;
// the handback takes it out of the queue, and an agent message is then 409. The
// agent token reaches nothing else.
func TestAPersonAnswersAHandedOffConversation(t *testing.T) {
	base := handoffServer(t, "")
	conv := base + "/v1/bots/booking/conversations/patient-1"
	if code, b, _ := send(t, "POST", conv+"/messages", `{"id":"v1","text":"I want to book a flight"}`, bearer(hoClient)); code != 200 {
		t.Fatalf("first turn: %d %s", code, b)
	}
	if code, b, _ := send(t, "POST", conv+"/agent-messages", `{"id":"a0","text":"hello","agent":"Dana"}`, bearer(hoAgent)); code != 409 {
		t.Fatalf("agent message before any handoff: %d %s, want 409", code, b)
	}
	if got := queue(t, base, "booking"); len(got) != 0 {
		t.Fatalf("queue before the handoff: %+v", got)
	}
	if code, b, _ := send(t, "POST", conv+"/messages", `{"id":"v2","text":"I want to talk to a human"}`, bearer(hoClient)); code != 200 {
		t.Fatalf("asking for a person: %d %s", code, b)
	}
	q := queue(t, base, "booking")
	if len(q) != 1 || q[0].ConversationID != "patient-1" || q[0].Handoff == nil || q[0].Handoff.Reason != "human_requested" || q[0].Handoff.Since.IsZero() {
		t.Fatalf("queue after the handoff: %+v", q)
	}
	// The full listing marks it too (admin); the agent token may read only the queue.
	code, b, _ := send(t, "GET", base+"/v1/bots/booking/conversations", "", bearer(hoAdmin))
	if code != 200 || !strings.Contains(string(b), `"handoff":{"reason":"human_requested"`) {
		t.Fatalf("full listing: %d %s", code, b)
	}

	events, err := http.NewRequest("GET", conv+"/events", nil)
	if err != nil {
		t.Fatal(err)
	}
	events.Header.Set("Authorization", "Bearer "+hoAgent)
	stream, err := http.DefaultClient.Do(events)
	if err != nil {
		t.Fatal(err)
	}
	defer stream.Body.Close()
	frames := bufio.NewReader(stream.Body)

	body := `{"id":"a1","text":"Hi, I'm Dana. Which day suits you?","agent":"Dana"}`
	code, first, hdr := send(t, "POST", conv+"/agent-messages", body, bearer(hoAgent))
	var msg parley.AgentMessageEvent
	if code != 200 || json.Unmarshal(first, &msg) != nil || msg.From != "agent" || msg.Agent != "Dana" || msg.MessageID != "a1" || hdr.Get("Idempotent-Replay") != "" {
		t.Fatalf("agent message: %d %s", code, first)
	}
	if !framesUntil(t, frames, func(f sseFrame) bool {
		return f.event == string(parley.EventAgentMessage) && strings.Contains(f.data, `"agent":"Dana"`)
	}) {
		t.Fatal("the agent message did not reach the event stream")
	}
	code, again, hdr := send(t, "POST", conv+"/agent-messages", body, bearer(hoAgent))
	if code != 200 || string(again) != string(first) || hdr.Get("Idempotent-Replay") != "true" {
		t.Fatalf("replay: %d %s (Idempotent-Replay %q), want %s", code, again, hdr.Get("Idempotent-Replay"), first)
	}
	code, b, _ = send(t, "POST", conv+"/agent-messages", `{"id":"a1","text":"something else","agent":"Dana"}`, bearer(hoAgent))
	if c, _, _ := errorBody(t, b); code != 409 || c != parley.EIDEMPOTENCY {
		t.Fatalf("reused id with another text: %d %s, want 409 %s", code, b, parley.EIDEMPOTENCY)
	}
	for _, bad := range []string{`{"id":"a2","text":"","agent":"Dana"}`, `{"id":"a2","text":"hi"}`, `{"id":"a2","text":"hi","agent":"Dana","extra":1}`} {
		if code, b, _ := send(t, "POST", conv+"/agent-messages", bad, bearer(hoAgent)); code != 400 {
			t.Errorf("bad agent message %s: %d %s, want 400", bad, code, b)
		}
	}

	// The visitor writes back: stored and streamed, and the bot stays silent.
	code, b, _ = send(t, "POST", conv+"/messages", `{"id":"v3","text":"Tuesday please"}`, bearer(hoClient))
	var turn struct {
		Replies []json.RawMessage `json:"replies"`
	}
	if code != 200 || json.Unmarshal(b, &turn) != nil || len(turn.Replies) != 0 {
		t.Fatalf("visitor message while a person has the conversation: %d %s, want no replies", code, b)
	}
	if !framesUntil(t, frames, func(f sseFrame) bool { return f.event == "turn" && strings.Contains(f.data, "Tuesday please") }) {
		t.Fatal("the visitor's message did not reach the event stream")
	}
	code, b, _ = send(t, "GET", conv+"/history", "", bearer(hoAgent))
	if code != 200 || !strings.Contains(string(b), `"type":"agent_message"`) || !strings.Contains(string(b), `"from":"agent"`) || !strings.Contains(string(b), "Tuesday please") {
		t.Fatalf("history: %d %s", code, b)
	}

	// The agent token reaches nothing else.
	for _, r := range []struct{ method, path, body string }{
		{"POST", conv + "/messages", `{"id":"x","text":"hi"}`},
		{"POST", conv + "/reset", `{}`},
		{"POST", conv + "/pause", `{}`},
		{"GET", base + "/v1/bots/booking/conversations", ""},
		{"GET", base + "/v1/flows/coach", ""},
		{"GET", base + "/metrics", ""},
	} {
		if code, b, _ := send(t, r.method, r.path, r.body, bearer(hoAgent)); code != 403 {
			t.Errorf("agent token %s %s: %d %s, want 403", r.method, r.path, code, b)
		}
	}
	// Nor may a client token answer as a person.
	if code, b, _ := send(t, "POST", conv+"/agent-messages", `{"id":"a9","text":"hi","agent":"Eve"}`, bearer(hoClient)); code != 403 {
		t.Errorf("client token agent message: %d %s, want 403", code, b)
	}

	if code, b, _ := send(t, "POST", conv+"/handback", `{"reason":"booked by phone"}`, bearer(hoAgent)); code != 200 {
		t.Fatalf("handback: %d %s", code, b)
	}
	if got := queue(t, base, "booking"); len(got) != 0 {
		t.Fatalf("queue after the handback: %+v", got)
	}
	if code, b, _ := send(t, "POST", conv+"/agent-messages", `{"id":"a3","text":"still there?","agent":"Dana"}`, bearer(hoAgent)); code != 409 {
		t.Fatalf("agent message after the handback: %d %s, want 409", code, b)
	}
	code, b, _ = send(t, "POST", conv+"/messages", `{"id":"v4","text":"I want to book a flight"}`, bearer(hoClient))
	if code != 200 || !strings.Contains(string(b), `"type":"text"`) {
		t.Fatalf("the bot answers again after the handback: %d %s", code, b)
	}
}

// framesUntil reads frames until one satisfies ok (true) or 20 frames went by.
func framesUntil(t *testing.T, r *bufio.Reader, ok func(sseFrame) bool) bool {
	t.Helper()
	for range 20 {
		if ok(readFrames(t, r, 1)[0]) {
			return true
		}
	}
	return false
}

// TestChatPrintsAPersonsMessages: `parley chat` against a server prints what a
// person writes into its conversation after a handoff, with the person's name,
// though no turn of the chat asked for it.
func TestChatPrintsAPersonsMessages(t *testing.T) {
	base := handoffServer(t, "")
	in, feed := io.Pipe()
	var out syncBuffer
	done := make(chan error, 1)
	go func() {
		done <- runIO(t.Context(), []string{"chat", "-server", base, "-token", hoAdmin, "-conversation", "chat-person", "booking"}, in, &out, io.Discard)
	}()
	io.WriteString(feed, "I want to talk to a human\n")
	waitOutput(t, &out, "-- handed off")
	code, b, _ := send(t, "POST", base+"/v1/bots/booking/conversations/chat-person/agent-messages",
		`{"id":"d1","text":"Hello, Dana here.","agent":"Dana"}`, bearer(hoAgent))
	if code != 200 {
		t.Fatalf("agent message: %d %s", code, b)
	}
	waitOutput(t, &out, "Dana (person)> Hello, Dana here.\n")
	feed.Close()
	if err := <-done; err != nil {
		t.Fatalf("chat: %v\n%s", err, out.String())
	}
}

// waitOutput waits until out contains s.
func waitOutput(t *testing.T, out *syncBuffer, s string) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for !strings.Contains(out.String(), s) {
		if time.Now().After(deadline) {
			t.Fatalf("no %q in:\n%s", s, out.String())
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// TestEveryEngineWaitsForAPerson: a request for a person puts a conversation of
// each engine in the queue; a person's message is taken, the visitor's next
// message is answered by nobody (the bot stays silent), and the handback empties
// the queue.
func TestEveryEngineWaitsForAPerson(t *testing.T) {
	base := handoffServer(t, "")
	for _, tt := range []struct{ bot, first string }{
		{"shop", "show me hoodies"},
		{"booking", "I want to book a flight"},
		{"coach", "hi"},
	} {
		t.Run(tt.bot, func(t *testing.T) {
			conv := base + "/v1/bots/" + tt.bot + "/conversations/every-" + tt.bot
			send(t, "POST", conv+"/messages", `{"id":"v1","text":"`+tt.first+`"}`, bearer(hoClient))
			if code, b, _ := send(t, "POST", conv+"/messages", `{"id":"v2","text":"I want to talk to a human"}`, bearer(hoClient)); code != 200 {
				t.Fatalf("asking for a person: %d %s", code, b)
			}
			if q := queue(t, base, tt.bot); len(q) != 1 || q[0].Handoff == nil {
				t.Fatalf("queue: %+v", q)
			}
			if code, b, _ := send(t, "POST", conv+"/agent-messages", `{"id":"a1","text":"Hello","agent":"Dana"}`, bearer(hoAgent)); code != 200 {
				t.Fatalf("agent message: %d %s", code, b)
			}
			code, b, _ := send(t, "POST", conv+"/messages", `{"id":"v3","text":"are you there?"}`, bearer(hoClient))
			var turn struct {
				Replies []json.RawMessage `json:"replies"`
			}
			if code != 200 || json.Unmarshal(b, &turn) != nil || len(turn.Replies) != 0 {
				t.Fatalf("the bot spoke while a person has the conversation: %d %s", code, b)
			}
			if code, b, _ := send(t, "POST", conv+"/handback", `{}`, bearer(hoAgent)); code != 200 {
				t.Fatalf("handback: %d %s", code, b)
			}
			if q := queue(t, base, tt.bot); len(q) != 0 {
				t.Fatalf("queue after the handback: %+v", q)
			}
		})
	}
}

// TestAVisitorNeverAnswersAsAPerson: a visitor token, even on its own handed-off
// conversation, may not post agent messages, read the queue or hand back.
func TestAVisitorNeverAnswersAsAPerson(t *testing.T) {
	base := widgetServer(t, "", "")
	s, code, b, _ := startSession(t, base, "shop", shopOrigin)
	if code != http.StatusCreated {
		t.Fatalf("session: %d %s", code, b)
	}
	conv := base + "/v1/bots/shop/conversations/" + s.ConversationID
	if code, b, _ := send(t, "POST", conv+"/messages", `{"id":"v1","text":"I want to talk to a human"}`, visitorHeaders(s.Token)); code != 200 {
		t.Fatalf("asking for a person: %d %s", code, b)
	}
	for _, r := range []struct{ method, path, body string }{
		{"POST", conv + "/agent-messages", `{"id":"a1","text":"I am the agent","agent":"Mallory"}`},
		{"POST", conv + "/handback", `{}`},
		{"GET", base + "/v1/bots/shop/conversations?waiting=person", ""},
	} {
		code, b, _ := send(t, r.method, r.path, r.body, visitorHeaders(s.Token))
		wantError(t, "visitor "+r.method+" "+r.path, code, b, http.StatusForbidden, parley.EFORBIDDEN)
	}
}
