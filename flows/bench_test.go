package flows

import (
	"context"
	"encoding/json"
	"strconv"
	"testing"
	"time"

	"github.com/parleyhq/parley"
)

// benchmarkTurns is BENCHMARK.md's workload: one conversation of 5 turns.
var benchmarkTurns = []string{"I want to book a flight", "New York", "Los Angeles", "2026-12-12", "yes"}

// BenchmarkDecide measures one turn of the booking workload (the mean of its 5
// turns), state marshalling excluded.
func BenchmarkDecide(b *testing.B) {
	e := demo(b)
	key := parley.ConversationKey{Bot: "booking", ID: "c-1"}
	start := time.Date(2026, 1, 1, 10, 0, 0, 0, time.UTC)
	ctx := context.Background()
	b.ReportAllocs()
	var state any
	for i := 0; b.Loop(); i++ {
		k := i % len(benchmarkTurns)
		if k == 0 {
			state = e.NewState(key)
		}
		d, err := e.Decide(ctx, parley.Turn{Conversation: key, Index: int64(k + 1), State: state,
			Message: parley.Message{ID: "m", Text: benchmarkTurns[k], SentAt: start.Add(time.Duration(k) * time.Second)}})
		if err != nil {
			b.Fatal(err)
		}
		state = d.State
	}
}

// BenchmarkDecideMarshal is one turn with the json.Marshal of its new state, as the
// runtime does before committing.
func BenchmarkDecideMarshal(b *testing.B) {
	e := demo(b)
	key := parley.ConversationKey{Bot: "booking", ID: "c-1"}
	start := time.Date(2026, 1, 1, 10, 0, 0, 0, time.UTC)
	ctx := context.Background()
	b.ReportAllocs()
	var state any
	for i := 0; b.Loop(); i++ {
		k := i % len(benchmarkTurns)
		if k == 0 {
			state = e.NewState(key)
		}
		d, err := e.Decide(ctx, parley.Turn{Conversation: key, Index: int64(k + 1), State: state,
			Message: parley.Message{ID: "m", Text: benchmarkTurns[k], SentAt: start.Add(time.Duration(k) * time.Second)}})
		if err != nil {
			b.Fatal(err)
		}
		if _, err := json.Marshal(d.State); err != nil {
			b.Fatal(err)
		}
		state = d.State
	}
}

// BenchmarkMarshalState marshals the state of a finished booking conversation.
func BenchmarkMarshalState(b *testing.B) {
	e := demo(b)
	s := finishedBooking(b, e)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := json.Marshal(s); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkDecodeState decodes the state of a finished booking conversation.
func BenchmarkDecodeState(b *testing.B) {
	e := demo(b)
	data, _ := json.Marshal(finishedBooking(b, e))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := e.DecodeState(data); err != nil {
			b.Fatal(err)
		}
	}
}

func finishedBooking(tb testing.TB, e *Engine) *State {
	key := parley.ConversationKey{Bot: "booking", ID: "c-1"}
	start := time.Date(2026, 1, 1, 10, 0, 0, 0, time.UTC)
	state := e.NewState(key)
	for k, text := range benchmarkTurns {
		d, err := e.Decide(context.Background(), parley.Turn{Conversation: key, Index: int64(k + 1), State: state,
			Message: parley.Message{ID: "m", Text: text, SentAt: start.Add(time.Duration(k) * time.Second)}})
		if err != nil {
			tb.Fatal(err)
		}
		state = d.State
	}
	return state.(*State)
}

// BenchmarkDecideTurn measures each of the workload's turns on its own.
func BenchmarkDecideTurn(b *testing.B) {
	e := demo(b)
	key := parley.ConversationKey{Bot: "booking", ID: "c-1"}
	start := time.Date(2026, 1, 1, 10, 0, 0, 0, time.UTC)
	ctx := context.Background()
	state := e.NewState(key)
	for k, text := range benchmarkTurns {
		turn := parley.Turn{Conversation: key, Index: int64(k + 1), State: state,
			Message: parley.Message{ID: "m", Text: text, SentAt: start.Add(time.Duration(k) * time.Second)}}
		b.Run(strconv.Itoa(k+1), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := e.Decide(ctx, turn); err != nil {
					b.Fatal(err)
				}
			}
		})
		d, err := e.Decide(ctx, turn)
		if err != nil {
			b.Fatal(err)
		}
		state = d.State
	}
}

// BenchmarkAppendJSON is the state's own encoder without encoding/json around it.
func BenchmarkAppendJSON(b *testing.B) {
	s := finishedBooking(b, demo(b))
	buf := make([]byte, 0, 4096)
	b.ReportAllocs()
	for b.Loop() {
		buf = s.AppendJSON(buf[:0])
	}
}

func BenchmarkDialogueCheck(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		if err := Dialogue.Check(DialogueValidatingSlot, DialogueNextStepAction, DialogueReadyForAction); err != nil {
			b.Fatal(err)
		}
	}
}
