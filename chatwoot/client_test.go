package chatwoot_test

import (
	"bytes"
	"context"
	"net/http"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/parleyhq/parley"
	"github.com/parleyhq/parley/chatwoot"
	"github.com/parleyhq/parley/chatwoot/chatwoottest"
)

// recordSleep returns a Sleep that records the waits and returns at once.
func recordSleep(waits *[]time.Duration) func(context.Context, time.Duration) error {
	return func(_ context.Context, d time.Duration) error {
		*waits = append(*waits, d)
		return nil
	}
}

func newClient(t *testing.T, fake *chatwoottest.Server, edit func(*chatwoot.ClientConfig)) *chatwoot.Client {
	t.Helper()
	cfg := fake.ClientConfig()
	if edit != nil {
		edit(&cfg)
	}
	c, err := chatwoot.NewClient(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func TestNewClientValidatesConfig(t *testing.T) {
	good := chatwoot.ClientConfig{BaseURL: "https://chat.example.com", AccountID: 1, BotToken: "t"}
	tests := []struct {
		name string
		edit func(*chatwoot.ClientConfig)
	}{
		{"relative URL", func(c *chatwoot.ClientConfig) { c.BaseURL = "chat.example.com" }},
		{"ftp URL", func(c *chatwoot.ClientConfig) { c.BaseURL = "ftp://chat.example.com" }},
		{"no account", func(c *chatwoot.ClientConfig) { c.AccountID = 0 }},
		{"no token", func(c *chatwoot.ClientConfig) { c.BotToken = " " }},
		{"negative timeout", func(c *chatwoot.ClientConfig) { c.Timeout = -time.Second }},
	}
	if _, err := chatwoot.NewClient(good); err != nil {
		t.Fatalf("good config refused: %v", err)
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cfg := good
			tt.edit(&cfg)
			_, err := chatwoot.NewClient(cfg)
			if got := parley.ErrorCode(err); got != parley.EINVALID {
				t.Errorf("code = %q (%v), want invalid", got, err)
			}
		})
	}
}

func TestClientCallsAndBodies(t *testing.T) {
	fake := chatwoottest.NewServer(t)
	c := newClient(t, fake, nil)
	ctx := context.Background()
	if err := c.SendMessage(ctx, 10, chatwoot.TextMessage("Here are 3 hoodies")); err != nil {
		t.Fatal(err)
	}
	if err := c.ToggleTyping(ctx, 10, true); err != nil {
		t.Fatal(err)
	}
	if err := c.ToggleTyping(ctx, 10, false); err != nil {
		t.Fatal(err)
	}
	if err := c.ToggleStatus(ctx, 10, chatwoot.StatusOpen); err != nil {
		t.Fatal(err)
	}
	if got := fake.Status(10); got != chatwoot.StatusOpen {
		t.Errorf("status after toggle = %q, want open", got)
	}
	type call struct {
		Path string
		Body map[string]any
	}
	var got []call
	for _, c := range fake.Accepted() {
		if tok := c.Header.Get("api_access_token"); tok != chatwoottest.BotToken {
			t.Errorf("api_access_token = %q", tok)
		}
		got = append(got, call{c.Path, c.JSON()})
	}
	base := "/api/v1/accounts/1/conversations/10/"
	want := []call{
		{base + "messages", map[string]any{"content": "Here are 3 hoodies", "content_type": "text", "message_type": "outgoing", "private": false}},
		{base + "toggle_typing_status", map[string]any{"typing_status": "on", "is_private": false}},
		{base + "toggle_typing_status", map[string]any{"typing_status": "off", "is_private": false}},
		{base + "toggle_status", map[string]any{"status": "open"}},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("calls (-want +got):\n%s", diff)
	}
}

func TestClientSendsTheFixtureBodiesChatwootAccepts(t *testing.T) {
	// The documented input_select body is accepted by the fake as is; the documented
	// cards body is refused only for its scheme-less "google.com" link.
	fake := chatwoottest.NewServer(t)
	for _, tt := range []struct {
		file   string
		status int
	}{
		{"chatwoot_reply_input_select.json", http.StatusOK},
		{"chatwoot_reply_form.json", http.StatusOK},
		{"chatwoot_reply_article.json", http.StatusOK},
		{"chatwoot_reply_cards.json", http.StatusUnprocessableEntity},
	} {
		body := fixture(t, tt.file)
		req, _ := http.NewRequest(http.MethodPost, fake.URL+"/api/v1/accounts/1/conversations/10/messages", bytes.NewReader(body))
		req.Header.Set("api_access_token", chatwoottest.BotToken)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != tt.status {
			t.Errorf("%s: status %d, want %d", tt.file, resp.StatusCode, tt.status)
		}
	}
}

func TestFakeRefusesWhatChatwootRefuses(t *testing.T) {
	fake := chatwoottest.NewServer(t)
	post := func(token, path, body string) int {
		req, _ := http.NewRequest(http.MethodPost, fake.URL+path, bytes.NewReader([]byte(body)))
		if token != "" {
			req.Header.Set("api_access_token", token)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		return resp.StatusCode
	}
	messages := "/api/v1/accounts/1/conversations/10/messages"
	tests := []struct {
		name, token, path, body string
		status                  int
	}{
		{"missing token", "", messages, `{"content":"hi"}`, 401},
		{"wrong token", "nope", messages, `{"content":"hi"}`, 401},
		{"other account", chatwoottest.BotToken, "/api/v1/accounts/2/conversations/10/messages", `{"content":"hi"}`, 401},
		{"endpoint closed to bots", chatwoottest.BotToken, "/api/v1/accounts/1/conversations/10/assignments/x", `{}`, 401},
		{"unknown select item key", chatwoottest.BotToken, messages, `{"content":"?","content_type":"input_select","content_attributes":{"items":[{"title":"a","value":"b","payload":"c"}]}}`, 422},
		{"select without items", chatwoottest.BotToken, messages, `{"content":"?","content_type":"input_select","content_attributes":{"items":[]}}`, 422},
		{"card without actions", chatwoottest.BotToken, messages, `{"content_type":"cards","content_attributes":{"items":[{"title":"Hoodie","actions":[]}]}}`, 422},
		{"unknown card key", chatwoottest.BotToken, messages, `{"content_type":"cards","content_attributes":{"items":[{"title":"Hoodie","price":"1","actions":[{"type":"postback","text":"x","payload":"y"}]}]}}`, 422},
		{"unknown action key", chatwoottest.BotToken, messages, `{"content_type":"cards","content_attributes":{"items":[{"title":"Hoodie","actions":[{"type":"postback","text":"x","payload":"y","url":"z"}]}]}}`, 422},
		{"relative link", chatwoottest.BotToken, messages, `{"content_type":"cards","content_attributes":{"items":[{"title":"Hoodie","actions":[{"type":"link","text":"x","uri":"/product/1"}]}]}}`, 422},
		{"incoming from a bot", chatwoottest.BotToken, messages, `{"content":"hi","message_type":"incoming"}`, 422},
		{"unknown top-level key", chatwoottest.BotToken, messages, `{"content":"hi","buttons":[]}`, 422},
		{"unknown status", chatwoottest.BotToken, "/api/v1/accounts/1/conversations/10/toggle_status", `{"status":"closed"}`, 422},
		{"good card with string attributes", chatwoottest.BotToken, messages, `{"content_type":"cards","content_attributes":"{\"items\":[{\"title\":\"Hoodie\",\"actions\":[{\"type\":\"link\",\"text\":\"x\",\"uri\":\"https://s.example/p\"}]}]}"}`, 200},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := post(tt.token, tt.path, tt.body); got != tt.status {
				t.Errorf("status %d, want %d", got, tt.status)
			}
		})
	}
}

func TestClientRetries(t *testing.T) {
	tests := []struct {
		name       string
		status     int
		times      int
		retryAfter string
		maxRetries int
		wantCode   string
		wantWaits  []time.Duration
		wantCalls  int
	}{
		{"429 honours Retry-After", 429, 2, "7", 0, "", []time.Duration{7 * time.Second, 7 * time.Second}, 3},
		{"500 backs off exponentially", 500, 3, "", 0, "", []time.Duration{500 * time.Millisecond, time.Second, 2 * time.Second}, 4},
		{"503 until retries run out", 503, 5, "", 2, parley.EUNAVAILABLE, []time.Duration{500 * time.Millisecond, time.Second}, 3},
		{"no retries when disabled", 500, 1, "", -1, parley.EUNAVAILABLE, nil, 1},
		{"400 is permanent", 400, 1, "", 0, parley.EINVALID, nil, 1},
		{"404 is permanent", 404, 1, "", 0, parley.EINVALID, nil, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fake := chatwoottest.NewServer(t)
			fake.Fail(tt.times, tt.status, tt.retryAfter)
			var waits []time.Duration
			c := newClient(t, fake, func(cfg *chatwoot.ClientConfig) {
				cfg.Sleep = recordSleep(&waits)
				cfg.MaxRetries = tt.maxRetries
			})
			err := c.SendMessage(context.Background(), 10, chatwoot.TextMessage("hello"))
			if got := parley.ErrorCode(err); got != tt.wantCode {
				t.Fatalf("code = %q (%v), want %q", got, err, tt.wantCode)
			}
			if diff := cmp.Diff(tt.wantWaits, waits); diff != "" {
				t.Errorf("waits (-want +got):\n%s", diff)
			}
			if got := len(fake.Calls()); got != tt.wantCalls {
				t.Errorf("%d calls, want %d", got, tt.wantCalls)
			}
		})
	}
}

func TestClientTimeoutIsRetryable(t *testing.T) {
	block := make(chan struct{})
	fake := chatwoottest.NewServer(t)
	slow := &http.Client{Transport: roundTripFunc(func(r *http.Request) (*http.Response, error) {
		select {
		case <-r.Context().Done():
			return nil, r.Context().Err()
		case <-block:
			return nil, context.Canceled
		}
	})}
	c := newClient(t, fake, func(cfg *chatwoot.ClientConfig) {
		cfg.HTTPClient = slow
		cfg.Timeout = 10 * time.Millisecond
		cfg.MaxRetries = -1
	})
	err := c.SendMessage(context.Background(), 10, chatwoot.TextMessage("hello"))
	if got := parley.ErrorCode(err); got != parley.EUNAVAILABLE {
		t.Fatalf("code = %q (%v), want unavailable", got, err)
	}
	close(block)
}

type roundTripFunc func(*http.Request) (*http.Response, error)

func (f roundTripFunc) RoundTrip(r *http.Request) (*http.Response, error) { return f(r) }

func TestValidateRefusesBeforeSending(t *testing.T) {
	fake := chatwoottest.NewServer(t)
	c := newClient(t, fake, nil)
	bad := []chatwoot.OutgoingMessage{
		{Content: " "},
		{ContentType: chatwoot.ContentCards, ContentAttributes: &chatwoot.ContentAttributes{Items: []chatwoot.Item{{Title: "x"}}}},
		{ContentType: chatwoot.ContentCards, ContentAttributes: &chatwoot.ContentAttributes{Items: []chatwoot.Item{{Title: "x", Actions: []chatwoot.CardAction{{Type: "link", Text: "go", URI: "shop.example.com"}}}}}},
		{ContentType: chatwoot.ContentInputSelect, ContentAttributes: &chatwoot.ContentAttributes{Items: []chatwoot.Item{{Title: "x", Value: "y", MediaURL: "https://x.example/i.png"}}}},
		{Content: "hi", MessageType: chatwoot.MessageIncoming},
		{Content: "hi", ContentType: "form"},
	}
	for i, m := range bad {
		if err := c.SendMessage(context.Background(), 10, m); parley.ErrorCode(err) != parley.EINVALID {
			t.Errorf("message %d: code %q (%v), want invalid", i, parley.ErrorCode(err), err)
		}
	}
	if n := len(fake.Calls()); n != 0 {
		t.Errorf("%d calls reached Chatwoot, want 0", n)
	}
}

func TestClientBackoffIsCapped(t *testing.T) {
	fake := chatwoottest.NewServer(t)
	fake.Fail(70, 500, "")
	var waits []time.Duration
	c := newClient(t, fake, func(cfg *chatwoot.ClientConfig) { cfg.Sleep = recordSleep(&waits); cfg.MaxRetries = 70 })
	if err := c.ToggleTyping(context.Background(), 10, true); err != nil {
		t.Fatal(err)
	}
	for i, w := range waits {
		if w <= 0 || w > 30*time.Second {
			t.Fatalf("wait %d is %s, want within (0, 30s]", i, w)
		}
	}
	if waits[len(waits)-1] != 30*time.Second {
		t.Errorf("last wait %s, want the 30s cap", waits[len(waits)-1])
	}
}
