package main

import (
	"fmt"
	"io"
	"net"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/parleyhq/parley"
)

// cutProxy forwards TCP to target until cut, after which nothing listens on its
// address: a database that went away.
type cutProxy struct {
	ln    net.Listener
	mu    sync.Mutex
	conns []net.Conn
}

func newCutProxy(t *testing.T, target string) *cutProxy {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	p := &cutProxy{ln: ln}
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			up, err := net.Dial("tcp", target)
			if err != nil {
				c.Close()
				continue
			}
			p.mu.Lock()
			p.conns = append(p.conns, c, up)
			p.mu.Unlock()
			go func() { _, _ = io.Copy(up, c); up.Close() }()
			go func() { _, _ = io.Copy(c, up); c.Close() }()
		}
	}()
	t.Cleanup(p.cut)
	return p
}

func (p *cutProxy) cut() {
	p.ln.Close()
	p.mu.Lock()
	defer p.mu.Unlock()
	for _, c := range p.conns {
		c.Close()
	}
	p.conns = nil
}

// TestStoreErrorBodiesCarryNoCauseText: with its PostgreSQL gone, a turn and the
// readiness probe answer 503 with Parley's own message and a request id; the driver's
// text (user, database, address) is only in the log line with that id.
func TestStoreErrorBodiesCarryNoCauseText(t *testing.T) {
	dbURL, _ := replicaStore(t)
	u, err := url.Parse(dbURL)
	if err != nil {
		t.Fatal(err)
	}
	proxy := newCutProxy(t, u.Host)
	u.Host = proxy.ln.Addr().String()
	var log syncBuffer
	base, _ := testServerLog(t, &log, "-store", u.String())
	conv := base + "/v1/bots/booking/conversations/outage"
	if code, b, _ := post(t, conv+"/messages", `{"id":"m1","text":"I want to book a flight"}`); code != 200 {
		t.Fatalf("before the outage: %d %s", code, b)
	}
	proxy.cut()
	// The driver's words for the outage: who, which database, where. (The user is
	// left out when it is "postgres": the store's own messages name their kind.)
	leaks := []string{strings.TrimPrefix(u.Path, "/"), u.Host, "dial", "connect", "SQLSTATE", "pgx", "search_path"}
	if user := u.User.Username(); user != "postgres" {
		leaks = append(leaks, user)
	}
	for _, req := range []struct{ method, path, body string }{
		{"POST", "/v1/bots/booking/conversations/outage2/messages", `{"id":"m1","text":"I want to book a flight"}`},
		{"GET", "/v1/bots/booking/conversations/outage", ""},
		{"GET", "/readyz", ""},
	} {
		var code int
		var b []byte
		deadline := time.Now().Add(30 * time.Second)
		for {
			code, b, _ = send(t, req.method, base+req.path, req.body, map[string]string{"Content-Type": "application/json"})
			if code >= 500 || time.Now().After(deadline) {
				break
			}
			time.Sleep(100 * time.Millisecond) // pooled connections notice the cut first
		}
		c, msg, id := errorBody(t, b)
		if code != 503 || c != parley.EUNAVAILABLE || msg == "" || id == "" {
			t.Fatalf("%s %s: %d %s, want 503 unavailable with a request id", req.method, req.path, code, b)
		}
		for _, leak := range leaks {
			if leak != "" && strings.Contains(strings.ToLower(string(b)), strings.ToLower(leak)) {
				t.Errorf("%s %s: body %s carries %q", req.method, req.path, b, leak)
			}
		}
		var line string
		for _, l := range strings.Split(log.String(), "\n") {
			if strings.Contains(l, "request_id="+id) {
				line = l
			}
		}
		if !strings.Contains(line, "err=") || !strings.Contains(line, "status=503") || !strings.Contains(line, u.Host) {
			t.Errorf("%s %s: the log line of request %s lacks the error chain: %q", req.method, req.path, id, line)
		}
	}
}

// TestOutboundFailureTextStaysInTheLog: a flow's custom validator whose webhook is
// down fails the turn's validation; what the turn answers and stores names the
// failure in Parley's words, never the dial error with the webhook's address.
func TestOutboundFailureTextStaysInTheLog(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	down := ln.Addr().String()
	ln.Close()
	dir := t.TempDir()
	flowFile := filepath.Join(dir, "order.yaml")
	if err := os.WriteFile(flowFile, []byte(`bot: orders
flows:
  - name: order
    trigger: {keywords: [order pizza]}
    slots:
      - name: email
        type: email
        prompt: Your email?
        validators: [{type: custom, webhook: {url: "http://`+down+`/validate", timeout: 200ms}}]
    steps:
      - id: ask_email
        collect: email
`), 0o644); err != nil {
		t.Fatal(err)
	}
	cfg := filepath.Join(dir, "parley.yaml")
	if err := os.WriteFile(cfg, []byte("bots:\n  - {name: orders, engine: flows, flows: "+flowFile+"}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	base, _ := testServer(t, "-config", cfg)
	conv := base + "/v1/bots/orders/conversations/down"
	var bodies []string
	for i, text := range []string{"order pizza", "me@example.com"} {
		code, b, _ := post(t, conv+"/messages", fmt.Sprintf(`{"id":"m%d","text":%q}`, i, text))
		if code != 200 {
			t.Fatalf("%s: %d %s", text, code, b)
		}
		bodies = append(bodies, string(b))
	}
	_, stored := get(t, conv)
	_, history := get(t, conv+"/history")
	bodies = append(bodies, string(stored), string(history))
	// No answer from the validator: its outcome is unknown and the check is kept
	// pending (flows.PendingCall), without the transport's text.
	if !strings.Contains(string(stored), `"outcome_unknown"`) || !strings.Contains(string(stored), `"pending_call"`) {
		t.Fatalf("the validator did not fail: %s", stored)
	}
	for _, b := range bodies {
		for _, leak := range []string{down, "dial", "connection refused"} {
			if strings.Contains(b, leak) {
				t.Errorf("%q in %s", leak, b)
			}
		}
	}
}
