package actor_test

import (
	"context"
	"encoding/json"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/parleyhq/parley"
	"github.com/parleyhq/parley/actor"
	"github.com/parleyhq/parley/memstore"
)

// TestActorCapHoldsAcrossShards: with the registry sharded by conversation, turns
// of many conversations at once, on engines that decide aside and immediately,
// still keep at most MaxActors live once they are done, every passivated
// conversation goes on from its stored state, the registry's bookkeeping adds up,
// and the least recently used actors are the ones that left.
func TestActorCapHoldsAcrossShards(t *testing.T) {
	for _, tt := range []struct {
		name      string
		engine    parley.Engine
		maxActors int
	}{
		{"aside, cap 1", &counter{}, 1},
		{"aside, cap 5", &counter{}, 5},
		{"immediate, cap 1", &immediateCounter{}, 1},
		{"immediate, cap 5", &immediateCounter{}, 5},
		{"immediate, cap 40", &immediateCounter{}, 40},
	} {
		t.Run(tt.name, func(t *testing.T) {
			rt := actor.New(memstore.New(), []*parley.Bot{{Name: "c", Engine: tt.engine}}, actor.Options{MaxActors: tt.maxActors})
			t.Cleanup(rt.Close)
			const workers, convs, rounds = 8, 12, 3
			var wg sync.WaitGroup
			errs := make(chan error, workers)
			for w := range workers {
				wg.Go(func() {
					for round := 1; round <= rounds; round++ {
						for c := range convs {
							if err := countedTurn(rt, fmt.Sprintf("w%d-c%d", w, c), round); err != nil {
								errs <- err
								return
							}
						}
					}
				})
			}
			wg.Wait()
			close(errs)
			for err := range errs {
				t.Fatal(err)
			}
			waitForCap(t, rt, tt.maxActors)
			if err := rt.CheckRegistry(); err != nil {
				t.Fatal(err)
			}
			// One conversation after the others: the actors used last stay, the
			// first ones left.
			for i := range tt.maxActors + 1 {
				if err := countedTurn(rt, fmt.Sprintf("late-%d", i), 1); err != nil {
					t.Fatal(err)
				}
			}
			waitForCap(t, rt, tt.maxActors)
			for i := range tt.maxActors + 1 {
				v, err := rt.Conversation(context.Background(), key(fmt.Sprintf("late-%d", i)))
				if err != nil {
					t.Fatal(err)
				}
				if wantLive := i > 0; v.Live != wantLive {
					t.Errorf("late-%d (of %d, cap %d): live %v, want %v", i, tt.maxActors+1, tt.maxActors, v.Live, wantLive)
				}
			}
			if err := rt.CheckRegistry(); err != nil {
				t.Fatal(err)
			}
		})
	}
}

// countedTurn takes the round-th turn of conv, whose counter must then be round:
// a passivated actor's conversation goes on from the store.
func countedTurn(rt *actor.Runtime, conv string, round int) error {
	res, err := rt.Turn(context.Background(), parley.TurnRequest{Key: key(conv), Message: parley.Message{ID: fmt.Sprint("m", round), Text: "hi"}})
	if err != nil {
		return fmt.Errorf("%s turn %d: %w", conv, round, err)
	}
	var r parley.TurnResponse
	var s counterState
	if err := json.Unmarshal(res.Body, &r); err != nil {
		return err
	}
	if err := json.Unmarshal(r.State, &s); err != nil {
		return err
	}
	if s.N != round || r.Version != int64(round) {
		return fmt.Errorf("%s turn %d: counter %d at version %d", conv, round, s.N, r.Version)
	}
	return nil
}

// waitForCap waits for the passivated actors to leave.
func waitForCap(t *testing.T, rt *actor.Runtime, maxActors int) {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for rt.LiveActors() > maxActors && time.Now().Before(deadline) {
		time.Sleep(time.Millisecond)
	}
	if n := rt.LiveActors(); n > maxActors {
		t.Fatalf("%d live actors, cap %d", n, maxActors)
	}
}
