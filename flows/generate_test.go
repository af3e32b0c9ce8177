package flows

import (
	"context"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/parleyhq/parley"
	"github.com/parleyhq/parley/llm/llmtest"
)

const writerFlows = `
bot: writer
flows:
  - name: book
    description: booking a table
    trigger: {keywords: [book a table]}
    slots:
      - {name: city, prompt: Which city?}
    steps:
      - id: hello
        say: Happy to help.
        generate: true
        brief: warm
      - id: ask_city
        collect: city
        generate: true
        brief: short
`

func TestGeneratedSayAndPrompt(t *testing.T) {
	def, err := Parse([]byte(writerFlows), "writer.yaml")
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name      string
		writer    *llmtest.Writer
		recorded  map[string]string // a replay
		reply     string
		deltas    string
		generated []string
	}{
		{"no model: the flow's text", nil, nil, "Happy to help. Which city?", "", nil},
		{"model: both written and streamed", &llmtest.Writer{}, nil,
			"<Happy to help., rewritten> <Which city?, rewritten>",
			"<Happy to help., rewritten> <Which city?, rewritten>", // the deltas add up to the reply
			[]string{"hello", "ask_city"}},
		{"model failing: the flow's text", &llmtest.Writer{Fail: true}, nil, "Happy to help. Which city?", "Happy to help.", nil},
		{"replay: the recorded text, no model", &llmtest.Writer{Fail: true}, map[string]string{"hello": "Hi!"}, "Hi! Which city?", "", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			opts := Options{}
			if tt.writer != nil {
				opts.Writer = tt.writer
			}
			e, err := New(def, opts)
			if err != nil {
				t.Fatal(err)
			}
			stream, deltas := llmtest.FirstReplyStream(t)
			key := parley.ConversationKey{Bot: "writer", ID: "c1"}
			d, err := e.Decide(context.Background(), parley.Turn{Conversation: key, Index: 1, State: e.NewState(key),
				Message: parley.Message{ID: "m1", Text: "book a table", SentAt: time.Date(2026, 1, 1, 10, 0, 0, 0, time.UTC)},
				Stream:  stream, RecordedReplies: tt.recorded})
			if err != nil {
				t.Fatal(err)
			}
			if len(d.Replies) != 1 || d.Replies[0].Text != tt.reply {
				t.Fatalf("replies %+v, want %q", d.Replies, tt.reply)
			}
			if deltas.String() != tt.deltas {
				t.Errorf("streamed %q, want %q", deltas.String(), tt.deltas)
			}
			var generated []string
			for _, ev := range d.Events {
				if ev.Type == parley.EventReplyGenerated {
					generated = append(generated, ev.Data.(parley.ReplyGeneratedEvent).Key)
				}
			}
			if diff := cmp.Diff(tt.generated, generated); diff != "" {
				t.Errorf("reply_generated events (-want +got):\n%s", diff)
			}
			if tt.recorded != nil && len(tt.writer.Calls()) > 0 {
				t.Error("a replay asked the model")
			}
		})
	}
}
