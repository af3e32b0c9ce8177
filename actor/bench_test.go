package actor_test

import (
	"context"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/parleyhq/parley"
	"github.com/parleyhq/parley/actor"
	"github.com/parleyhq/parley/flows"
	"github.com/parleyhq/parley/memstore"
	"github.com/parleyhq/parley/sqlite"
)

// trivial is an engine that exists only in this benchmark: it does almost nothing, so
// the benchmark measures the cost of a durable turn (actor + idempotency check +
// commit of state, event and response).
type trivial struct{}

type trivialState struct {
	N int `json:"n"`
}

func (trivial) Kind() string                        { return "trivial" }
func (trivial) NewState(parley.ConversationKey) any { return trivialState{} }
func (trivial) DecodeState([]byte) (any, error)     { return trivialState{}, nil }
func (trivial) Decide(_ context.Context, t parley.Turn) (parley.Decision, error) {
	s := t.State.(trivialState)
	return parley.Decision{
		State:       trivialState{N: s.N + 1},
		Replies:     []parley.Reply{{Type: parley.ReplyText, Text: "ok"}},
		Transitions: []parley.Transition{{From: "a", To: "b", Trigger: "t"}},
	}, nil
}

// BenchmarkDurableTurn reports turns/s and p99 for sequential and 16-concurrent
// conversations, with synchronous=NORMAL and FULL:
//
//	go test ./actor -run '^$' -bench DurableTurn -benchtime 20000x
func BenchmarkDurableTurn(b *testing.B) {
	for _, sync := range []string{"normal", "full"} {
		for _, conc := range []int{1, 16} {
			b.Run(sync+"/conc"+strconv.Itoa(conc), func(b *testing.B) { benchTurns(b, sync, conc) })
		}
	}
}

func benchTurns(b *testing.B, syncMode string, conc int) {
	store, err := sqlite.Open(context.Background(), filepath.Join(b.TempDir(), "b.db"), sqlite.Options{Synchronous: syncMode})
	if err != nil {
		b.Fatal(err)
	}
	defer store.Close()
	rt := actor.New(store, []*parley.Bot{{Name: "t", Engine: trivial{}}}, actor.Options{})
	defer rt.Close()
	var next atomic.Int64
	lat := make([][]time.Duration, conc)
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	b.ResetTimer()
	start := time.Now()
	var wg sync.WaitGroup
	for w := 0; w < conc; w++ {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			conv := "c" + strconv.Itoa(w)
			for {
				i := next.Add(1)
				if i > int64(b.N) {
					return
				}
				// Five turns per conversation, as in the booking workload.
				key := parley.ConversationKey{Bot: "t", ID: conv + "-" + strconv.FormatInt(i/5, 10)}
				t0 := time.Now()
				if _, err := rt.Turn(context.Background(), parley.TurnRequest{Key: key, Message: parley.Message{ID: strconv.FormatInt(i, 10), Text: "x", SentAt: now}}); err != nil {
					b.Error(err)
					return
				}
				lat[w] = append(lat[w], time.Since(t0))
			}
		}(w)
	}
	wg.Wait()
	elapsed := time.Since(start)
	var all []time.Duration
	for _, l := range lat {
		all = append(all, l...)
	}
	sort.Slice(all, func(i, j int) bool { return all[i] < all[j] })
	if len(all) > 0 {
		b.ReportMetric(float64(len(all))/elapsed.Seconds(), "turns/s")
		b.ReportMetric(float64(all[len(all)*99/100].Microseconds()), "p99_µs")
	}
}

// BenchmarkBookingTurnMem is the runtime's own cost of a booking turn (`parley bench
// booking -store mem:`): the demo engine, sequential five-turn conversations, the
// memory store. With -benchmem it shows the allocations a turn makes, and
// -cpuprofile / -memprofile where they come from:
//
//	go test ./actor -run '^$' -bench BookingTurnMem -benchmem -benchtime 20000x
func BenchmarkBookingTurnMem(b *testing.B) {
	eng, err := flows.Demo()
	if err != nil {
		b.Fatal(err)
	}
	rt := actor.New(memstore.New(), []*parley.Bot{{Name: "booking", Engine: eng}}, actor.Options{})
	defer rt.Close()
	script := []string{"I want to book a flight", "New York", "Los Angeles", "2026-12-12", "yes"}
	start := time.Date(2026, 12, 1, 9, 0, 0, 0, time.UTC)
	// One conversation first, outside the count: what a bot does once, on its
	// first message (the intents' classifier trains on first use), is no
	// turn's cost, and amortized over b.N it would make the count depend on
	// -benchtime.
	for turn, text := range script {
		msg := parley.Message{ID: "m" + strconv.Itoa(turn), Text: text, SentAt: start.Add(time.Duration(turn) * time.Second)}
		if _, err := rt.Turn(context.Background(), parley.TurnRequest{Key: parley.ConversationKey{Bot: "booking", ID: "warm"}, Message: msg}); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		key := parley.ConversationKey{Bot: "booking", ID: "c" + strconv.Itoa(i/len(script))}
		turn := i % len(script)
		msg := parley.Message{ID: "m" + strconv.Itoa(turn), Text: script[turn], SentAt: start.Add(time.Duration(turn) * time.Second)}
		if _, err := rt.Turn(context.Background(), parley.TurnRequest{Key: key, Message: msg}); err != nil {
			b.Fatal(err)
		}
	}
}

// callingFlow confirms an order and places it through a Go function: the "yes" turn
// makes one outbound call, the others none.
const callingFlow = `bot: orders
flows:
  - name: order
    description: placing an order
    trigger: {keywords: [place an order]}
    steps:
      - id: confirm
        confirm: {prompt: "Place the order?"}
      - id: place
        action:
          func: place_order
          reply: "Order placed."
`

// BenchmarkCallingTurn is what a turn that calls out costs on SQLite (synchronous
// NORMAL), with a call that answers at once: the call's intent is committed before
// it (a second commit, intent.go). Each op is one conversation of three turns,
// "hello", "place an order" and then "yes" (call: the order is placed) or "no"
// (nocall: the same confirmation declined, no call); µs/turn times the third turn,
// bytes/conv is the database file once closed, per conversation.
//
//	go test ./actor -run '^$' -bench CallingTurn -benchtime 2000x
func BenchmarkCallingTurn(b *testing.B) {
	for _, kind := range []string{"nocall", "call"} {
		b.Run(kind, func(b *testing.B) { benchCallingTurn(b, kind == "call") })
	}
}

func benchCallingTurn(b *testing.B, call bool) {
	def, err := flows.Parse([]byte(callingFlow), "orders.yaml")
	if err != nil {
		b.Fatal(err)
	}
	eng, err := flows.New(def, flows.Options{Funcs: map[string]flows.ActionFunc{
		"place_order": func(context.Context, flows.ActionRequest) (flows.ActionResult, error) {
			return flows.ActionResult{}, nil
		},
	}})
	if err != nil {
		b.Fatal(err)
	}
	path := filepath.Join(b.TempDir(), "b.db")
	store, err := sqlite.Open(context.Background(), path, sqlite.Options{})
	if err != nil {
		b.Fatal(err)
	}
	rt := actor.New(store, []*parley.Bot{{Name: "orders", Engine: eng}}, actor.Options{})
	at := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	turn := func(conv, id, text string) {
		key := parley.ConversationKey{Bot: "orders", ID: conv}
		if _, err := rt.Turn(context.Background(), parley.TurnRequest{Key: key, Message: parley.Message{ID: id, Text: text, SentAt: at}}); err != nil {
			b.Fatal(err)
		}
	}
	last := "no"
	if call {
		last = "yes"
	}
	var timed time.Duration
	n := 0
	for i := 0; b.Loop(); i++ {
		conv := "c" + strconv.Itoa(i)
		turn(conv, "m1", "hello")
		turn(conv, "m2", "I'd like to place an order")
		t0 := time.Now()
		turn(conv, "m3", last)
		timed += time.Since(t0)
		n++
	}
	rt.Close()
	if err := store.Close(); err != nil {
		b.Fatal(err)
	}
	fi, err := os.Stat(path)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportMetric(float64(timed.Microseconds())/float64(n), "µs/turn")
	b.ReportMetric(float64(fi.Size())/float64(n), "bytes/conv")
}
