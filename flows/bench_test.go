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

// workloadTurn is the workload's turn k (from 0) of booking conversation c-1 in
// state, a second after the one before.
func workloadTurn(state any, k int) parley.Turn {
	return parley.Turn{Conversation: workloadKey, Index: int64(k + 1), State: state,
		Message: parley.Message{ID: "m", Text: benchmarkTurns[k], SentAt: workloadStart.Add(time.Duration(k) * time.Second)}}
}

var (
	workloadKey   = parley.ConversationKey{Bot: "booking", ID: "c-1"}
	workloadStart = time.Date(2026, 1, 1, 10, 0, 0, 0, time.UTC)
)

// BenchmarkDecide measures one turn of the booking workload (the mean of its 5
// turns), state marshalling excluded.
func BenchmarkDecide(b *testing.B) {
	benchmarkWorkload(b, false)
}

// BenchmarkDecideMarshal is one turn with the json.Marshal of its new state, as the
// runtime does before committing.
func BenchmarkDecideMarshal(b *testing.B) {
	benchmarkWorkload(b, true)
}

// benchmarkWorkload plays the booking workload's turns over and over, a new
// conversation every 5 turns, with the json.Marshal of each new state if marshal.
func benchmarkWorkload(b *testing.B, marshal bool) {
	e := demo(b)
	ctx := context.Background()
	b.ReportAllocs()
	var state any
	for i := 0; b.Loop(); i++ {
		k := i % len(benchmarkTurns)
		if k == 0 {
			state = e.NewState(workloadKey)
		}
		d, err := e.Decide(ctx, workloadTurn(state, k))
		if err != nil {
			b.Fatal(err)
		}
		if marshal {
			if _, err := json.Marshal(d.State); err != nil {
				b.Fatal(err)
			}
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

// finishedBooking plays the workload's conversation to its end.
func finishedBooking(tb testing.TB, e *Engine) *State {
	var state any = e.NewState(workloadKey)
	for k := range benchmarkTurns {
		d, err := e.Decide(context.Background(), workloadTurn(state, k))
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
	ctx := context.Background()
	var state any = e.NewState(workloadKey)
	for k := range benchmarkTurns {
		turn := workloadTurn(state, k)
		// One untimed turn first: the readers load their large tables (the
		// gazetteer, the towns, the city typo index) on first need, once per
		// process, and b.Loop would time that load as part of turn 1's first
		// iteration. The loads are measured on their own (nlu's
		// BenchmarkGazetteerLoad, BenchmarkTownIndexLoad,
		// BenchmarkBuildCityFuzzyIndexingAll).
		if _, err := e.Decide(ctx, turn); err != nil {
			b.Fatal(err)
		}
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
