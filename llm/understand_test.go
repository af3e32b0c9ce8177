package llm_test

import (
	"bytes"
	"context"
	"log/slog"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/parleyhq/parley"
	"github.com/parleyhq/parley/llm"
	"github.com/parleyhq/parley/llm/llmtest"
	"github.com/prometheus/client_golang/prometheus"
)

// echoEngine is an engine that publishes testSchema and records the parse it was
// given; its state counts turns.
type echoEngine struct {
	got    []*parley.NLU
	direct bool
}

func (e *echoEngine) Kind() string                        { return "echo" }
func (e *echoEngine) NewState(parley.ConversationKey) any { return 0 }
func (e *echoEngine) DecodeState([]byte) (any, error)     { return 0, nil }
func (e *echoEngine) Decide(_ context.Context, t parley.Turn) (parley.Decision, error) {
	e.got = append(e.got, t.Message.NLU)
	return parley.Decision{State: t.State.(int) + 1}, nil
}
func (e *echoEngine) Understanding(context.Context, parley.Turn) (parley.Understanding, bool, error) {
	if e.direct {
		return parley.Understanding{}, false, nil
	}
	return parley.Understanding{SchemaName: "echo_nlu", Schema: testSchema(), Instructions: "Intents: greet, order.",
		History: []parley.Utterance{{Role: "user", Text: "hi"}, {Role: "assistant", Text: "Hello! What can I get you?"}}, Unclear: "unknown"}, true, nil
}

var t0 = time.Date(2026, 1, 2, 10, 0, 0, 0, time.UTC)

func TestUnderstanding(t *testing.T) {
	tests := []struct {
		name       string
		msg        parley.Message
		direct     bool
		reply      llmtest.Reply
		wantSource string
		wantParse  *parley.NLU
		wantCalls  int
	}{
		{name: "the model's parse goes to the engine", msg: parley.Message{Text: "I'd like the polo"}, reply: llmtest.Reply{Content: good},
			wantSource: llm.SourceModel, wantParse: &parley.NLU{Intent: "order", Entities: map[string]any{"item": "polo"}, Confidence: 0.9}, wantCalls: 1},
		{name: "low confidence is not understood", msg: parley.Message{Text: "hmm polo maybe"}, reply: llmtest.Reply{Content: `{"intent":"order","entities":{"item":"polo"},"confidence":0.2}`},
			wantSource: llm.SourceUnclear, wantParse: &parley.NLU{Intent: "unknown", Confidence: 0.2}, wantCalls: 1},
		{name: "an outage leaves the rules to answer", msg: parley.Message{Text: "I'd like the polo"}, reply: llmtest.Reply{Status: 500},
			wantSource: llm.SourceFallback, wantCalls: 2},
		{name: "an upstream parse is used as given", msg: parley.Message{Text: "x", NLU: &parley.NLU{Intent: "greet"}},
			wantSource: llm.SourceUpstream, wantParse: &parley.NLU{Intent: "greet"}},
		{name: "a click needs no model", msg: parley.Message{Text: "Yes", Meaning: "confirm"}, wantSource: llm.SourceSkipped},
		{name: "a direct slot answer needs no model", msg: parley.Message{Text: "Boston"}, direct: true, wantSource: llm.SourceSkipped},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			srv := llmtest.New(testModel, func(int, llmtest.Request) llmtest.Reply { return tc.reply })
			defer srv.Close()
			inner := &echoEngine{direct: tc.direct}
			eng, err := llm.Wrap(inner, llm.Options{Bot: "shop", Client: newClient(t, srv, "", nil)})
			if err != nil {
				t.Fatal(err)
			}
			tc.msg.ID, tc.msg.SentAt = "m-1", t0
			d, err := eng.Decide(context.Background(), parley.Turn{Conversation: parley.ConversationKey{Bot: "shop", ID: "c"}, Index: 1, State: 0, Message: tc.msg})
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tc.wantParse, inner.got[0]); diff != "" {
				t.Errorf("engine's parse (-want +got):\n%s", diff)
			}
			if len(srv.Requests()) != tc.wantCalls {
				t.Errorf("model calls = %d, want %d", len(srv.Requests()), tc.wantCalls)
			}
			if len(d.Events) != 1 || d.Events[0].Type != llm.EventNLUParse {
				t.Fatalf("events = %+v", d.Events)
			}
			ev := d.Events[0].Data.(llm.ParseEvent)
			if ev.Source != tc.wantSource || ev.Message.Text != tc.msg.Text || !cmp.Equal(ev.Parse, tc.wantParse) {
				t.Errorf("recorded %+v", ev)
			}
			if tc.wantSource == llm.SourceModel && (ev.Model != testModel || ev.PromptHash == "" || ev.Raw != good || ev.PromptTokens == 0) {
				t.Errorf("the record lacks the model's details: %+v", ev)
			}
			if tc.wantCalls > 0 {
				msgs := srv.Requests()[0].Messages
				roles := []string{}
				for _, m := range msgs {
					roles = append(roles, m.Role)
				}
				if !cmp.Equal(roles, []string{"system", "user", "assistant", "user"}) || !strings.Contains(msgs[0].Content, "Intents: greet, order.") ||
					!strings.Contains(msgs[0].Content, "Friday 2026-01-02") || msgs[3].Content != tc.msg.Text {
					t.Errorf("prompt = %+v", msgs)
				}
			}
		})
	}
}

func TestSameMessageWithinTheWindowReusesTheParse(t *testing.T) {
	srv := llmtest.New(testModel, func(int, llmtest.Request) llmtest.Reply { return llmtest.Reply{Content: good} })
	defer srv.Close()
	inner := &echoEngine{}
	eng, err := llm.Wrap(inner, llm.Options{Bot: "shop", Client: newClient(t, srv, "", nil)})
	if err != nil {
		t.Fatal(err)
	}
	key := parley.ConversationKey{Bot: "shop", ID: "c"}
	var sources []string
	for i, at := range []time.Time{t0, t0.Add(500 * time.Millisecond), t0.Add(3 * time.Second)} {
		d, err := eng.Decide(context.Background(), parley.Turn{Conversation: key, Index: int64(i + 1), State: i, Message: parley.Message{ID: "m", Text: "I'd like the polo", SentAt: at}})
		if err != nil {
			t.Fatal(err)
		}
		sources = append(sources, d.Events[0].Data.(llm.ParseEvent).Source)
	}
	if want := []string{llm.SourceModel, llm.SourceCache, llm.SourceModel}; !cmp.Equal(sources, want) {
		t.Errorf("sources = %v, want %v", sources, want)
	}
	if len(srv.Requests()) != 2 || !cmp.Equal(inner.got[0], inner.got[1]) {
		t.Errorf("calls = %d, parses %v", len(srv.Requests()), inner.got)
	}
}

func TestNoSecretInLogs(t *testing.T) {
	const secret = "sk-live-do-not-log-0123456789"
	srv := llmtest.New(testModel, func(int, llmtest.Request) llmtest.Reply { return llmtest.Reply{Status: 500} })
	defer srv.Close()
	srv.APIKey = secret
	var logs bytes.Buffer
	eng, err := llm.Wrap(&echoEngine{}, llm.Options{Bot: "shop", Client: newClient(t, srv, secret, prometheus.NewRegistry()),
		Logger: slog.New(slog.NewTextHandler(&logs, &slog.HandlerOptions{Level: slog.LevelDebug}))})
	if err != nil {
		t.Fatal(err)
	}
	d, err := eng.Decide(context.Background(), parley.Turn{Conversation: parley.ConversationKey{Bot: "shop", ID: "c"}, Index: 1, State: 0, Message: parley.Message{ID: "m", Text: "hello", SentAt: t0}})
	if err != nil {
		t.Fatal(err)
	}
	if logs.Len() == 0 {
		t.Fatal("the fallback was not logged")
	}
	if strings.Contains(logs.String(), secret) || strings.Contains(d.Events[0].Data.(llm.ParseEvent).Error, secret) {
		t.Errorf("the API key leaked: %s", logs.String())
	}
	if r := srv.Requests(); len(r) == 0 || r[0].Authorization != "Bearer "+secret {
		t.Errorf("the key was not sent to the server")
	}
}

func TestWrapNeedsAVocabulary(t *testing.T) {
	type plain struct{ parley.Engine }
	if _, err := llm.Wrap(plain{&echoEngine{}}, llm.Options{}); parley.ErrorCode(err) != parley.EINVALID {
		t.Errorf("err = %v", err)
	}
}

func TestRecordOnlyNeverAsksAModel(t *testing.T) {
	inner := &echoEngine{}
	eng := llm.Record(inner, "booking")
	d, err := eng.Decide(context.Background(), parley.Turn{Conversation: parley.ConversationKey{Bot: "booking", ID: "c"}, Index: 1, State: 0, Message: parley.Message{ID: "m", Text: "Madrid", SentAt: t0}})
	if err != nil {
		t.Fatal(err)
	}
	ev := d.Events[0].Data.(llm.ParseEvent)
	if inner.got[0] != nil || ev.Source != llm.SourceRules || ev.Message.Text != "Madrid" {
		t.Errorf("parse %v, record %+v", inner.got[0], ev)
	}
}
