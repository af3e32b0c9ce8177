package apitest

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// TestTransportCatchesAHandlerTheDocumentDoesNotFollow: the check the end-to-end
// tests rely on fails a response that drifted from docs/openapi.json (a field
// dropped, a field added, a wrong type), a route the document does not have
// answered with success, and an accepted request the document does not allow; it
// passes what the document describes.
func TestTransportCatchesAHandlerTheDocumentDoesNotFollow(t *testing.T) {
	c, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	const turn = `{"conversation_id":"c1","message_id":"m1","replies":[{"id":"a-1","type":"text","text":"Hi"}],"state":{},"lifecycle":"idle","version":2,"transitions":[]}`
	tests := []struct {
		name, method, path, request, status, answer string
		wantProblem                                 string
	}{
		{"a turn as documented", "POST", "/v1/bots/b/conversations/c1/messages", `{"id":"m1","text":"hi"}`, "200", turn, ""},
		{"a dropped field", "POST", "/v1/bots/b/conversations/c1/messages", `{"id":"m1","text":"hi"}`, "200", strings.Replace(turn, `"version":2,`, "", 1), "version"},
		{"an added field", "POST", "/v1/bots/b/conversations/c1/messages", `{"id":"m1","text":"hi"}`, "200", strings.Replace(turn, `"version":2,`, `"version":2,"extra":1,`, 1), "extra"},
		{"a wrong type", "POST", "/v1/bots/b/conversations/c1/messages", `{"id":"m1","text":"hi"}`, "200", strings.Replace(turn, `"version":2`, `"version":"2"`, 1), "version"},
		{"an accepted request the document refuses", "POST", "/v1/bots/b/conversations/c1/messages", `{"id":"m1","text":"hi","colour":"red"}`, "200", turn, "request"},
		{"a refused request answered with the error body", "POST", "/v1/bots/b/conversations/c1/messages", `{"id":"m1","colour":"red"}`, "400", `{"error":{"code":"invalid","message":"unknown field \"colour\""}}`, ""},
		{"an error body that drifted", "GET", "/v1/bots", "", "401", `{"error":{"code":"nope","message":"x"}}`, "code"},
		{"an undocumented route that answers", "GET", "/v1/secret", "", "200", `{}`, "does not describe"},
		{"no route, answered 404", "GET", "/v1/secret", "", "404", `{"error":{"code":"not_found","message":"no route for GET /v1/secret"}}`, ""},
		{"an event stream is not read", "GET", "/v1/bots/b/conversations/c1/events", "", "200", "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				w.Header().Set("X-Request-Id", "r1")
				w.Header().Set("Content-Type", "application/json")
				if strings.HasSuffix(r.URL.Path, "/events") {
					w.Header().Set("Content-Type", "text/event-stream")
				}
				code := map[string]int{"200": 200, "400": 400, "401": 401, "404": 404}[tt.status]
				w.WriteHeader(code)
				_, _ = w.Write([]byte(tt.answer))
			}))
			defer srv.Close()
			var got []error
			client := &http.Client{Transport: &Transport{Contract: c, Report: func(err error) { got = append(got, err) }}}
			req, _ := http.NewRequest(tt.method, srv.URL+tt.path, strings.NewReader(tt.request))
			if tt.request != "" {
				req.Header.Set("Content-Type", "application/json")
			}
			resp, err := client.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			resp.Body.Close()
			switch {
			case tt.wantProblem == "" && len(got) > 0:
				t.Fatalf("reported %v", got)
			case tt.wantProblem != "" && (len(got) == 0 || !strings.Contains(got[0].Error(), tt.wantProblem)):
				t.Fatalf("reported %v, want a problem naming %q", got, tt.wantProblem)
			}
		})
	}
}

// TestWebhookSchemas: the action and validator schemas refuse what a receiver
// could not act on.
func TestWebhookSchemas(t *testing.T) {
	c, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		schema, body string
		ok           bool
	}{
		{ActionRequest, `{"bot":"b","conversation_id":"c1","turn":3,"flow":"order","step":"place","action":"place","slots":{"size":"large"}}`, true},
		{ActionRequest, `{"bot":"b","conversation_id":"c1","turn":3,"flow":"order","step":"place","action":"place"}`, false},
		{ActionResponse, `{"slots":{"order_id":"O-7"},"reply":"Placed."}`, true},
		{ActionResponse, `{"failed":true}`, true},
		{ActionResponse, `{"slot":{"order_id":"O-7"}}`, false},
		{ActionResponse, `{"missing_slots":"size"}`, false},
		{ValidatorResponse, `{"valid":false,"message":"No such account."}`, true},
		{ValidatorResponse, `{"valid":"no"}`, false},
	}
	for _, tt := range tests {
		if err := c.CheckBody(tt.schema, []byte(tt.body)); (err == nil) != tt.ok {
			t.Errorf("%s %s: %v, want ok=%v", tt.schema, tt.body, err, tt.ok)
		}
	}
}
