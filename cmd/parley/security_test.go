package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/parleyhq/parley"
)

// send makes one request; hdr values set headers, "Host" the Host header.
func send(t *testing.T, method, url, body string, hdr map[string]string) (int, []byte, http.Header) {
	t.Helper()
	var rd io.Reader
	if body != "" {
		rd = strings.NewReader(body)
	}
	req, err := http.NewRequest(method, url, rd)
	if err != nil {
		t.Fatal(err)
	}
	for k, v := range hdr {
		if k == "Host" {
			req.Host = v
			continue
		}
		req.Header.Set(k, v)
	}
	client := &http.Client{Timeout: 10 * time.Second}
	resp, err := client.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if resp.Header.Get("Content-Type") == "text/event-stream" {
		return resp.StatusCode, nil, resp.Header // a stream that would not end
	}
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, b, resp.Header
}

func bearer(token string) map[string]string {
	return map[string]string{"Authorization": "Bearer " + token, "Content-Type": "application/json"}
}

func errorBody(t *testing.T, b []byte) (code, message, requestID string) {
	t.Helper()
	var eb struct {
		Error struct {
			Code      string `json:"code"`
			Message   string `json:"message"`
			RequestID string `json:"request_id"`
		} `json:"error"`
	}
	if err := json.Unmarshal(b, &eb); err != nil {
		t.Fatalf("not a JSON error body: %s", b)
	}
	return eb.Error.Code, eb.Error.Message, eb.Error.RequestID
}

// demoBotsConfig writes a parley.yaml with the demo bots and extra top-level YAML.
func demoBotsConfig(t *testing.T, extra string) string {
	t.Helper()
	abs := func(p string) string {
		a, err := filepath.Abs(p)
		if err != nil {
			t.Fatal(err)
		}
		return a
	}
	cfg := fmt.Sprintf(`%s
bots:
  - {name: shop, engine: shop}
  - {name: booking, engine: flows, flows: %s}
  - {name: hotel, engine: flows, flows: %s}
  - {name: coach, engine: gates, flow: %s}
`, extra, abs("../../flows/demo/booking.yaml"), abs("../../flows/demo/hotel.yaml"), abs("../../gates/demo/coach.json"))
	path := configFile(t, cfg)
	return path
}

// snapshot is what a refused request must not change: the conversation's version
// and lifecycle and the coach flow's version.
func snapshot(t *testing.T, base, conv, admin string) string {
	t.Helper()
	code, b, _ := send(t, "GET", base+conv, "", bearer(admin))
	var v struct {
		Version   int64  `json:"version"`
		Lifecycle string `json:"lifecycle"`
	}
	if code != 200 || json.Unmarshal(b, &v) != nil {
		t.Fatalf("GET conversation: %d %s", code, b)
	}
	_, _, hdr := send(t, "GET", base+"/v1/flows/coach", "", bearer(admin))
	return fmt.Sprintf("version %d, %s, flow %s", v.Version, v.Lifecycle, hdr.Get("Parley-Flow-Version"))
}

func TestEveryRouteNeedsATokenWithItsScope(t *testing.T) {
	const client, admin = "client-token-0123456789", "admin-token-0123456789"
	t.Setenv("TEST_CLIENT_TOKEN", client)
	t.Setenv("TEST_ADMIN_TOKEN", admin)
	cfg := demoBotsConfig(t, `auth:
  tokens:
    - {name: widget, token: "${TEST_CLIENT_TOKEN}", scopes: [client]}
    - {name: ops, token: "${TEST_ADMIN_TOKEN}", scopes: [admin]}`)
	base, _ := testServer(t, "-config", cfg)
	conv := "/v1/bots/booking/conversations/guarded"
	if code, b, _ := send(t, "POST", base+conv+"/messages", `{"id":"g1","text":"I want to book a flight"}`, bearer(admin)); code != 200 {
		t.Fatalf("first turn: %d %s", code, b)
	}
	coach, err := os.ReadFile("../../gates/demo/coach.json")
	if err != nil {
		t.Fatal(err)
	}
	routes := []struct {
		method, path, body string
		admin              bool
	}{
		{"POST", conv + "/messages", `{"id":"g2","text":"New York"}`, false},
		{"GET", conv, "", false},
		{"GET", conv + "/events", "", false},
		{"GET", "/v1/bots", "", false},
		{"GET", conv + "/history", "", false},
		{"GET", "/v1/bots/booking/graph", "", false},
		{"GET", "/v1/bots/booking/conversations", "", true},
		{"POST", conv + "/pause", `{"reason":"x"}`, true},
		{"POST", conv + "/resume", `{}`, true},
		{"POST", conv + "/cancel", `{}`, true},
		{"POST", conv + "/reset", `{}`, true},
		{"POST", conv + "/handback", `{}`, true},
		{"PUT", "/v1/flows/coach", string(coach), true},
		{"GET", "/v1/flows/coach", "", true},
		{"GET", "/metrics", "", true},
		{"GET", "/v1/nowhere", "", false},
	}
	before := snapshot(t, base, conv, admin)
	for _, rt := range routes {
		name := rt.method + " " + rt.path
		t.Run(name, func(t *testing.T) {
			for _, tc := range []struct {
				what string
				hdr  map[string]string
			}{
				{"no token", map[string]string{"Content-Type": "application/json"}},
				{"wrong token", bearer("not-a-token")},
				{"basic auth", map[string]string{"Authorization": "Basic YWRtaW46YWRtaW4=", "Content-Type": "application/json"}},
			} {
				code, b, hdr := send(t, rt.method, base+rt.path, rt.body, tc.hdr)
				if c, _, id := errorBody(t, b); code != 401 || c != parley.EUNAUTHORIZED || id == "" || !strings.HasPrefix(hdr.Get("WWW-Authenticate"), "Bearer") {
					t.Errorf("%s: %d %s (WWW-Authenticate %q), want 401 unauthorized", tc.what, code, b, hdr.Get("WWW-Authenticate"))
				}
			}
			if rt.admin {
				code, b, _ := send(t, rt.method, base+rt.path, rt.body, bearer(client))
				if c, _, _ := errorBody(t, b); code != 403 || c != parley.EFORBIDDEN {
					t.Errorf("client token: %d %s, want 403 forbidden", code, b)
				}
			}
		})
	}
	if after := snapshot(t, base, conv, admin); after != before {
		t.Fatalf("refused requests changed %s into %s", before, after)
	}
	// With the right scope every route answers (whatever its own verdict).
	for _, rt := range routes {
		tokens := []string{admin}
		if !rt.admin {
			tokens = append(tokens, client)
		}
		for _, tok := range tokens {
			if code, b, _ := send(t, rt.method, base+rt.path, rt.body, bearer(tok)); code == 401 || code == 403 {
				t.Errorf("%s %s with a token of its scope: %d %s", rt.method, rt.path, code, b)
			}
		}
	}
	// Health, readiness and the Chatwoot webhook (its own signature check) stay open.
	for _, open := range []struct{ method, path, body string }{
		{"GET", "/healthz", ""}, {"GET", "/readyz", ""}, {"POST", "/v1/chatwoot/shop", `{}`},
	} {
		if code, b, _ := send(t, open.method, base+open.path, open.body, map[string]string{"Content-Type": "application/json"}); code == 401 || code == 403 {
			t.Errorf("%s %s: %d %s, want no token needed", open.method, open.path, code, b)
		}
	}
}

func TestAPITokenFromTheEnvironmentHasFullAccess(t *testing.T) {
	t.Setenv("PARLEY_API_TOKEN", "env-token-0123456789")
	base, _ := testServer(t)
	conv := base + "/v1/bots/shop/conversations/env"
	if code, b, _ := send(t, "POST", conv+"/messages", `{"id":"m1","text":"hi"}`, nil); code != 401 {
		t.Fatalf("no token: %d %s", code, b)
	}
	if code, b, _ := send(t, "POST", conv+"/messages", `{"id":"m1","text":"hi"}`, bearer("env-token-0123456789")); code != 200 {
		t.Fatalf("turn: %d %s", code, b)
	}
	if code, b, _ := send(t, "POST", conv+"/pause", ``, bearer("env-token-0123456789")); code != 200 {
		t.Fatalf("pause: %d %s", code, b)
	}
}

// TestExposurePolicy: without a token, or with an unsigned Chatwoot webhook, serve
// stays on loopback unless -insecure.
func TestExposurePolicy(t *testing.T) {
	unsigned := demoBotsConfig(t, "")
	if err := os.WriteFile(unsigned, []byte(strings.Replace(mustRead(t, unsigned), "{name: shop, engine: shop}",
		"{name: shop, engine: shop, chatwoot: {url: 'http://127.0.0.1:1', account_id: 1, bot_token: x}}", 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Setenv("PARLEY_API_TOKEN", "")
	tests := []struct {
		name, token string
		args        []string
		refused     string
	}{
		{"no token on all interfaces", "", []string{"-addr", "0.0.0.0:0"}, "no API token"},
		{"unsigned Chatwoot on all interfaces", "some-token-0123456789", []string{"-addr", "0.0.0.0:0", "-config", unsigned}, "webhook_secret"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Setenv("PARLEY_API_TOKEN", tt.token)
			var stderr bytes.Buffer
			args := append([]string{"serve", "-db", filepath.Join(t.TempDir(), "p.db")}, tt.args...)
			err := run(context.Background(), args, io.Discard, &stderr)
			if err == nil || !strings.Contains(parley.ErrorMessage(err), tt.refused) {
				t.Fatalf("err = %v, want a refusal naming %q", err, tt.refused)
			}
		})
	}
	t.Run("loopback without a token says so", func(t *testing.T) {
		var log syncBuffer
		testServerLog(t, &log, "-config", unsigned)
		for _, want := range []string{"loopback only", "without webhook_secret"} {
			if !strings.Contains(log.String(), want) {
				t.Errorf("log lacks %q:\n%s", want, log.String())
			}
		}
	})
	t.Run("-insecure lets it listen beyond loopback", func(t *testing.T) {
		ctx, cancel := context.WithCancel(context.Background())
		pr, pw := io.Pipe()
		done := make(chan error, 1)
		go func() {
			done <- run(ctx, []string{"serve", "-insecure", "-addr", "0.0.0.0:0", "-db", filepath.Join(t.TempDir(), "p.db")}, pw, io.Discard)
			pw.Close()
		}()
		line := make([]byte, 200)
		n, _ := pr.Read(line)
		cancel()
		go io.Copy(io.Discard, pr)
		if err := <-done; err != nil || !strings.Contains(string(line[:n]), "listening on") {
			t.Fatalf("serve -insecure: %v %q", err, line[:n])
		}
	})
}

func mustRead(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestBrowsersOnOtherSitesCannotDriveAConversation: a page elsewhere can send a form
// or a text/plain fetch without a preflight, and a rebound DNS name reaches loopback;
// neither gets through, and nothing changes.
func TestBrowsersOnOtherSitesCannotDriveAConversation(t *testing.T) {
	var log syncBuffer
	base, _ := testServerLog(t, &log, "-config", demoBotsConfig(t, `server:
  cors_origins: [https://shop.example.com]
  hosts: [parley.example.com]`))
	conv := base + "/v1/bots/booking/conversations/csrf"
	if code, b, _ := send(t, "POST", conv+"/messages", `{"id":"m1","text":"I want to book a flight"}`, map[string]string{"Content-Type": "application/json"}); code != 200 {
		t.Fatalf("%d %s", code, b)
	}
	version := func() int64 { return convVersion(t, base, "booking", "csrf") }
	before := version()
	evil := "http://evil.example"
	tests := []struct {
		name, path, body string
		hdr              map[string]string
		status           int
		code             string
	}{
		{"text/plain turn", "/messages", `{"id":"x1","text":"cancel"}`, map[string]string{"Content-Type": "text/plain", "Origin": evil, "Sec-Fetch-Site": "cross-site"}, 415, parley.EMEDIATYPE},
		{"form pause", "/pause", `reason=x`, map[string]string{"Content-Type": "application/x-www-form-urlencoded", "Origin": evil}, 415, parley.EMEDIATYPE},
		{"multipart cancel", "/cancel", "--b\r\n\r\n--b--", map[string]string{"Content-Type": "multipart/form-data; boundary=b", "Origin": evil}, 415, parley.EMEDIATYPE},
		{"text/plain without an origin", "/messages", `{"id":"x2","text":"hi"}`, map[string]string{"Content-Type": "text/plain"}, 415, parley.EMEDIATYPE},
		{"JSON from another origin", "/messages", `{"id":"x3","text":"hi"}`, map[string]string{"Content-Type": "application/json", "Origin": evil, "Sec-Fetch-Site": "cross-site"}, 403, parley.EFORBIDDEN},
		{"bodyless cancel from another origin", "/cancel", "", map[string]string{"Origin": evil}, 403, parley.EFORBIDDEN},
		{"rebound DNS name", "/cancel", `{}`, map[string]string{"Content-Type": "application/json", "Host": "evil.example:" + portOf(base)}, 421, parley.EMISDIRECTED},
		{"rebound DNS name without port", "/pause", `{}`, map[string]string{"Content-Type": "application/json", "Host": "evil.example"}, 421, parley.EMISDIRECTED},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, b, hdr := send(t, "POST", conv+tt.path, tt.body, tt.hdr)
			c, msg, id := errorBody(t, b)
			if code != tt.status || c != tt.code || msg == "" || id == "" || hdr.Get("X-Request-Id") != id {
				t.Fatalf("got %d %s (X-Request-Id %q), want %d %s", code, b, hdr.Get("X-Request-Id"), tt.status, tt.code)
			}
			if hdr.Get("Access-Control-Allow-Origin") != "" {
				t.Fatalf("CORS header for %s", tt.hdr["Origin"])
			}
			if !strings.Contains(log.String(), "request_id="+id) {
				t.Fatalf("no log line carries request id %s:\n%s", id, log.String())
			}
		})
	}
	if after := version(); after != before {
		t.Fatalf("refused requests changed the conversation: version %d -> %d", before, after)
	}

	t.Run("listed origins and hosts are served", func(t *testing.T) {
		code, _, hdr := send(t, "OPTIONS", conv+"/messages", "", map[string]string{"Origin": "https://shop.example.com", "Access-Control-Request-Method": "POST", "Access-Control-Request-Headers": "authorization, content-type"})
		if code != 204 || hdr.Get("Access-Control-Allow-Origin") != "https://shop.example.com" || !strings.Contains(hdr.Get("Access-Control-Allow-Headers"), "Authorization") {
			t.Fatalf("preflight: %d %v", code, hdr)
		}
		if code, b, _ := send(t, "OPTIONS", conv+"/messages", "", map[string]string{"Origin": evil, "Access-Control-Request-Method": "POST"}); code != 403 {
			t.Fatalf("preflight from another origin: %d %s", code, b)
		}
		code, b, hdr := send(t, "POST", conv+"/messages", `{"id":"m2","text":"New York"}`, map[string]string{"Content-Type": "application/json", "Origin": "https://shop.example.com", "Sec-Fetch-Site": "cross-site"})
		if code != 200 || hdr.Get("Access-Control-Allow-Origin") != "https://shop.example.com" {
			t.Fatalf("listed origin: %d %s %v", code, b, hdr)
		}
		for _, host := range []string{"parley.example.com", "localhost:" + portOf(base), "[::1]:" + portOf(base)} {
			if code, b, _ := send(t, "GET", base+"/v1/bots", "", map[string]string{"Host": host}); code != 200 {
				t.Fatalf("Host %s: %d %s", host, code, b)
			}
		}
	})
	t.Run("one access log line per request", func(t *testing.T) {
		for _, want := range []string{`msg="http request"`, "method=POST", `route="POST /v1/bots/{bot}/conversations/{conversation}/messages"`, "status=200", "duration=", "bot=booking", "conversation=csrf"} {
			if !strings.Contains(log.String(), want) {
				t.Errorf("access log lacks %s:\n%s", want, log.String())
			}
		}
	})
}

func portOf(base string) string {
	return base[strings.LastIndex(base, ":")+1:]
}

// TestClientsSendTheirToken: parley test -server and parley flows put -server reach a
// server that requires tokens with -token (or PARLEY_API_TOKEN).
func TestClientsSendTheirToken(t *testing.T) {
	const admin = "admin-token-for-clients-0123"
	t.Setenv("TEST_ADMIN_TOKEN", admin)
	base, _ := testServer(t, "-config", demoBotsConfig(t, `auth:
  tokens: [{name: ops, token: "${TEST_ADMIN_TOKEN}", scopes: [admin]}]`))
	t.Setenv("PARLEY_API_TOKEN", "")
	var out bytes.Buffer
	// One scenario shows the token is sent: the corpus is TestScenarios' work.
	scenarios := "../../testdata/scenarios/booking/i38-1-a-question-back-is-no-date.yaml"
	if err := run(context.Background(), []string{"test", "-server", base, scenarios}, &out, io.Discard); err != exitError(1) || !strings.Contains(out.String(), "Bearer token") {
		t.Fatalf("without a token: %v\n%s", err, out.String())
	}
	out.Reset()
	if err := run(context.Background(), []string{"test", "-server", base, "-token", admin, scenarios}, &out, io.Discard); err != nil {
		t.Fatalf("with -token: %v\n%s", err, out.String())
	}
	out.Reset()
	if err := run(context.Background(), []string{"flows", "put", "-server", base, "-id", "coach", "../../gates/demo/coach.json"}, &out, io.Discard); err == nil {
		t.Fatalf("flows put without a token: %s", out.String())
	}
	t.Setenv("PARLEY_API_TOKEN", admin)
	out.Reset()
	if err := run(context.Background(), []string{"flows", "put", "-server", base, "-id", "coach", "../../gates/demo/coach.json"}, &out, io.Discard); err != nil || !strings.Contains(out.String(), "stored as version") {
		t.Fatalf("flows put with PARLEY_API_TOKEN: %v %s", err, out.String())
	}
}

// TestServeBuildsEveryBotBeforeItListens: a flow that `parley validate` accepts but
// that serve cannot run (an action calling a Go function, which only an embedding
// program registers) stops `parley serve` with the cause, before it logs or prints
// that it listens.
func TestServeBuildsEveryBotBeforeItListens(t *testing.T) {
	cfg := ordersProject(t, "      - id: place\n        action: {func: place_order, reply: Placed.}\n", "", "")
	var stdout, stderr syncBuffer
	err := run(context.Background(), []string{"serve", "-config", cfg, "-addr", "127.0.0.1:0", "-db", filepath.Join(t.TempDir(), "p.db")}, &stdout, &stderr)
	if err == nil || !strings.Contains(parley.ErrorDetail(err), "place_order") {
		t.Fatalf("serve: %v, want the unregistered function named", err)
	}
	if strings.Contains(stderr.String(), "msg=listening") || strings.Contains(stdout.String(), "listening on http") {
		t.Fatalf("serve said it listens before its bots were built:\n%s%s", stdout.String(), stderr.String())
	}
}
