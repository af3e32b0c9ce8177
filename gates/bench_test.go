package gates

import (
	"context"
	"testing"
	"time"

	"github.com/parleyhq/parley"
)

// BenchmarkDecide measures one coach turn (contact-1 RETRY reading an email) on a
// state three turns in, flow cached.
func BenchmarkDecide(b *testing.B) {
	c := newConversation(b, demoEngine(b, nil))
	for _, u := range append(coachOpening, "no") {
		c.say(u)
	}
	turn := parley.Turn{Conversation: c.key, Index: 5, State: c.state,
		Message: parley.Message{ID: "m5", Text: "Ok, john@example.com", SentAt: time.Date(2026, 1, 1, 10, 0, 4, 0, time.UTC)}}
	for b.Loop() {
		if _, err := c.engine.Decide(context.Background(), turn); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkSelectNextNode(b *testing.B) {
	f, err := ParseFlow(DemoFlow(), "coach.json")
	if err != nil {
		b.Fatal(err)
	}
	s := newRuntimeState("coach")
	s.States = []string{"GOAL_GAP_CAPTURED", "REFLECTION_COMPLETE", "WELCOME_SHOWN"}
	s.ExecutionsByNode = map[string]int{"welcome-1": 1, "reflect-1": 1, "goal-gap-1": 1}
	for b.Loop() {
		f.selectNextNode(s, 4)
	}
}

func BenchmarkParseFlow(b *testing.B) {
	data := DemoFlow()
	for b.Loop() {
		if _, err := ParseFlow(data, "coach.json"); err != nil {
			b.Fatal(err)
		}
	}
}
