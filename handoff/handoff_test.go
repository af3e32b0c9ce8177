package handoff

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/parleyhq/parley"
)

// TestTurnOutboxMakesOneEntryPerHandoff: a handoff effect of a bot with a webhook
// becomes one entry whose key names the message (the same turn decided again
// makes the same entry); other effects and bots make none.
func TestTurnOutboxMakesOneEntryPerHandoff(t *testing.T) {
	n := New(Options{Targets: map[string]Target{"clinic": {Webhook: "http://hook.example/x"}}})
	msg := parley.Message{ID: "m-3", SentAt: time.Date(2026, 11, 28, 10, 0, 0, 0, time.UTC)}
	effects := []parley.Effect{{Kind: "typing"}, {Kind: "handoff", Payload: json.RawMessage(`{"reason":"retries_exhausted"}`)}}
	tests := []struct {
		bot  string
		want int
	}{{"clinic", 1}, {"other", 0}}
	for _, tt := range tests {
		key := parley.ConversationKey{Bot: tt.bot, ID: "c-1"}
		got, err := n.TurnOutbox(key, msg, effects)
		if err != nil || len(got) != tt.want {
			t.Fatalf("%s: %d entries (%v), want %d", tt.bot, len(got), err, tt.want)
		}
		if tt.want == 0 {
			continue
		}
		again, _ := n.TurnOutbox(key, msg, effects)
		if again[0].IdempotencyKey != got[0].IdempotencyKey || string(again[0].Payload) != string(got[0].Payload) {
			t.Fatalf("the same turn made another entry: %+v then %+v", got[0], again[0])
		}
		want := `{"bot":"clinic","conversation":"c-1","reason":"retries_exhausted","since":"2026-11-28T10:00:00Z","inspector_url":"/inspect/#/bots/clinic/conversations/c-1"}`
		if string(got[0].Payload) != want || got[0].Kind != Kind {
			t.Fatalf("entry %s %s, want %s", got[0].Kind, got[0].Payload, want)
		}
	}
}

// TestDeliverClassifiesAnswers: 2xx is delivered, a 4xx but 408 and 429 a refusal
// (EINVALID: failed for good), anything else a retry; the body is signed.
func TestDeliverClassifiesAnswers(t *testing.T) {
	tests := []struct {
		status int
		code   string
	}{{200, ""}, {204, ""}, {400, parley.EINVALID}, {410, parley.EINVALID}, {408, parley.EUNAVAILABLE},
		{429, parley.EUNAVAILABLE}, {500, parley.EUNAVAILABLE}, {503, parley.EUNAVAILABLE}}
	for _, tt := range tests {
		var sig string
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			sig = r.Header.Get(SignatureHeader)
			w.WriteHeader(tt.status)
		}))
		n := New(Options{Targets: map[string]Target{"b": {Webhook: srv.URL, Secret: "k"}}})
		body := []byte(`{"bot":"b"}`)
		err := n.Deliver(context.Background(), parley.OutboxEntry{Key: parley.ConversationKey{Bot: "b", ID: "c"}, Kind: Kind, IdempotencyKey: "x", Payload: body})
		srv.Close()
		if parley.ErrorCode(err) != tt.code && !(tt.code == "" && err == nil) {
			t.Errorf("%d: %v, want code %q", tt.status, err, tt.code)
		}
		if sig != Sign("k", body) || sig[:7] != "sha256=" {
			t.Errorf("%d: signature %q", tt.status, sig)
		}
	}
}
