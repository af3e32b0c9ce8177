package main

import (
	"encoding/json"
	"fmt"
	"net/url"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// sendAt posts one text turn with an explicit sent_at, so that activity order is
// the test's, not the clock's.
func sendAt(t *testing.T, base, bot, conv, id, text, at string) {
	t.Helper()
	body := fmt.Sprintf(`{"id":%q,"text":%q,"sent_at":%q}`, id, text, at)
	code, b, _ := post(t, base+"/v1/bots/"+bot+"/conversations/"+conv+"/messages", body)
	if code != 200 {
		t.Fatalf("turn %s/%s %s: %d %s", bot, conv, id, code, b)
	}
}

func getJSON(t *testing.T, u string, wantCode int, v any) {
	t.Helper()
	code, b := get(t, u)
	if code != wantCode {
		t.Fatalf("GET %s = %d %s, want %d", u, code, b, wantCode)
	}
	if v != nil {
		if err := json.Unmarshal(b, v); err != nil {
			t.Fatalf("GET %s: %v in %s", u, err, b)
		}
	}
}

func TestConversationListRoute(t *testing.T) {
	base, _ := testServer(t)
	// The list orders by last activity, the server's commit time; turns are sent one
	// after another, so that is their order.
	sendAt(t, base, "shop", "web-1", "m1", "show me hoodies", "2026-01-01T10:00:00Z")
	sendAt(t, base, "shop", "web-2", "m1", "hi", "2026-01-01T10:00:02Z")
	sendAt(t, base, "shop", "chat-1", "m1", "show me hoodies", "2026-01-01T10:00:03Z")
	sendAt(t, base, "shop", "web-1", "m2", "show more", "2026-01-01T10:00:04Z")
	sendAt(t, base, "booking", "web-9", "m1", "book a flight", "2026-01-01T10:00:05Z")

	type list struct {
		Conversations []struct {
			ConversationID string          `json:"conversation_id"`
			Engine         string          `json:"engine"`
			Lifecycle      string          `json:"lifecycle"`
			Version        int64           `json:"version"`
			State          json.RawMessage `json:"state"`
			UpdatedAt      string          `json:"updated_at"`
		} `json:"conversations"`
		NextCursor string `json:"next_cursor"`
	}
	ids := func(l list) []string {
		var out []string
		for _, c := range l.Conversations {
			out = append(out, c.ConversationID)
		}
		return out
	}
	var page list
	getJSON(t, base+"/v1/bots/shop/conversations?limit=2", 200, &page)
	if diff := cmp.Diff([]string{"web-1", "chat-1"}, ids(page)); diff != "" || page.NextCursor == "" {
		t.Fatalf("first page (-want +got):\n%s cursor %q", diff, page.NextCursor)
	}
	first := page.Conversations[0]
	if first.Engine != "shop" || first.Lifecycle != "idle" || first.Version != 2 ||
		!strings.Contains(string(first.State), `"conversation_state"`) || first.UpdatedAt == "" {
		t.Errorf("web-1 listed as %+v", first)
	}
	var rest list
	getJSON(t, base+"/v1/bots/shop/conversations?limit=2&cursor="+url.QueryEscape(page.NextCursor), 200, &rest)
	if diff := cmp.Diff([]string{"web-2"}, ids(rest)); diff != "" || rest.NextCursor != "" {
		t.Fatalf("second page (-want +got):\n%s cursor %q", diff, rest.NextCursor)
	}
	var search list
	getJSON(t, base+"/v1/bots/shop/conversations?prefix=web-", 200, &search)
	if diff := cmp.Diff([]string{"web-1", "web-2"}, ids(search)); diff != "" {
		t.Errorf("prefix web- (-want +got):\n%s", diff)
	}
	var other list
	getJSON(t, base+"/v1/bots/booking/conversations", 200, &other)
	if diff := cmp.Diff([]string{"web-9"}, ids(other)); diff != "" {
		t.Errorf("booking (-want +got):\n%s", diff)
	}

	bad := []struct {
		path string
		code int
	}{
		{"/v1/bots/shop/conversations?limit=0", 400},
		{"/v1/bots/shop/conversations?limit=x", 400},
		{"/v1/bots/shop/conversations?cursor=%25%25", 400},
		{"/v1/bots/shop/conversations?cursor=bm8tY29sb24", 400},
		{"/v1/bots/nobody/conversations", 404},
	}
	for _, tt := range bad {
		var e struct{ Error struct{ Code string } }
		getJSON(t, base+tt.path, tt.code, &e)
		if e.Error.Code == "" {
			t.Errorf("%s: no error code", tt.path)
		}
	}
}

func TestConversationHistoryRoute(t *testing.T) {
	base, _ := testServer(t)
	sendAt(t, base, "shop", "h-1", "m1", "show me hoodies", "2026-01-01T10:00:00Z")
	code, b, _ := post(t, base+"/v1/bots/shop/conversations/h-1/pause", `{"reason":"operator looks"}`)
	if code != 200 {
		t.Fatalf("pause: %d %s", code, b)
	}
	sendAt(t, base, "shop", "h-1", "m2", "show more", "2026-01-01T10:00:01Z")

	var h struct {
		Events []struct {
			Seq      int64           `json:"seq"`
			Type     string          `json:"type"`
			Data     json.RawMessage `json:"data"`
			Response *struct {
				MessageID string          `json:"message_id"`
				Version   int64           `json:"version"`
				State     json.RawMessage `json:"state"`
				Replies   []struct {
					Type string `json:"type"`
				} `json:"replies"`
			} `json:"response"`
		} `json:"events"`
		NextAfter int64 `json:"next_after"`
	}
	getJSON(t, base+"/v1/bots/shop/conversations/h-1/history", 200, &h)
	var turns []string
	for i, e := range h.Events {
		if e.Seq != int64(i+1) {
			t.Fatalf("event %d has seq %d", i, e.Seq)
		}
		if e.Type != "turn" {
			continue
		}
		var data struct {
			MessageID string `json:"message_id"`
			Text      string `json:"text"`
		}
		if err := json.Unmarshal(e.Data, &data); err != nil || e.Response == nil {
			t.Fatalf("turn event %s without a response", e.Data)
		}
		if e.Response.MessageID != data.MessageID || len(e.Response.State) == 0 || len(e.Response.Replies) == 0 {
			t.Errorf("turn %s joined with %+v", data.MessageID, e.Response)
		}
		turns = append(turns, fmt.Sprintf("%s %q v%d", data.MessageID, data.Text, e.Response.Version))
	}
	// Versions: m1's turn 1, the pause 2, m2's turn 3.
	if diff := cmp.Diff([]string{`m1 "show me hoodies" v1`, `m2 "show more" v3`}, turns); diff != "" {
		t.Errorf("turns (-want +got):\n%s", diff)
	}

	var page struct {
		Events []struct {
			Seq int64 `json:"seq"`
		} `json:"events"`
		NextAfter int64 `json:"next_after"`
	}
	getJSON(t, base+"/v1/bots/shop/conversations/h-1/history?after=1&limit=2", 200, &page)
	if len(page.Events) != 2 || page.Events[0].Seq != 2 || page.NextAfter != 3 {
		t.Errorf("page after 1 limit 2 = %+v", page)
	}
	getJSON(t, base+"/v1/bots/shop/conversations/nobody/history", 404, nil)
	getJSON(t, base+"/v1/bots/shop/conversations/h-1/history?after=-1", 400, nil)
}

func TestGraphRoute(t *testing.T) {
	base, _ := testServer(t)
	tests := []struct {
		path, want string
	}{
		{"/v1/bots/shop/graph?format=dot", `"awaiting_confirmation" -> "recommending" [label="confirm_accepted"]`},
		{"/v1/bots/shop/graph", "stateDiagram-v2"},
		{"/v1/bots/booking/graph?format=dot", "subgraph cluster_book_flight"},
		{"/v1/bots/coach/graph?format=dot", `"gate:CONTACT" -> "booking-1" [label="requires"]`},
		{"/v1/bots/shop/graph?format=dot&machine=lifecycle", `"paused"`},
	}
	for _, tt := range tests {
		var g struct{ Format, Machine, Source string }
		getJSON(t, base+tt.path, 200, &g)
		if !strings.Contains(g.Source, tt.want) {
			t.Errorf("%s: source lacks %q:\n%s", tt.path, tt.want, g.Source)
		}
	}
	getJSON(t, base+"/v1/bots/shop/graph?format=svg", 400, nil)
	getJSON(t, base+"/v1/bots/shop/graph?machine=x", 400, nil)
	getJSON(t, base+"/v1/bots/nobody/graph", 404, nil)
}
