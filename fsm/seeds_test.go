package fsm

import (
	"context"
	"errors"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/parleyhq/parley"
)

// The expected tables below are written out from the seeds, never derived from the
// machines: a change to seeds.go that is not also made here fails.

// seedMachine is what a seed says about one machine.
type seedMachine[S ~string, T ~string] struct {
	states   []S
	initial  S
	terminal []S
	triggers []T                // every trigger constant of the machine
	edges    []Transition[S, T] // every (from, trigger, to) the seed allows
}

// checkSeedMachine compares m with the seed exhaustively: every (from, to) pair of
// states, every (state, trigger) pair through Next, Fire and Check.
func checkSeedMachine[S ~string, T ~string](t *testing.T, m *Machine[S, T], seed seedMachine[S, T]) {
	t.Helper()
	if diff := cmp.Diff(seed.states, m.states); diff != "" {
		t.Errorf("states (-seed +machine):\n%s", diff)
	}
	if m.initial != seed.initial {
		t.Errorf("initial = %q, seed says %q", m.initial, seed.initial)
	}
	terminal := map[S]bool{}
	for _, s := range seed.terminal {
		terminal[s] = true
	}
	next := map[edgeKey[S, T]]S{}
	pairs := map[[2]S]bool{}
	for _, e := range seed.edges {
		if _, dup := next[edgeKey[S, T]{e.From, e.Trigger}]; dup {
			t.Fatalf("the expected table lists %s --%s--> twice", e.From, e.Trigger)
		}
		next[edgeKey[S, T]{e.From, e.Trigger}] = e.To
		pairs[[2]S{e.From, e.To}] = true
	}
	if got := len(m.Transitions()); got != len(seed.edges) {
		t.Errorf("the machine has %d transitions, the seed %d", got, len(seed.edges))
	}
	for _, tr := range m.Transitions() {
		if to, ok := next[edgeKey[S, T]{tr.From, tr.Trigger}]; !ok || to != tr.To {
			t.Errorf("transition %s --%s--> %s is not in the seed", tr.From, tr.Trigger, tr.To)
		}
	}

	allowed := pairsOf(m)
	for _, from := range seed.states {
		if m.terminal[from] != terminal[from] {
			t.Errorf("terminal[%q] = %v, seed says %v", from, m.terminal[from], terminal[from])
		}
		for _, to := range seed.states {
			if got, want := allowed[[2]S{from, to}], pairs[[2]S{from, to}]; got != want {
				t.Errorf("pair (%s, %s) = %v, seed says %v", from, to, got, want)
			}
		}
		for _, trigger := range seed.triggers {
			want, ok := next[edgeKey[S, T]{from, trigger}]
			if terminal[from] && ok {
				t.Fatalf("the expected table leaves terminal state %q", from)
			}
			got, gotOK := m.Next(from, trigger)
			if got != want || gotOK != ok {
				t.Errorf("Next(%s, %s) = %q, %v; seed says %q, %v", from, trigger, got, gotOK, want, ok)
			}
			fired, err := m.Fire(context.Background(), from, trigger, nil)
			checkErr := m.Check(from, trigger, want)
			if ok {
				if err != nil || fired != want {
					t.Errorf("Fire(%s, %s) = %q, %v; seed says %q", from, trigger, fired, err, want)
				}
				if checkErr != nil {
					t.Errorf("Check(%s, %s, %s) = %v", from, trigger, want, checkErr)
				}
				continue
			}
			for name, err := range map[string]error{"Fire": err, "Check": checkErr} {
				var te *TransitionError[S, T]
				if !errors.As(err, &te) || te.From != from || te.Trigger != trigger || parley.ErrorCode(err) != parley.ETRANSITION {
					t.Errorf("%s(%s, %s) = %v; want a TransitionError (%s)", name, from, trigger, err, parley.ETRANSITION)
				}
			}
			if fired != from {
				t.Errorf("refused Fire(%s, %s) returned %q, want the unchanged state", from, trigger, fired)
			}
		}
	}
	// Every trigger constant is used by the seed, and only declared states appear.
	used := map[T]bool{}
	for _, e := range seed.edges {
		used[e.Trigger] = true
	}
	for _, trigger := range seed.triggers {
		if !used[trigger] && !isRuntimeOnly(trigger) {
			t.Errorf("trigger %q is declared but no transition uses it", trigger)
		}
	}
}

// isRuntimeOnly names the events seed 004 lists without a transition row.
func isRuntimeOnly[T ~string](trigger T) bool {
	return string(trigger) == string(LifecycleEventPing) || string(trigger) == string(LifecycleEventShutdown)
}

func TestLifecycleMatchesSeed004(t *testing.T) {
	type e = Transition[parley.Lifecycle, LifecycleEvent]
	checkSeedMachine(t, Lifecycle, seedMachine[parley.Lifecycle, LifecycleEvent]{
		states:   []parley.Lifecycle{"created", "idle", "running", "paused", "error", "cancelled", "completed"},
		initial:  "created",
		terminal: []parley.Lifecycle{"error", "cancelled", "completed"}, // "Terminal: Yes"
		triggers: []LifecycleEvent{
			LifecycleEventProcessInteraction, LifecycleEventPause, LifecycleEventCancel, LifecycleEventPing,
			LifecycleEventShutdown, LifecycleEventInteractionCompleteSuccess, LifecycleEventInteractionCompleteError,
			LifecycleEventInactivityTimeout, LifecycleEventError,
		},
		edges: []e{
			{"created", "ProcessInteraction", "idle"},         // diagram "Created --ProcessInteraction--> Idle"
			{"idle", "ProcessInteraction", "running"},         // "Idle | ProcessInteraction | Running"
			{"idle", "Pause", "paused"},                       // "Idle | Pause | Paused"
			{"idle", "Cancel", "cancelled"},                   // "Idle | Cancel | Cancelled"
			{"idle", "InactivityTimeout", "completed"},        // "Idle | InactivityTimeout | Completed"
			{"running", "InteractionCompleteSuccess", "idle"}, // "Running | InteractionComplete (success) | Idle"
			{"running", "InteractionCompleteError", "error"},  // "Running | InteractionComplete (error) | Error"
			{"running", "Pause", "paused"},                    // "Running | Pause | Paused"
			{"running", "Cancel", "cancelled"},                // "Running | Cancel | Cancelled"
			{"paused", "ProcessInteraction", "idle"},          // "Paused | ProcessInteraction | Idle"
			{"paused", "InactivityTimeout", "completed"},      // "Paused | InactivityTimeout | Completed"
			{"created", "Error", "error"},                     // "Any | Error | Error"
			{"idle", "Error", "error"},                        // "Any | Error | Error"
			{"running", "Error", "error"},                     // "Any | Error | Error"
			{"paused", "Error", "error"},                      // "Any | Error | Error"
			{"created", "Cancel", "cancelled"},                // "Any | Cancel | Cancelled"
			{"paused", "Cancel", "cancelled"},                 // "Any | Cancel | Cancelled"
		},
	})
}

// TestLifecycleEventTable pins every (state, event) cell of seed 004 as a grid; ""
// means the event changes nothing and firing it is a TransitionError.
func TestLifecycleEventTable(t *testing.T) {
	events := []LifecycleEvent{"ProcessInteraction", "Pause", "Cancel", "Ping", "Shutdown",
		"InteractionCompleteSuccess", "InteractionCompleteError", "InactivityTimeout", "Error"}
	grid := map[parley.Lifecycle][9]parley.Lifecycle{
		//                 ProcessInteraction Pause    Cancel       Ping Shutdown Success  CompleteErr Inactivity   Error
		"created":   {"idle", "", "cancelled", "", "", "", "", "", "error"},
		"idle":      {"running", "paused", "cancelled", "", "", "", "", "completed", "error"},
		"running":   {"", "paused", "cancelled", "", "", "idle", "error", "", "error"},
		"paused":    {"idle", "", "cancelled", "", "", "", "", "completed", "error"},
		"error":     {},
		"cancelled": {},
		"completed": {},
	}
	for state, row := range grid {
		for i, event := range events {
			want := row[i]
			got, err := Lifecycle.Fire(context.Background(), state, event, nil)
			if want == "" {
				if parley.ErrorCode(err) != parley.ETRANSITION || got != state {
					t.Errorf("Fire(%s, %s) = %q, %v; want a TransitionError", state, event, got, err)
				}
				continue
			}
			if err != nil || got != want {
				t.Errorf("Fire(%s, %s) = %q, %v; want %q", state, event, got, err, want)
			}
		}
	}
	if len(grid) != len(Lifecycle.states) {
		t.Errorf("the grid covers %d states, the machine has %d", len(grid), len(Lifecycle.states))
	}
}

// TestLifecycleResume pins the documented resume path: Paused --ProcessInteraction-->
// Idle, then the message runs with Idle --ProcessInteraction--> Running.
func TestLifecycleResume(t *testing.T) {
	s := parley.LifecyclePaused
	for _, want := range []parley.Lifecycle{parley.LifecycleIdle, parley.LifecycleRunning} {
		next, err := Lifecycle.Fire(context.Background(), s, LifecycleEventProcessInteraction, nil)
		if err != nil || next != want {
			t.Fatalf("Fire(%s, ProcessInteraction) = %q, %v; want %q", s, next, err, want)
		}
		s = next
	}
}

// TestLifecycleAgreesWithRoot keeps the machine's terminal states and the root
// package's Lifecycle.Terminal in step.
func TestLifecycleAgreesWithRoot(t *testing.T) {
	for _, s := range Lifecycle.states {
		if Lifecycle.terminal[s] != s.Terminal() {
			t.Errorf("%s: machine terminal %v, parley.Lifecycle.Terminal %v", s, Lifecycle.terminal[s], s.Terminal())
		}
	}
}

// TestTerminalStatesAcceptNothing checks that no trigger of the lifecycle leaves a
// terminal state.
func TestTerminalStatesAcceptNothing(t *testing.T) {
	allowed := pairsOf(Lifecycle)
	for _, s := range Lifecycle.states {
		if !Lifecycle.terminal[s] {
			continue
		}
		for _, tr := range Lifecycle.Transitions() {
			if _, ok := Lifecycle.Next(s, tr.Trigger); ok {
				t.Errorf("terminal %s accepts %s", s, tr.Trigger)
			}
			if allowed[[2]parley.Lifecycle{s, tr.To}] {
				t.Errorf("terminal %s may move to %s", s, tr.To)
			}
		}
	}
}
