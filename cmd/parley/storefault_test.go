package main

import (
	"encoding/json"

	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

// pgProxy stands between a replica and PostgreSQL. It forwards bytes, or drops them
// all without closing anything (black hole: a partition, a hung server), or cuts
// every connection and refuses new ones (an outage).
type pgProxy struct {
	ln     net.Listener
	target string

	mu    sync.Mutex
	mode  string // "forward", "blackhole" or "cut"
	conns map[net.Conn]struct{}
}

func startProxy(t *testing.T, target string) *pgProxy {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	p := &pgProxy{ln: ln, target: target, mode: "forward", conns: map[net.Conn]struct{}{}}
	go p.serve()
	t.Cleanup(func() {
		ln.Close()
		p.set("cut")
	})
	return p
}

func (p *pgProxy) serve() {
	for {
		c, err := p.ln.Accept()
		if err != nil {
			return
		}
		go p.handle(c)
	}
}

func (p *pgProxy) handle(c net.Conn) {
	p.mu.Lock()
	mode := p.mode
	if mode == "cut" {
		p.mu.Unlock()
		c.Close()
		return
	}
	p.conns[c] = struct{}{}
	p.mu.Unlock()
	if mode == "blackhole" {
		p.pipe(c, nil)
		return
	}
	s, err := net.Dial("tcp", p.target)
	if err != nil {
		c.Close()
		return
	}
	p.mu.Lock()
	p.conns[s] = struct{}{}
	p.mu.Unlock()
	go p.pipe(s, c)
	p.pipe(c, s)
}

// pipe copies src to dst (nil: nowhere) until src fails, dropping what it reads
// while the proxy is a black hole.
func (p *pgProxy) pipe(src, dst net.Conn) {
	buf := make([]byte, 32<<10)
	for {
		n, err := src.Read(buf)
		if err != nil {
			src.Close()
			if dst != nil {
				dst.Close()
			}
			return
		}
		p.mu.Lock()
		drop := p.mode != "forward" || dst == nil
		p.mu.Unlock()
		if !drop {
			if _, err := dst.Write(buf[:n]); err != nil {
				src.Close()
				return
			}
		}
	}
}

func (p *pgProxy) set(mode string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.mode = mode
	if mode == "cut" {
		for c := range p.conns {
			c.Close()
		}
		p.conns = map[net.Conn]struct{}{}
	}
}

// viaProxy returns the store URL with its host replaced by the proxy's address, and
// the proxy.
func viaProxy(t *testing.T, storeURL string) (string, *pgProxy) {
	t.Helper()
	u, err := url.Parse(storeURL)
	if err != nil {
		t.Fatal(err)
	}
	p := startProxy(t, u.Host)
	u.Host = p.ln.Addr().String()
	return u.String(), p
}

func errorCode(t *testing.T, b []byte) string {
	t.Helper()
	var eb struct {
		Error struct{ Code, Message string } `json:"error"`
	}
	_ = json.Unmarshal(b, &eb)
	return eb.Error.Code
}

// TestBlackHoledPostgreSQLAnswers503AndHeals: a database that stops answering fails
// turns with 503 unavailable within the store deadline (1s here), well inside the
// client's patience and the server's 30 s write timeout, and the same turn goes
// through once the database answers again.
func TestBlackHoledPostgreSQLAnswers503AndHeals(t *testing.T) {
	storeURL, _ := replicaStore(t)
	proxied, proxy := viaProxy(t, storeURL)
	cfg := configFile(t, "runtime:\n  store_timeout: 1s\nbots:\n  - name: booking\n    engine: flows\n    flows: "+filepath.Join(wd(t), "../../flows/demo/booking.yaml")+"\n")
	base, _ := testServer(t, "-store", proxied, "-config", cfg)
	msgs := base + "/v1/bots/booking/conversations/bh/messages"
	if code, b, _ := post(t, msgs, `{"id":"m1","text":"hello"}`); code != 200 {
		t.Fatalf("before the black hole: %d %s", code, b)
	}

	proxy.set("blackhole")
	// Patience shorter than the write timeout: an answer after it is a hang.
	client := &http.Client{Timeout: 12 * time.Second}
	for _, id := range []string{"m2", "m3"} {
		started := time.Now()
		resp, err := client.Post(msgs, "application/json", strings.NewReader(`{"id":"`+id+`","text":"I want to book a flight"}`))
		if err != nil {
			t.Fatalf("turn %s against a black-holed database: %v", id, err)
		}
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != http.StatusServiceUnavailable || errorCode(t, b) != "unavailable" {
			t.Fatalf("turn %s against a black-holed database: %d %s", id, resp.StatusCode, b)
		}
		t.Logf("turn %s against a black-holed database: 503 after %s: %s", id, time.Since(started).Round(time.Millisecond), b)
	}
	if code, b := get(t, base+"/readyz"); code != http.StatusServiceUnavailable {
		t.Fatalf("readyz against a black-holed database: %d %s", code, b)
	}

	proxy.set("cut") // drop the stuck connections, as a restarted network would
	proxy.set("forward")
	deadline := time.Now().Add(30 * time.Second)
	for {
		code, b, _ := post(t, msgs, `{"id":"m2","text":"I want to book a flight"}`)
		if code == 200 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the database is back but turns still fail: %d %s", code, b)
		}
		time.Sleep(200 * time.Millisecond)
	}
	// Two turns, one commit each.
	if v := convVersion(t, base, "booking", "bh"); v != 2 {
		t.Fatalf("version %d after the database came back, want 2", v)
	}
}

// TestReplicaResubscribesAndDeliversTurnsCommittedDuringAnOutage: replica B loses
// PostgreSQL (its LISTEN connection included) while replica A commits a turn; once B
// reaches the database again its SSE subscriber gets that turn from the stored log,
// without waiting for a later turn to nudge it.
func TestReplicaResubscribesAndDeliversTurnsCommittedDuringAnOutage(t *testing.T) {
	storeURL, _ := replicaStore(t)
	proxied, proxy := viaProxy(t, storeURL)
	a, _ := testServer(t, "-store", storeURL)
	b, _ := testServer(t, "-store", proxied)
	conv := "/v1/bots/booking/conversations/outage"
	events := openStream(t, b+conv+"/events", "")

	if code, body, _ := post(t, a+conv+"/messages", `{"id":"m1","text":"hello"}`); code != 200 {
		t.Fatalf("%d %s", code, body)
	}
	if got := describeFrames(readFrames(t, events, 4)); strings.Join(got, " ") != "created->idle idle->running turn running->idle" {
		t.Fatalf("replica B before the outage: %v", got)
	}

	proxy.set("cut")
	if code, body, _ := post(t, a+conv+"/messages", `{"id":"m2","text":"I want to book a flight"}`); code != 200 {
		t.Fatalf("%d %s", code, body)
	}
	proxy.set("forward")
	frames := readFrames(t, events, 3)[1:]
	var turn struct {
		MessageID string `json:"message_id"`
	}
	if err := json.Unmarshal([]byte(frames[0].data), &turn); err != nil || frames[0].event != "turn" || turn.MessageID != "m2" || frames[0].id != "6" {
		t.Fatalf("replica B after the outage: %+v", frames)
	}
}

func wd(t *testing.T) string {
	t.Helper()
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	return dir
}
