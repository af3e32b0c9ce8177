package main

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/parleyhq/parley"
	"github.com/parleyhq/parley/internal/app"
	"github.com/parleyhq/parley/visitor"
)

const (
	testWidgetKey = "test-widget-key-0123456789abcdef0123456789"
	shopOrigin    = "https://shop.example"
	adminToken    = "visitor-admin-token-0123456789"
)

// widgetServer serves the demo bots with the shop's widget embeddable in pages of
// shopOrigin, an admin API token, and extra YAML under widget: and server:.
func widgetServer(t *testing.T, widgetExtra, serverExtra string) string {
	t.Helper()
	t.Setenv("TEST_WIDGET_KEY", testWidgetKey)
	t.Setenv("TEST_ADMIN_TOKEN", adminToken)
	base, _ := testServer(t, "-config", widgetConfig(t, shopOrigin, widgetExtra, serverExtra))
	return base
}

func widgetConfig(t *testing.T, origin, widgetExtra, serverExtra string) string {
	t.Helper()
	path := demoBotsConfig(t, fmt.Sprintf(`auth:
  tokens:
    - {name: ops, token: "${TEST_ADMIN_TOKEN}", scopes: [admin]}
widget:
  key: "${TEST_WIDGET_KEY}"
%s
server:
  hosts: [127.0.0.1]
%s`, indent(widgetExtra), indent(serverExtra)))
	cfg, err := readText(path)
	if err != nil {
		t.Fatal(err)
	}
	// The shop bot opts in.
	cfg = strings.Replace(cfg, "  - {name: shop, engine: shop}", "  - {name: shop, engine: shop, widget: {origins: [\""+origin+"\"]}}", 1)
	writeFile(t, path, cfg)
	return path
}

func indent(s string) string {
	if s == "" {
		return ""
	}
	return "  " + strings.ReplaceAll(strings.TrimSpace(s), "\n", "\n  ")
}

// session starts a visitor session of bot from origin and returns it.
func startSession(t *testing.T, base, bot, origin string) (httpSession, int, []byte, http.Header) {
	t.Helper()
	hdr := map[string]string{"Content-Type": "application/json"}
	if origin != "" {
		hdr["Origin"] = origin
	}
	code, b, h := send(t, "POST", base+"/v1/bots/"+bot+"/sessions", "", hdr)
	var s httpSession
	if code == http.StatusCreated {
		if err := json.Unmarshal(b, &s); err != nil {
			t.Fatalf("session body %s: %v", b, err)
		}
	}
	return s, code, b, h
}

type httpSession struct {
	Bot              string    `json:"bot"`
	ConversationID   string    `json:"conversation_id"`
	Token            string    `json:"token"`
	ExpiresAt        time.Time `json:"expires_at"`
	SessionExpiresAt time.Time `json:"session_expires_at"`
}

// visitorHeaders are what the widget sends: its token and its page's origin.
func visitorHeaders(token string) map[string]string {
	return map[string]string{"Authorization": "Bearer " + token, "Content-Type": "application/json", "Origin": shopOrigin}
}

func wantError(t *testing.T, what string, code int, b []byte, wantStatus int, wantCode string) {
	t.Helper()
	if c, _, _ := errorBody(t, b); code != wantStatus || c != wantCode {
		t.Errorf("%s: %d %s, want %d %s", what, code, b, wantStatus, wantCode)
	}
}

// TestVisitorSessions checks the session and token rules through `parley serve`: a
// session starts only from a listed origin (CORS answered), its token sends to, reads
// and follows its own conversation and nothing else, a tampered, foreign or expired
// token is 401, and a token renews until the session's maximum age.
func TestVisitorSessions(t *testing.T) {
	base := widgetServer(t, "token_ttl: 10m\nsession_max_age: 1h", "")

	t.Run("preflight", func(t *testing.T) {
		code, _, hdr := send(t, "OPTIONS", base+"/v1/bots/shop/sessions", "", map[string]string{
			"Origin": shopOrigin, "Access-Control-Request-Method": "POST", "Access-Control-Request-Headers": "content-type"})
		if code != http.StatusNoContent || hdr.Get("Access-Control-Allow-Origin") != shopOrigin ||
			!strings.Contains(hdr.Get("Access-Control-Allow-Headers"), "Authorization") || !strings.Contains(hdr.Get("Vary"), "Origin") {
			t.Errorf("allowed origin: %d %v", code, hdr)
		}
		code, b, hdr := send(t, "OPTIONS", base+"/v1/bots/shop/conversations/x/events", "", map[string]string{
			"Origin": "https://elsewhere.example", "Access-Control-Request-Method": "GET", "Access-Control-Request-Headers": "authorization"})
		wantError(t, "other origin", code, b, 403, parley.EFORBIDDEN)
		if hdr.Get("Access-Control-Allow-Origin") != "" {
			t.Errorf("other origin allowed: %v", hdr)
		}
	})

	s, code, b, hdr := startSession(t, base, "shop", shopOrigin)
	if code != http.StatusCreated || !strings.HasPrefix(s.ConversationID, "w-") || !strings.HasPrefix(s.Token, visitor.TokenPrefix) ||
		hdr.Get("Access-Control-Allow-Origin") != shopOrigin {
		t.Fatalf("start a session: %d %s %v", code, b, hdr)
	}
	if ttl := time.Until(s.ExpiresAt); ttl < 9*time.Minute || ttl > 10*time.Minute+time.Second {
		t.Errorf("token lives %v, want the configured 10m", ttl)
	}
	if age := time.Until(s.SessionExpiresAt); age < 59*time.Minute || age > time.Hour+time.Second {
		t.Errorf("session ends in %v, want 1h", age)
	}
	conv := "/v1/bots/shop/conversations/" + s.ConversationID
	vh := visitorHeaders(s.Token)

	t.Run("refused session starts", func(t *testing.T) {
		_, code, b, _ := startSession(t, base, "shop", "https://elsewhere.example")
		wantError(t, "other origin", code, b, 403, parley.EFORBIDDEN)
		_, code, b, _ = startSession(t, base, "shop", "")
		wantError(t, "no origin", code, b, 403, parley.EFORBIDDEN)
		_, code, b, _ = startSession(t, base, "booking", shopOrigin)
		wantError(t, "a bot without a widget", code, b, 403, parley.EFORBIDDEN)
		_, code, b, _ = startSession(t, base, "nobot", shopOrigin)
		wantError(t, "an unknown bot", code, b, 404, parley.ENOTFOUND)
		code, b, _ = send(t, "POST", base+"/v1/bots/shop/sessions", `{"conversation_id":"mine"}`, map[string]string{"Origin": shopOrigin, "Content-Type": "application/json"})
		wantError(t, "a chosen conversation id", code, b, 400, parley.EINVALID)
	})

	t.Run("its own conversation", func(t *testing.T) {
		code, b, hdr := send(t, "POST", base+conv+"/messages", `{"id":"v1","text":"show me hoodies"}`, vh)
		if code != 200 || !strings.Contains(string(b), `"product_cards"`) || hdr.Get("Access-Control-Allow-Origin") != shopOrigin {
			t.Fatalf("message: %d %s %v", code, b, hdr)
		}
		// A resend of the same message id is a replay, not a second turn.
		code, again, hdr := send(t, "POST", base+conv+"/messages", `{"id":"v1","text":"show me hoodies"}`, vh)
		if code != 200 || !bytes.Equal(b, again) || hdr.Get("Idempotent-Replay") != "true" {
			t.Errorf("resend: %d %s", code, again)
		}
		for _, path := range []string{conv, conv + "/history", conv + "/events"} {
			if code, b, _ := send(t, "GET", base+path, "", vh); code != 200 {
				t.Errorf("GET %s: %d %s", path, code, b)
			}
		}
		// The same routes from a page of another origin are refused.
		other := visitorHeaders(s.Token)
		other["Origin"] = "https://elsewhere.example"
		code, b, _ = send(t, "GET", base+conv, "", other)
		wantError(t, "another origin", code, b, 403, parley.EFORBIDDEN)
		code, b, _ = send(t, "POST", base+conv+"/messages", `{"id":"v2","text":"hi","nlu":{"intent":"confirm"}}`, vh)
		wantError(t, "an nlu parse", code, b, 403, parley.EFORBIDDEN)
		code, b, _ = send(t, "POST", base+conv+"/messages", `{"id":"v2","text":"hi","sent_at":"2020-01-01T00:00:00Z"}`, vh)
		wantError(t, "a sent_at", code, b, 403, parley.EFORBIDDEN)
	})

	t.Run("nothing else", func(t *testing.T) {
		// Another conversation (an operator's, another visitor's) and everything but
		// its own conversation's reads and messages.
		if code, b, _ := send(t, "POST", base+"/v1/bots/shop/conversations/other/messages", `{"id":"o1","text":"hello"}`, bearer(adminToken)); code != 200 {
			t.Fatalf("operator turn: %d %s", code, b)
		}
		second, _, _, _ := startSession(t, base, "shop", shopOrigin)
		if code, b, _ := send(t, "POST", base+"/v1/bots/shop/conversations/"+second.ConversationID+"/messages", `{"id":"s1","text":"hi"}`, visitorHeaders(second.Token)); code != 200 {
			t.Fatalf("second visitor's turn: %d %s", code, b)
		}
		refused := []struct{ method, path, body string }{
			{"GET", "/v1/bots/shop/conversations/other", ""},
			{"GET", "/v1/bots/shop/conversations/other/history", ""},
			{"GET", "/v1/bots/shop/conversations/other/events", ""},
			{"POST", "/v1/bots/shop/conversations/other/messages", `{"id":"x1","text":"hi"}`},
			{"GET", "/v1/bots/shop/conversations/" + second.ConversationID, ""},
			{"GET", "/v1/bots/shop/conversations/" + second.ConversationID + "/history", ""},
			{"POST", "/v1/bots/shop/conversations/" + second.ConversationID + "/messages", `{"id":"x1","text":"hi"}`},
			{"POST", "/v1/bots/booking/conversations/" + s.ConversationID + "/messages", `{"id":"x1","text":"hi"}`},
			{"POST", conv + "/pause", `{}`}, {"POST", conv + "/resume", `{}`}, {"POST", conv + "/cancel", `{}`},
			{"POST", conv + "/reset", `{}`}, {"POST", conv + "/handback", `{}`},
			{"GET", "/v1/bots/shop/conversations", ""}, {"GET", "/v1/bots", ""}, {"GET", "/v1/bots/shop/graph", ""},
			{"GET", "/v1/flows/coach", ""}, {"PUT", "/v1/flows/coach", `{}`}, {"GET", "/metrics", ""},
			{"POST", "/v1/bots/shop/sessions", ""},
		}
		watched := []string{"/v1/bots/shop/conversations/other", "/v1/bots/shop/conversations/" + second.ConversationID, conv}
		before := conversationsOf(t, base, watched)
		for _, r := range refused {
			code, b, _ := send(t, r.method, base+r.path, r.body, visitorHeaders(s.Token))
			wantError(t, r.method+" "+r.path, code, b, 403, parley.EFORBIDDEN)
		}
		if after := conversationsOf(t, base, watched); after != before {
			t.Errorf("refused requests changed the conversations:\n%s\n%s", before, after)
		}
	})

	t.Run("tampered, foreign and expired tokens", func(t *testing.T) {
		signed, sig, err := visitor.Split(s.Token)
		if err != nil {
			t.Fatal(err)
		}
		claims, err := visitor.Decode(signed)
		if err != nil {
			t.Fatal(err)
		}
		other, _ := visitor.NewSigner([]byte("another-key-0123456789abcdef0123456789"))
		mine, _ := visitor.NewSigner([]byte(testWidgetKey))
		stolen := claims
		stolen.Conversation = "other"
		expired := claims
		expired.Started, expired.Expires = time.Now().Add(-2*time.Hour), time.Now().Add(-time.Minute)
		bad := map[string]string{
			"another conversation, old signature": visitor.TokenPrefix + base64.RawURLEncoding.EncodeToString([]byte(
				`{"b":"shop","c":"other","o":"`+shopOrigin+`","s":`+strconv.FormatInt(claims.Started.Unix(), 10)+`,"e":`+strconv.FormatInt(claims.Expires.Unix(), 10)+`}`)) +
				"." + base64.RawURLEncoding.EncodeToString(sig),
			"signature of another key": other.Sign(stolen),
			"a signature cut short":    s.Token[:len(s.Token)-2],
			"expired":                  mine.Sign(expired),
			"not a token":              visitor.TokenPrefix + "garbage",
		}
		for what, tok := range bad {
			for _, path := range []string{"/v1/bots/shop/conversations/other", conv} {
				code, b, hdr := send(t, "GET", base+path, "", visitorHeaders(tok))
				wantError(t, what+" on "+path, code, b, 401, parley.EUNAUTHORIZED)
				if !strings.Contains(hdr.Get("WWW-Authenticate"), `error="invalid_token"`) {
					t.Errorf("%s: WWW-Authenticate %q", what, hdr.Get("WWW-Authenticate"))
				}
			}
		}
		// Without any token the operator routes still want the API token.
		code, b, _ := send(t, "GET", base+conv, "", map[string]string{"Origin": shopOrigin})
		wantError(t, "no token", code, b, 401, parley.EUNAUTHORIZED)
	})

	t.Run("renew", func(t *testing.T) {
		time.Sleep(1100 * time.Millisecond) // tokens count whole seconds
		code, b, _ := send(t, "POST", base+"/v1/bots/shop/sessions/renew", "", vh)
		var r httpSession
		if code != 200 || json.Unmarshal(b, &r) != nil || r.ConversationID != s.ConversationID || !r.ExpiresAt.After(s.ExpiresAt) ||
			!r.SessionExpiresAt.Equal(s.SessionExpiresAt) || r.Token == s.Token {
			t.Fatalf("renew: %d %s (first %+v)", code, b, s)
		}
		if code, b, _ := send(t, "GET", base+conv, "", visitorHeaders(r.Token)); code != 200 {
			t.Errorf("the renewed token: %d %s", code, b)
		}
		code, b, _ = send(t, "POST", base+"/v1/bots/shop/sessions/renew", "", map[string]string{"Origin": shopOrigin, "Content-Type": "application/json"})
		wantError(t, "renew without a token", code, b, 401, parley.EUNAUTHORIZED)
		code, b, _ = send(t, "POST", base+"/v1/bots/shop/sessions/renew", "", bearer(adminToken))
		wantError(t, "renew with an API token", code, b, 401, parley.EUNAUTHORIZED)

		// A session at its maximum age renews no more, whatever its token's expiry.
		signed, _, _ := visitor.Split(s.Token)
		old, _ := visitor.Decode(signed)
		old.Started, old.Expires = time.Now().Add(-time.Hour), time.Now().Add(time.Minute)
		mine, _ := visitor.NewSigner([]byte(testWidgetKey))
		code, b, _ = send(t, "POST", base+"/v1/bots/shop/sessions/renew", "", visitorHeaders(mine.Sign(old)))
		wantError(t, "renew past the session's maximum age", code, b, 401, parley.EUNAUTHORIZED)
	})
}

// conversationsOf reads conversations with the admin token: their versions and
// lifecycles, to compare before and after refused requests.
func conversationsOf(t *testing.T, base string, paths []string) string {
	t.Helper()
	var out []string
	for _, p := range paths {
		code, b, _ := send(t, "GET", base+p, "", bearer(adminToken))
		var v struct {
			Version   int64  `json:"version"`
			Lifecycle string `json:"lifecycle"`
		}
		if code != 200 || json.Unmarshal(b, &v) != nil {
			t.Fatalf("GET %s: %d %s", p, code, b)
		}
		out = append(out, fmt.Sprintf("%s v%d %s", p, v.Version, v.Lifecycle))
	}
	return strings.Join(out, "\n")
}

// TestVisitorRateLimits checks the per-address limits on sessions and messages: a
// clear 429 with Retry-After, counted by the address the connection came from, or
// behind a trusted proxy by the one X-Forwarded-For names, never by an
// X-Forwarded-For a client wrote itself.
func TestVisitorRateLimits(t *testing.T) {
	for _, tt := range []struct {
		name    string
		server  string
		spoofOK bool // whether a new X-Forwarded-For address gets a fresh allowance
	}{
		{"no trusted proxy", "", false},
		{"behind a trusted proxy", "trusted_proxies: [127.0.0.1]", true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			base := widgetServer(t, "sessions_per_minute: 3\nmessages_per_minute: 2", tt.server)
			from := func(addr string) map[string]string {
				return map[string]string{"Origin": shopOrigin, "Content-Type": "application/json", "X-Forwarded-For": addr}
			}
			var s httpSession
			for i := range 3 {
				code, b, _ := send(t, "POST", base+"/v1/bots/shop/sessions", "", from("203.0.113.7"))
				if code != 201 || json.Unmarshal(b, &s) != nil {
					t.Fatalf("session %d: %d %s", i+1, code, b)
				}
			}
			code, b, hdr := send(t, "POST", base+"/v1/bots/shop/sessions", "", from("203.0.113.7"))
			wantError(t, "the fourth session in a minute", code, b, 429, parley.ERATELIMITED)
			if s, err := strconv.Atoi(hdr.Get("Retry-After")); err != nil || s < 1 || s > 20 {
				t.Errorf("Retry-After %q, want the seconds until one more session (20 at most)", hdr.Get("Retry-After"))
			}
			if !strings.Contains(hdr.Get("Access-Control-Expose-Headers"), "Retry-After") {
				t.Errorf("the widget cannot read Retry-After: %v", hdr)
			}
			code, b, _ = send(t, "POST", base+"/v1/bots/shop/sessions", "", from("198.51.100.9"))
			if got := code == 201; got != tt.spoofOK {
				t.Errorf("another X-Forwarded-For address: %d %s", code, b)
			}

			// Messages: a visitor's third message within the minute.
			hdrs := visitorHeaders(s.Token)
			hdrs["X-Forwarded-For"] = "192.0.2.1"
			conv := base + "/v1/bots/shop/conversations/" + s.ConversationID + "/messages"
			for i := range 2 {
				if code, b, _ := send(t, "POST", conv, fmt.Sprintf(`{"id":"r%d","text":"hi"}`, i), hdrs); code != 200 {
					t.Fatalf("message %d: %d %s", i+1, code, b)
				}
				if i > 0 {
					continue
				}
				// A 409 (the id reused with other content) was not taken: it gives its
				// message back, so the next one is still within the minute's two.
				code, b, _ := send(t, "POST", conv, `{"id":"r0","text":"bye"}`, hdrs)
				wantError(t, "a reused message id", code, b, 409, parley.EIDEMPOTENCY)
			}
			code, b, hdr = send(t, "POST", conv, `{"id":"r9","text":"hi"}`, hdrs)
			wantError(t, "the third message in a minute", code, b, 429, parley.ERATELIMITED)
			if hdr.Get("Retry-After") == "" {
				t.Errorf("no Retry-After: %v", hdr)
			}
			// Refused, so never processed: the API token reads no such message.
			code, b, _ = send(t, "GET", base+"/v1/bots/shop/conversations/"+s.ConversationID+"/history", "", bearer(adminToken))
			if code != 200 || strings.Contains(string(b), `"r9"`) {
				t.Errorf("the refused message was processed: %d %s", code, b)
			}
		})
	}
}

// TestWidgetConfiguration checks what serve refuses at start and what the demo does.
func TestWidgetConfiguration(t *testing.T) {
	t.Setenv("TEST_ADMIN_TOKEN", adminToken)
	t.Setenv("TEST_WIDGET_KEY", "")
	for _, tt := range []struct{ name, yaml, want string }{
		{"no key", `widget: {}`, "widget.key is required"},
		{"short key", `widget: {key: "short"}`, "at least 32 bytes"},
	} {
		path := demoBotsConfig(t, tt.yaml)
		cfg, _ := readText(path)
		writeFile(t, path, strings.Replace(cfg, "{name: shop, engine: shop}", "{name: shop, engine: shop, widget: {origins: [https://shop.example]}}", 1))
		err := run(t.Context(), []string{"serve", "-addr", "127.0.0.1:0", "-db", t.TempDir() + "/p.db", "-config", path}, io.Discard, io.Discard)
		if err == nil || !strings.Contains(errText(err), tt.want) {
			t.Errorf("%s: serve returned %v, want %q", tt.name, err, tt.want)
		}
	}
	for _, tt := range []struct{ widget, want string }{
		{`{origins: []}`, "widget.origins lists no origin"},
		{`{origins: [shop.example]}`, `"shop.example" is not an origin`},
		{`{origins: ["https://shop.example/"]}`, `is not an origin`},
		{`{origins: ["https://shop.example/path"]}`, `is not an origin`},
		{`{origin: [https://shop.example]}`, `unknown field "origin"`},
	} {
		path := demoBotsConfig(t, "")
		cfg, _ := readText(path)
		writeFile(t, path, strings.Replace(cfg, "{name: shop, engine: shop}", "{name: shop, engine: shop, widget: "+tt.widget+"}", 1))
		if _, err := app.LoadConfig(path); err == nil || !strings.Contains(errText(err), tt.want) {
			t.Errorf("widget %s: %v, want %q", tt.widget, err, tt.want)
		}
	}
	if _, err := app.ParseConfig([]byte("server: {trusted_proxies: [10.0.0.0/8, '::1', nonsense]}\n"), "p.yaml"); err == nil || !strings.Contains(errText(err), `"nonsense" is neither an IP address nor a network`) {
		t.Errorf("trusted proxies: %v", err)
	}

	// The demo makes up a key, says so, and lets pages of its own origin in.
	log := &syncBuffer{}
	base, _ := testServerLog(t, log)
	if !strings.Contains(log.String(), "random key made for this run") {
		t.Errorf("no warning about the demo's key in:\n%s", log.String())
	}
	if _, code, b, _ := startSession(t, base, "booking", base); code != 201 {
		t.Errorf("demo session from the server's own origin: %d %s", code, b)
	}
	if _, code, b, _ := startSession(t, base, "booking", shopOrigin); code != 403 {
		t.Errorf("demo session from elsewhere: %d %s", code, b)
	}
}

func readText(path string) (string, error) {
	b, err := os.ReadFile(path)
	return string(b), err
}
