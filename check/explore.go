// Package check proves, before a bot ships, that it cannot loop, dead-end or strand a
// user. It explores every conversation a flows or gates bot can have, exhaustively,
// under an abstract input alphabet derived from the bot's definition, by calling the
// real engine's Decide on abstract states, and reports each property it refutes with
// the shortest input sequence that shows it (which WriteScenario turns into a
// scenario file that `parley test` replays).
//
// What it proves, and what it does not:
//
//   - The alphabet is finite: for a flows bot, each flow's trigger, a valid and an
//     invalid value of each slot (as an entity and, for the awaited slot, as a plain
//     answer), affirm, deny, cancel and an unknown message; for a gates bot, each
//     node's extraction succeeding for all and for each of the facts it produces, and
//     an input nothing can be extracted from. A behaviour that only other words
//     trigger is outside the proof.
//   - States are compared abstractly: slot and fact values collapse to "set",
//     histories and logs are dropped, turn numbers become ages. Counters (retries,
//     attempts, executions, the loop guard) stay exact, so their budgets are part of
//     the model.
//   - A handoff is an exit: the conversation is a human's from there on.
//   - Exploration stops at Options.MaxStates and says so; nothing is proved then.
//   - Walk cross-checks an exploration with random conversations through the real
//     engine: a state a walk reaches that the exploration did not find means the
//     abstraction merged states that behave differently.
//
// Seeds cited here are in docs/spec/: seed 001 is docs/spec/001-state-machine-design.txt,
// seed 002 docs/spec/002-flow-controller.txt, seed 003 docs/spec/003-conversation-states.txt.
package check

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/parleyhq/parley"
)

// Input is one letter of the abstract alphabet: a class of user messages and the
// concrete message that stands for it.
type Input struct {
	// Label names the class ("valid origin", "deny", "unknown").
	Label string
	// Stalling marks inputs a user may repeat forever without making progress (an
	// invalid value, an unknown message): repeating one must end in an exit, a
	// resting state or progress, never in a cycle (property "every loop has an exit").
	Stalling bool
	Message  parley.Message
}

// Step is what one input did to one abstract state.
type Step struct {
	Input Input
	// To is the index of the resulting state in Graph.States.
	To int
	// Handoff is true when the turn handed the conversation to a human.
	Handoff bool
	// Goal is true when the turn completed the flow or reached the primary goal.
	Goal bool
	// Err is the engine's error for this input; the turn committed nothing.
	Err error
}

// State is one abstract state reached by the exploration.
type State struct {
	Key string
	// Concrete is the engine state first seen with this key; exploration goes on
	// from it.
	Concrete any
	// Turn is the turn index Concrete was reached at.
	Turn int64
	// Parent and Via give the shortest path from the initial state (-1 for it).
	Parent int
	Via    Input
	// Exit is true for a state the engine left to a human (not explored further).
	Exit bool
	// Resting is true when no task is under way (idle, completed): repeating an
	// input there is not a loop.
	Resting bool
	// Goal is true when the turn that first reached this state reached the goal.
	Goal  bool
	Steps []Step
	// Desc and Signature are the model's Describe of Concrete.
	Desc      string
	Signature map[string]any
	// Units are the steps, slots, nodes or gates this state shows in use.
	Units []string
}

// Model is what the explorer needs from one engine family.
type Model interface {
	Engine() parley.Engine
	// Inputs returns the alphabet in a state (it may depend on what the bot awaits).
	Inputs(state any) []Input
	// Abstract returns the state's abstract key; turn is the index it was reached at.
	Abstract(state any, turn int64) (string, error)
	// Observe classifies a decision: handoff, goal, and whether the new state rests
	// or is left to a human.
	Observe(d parley.Decision) Observation
	// Units lists what a state shows in use, for the "everything used" property.
	Units(state any) []string
	// AllUnits lists everything the definition declares.
	AllUnits() []string
	// Describe names a state for people, and gives the subset of its JSON that
	// identifies it in a scenario file (`not_state`).
	Describe(state any) (string, map[string]any)
}

// Observation is what a model reads from one decision.
type Observation struct {
	Handoff, Goal, Exit, Resting bool
	Units                        []string
}

// Options bound an exploration.
type Options struct {
	// MaxStates stops the exploration (default 100,000); the report then says the
	// bot is too large to prove.
	MaxStates int
	// Start is sent_at of the first turn; each next turn is one second later.
	Start time.Time
	// Progress, when set, is called every ProgressEvery decisions with how many
	// states were explored and found so far and the decisions made: a long proof
	// shows it is working.
	Progress func(explored, found, decisions int)
}

// start is sent_at of turn 0 (the first message is one second later).
func (o Options) start() time.Time {
	if o.Start.IsZero() {
		return time.Date(2026, 1, 1, 10, 0, 0, 0, time.UTC)
	}
	return o.Start
}

// Graph is the explored state space.
type Graph struct {
	Bot    string
	States []*State
	// Truncated is true when MaxStates stopped the exploration.
	Truncated bool
	Decisions int
	Elapsed   time.Duration
}

// ProgressEvery is how many decisions pass between two Options.Progress calls.
const ProgressEvery = 1000

// ErrTooLarge is returned (wrapped in the Graph's report) when MaxStates was hit.
var ErrTooLarge = errors.New("state space larger than the exploration bound")

// Explore walks every state reachable from the engine's initial state, breadth
// first, so each state's recorded path is a shortest one.
func Explore(ctx context.Context, bot string, m Model, opts Options) (*Graph, error) {
	if opts.MaxStates <= 0 {
		opts.MaxStates = 100_000
	}
	start := opts.start()
	began := time.Now()
	e := m.Engine()
	key := parley.ConversationKey{Bot: bot, ID: "check"}
	init := e.NewState(key)
	k, err := m.Abstract(init, 0)
	if err != nil {
		return nil, err
	}
	g := &Graph{Bot: bot}
	index := map[string]int{k: 0}
	desc, sig := m.Describe(init)
	g.States = append(g.States, &State{Key: k, Concrete: init, Parent: -1, Resting: true, Units: m.Units(init), Desc: desc, Signature: sig})
	x := &explorer{m: m, key: key, start: start, opts: opts, g: g, index: index}
	for i := 0; i < len(g.States); i++ {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		full, err := x.expand(ctx, i)
		if err != nil {
			return nil, err
		}
		if full {
			break
		}
	}
	g.Elapsed = time.Since(began)
	return g, nil
}

// explorer is an exploration under way: the graph so far and its states by key.
type explorer struct {
	m     Model
	key   parley.ConversationKey
	start time.Time
	opts  Options
	g     *Graph
	index map[string]int
}

// expand decides every input from state i, adding the states it reaches; full
// reports that MaxStates was hit (the graph is then truncated).
func (x *explorer) expand(ctx context.Context, i int) (full bool, err error) {
	g := x.g
	s := g.States[i]
	if s.Exit {
		return false, nil
	}
	for _, in := range x.m.Inputs(s.Concrete) {
		step, next, err := decide(ctx, x.m, x.key, s, in, x.start)
		if err != nil {
			return false, err
		}
		g.Decisions++
		if next != nil {
			j, ok := x.place(next, i, in)
			if !ok {
				g.Truncated = true
				return true, nil
			}
			step.To = j
		}
		s.Steps = append(s.Steps, step)
		if x.opts.Progress != nil && g.Decisions%ProgressEvery == 0 {
			x.opts.Progress(i, len(g.States), g.Decisions)
		}
	}
	return false, nil
}

// place is the index of the state next, reached from state i by input in: the
// known state of its key, or a new one; false when a new one would pass
// MaxStates.
func (x *explorer) place(next *State, i int, in Input) (int, bool) {
	if j, seen := x.index[next.Key]; seen {
		// Units a turn shows (a flow run within it) count wherever it
		// lands, a state already found included.
		known := x.g.States[j]
		for _, u := range next.Units {
			if !slices.Contains(known.Units, u) {
				known.Units = append(known.Units, u)
			}
		}
		return j, true
	}
	if len(x.g.States) >= x.opts.MaxStates {
		return 0, false
	}
	j := len(x.g.States)
	x.index[next.Key] = j
	next.Parent, next.Via = i, in
	x.g.States = append(x.g.States, next)
	return j, true
}

// decide runs one input from s. An engine error is a step with Err (and no target);
// an error of the model itself aborts the exploration.
func decide(ctx context.Context, m Model, key parley.ConversationKey, s *State, in Input, start time.Time) (Step, *State, error) {
	turn := s.Turn + 1
	msg := in.Message
	msg.ID = fmt.Sprintf("check-%d", turn)
	msg.SentAt = start.Add(time.Duration(turn) * time.Second)
	d, err := m.Engine().Decide(ctx, parley.Turn{Conversation: key, Index: turn, State: s.Concrete, Message: msg})
	if err != nil {
		return Step{Input: in, To: -1, Err: err}, nil, nil
	}
	obs := m.Observe(d)
	k, err := m.Abstract(d.State, turn)
	if err != nil {
		return Step{}, nil, err
	}
	next := &State{Key: k, Concrete: d.State, Turn: turn, Exit: obs.Exit, Resting: obs.Resting, Goal: obs.Goal, Units: append(m.Units(d.State), obs.Units...)}
	next.Desc, next.Signature = m.Describe(d.State)
	return Step{Input: in, Handoff: obs.Handoff, Goal: obs.Goal}, next, nil
}

// Path returns the inputs of the shortest path from the initial state to state i.
func (g *Graph) Path(i int) []Input {
	var rev []Input
	for ; i > 0; i = g.States[i].Parent {
		rev = append(rev, g.States[i].Via)
	}
	out := make([]Input, len(rev))
	for j := range rev {
		out[j] = rev[len(rev)-1-j]
	}
	return out
}
