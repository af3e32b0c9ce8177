package llm_test

import (
	"context"
	"testing"
	"time"

	"github.com/parleyhq/parley"
	"github.com/parleyhq/parley/llm"
	"github.com/parleyhq/parley/llm/llmtest"
)

// BenchmarkDecideThroughModel measures what the understanding step adds to a turn
// when the model answers at once: prompt, SDK request over local HTTP, schema
// check, parse and record. A real model's own latency comes on top.
func BenchmarkDecideThroughModel(b *testing.B) {
	srv := llmtest.New(testModel, func(int, llmtest.Request) llmtest.Reply { return llmtest.Reply{Content: good} })
	defer srv.Close()
	c, err := llm.New(llm.Config{BaseURL: srv.BaseURL(), Model: testModel, Timeout: 5 * time.Second}, nil)
	if err != nil {
		b.Fatal(err)
	}
	eng, err := llm.Wrap(&echoEngine{}, llm.Options{Bot: "shop", Client: c, CacheWindow: time.Nanosecond})
	if err != nil {
		b.Fatal(err)
	}
	key := parley.ConversationKey{Bot: "shop", ID: "c"}
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		at := t0.Add(time.Duration(i) * time.Second)
		if _, err := eng.Decide(context.Background(), parley.Turn{Conversation: key, Index: 1, State: 0, Message: parley.Message{ID: "m", Text: "I'd like the polo", SentAt: at}}); err != nil {
			b.Fatal(err)
		}
	}
}
