package main

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"
)

// TestIDsWithControlCharactersAreRefusedAlike: one id rule (parley.CheckID) on every
// route and every store. A NUL byte, a newline, a tab or DEL in a bot, conversation,
// message or flow id is 400 invalid with a message that names the id and the
// character, the same on SQLite and PostgreSQL, and nothing is stored.
func TestIDsWithControlCharactersAreRefusedAlike(t *testing.T) {
	stores := map[string]func(t *testing.T) []string{
		"sqlite": func(t *testing.T) []string { return nil },
		"postgres": func(t *testing.T) []string {
			url, _ := replicaStore(t)
			return []string{"-store", url}
		},
	}
	for name, args := range stores {
		t.Run(name, func(t *testing.T) {
			base, _ := testServer(t, args(t)...)
			for _, bad := range []struct{ path, json string }{
				{"%00", `\u0000`}, {"%0A", `\n`}, {"%0D", `\r`}, {"%09", `\t`}, {"%7F", `\u007f`}, {"%C2%85", `\u0085`},
			} {
				conv := base + "/v1/bots/booking/conversations/"
				cases := []struct {
					what, method, url, body, id string
				}{
					{"turn, conversation id", "POST", conv + "c" + bad.path + "1/messages", `{"id":"m1","text":"hi"}`, "conversation id"},
					{"turn, bot id", "POST", base + "/v1/bots/book" + bad.path + "ing/conversations/c1/messages", `{"id":"m1","text":"hi"}`, "bot id"},
					{"turn, message id", "POST", conv + "c1/messages", `{"id":"m` + bad.json + `1","text":"hi"}`, "message id"},
					{"conversation", "GET", conv + "c" + bad.path + "1", "", "conversation id"},
					{"events", "GET", conv + "c" + bad.path + "1/events", "", "conversation id"},
					{"history", "GET", conv + "c" + bad.path + "1/history", "", "conversation id"},
					{"control", "POST", conv + "c" + bad.path + "1/pause", "", "conversation id"},
					{"conversation list", "GET", base + "/v1/bots/book" + bad.path + "ing/conversations", "", "bot id"},
					{"put flow", "PUT", base + "/v1/flows/f" + bad.path + "1", `{}`, "flow id"},
					{"get flow", "GET", base + "/v1/flows/f" + bad.path + "1", "", "flow id"},
					{"chatwoot webhook", "POST", base + "/v1/chatwoot/book" + bad.path + "ing", `{"event":"message_created"}`, "bot id"},
				}
				for _, c := range cases {
					hdr := map[string]string{}
					if c.body != "" {
						hdr["Content-Type"] = "application/json"
					}
					code, body, _ := send(t, c.method, c.url, c.body, hdr)
					var eb struct {
						Error struct{ Code, Message string } `json:"error"`
					}
					_ = json.Unmarshal(body, &eb)
					if code != http.StatusBadRequest || eb.Error.Code != "invalid" ||
						!strings.HasPrefix(eb.Error.Message, c.id+" contains the control character U+") {
						t.Errorf("%s with %s: %d %s; want 400 invalid %q", c.what, bad.path, code, body, c.id+" contains the control character")
					}
				}
			}
			// Nothing was stored under the refused ids.
			code, body, _ := send(t, "GET", base+"/v1/bots/booking/conversations", "", nil)
			if code != http.StatusOK || strings.Contains(string(body), `"conversation_id"`) {
				t.Fatalf("conversations after refused turns: %d %s", code, body)
			}
		})
	}
}
