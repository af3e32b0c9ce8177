package gates

import (
	"context"
	"encoding/json"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/parleyhq/parley"
	"github.com/parleyhq/parley/llm/llmtest"
)

// rephraseFlow's only node asks for an email and rephrases its retries.
const rephraseFlow = `{
  "id": "signup",
  "primaryGoal": {"type": "GATE", "gate": "CONTACT"},
  "gates": {"CONTACT": {"satisfiedBy": {"metricsAny": ["email"]}}},
  "nodes": [
    {"id": "email-1", "produces": ["email"], "satisfies": {"gates": ["CONTACT"]},
     "retryPolicy": {"maxAttempts": 3, "onExhaust": "HANDOFF", "promptVariantStrategy": "REPHRASE"},
     "prompts": {"variants": ["Which email should we use?", "What email address can we reach you at?"]},
     "extract": [{"kind": "email", "fact": "email"}]}
  ]
}`

// TestRephrasedRetryPrompts: a REPHRASE node's RETRY prompt is written by the model
// from the variant the strategy picks, streamed as that reply's deltas and recorded
// as reply_generated; the first prompt (EXECUTE) is the flow's own. Without a
// model, with a failing one, or in a replay, the variant is said; the decision is
// the same in every case.
func TestRephrasedRetryPrompts(t *testing.T) {
	const variant = "What email address can we reach you at?"
	tests := []struct {
		name      string
		writer    *llmtest.Writer
		recorded  map[string]string
		reply     string
		deltas    string
		generated []string
	}{
		{"no model: the variant", nil, nil, variant, "", nil},
		{"model: rephrased and streamed", &llmtest.Writer{}, nil, "<" + variant + ", rewritten>", "<" + variant + ", rewritten>", []string{"prompt:email-1"}},
		{"model failing: the variant", &llmtest.Writer{Fail: true}, nil, variant, "", nil},
		{"replay: the recorded text, no model", &llmtest.Writer{}, map[string]string{"prompt:email-1": "Your email?"}, "Your email?", "", nil},
		{"replay of a fallback: the variant", &llmtest.Writer{}, map[string]string{}, variant, "", nil},
	}
	var decided []*RuntimeState
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			src := newMemSource()
			src.put("signup", []byte(rephraseFlow))
			opts := Options{FlowID: "signup", Source: src}
			if tt.writer != nil {
				opts.Writer = tt.writer
			}
			e, err := New(opts)
			if err != nil {
				t.Fatal(err)
			}
			key := parley.ConversationKey{Bot: "signup", ID: "c-1"}
			stream, deltas := llmtest.FirstReplyStream(t)
			first := decideIn(t, parley.Turn{Stream: stream}, e, key, 1, e.NewState(key), "hello")
			if replyText(first) != "Which email should we use?" || deltas.Len() > 0 || tt.writer != nil && len(tt.writer.Calls()) > 0 {
				t.Fatalf("first prompt %q (streamed %q)", replyText(first), deltas.String())
			}
			d := decideIn(t, parley.Turn{Stream: stream, RecordedReplies: tt.recorded}, e, key, 2, first.State, "no idea, sorry")
			if len(d.Replies) != 1 || d.Replies[0].Text != tt.reply || d.Replies[0].ID != "a-2-1" {
				t.Fatalf("replies %+v, want %q", d.Replies, tt.reply)
			}
			if deltas.String() != tt.deltas {
				t.Errorf("streamed %q, want %q", deltas.String(), tt.deltas)
			}
			if diff := cmp.Diff(tt.generated, generatedKeys(d)); diff != "" {
				t.Errorf("reply_generated events (-want +got):\n%s", diff)
			}
			st := d.State.(*RuntimeState)
			if log := st.TurnLog[len(st.TurnLog)-1]; st.LastPromptedMode != ModeRetry || log.LLMResponse != tt.reply {
				t.Errorf("prompted %s, turn log %+v: a RETRY prompt, logged as said", st.LastPromptedMode, log)
			}
			if tt.writer != nil && len(tt.writer.Calls()) == 1 {
				req := tt.writer.Calls()[0]
				if req.Draft != variant || req.Brief != rephraseBrief || req.Bot != "signup" ||
					!cmp.Equal(req.Transcript, []string{"user: no idea, sorry"}) {
					t.Errorf("request %+v", req)
				}
			}
			if tt.recorded != nil && len(tt.writer.Calls()) > 0 {
				t.Error("a replay asked the model")
			}
			decided = append(decided, st)
		})
	}
	// The decision never depends on the text: only the logged reply differs.
	for i, st := range decided {
		a, b := *decided[0], *st
		a.TurnLog, b.TurnLog = nil, nil
		if diff := cmp.Diff(&a, &b, cmp.AllowUnexported(RuntimeState{})); diff != "" {
			t.Errorf("case %d decided otherwise (-no model +case):\n%s", i, diff)
		}
	}
}

// decideIn decides a turn with with's reply stream and recorded replies.
func decideIn(t *testing.T, with parley.Turn, e *Engine, key parley.ConversationKey, index int64, state any, text string) parley.Decision {
	t.Helper()
	d, err := e.Decide(context.Background(), parley.Turn{Conversation: key, Index: index, State: state,
		Message: parley.Message{ID: "m" + text, Text: text, SentAt: time.Date(2026, 1, 1, 10, 0, int(index), 0, time.UTC)},
		Stream:  with.Stream, RecordedReplies: with.RecordedReplies})
	if err != nil {
		t.Fatal(err)
	}
	b, _ := json.Marshal(d.State)
	if d.State, err = e.DecodeState(b); err != nil {
		t.Fatal(err)
	}
	return d
}

func generatedKeys(d parley.Decision) []string {
	var keys []string
	for _, ev := range d.Events {
		if ev.Type == parley.EventReplyGenerated {
			keys = append(keys, ev.Data.(parley.ReplyGeneratedEvent).Key)
		}
	}
	return keys
}
