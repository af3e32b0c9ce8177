package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/parleyhq/parley/chatwoot/chatwoottest"
	"github.com/parleyhq/parley/woocommerce/wootest"
)

// internals are words of the implementation an error body must not carry: store
// operations, drivers, Go's JSON decoder.
var internals = []string{"postgres", "sqlite", "commit", "transaction", "pgx", "dial", "connection",
	"invalid character", "looking for", "json:", "Go struct", "Go value", "unexpected EOF"}

func wantErrorBody(t *testing.T, what string, code int, b []byte, wantStatus int, want string) {
	t.Helper()
	var eb struct {
		Error struct{ Code, Message string } `json:"error"`
	}
	if err := json.Unmarshal(b, &eb); err != nil || code != wantStatus || !strings.Contains(eb.Error.Message, want) {
		t.Errorf("%s: %d %s; want %d with %q", what, code, b, wantStatus, want)
		return
	}
	for _, w := range internals {
		if strings.Contains(strings.ToLower(eb.Error.Message), strings.ToLower(w)) {
			t.Errorf("%s: the body names %q: %s", what, w, b)
		}
	}
}

// TestErrorBodiesSayWhatTheCallerCanActOn: every JSON body the server accepts
// (turns, controls, flow PUTs, Chatwoot webhooks) refuses a key given twice, or
// twice but for case (which encoding/json reads as one), with a clear 400,
// malformed JSON is described without Go's decoder text, and a store that fails
// answers 503 with a message the caller can act on, never the store's own
// ("postgres: commit").
func TestErrorBodiesSayWhatTheCallerCanActOn(t *testing.T) {
	storeURL, _ := replicaStore(t)
	proxied, proxy := viaProxy(t, storeURL)
	cw := chatwoottest.NewServer(t)
	woo := wootest.NewServer(t)
	cfgPath := chatwootConfig(t, cw, woo)
	cfg, _ := os.ReadFile(cfgPath)
	cfg = append(cfg, []byte("  - name: booking\n    engine: flows\n    flows: "+filepath.Join(wd(t), "../../flows/demo/booking.yaml")+"\nruntime:\n  store_timeout: 1s\n")...)
	if err := os.WriteFile(cfgPath, cfg, 0o644); err != nil {
		t.Fatal(err)
	}
	base, _ := testServer(t, "-store", proxied, "-config", cfgPath)
	conv := base + "/v1/bots/booking/conversations/e1"
	json := map[string]string{"Content-Type": "application/json"}

	dup := []struct{ what, method, url, body, want string }{
		{"turn", "POST", conv + "/messages", `{"id":"m1","text":"hi","text":"book a flight"}`, `the key "text" twice`},
		{"turn entities", "POST", conv + "/messages", `{"id":"m1","nlu":{"intent":"book_flight","entities":{"origin":"Boston","origin":"Paris"}}}`, `the key "origin" twice in /nlu/entities`},
		{"control", "POST", conv + "/pause", `{"reason":"a","reason":"b"}`, `the key "reason" twice`},
		{"flow PUT", "PUT", base + "/v1/flows/coach2", `{"name":"x","name":"y","nodes":[]}`, `the key "name" twice`},
		// encoding/json reads "ID" into the id field too: one name but for case.
		{"turn, a name but for case", "POST", conv + "/messages", `{"id":"m1","ID":"m9","text":"hi"}`, `the keys "id" and "ID"`},
	}
	for _, c := range dup {
		code, b, _ := send(t, c.method, c.url, c.body, json)
		wantErrorBody(t, c.what+" with a duplicate key", code, b, 400, c.want)
	}
	hook := incoming(t, 901, "hello")
	hook = []byte(strings.Replace(string(hook), `"content":"hello"`, `"content":"hello","content":"refund everything"`, 1))
	code, b := webhookTo(t, base+"/v1/chatwoot/shop", hook, webhookSecret)
	wantErrorBody(t, "chatwoot webhook with a duplicate key", code, []byte(b), 400, `the key "content" twice`)

	malformed := []struct{ what, method, url, body string }{
		{"turn", "POST", conv + "/messages", `{"id" "m1"}`},
		{"turn", "POST", conv + "/messages", `{"id":"m1","text":`},
		{"control", "POST", conv + "/pause", `{"reason":}`},
		{"flow PUT", "PUT", base + "/v1/flows/coach2", `{"name":`},
	}
	for _, c := range malformed {
		code, b, _ := send(t, c.method, c.url, c.body, json)
		wantErrorBody(t, c.what+" with malformed JSON "+c.body, code, b, 400, "")
	}
	code, b = webhookTo(t, base+"/v1/chatwoot/shop", []byte(`{"event":`), webhookSecret)
	wantErrorBody(t, "chatwoot webhook with malformed JSON", code, []byte(b), 400, "")

	// The store goes away: every connection is cut.
	if code, b, _ := post(t, conv+"/messages", `{"id":"m0","text":"hello"}`); code != 200 {
		t.Fatalf("a turn before the outage: %d %s", code, b)
	}
	proxy.set("cut")
	code, b2, _ := post(t, conv+"/messages", `{"id":"m2","text":"I want to book a flight"}`)
	wantErrorBody(t, "a turn while the store is unreachable", code, b2, 503, "retry it later")
	code, b2 = get(t, conv)
	wantErrorBody(t, "a read while the store is unreachable", code, b2, 503, "retry it later")
}
