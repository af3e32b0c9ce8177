package check

import (
	"context"
	"fmt"
	"math/rand/v2"

	"github.com/parleyhq/parley"
)

// WalkResult is what random walks found against an explored graph.
type WalkResult struct {
	Walks, Turns int
	// Reached counts the distinct abstract states the walks reached.
	Reached int
}

// Walk cross-checks an exploration by brute force: n random conversations of up
// to length turns each, over the same alphabet, through the real engine. Every
// state a walk reaches must be one the exploration found; the first that is not
// is an error (the abstraction merged states that behave differently).
// walkOnce takes up to length random inputs from the initial state, until an
// exit; reach sees each state reached (an engine error changes nothing, and is
// not seen).
func walkOnce(ctx context.Context, m Model, key parley.ConversationKey, rng *rand.Rand, length int, reach func(in Input, next *State) error) error {
	s := &State{Concrete: m.Engine().NewState(key)}
	for range length {
		inputs := m.Inputs(s.Concrete)
		in := inputs[rng.IntN(len(inputs))]
		_, next, err := decide(ctx, m, key, s, in, Options{}.start())
		if err != nil {
			return err
		}
		if next == nil { // an engine error: the turn changed nothing
			continue
		}
		if err := reach(in, next); err != nil {
			return err
		}
		if next.Exit {
			return nil
		}
		s = next
	}
	return nil
}

func Walk(ctx context.Context, g *Graph, m Model, n, length int, seed uint64) (WalkResult, error) {
	known := make(map[string]bool, len(g.States))
	for _, s := range g.States {
		known[s.Key] = true
	}
	rng := rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
	key := parley.ConversationKey{Bot: g.Bot, ID: "check"}
	reached := map[string]bool{}
	res := WalkResult{Walks: n}
	for w := range n {
		if err := walkOnce(ctx, m, key, rng, length, func(in Input, next *State) error {
			res.Turns++
			if !known[next.Key] {
				return fmt.Errorf("walk %d reached a state the exploration missed after %q: %s", w+1, in.Label, next.Desc)
			}
			reached[next.Key] = true
			return nil
		}); err != nil {
			return res, err
		}
	}
	res.Reached = len(reached)
	return res, nil
}
