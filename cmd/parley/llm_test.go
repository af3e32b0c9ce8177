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

	"github.com/parleyhq/parley"
	"github.com/parleyhq/parley/catalog"
	"github.com/parleyhq/parley/llm/llmtest"
	"github.com/parleyhq/parley/shop"
)

// llmConfig writes a parley.yaml whose three demo bots read messages through the
// model at base; extra is appended to the shop bot.
func llmConfig(t *testing.T, base, model, shopExtra string) string {
	t.Helper()
	cfg := fmt.Sprintf(`llm:
  base_url: %s
  model: %s
  api_key: %s
  timeout: 2s
  max_retries: -1
  breaker_failures: 3
bots:
  - name: shop
    engine: shop
    nlu: llm
%s
  - name: booking
    engine: flows
    flows: %s
    nlu: llm
`, base, model, e2eKey, shopExtra, filepath.Join("..", "..", "flows", "demo", "booking.yaml"))
	abs, _ := filepath.Abs(filepath.Join("..", "..", "flows", "demo", "booking.yaml"))
	cfg = strings.Replace(cfg, filepath.Join("..", "..", "flows", "demo", "booking.yaml"), abs, 1)
	return configFile(t, cfg)
}

// e2eKey is the API key of the end-to-end test: sent to the model, never logged.
const e2eKey = "sk-e2e-never-log-5f0c2a"

type turnReply struct {
	Replies []struct {
		Text  string `json:"text"`
		Cards []struct {
			ProductID string `json:"product_id"`
		} `json:"cards"`
	} `json:"replies"`
	State struct {
		Conversation struct {
			State string `json:"state"`
		} `json:"conversation_state"`
	} `json:"state"`
	Events []string `json:"events"`
	// Raw is the stored state as sent.
	Raw json.RawMessage `json:"-"`
}

func say(t *testing.T, base, bot, conv, id, text string) turnReply {
	t.Helper()
	body, _ := json.Marshal(map[string]string{"id": id, "text": text, "sent_at": "2026-01-01T10:00:0" + id + "Z"})
	status, b, _ := post(t, base+"/v1/bots/"+bot+"/conversations/"+conv+"/messages", string(body))
	if status != http.StatusOK {
		t.Fatalf("%q: status %d: %s", text, status, b)
	}
	var r turnReply
	if err := json.Unmarshal(b, &r); err != nil {
		t.Fatal(err)
	}
	var raw struct {
		State json.RawMessage `json:"state"`
	}
	_ = json.Unmarshal(b, &raw)
	r.Raw = raw.State
	return r
}

// TestModelUnderstandingEndToEnd runs the shop bot with nlu: llm through the HTTP
// API against a fake model: free phrasing is understood, an outage degrades to the
// rules with no failed turn and opens the breaker, the metrics show it, and
// `parley replay` reproduces the conversation without the model.
func TestModelUnderstandingEndToEnd(t *testing.T) {
	rec, err := llmtest.LoadRecording(filepath.Join("..", "..", "testdata", "completions", "shop.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	player := llmtest.NewPlayer(rec)
	fake := llmtest.New(rec.Model, player.Respond)
	defer fake.Close()
	fake.APIKey = e2eKey
	cfg := llmConfig(t, fake.BaseURL(), rec.Model, "")
	logs := &syncBuffer{}
	dbPath := filepath.Join(t.TempDir(), "parley.db")
	t.Run("serve", func(t *testing.T) {
		base := serveAt(t, dbPath, logs, "-config", cfg)
		r1 := say(t, base, "shop", "c1", "1", "got any tees?")
		if len(r1.Replies) < 2 || len(r1.Replies[1].Cards) != 5 {
			t.Fatalf("search: %+v", r1)
		}
		r2 := say(t, base, "shop", "c1", "2", "add the polo to my cart")
		if r2.State.Conversation.State != "awaiting_confirmation" {
			t.Fatalf("selection by name: %+v", r2)
		}
		r := say(t, base, "shop", "c1", "3", "yes please")
		// Each request carried exactly the schema the engine publishes for the
		// state the turn started from.
		checkPublishedSchemas(t, fake.Requests()[:3], nil, r1.Raw, r2.Raw)
		// The shop keeps no messages in its state: the prompt's history comes
		// from the recorded turns.
		var roles []string
		for _, m := range fake.Requests()[2].Messages {
			roles = append(roles, m.Role)
		}
		if strings.Join(roles, " ") != "system user assistant user assistant user" || fake.Requests()[2].Messages[1].Content != "got any tees?" {
			t.Errorf("third prompt = %+v", fake.Requests()[2].Messages)
		}
		if r.State.Conversation.State != "idle" || !strings.Contains(r.Replies[0].Text, "add-to-cart=70") || !contains(r.Events, "nlu_parse") {
			t.Fatalf("informal yes: %+v", r)
		}
		// The model goes down: every turn still answers, from the rules.
		fake.SetResponder(func(int, llmtest.Request) llmtest.Reply { return llmtest.Reply{Status: 500} })
		for i, text := range []string{"show me hoodies", "any belts?", "show me music", "show me decor"} {
			say(t, base, "shop", "c2", fmt.Sprint(i+1), text)
		}
		calls := len(fake.Requests())
		if calls != 3+3 {
			t.Errorf("model calls = %d, want 6: the breaker opens after 3 failures", calls)
		}
		_, metrics := get(t, base+"/metrics")
		for _, want := range []string{
			`parley_llm_latency_seconds_count{bot="shop",model="qwen2.5:7b-instruct"}`,
			`parley_llm_tokens_total{bot="shop",kind="completion",model="qwen2.5:7b-instruct"}`,
			`parley_llm_fallbacks_total{bot="shop",model="qwen2.5:7b-instruct",reason="breaker_open"} 1`,
			`parley_llm_breaker_openings_total{bot="shop",model="qwen2.5:7b-instruct"} 1`,
			`parley_llm_parses_total{bot="shop",model="qwen2.5:7b-instruct",source="model"} 3`,
		} {
			if !bytes.Contains(metrics, []byte(want)) {
				t.Errorf("/metrics lacks %s", want)
			}
		}
		if p := fake.Problems(); len(p) > 0 {
			t.Errorf("the model server refused requests: %v", p)
		}
	})
	if !strings.Contains(logs.String(), "the rules answer") || strings.Contains(logs.String(), e2eKey) {
		t.Errorf("the fallbacks are not logged, or the API key is:\n%s", logs.String())
	}
	calls := len(fake.Requests())
	for _, conv := range []string{"c1", "c2"} {
		var out bytes.Buffer
		if err := run(context.Background(), []string{"replay", "-config", cfg, "-db", dbPath, "shop", conv}, &out, io.Discard); err != nil || out.Len() > 0 {
			t.Errorf("replay %s: %v\n%s", conv, err, out.String())
		}
	}
	if len(fake.Requests()) != calls {
		t.Error("replay called the model")
	}
	// A new bot definition that changes a past turn: the first difference, exit 1.
	changed := llmConfig(t, fake.BaseURL(), rec.Model, "    shop: {limit: 3}")
	var out bytes.Buffer
	err = run(context.Background(), []string{"replay", "-config", changed, "-db", dbPath, "shop", "c1"}, &out, io.Discard)
	if err != exitError(1) || !strings.Contains(out.String(), "turn 1 (message 1): state differs at conversation_state.") {
		t.Errorf("replay with limit 3: %v\n%s", err, out.String())
	}
}

// serveAt runs `parley serve` on dbPath until the (sub)test ends.
func serveAt(t *testing.T, dbPath string, stderr io.Writer, args ...string) string {
	t.Helper()
	base, stop := startServe(t, stderr, append([]string{"-db", dbPath}, args...)...)
	t.Cleanup(stop)
	return base
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// checkPublishedSchemas compares each request's response_format schema with the
// one the demo shop engine publishes for the state its turn started from (nil: a
// new conversation).
func checkPublishedSchemas(t *testing.T, reqs []llmtest.Request, states ...json.RawMessage) {
	t.Helper()
	cat, err := catalog.OpenEmbedded(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	eng, err := shop.New(shop.Config{BaseURL: "https://shop.example.com", ReactivateOnHandback: true}, cat)
	if err != nil {
		t.Fatal(err)
	}
	key := parley.ConversationKey{Bot: "shop", ID: "c1"}
	for i, raw := range states {
		st := eng.NewState(key)
		if raw != nil {
			if st, err = eng.DecodeState(raw); err != nil {
				t.Fatal(err)
			}
		}
		u, _, err := eng.Understanding(context.Background(), parley.Turn{Conversation: key, State: st})
		if err != nil {
			t.Fatal(err)
		}
		want, _ := json.Marshal(u.Schema)
		got, _ := json.Marshal(reqs[i].ResponseFormat.JSONSchema.Schema)
		if !bytes.Equal(normJSON(t, want), normJSON(t, got)) || reqs[i].ResponseFormat.JSONSchema.Name != u.SchemaName {
			t.Errorf("request %d: schema %s\nwant the published %s", i+1, got, want)
		}
	}
}

func normJSON(t *testing.T, b []byte) []byte {
	t.Helper()
	var v any
	if err := json.Unmarshal(b, &v); err != nil {
		t.Fatal(err)
	}
	out, _ := json.Marshal(v)
	return out
}

// TestReplayARulesBotAfterAFlowChange: a bot with nlu: rules and record: true is
// replayed identically with its definition unchanged, and a new version of its
// flow file that changes a past turn is reported with exit 1.
func TestReplayARulesBotAfterAFlowChange(t *testing.T) {
	dir := t.TempDir()
	flow, err := os.ReadFile(filepath.Join("..", "..", "flows", "demo", "booking.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	flowPath := filepath.Join(dir, "booking.yaml")
	cfgPath := filepath.Join(dir, "parley.yaml")
	if err := os.WriteFile(flowPath, flow, 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(cfgPath, []byte("bots:\n  - {name: booking, engine: flows, flows: booking.yaml, record: true}\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	dbPath := filepath.Join(dir, "parley.db")
	t.Run("serve", func(t *testing.T) {
		base := serveAt(t, dbPath, io.Discard, "-config", cfgPath)
		for i, text := range []string{"I want to book a flight", "Madrid", "Barcelona"} {
			body, _ := json.Marshal(map[string]string{"id": fmt.Sprint(i + 1), "text": text, "sent_at": "2026-01-01T10:00:00Z"})
			if status, b, _ := post(t, base+"/v1/bots/booking/conversations/r1/messages", string(body)); status != http.StatusOK {
				t.Fatalf("%s: %d %s", text, status, b)
			}
		}
	})
	var out bytes.Buffer
	if err := run(context.Background(), []string{"replay", "-config", cfgPath, "-db", dbPath, "booking", "r1"}, &out, io.Discard); err != nil || out.Len() > 0 {
		t.Fatalf("replay of the unchanged bot: %v\n%s", err, out.String())
	}
	changed := strings.Replace(string(flow), "prompt: Where would you like to fly to?", "prompt: And where to?", 1)
	if err := os.WriteFile(flowPath, []byte(changed), 0o600); err != nil {
		t.Fatal(err)
	}
	out.Reset()
	err = run(context.Background(), []string{"replay", "-config", cfgPath, "-db", dbPath, "booking", "r1"}, &out, io.Discard)
	if err != exitError(1) || !strings.HasPrefix(out.String(), "turn 2 (message 2): state differs at last_response") {
		t.Errorf("replay after the change: %v\n%s", err, out.String())
	}
}
