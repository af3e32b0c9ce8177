package llm_test

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/parleyhq/parley/llm"
	"github.com/parleyhq/parley/llm/llmtest"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/testutil"
)

const testModel = "qwen2.5:7b-instruct"

// testSchema is a small vocabulary in the strict subset, like the engines publish.
func testSchema() map[string]any {
	return map[string]any{
		"type": "object",
		"properties": map[string]any{
			"intent": map[string]any{"type": "string", "enum": []any{"greet", "order", "unknown"}},
			"entities": map[string]any{
				"type":                 "object",
				"properties":           map[string]any{"item": map[string]any{"type": []any{"string", "null"}}},
				"required":             []any{"item"},
				"additionalProperties": false,
			},
			"confidence": map[string]any{"type": "number", "minimum": 0, "maximum": 1},
		},
		"required":             []any{"intent", "entities", "confidence"},
		"additionalProperties": false,
	}
}

const good = `{"intent":"order","entities":{"item":"polo"},"confidence":0.9}`

func newClient(t *testing.T, srv *llmtest.Server, key string, reg prometheus.Registerer) *llm.Client {
	t.Helper()
	var m *llm.Metrics
	if reg != nil {
		m = llm.NewMetrics(reg)
	}
	c, err := llm.New(llm.Config{
		BaseURL: srv.BaseURL(), Model: testModel, APIKey: key, Timeout: 2 * time.Second,
		MaxRetries: 1, BreakerFailures: 2, BreakerCooldown: time.Hour,
	}, m)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func request(t *testing.T) llm.Request {
	t.Helper()
	s, err := llm.CompileSchema("test_nlu", testSchema())
	if err != nil {
		t.Fatal(err)
	}
	return llm.Request{Bot: "shop", Schema: s, Messages: []llm.Message{
		{Role: "system", Content: "You read messages."}, {Role: "user", Content: "I'd like the polo"},
	}}
}

func TestComplete(t *testing.T) {
	tests := []struct {
		name     string
		key      string
		replies  []llmtest.Reply
		timeout  time.Duration
		wantKind string // "" = success
		wantReqs int
	}{
		{name: "answer", replies: []llmtest.Reply{{Content: good}}, wantReqs: 1},
		{name: "answer with an API key", key: "sk-test-secret", replies: []llmtest.Reply{{Content: good}}, wantReqs: 1},
		{name: "malformed JSON, then a good answer", replies: []llmtest.Reply{{Content: `{"intent": "order",`}, {Content: good}}, wantReqs: 2},
		{name: "schema violation twice", replies: []llmtest.Reply{{Content: `{"intent":"dance","entities":{"item":null},"confidence":0.9}`}, {Content: `{"intent":"order"}`}}, wantKind: llm.FailSchema, wantReqs: 2},
		{name: "cut at max tokens twice", replies: []llmtest.Reply{{Content: `{"intent":"or`, FinishReason: "length"}, {Content: `{"intent":"or`, FinishReason: "length"}}, wantKind: llm.FailTruncated, wantReqs: 2},
		{name: "429 with Retry-After, then an answer", replies: []llmtest.Reply{{Status: 429, Header: http.Header{"Retry-After": {"1"}}}, {Content: good}}, wantReqs: 2},
		{name: "429 asking to wait past the budget", replies: []llmtest.Reply{{Status: 429, Header: http.Header{"Retry-After": {"60"}}}, {Content: good}}, wantKind: llm.FailUnavailable, wantReqs: 1},
		{name: "500 until the retries are spent", replies: []llmtest.Reply{{Status: 500}, {Status: 500}, {Content: good}}, wantKind: llm.FailUnavailable, wantReqs: 2},
		{name: "a hang past the timeout", replies: []llmtest.Reply{{Hang: true}}, timeout: 300 * time.Millisecond, wantKind: llm.FailTimeout, wantReqs: 1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			srv := llmtest.New(testModel, func(n int, _ llmtest.Request) llmtest.Reply { return tc.replies[min(n, len(tc.replies))-1] })
			defer srv.Close()
			srv.APIKey = tc.key
			c := newClient(t, srv, tc.key, nil)
			ctx := context.Background()
			if tc.timeout > 0 {
				var cancel context.CancelFunc
				ctx, cancel = context.WithTimeout(ctx, tc.timeout)
				defer cancel()
			}
			req := request(t)
			ans, err := c.Complete(ctx, req)
			if got := len(srv.Requests()); got != tc.wantReqs {
				t.Errorf("requests = %d, want %d", got, tc.wantReqs)
			}
			if p := srv.Problems(); len(p) > 0 {
				t.Errorf("the server refused requests: %v", p)
			}
			for _, r := range srv.Requests() {
				if diff := cmp.Diff(jsonRoundTrip(t, testSchema()), jsonRoundTrip(t, r.ResponseFormat.JSONSchema.Schema)); diff != "" {
					t.Errorf("response_format schema differs from the published one (-want +got):\n%s", diff)
				}
				if r.ResponseFormat.JSONSchema.Name != "test_nlu" {
					t.Errorf("schema name = %q", r.ResponseFormat.JSONSchema.Name)
				}
			}
			if tc.wantKind != "" {
				var le *llm.Error
				if !errors.As(err, &le) || le.Kind != tc.wantKind {
					t.Fatalf("err = %v, want kind %s", err, tc.wantKind)
				}
				if tc.key != "" && strings.Contains(err.Error(), tc.key) {
					t.Errorf("the error shows the API key: %v", err)
				}
				return
			}
			if err != nil {
				t.Fatalf("Complete: %v", err)
			}
			if string(ans.Content) != good || ans.Model != testModel || ans.PromptTokens == 0 || ans.CompletionTokens == 0 || ans.Attempts != tc.wantReqs && tc.replies[0].Status == 0 {
				t.Errorf("answer = %+v", ans)
			}
			if tc.wantReqs == 2 && tc.replies[0].Status == 0 {
				// The second question shows the model its answer and the problem.
				last := srv.Requests()[1].Messages
				if len(last) != 4 || last[2].Role != "assistant" || !strings.Contains(last[3].Content, "JSON Schema") {
					t.Errorf("retry messages = %+v", last)
				}
			}
		})
	}
}

func jsonRoundTrip(t *testing.T, v any) any {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	var out any
	if err := json.Unmarshal(b, &out); err != nil {
		t.Fatal(err)
	}
	return out
}

func TestBreakerOpensAndRefuses(t *testing.T) {
	srv := llmtest.New(testModel, func(int, llmtest.Request) llmtest.Reply { return llmtest.Reply{Status: 503} })
	defer srv.Close()
	reg := prometheus.NewRegistry()
	c := newClient(t, srv, "", reg)
	for range 2 {
		if _, err := c.Complete(context.Background(), request(t)); err == nil {
			t.Fatal("a 503 answered")
		}
	}
	before := len(srv.Requests())
	_, err := c.Complete(context.Background(), request(t))
	var le *llm.Error
	if !errors.As(err, &le) || le.Kind != llm.FailBreaker {
		t.Fatalf("third call: %v, want the breaker open", err)
	}
	if len(srv.Requests()) != before {
		t.Error("an open breaker still called the server")
	}
	want := `
# HELP parley_llm_breaker_openings_total Times the circuit breaker opened on a failing model server, by bot and model.
# TYPE parley_llm_breaker_openings_total counter
parley_llm_breaker_openings_total{bot="shop",model="qwen2.5:7b-instruct"} 1
`
	if err := testutil.GatherAndCompare(reg, strings.NewReader(want), "parley_llm_breaker_openings_total"); err != nil {
		t.Error(err)
	}
	if got := testutil.ToFloat64(mustCounter(t, reg, "parley_llm_fallbacks_total", "breaker_open")); got != 1 {
		t.Errorf("breaker fallbacks = %v, want 1", got)
	}
}

// mustCounter finds a fallback series by reason.
func mustCounter(t *testing.T, reg *prometheus.Registry, name, reason string) prometheus.Collector {
	t.Helper()
	mfs, err := reg.Gather()
	if err != nil {
		t.Fatal(err)
	}
	for _, mf := range mfs {
		if mf.GetName() != name {
			continue
		}
		for _, m := range mf.GetMetric() {
			for _, l := range m.GetLabel() {
				if l.GetName() == "reason" && l.GetValue() == reason {
					return prometheus.NewCounterFunc(prometheus.CounterOpts{Name: "x", Help: "x"}, func() float64 { return m.GetCounter().GetValue() })
				}
			}
		}
	}
	t.Fatalf("no %s{reason=%q}", name, reason)
	return nil
}

func TestNewRefusesIncompleteConfig(t *testing.T) {
	for _, cfg := range []llm.Config{{Model: "m"}, {BaseURL: "http://127.0.0.1:1/v1"}} {
		if _, err := llm.New(cfg, nil); err == nil {
			t.Errorf("New(%+v) accepted", cfg)
		}
	}
}

func TestCompileSchemaRefusesBadNames(t *testing.T) {
	if _, err := llm.CompileSchema("has space", testSchema()); err == nil {
		t.Error("a schema name with a space was accepted")
	}
}
