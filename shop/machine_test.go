package shop_test

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/parleyhq/parley"
	"github.com/parleyhq/parley/fsm"
	"github.com/parleyhq/parley/shop"
	"pgregory.net/rapid"
)

// The expected table below is written out from seed 000, never derived from
// shop.Machine: a change to machine.go that is not also made here fails.

// seedTable is what a seed says about a transition table.
type seedTable[S ~string, T ~string] struct {
	states   []S
	initial  S
	triggers []T          // every trigger constant of the table
	edges    []edge[S, T] // every (from, trigger, to) the seed allows
}

// edge is one (from, trigger, to) of a seed.
type edge[S ~string, T ~string] struct {
	from    S
	trigger T
	to      S
}

// checkTable compares m with the seed exhaustively: its edges, every (state,
// trigger) pair through Next and Check, a way out of every state (the table has no
// terminal state), and a use for every trigger.
func checkTable[S ~string, T ~string](t *testing.T, m *fsm.Machine[S, T], seed seedTable[S, T]) {
	t.Helper()
	next := map[[2]string]S{}
	for _, e := range seed.edges {
		k := [2]string{string(e.from), string(e.trigger)}
		if _, dup := next[k]; dup {
			t.Fatalf("the expected table lists %s --%s--> twice", e.from, e.trigger)
		}
		next[k] = e.to
	}
	if got := len(m.Transitions()); got != len(seed.edges) {
		t.Errorf("the machine has %d transitions, the seed %d", got, len(seed.edges))
	}
	out, used := map[S]bool{}, map[T]bool{}
	for _, tr := range m.Transitions() {
		if to, ok := next[[2]string{string(tr.From), string(tr.Trigger)}]; !ok || to != tr.To {
			t.Errorf("transition %s --%s--> %s is not in the seed", tr.From, tr.Trigger, tr.To)
		}
		out[tr.From], used[tr.Trigger] = true, true
	}
	if start := fmt.Sprintf("\"__start\" -> %q;", string(seed.initial)); !strings.Contains(m.DOT(), start) {
		t.Errorf("the machine does not start in %q", seed.initial)
	}
	for _, from := range seed.states {
		if !m.Has(from) || !out[from] {
			t.Errorf("state %q: declared %v, has a way out %v", from, m.Has(from), out[from])
		}
		for _, trigger := range seed.triggers {
			want, ok := next[[2]string{string(from), string(trigger)}]
			if got, gotOK := m.Next(from, trigger); got != want || gotOK != ok {
				t.Errorf("Next(%s, %s) = %q, %v; seed says %q, %v", from, trigger, got, gotOK, want, ok)
			}
			err := m.Check(from, trigger, want)
			var te *fsm.TransitionError[S, T]
			switch {
			case ok && err != nil:
				t.Errorf("Check(%s, %s, %s) = %v", from, trigger, want, err)
			case !ok && (!errors.As(err, &te) || te.From != from || te.Trigger != trigger || parley.ErrorCode(err) != parley.ETRANSITION):
				t.Errorf("Check(%s, %s) = %v; want a TransitionError (%s)", from, trigger, err, parley.ETRANSITION)
			}
		}
	}
	for _, trigger := range seed.triggers {
		if !used[trigger] {
			t.Errorf("trigger %q is declared but no transition uses it", trigger)
		}
	}
}

// walkRandomly follows random trigger sequences (plus one the table does not know)
// from random states: Next never reaches an undeclared state and agrees with Check.
func walkRandomly[S ~string, T ~string](t *testing.T, m *fsm.Machine[S, T], states []S, triggers []T) {
	rapid.Check(t, func(t *rapid.T) {
		state := rapid.SampledFrom(states).Draw(t, "start")
		for _, trigger := range rapid.SliceOfN(rapid.SampledFrom(append(triggers, "bogus")), 0, 60).Draw(t, "triggers") {
			next, ok := m.Next(state, trigger)
			if err := m.Check(state, trigger, next); ok != (err == nil) || ok && !m.Has(next) {
				t.Fatalf("Next(%s, %s) = %q, %v; Check says %v", state, trigger, next, ok, err)
			}
			if ok {
				state = next
			}
		}
	})
}

var seed000 = seedTable[shop.StateName, shop.Trigger]{
	// Section 2: "The only valid state values are".
	states:  []shop.StateName{"idle", "clarifying", "recommending", "awaiting_confirmation", "paginating", "error", "handoff"},
	initial: "idle", // 3.1 "New conversation"
	triggers: []shop.Trigger{
		shop.TriggerProductSearch, shop.TriggerAmbiguous, shop.TriggerNeedsConfirmation, shop.TriggerFailure,
		shop.TriggerHumanRequest, shop.TriggerClarified, shop.TriggerClarificationLimit, shop.TriggerShowMore,
		shop.TriggerSelect, shop.TriggerRepeatedIntent, shop.TriggerResponseComplete, shop.TriggerConfirmAccepted,
		shop.TriggerCancelled, shop.TriggerExpired, shop.TriggerNotUnderstood, shop.TriggerPageFound,
		shop.TriggerNoMoreResults, shop.TriggerLostContext, shop.TriggerRecovered, shop.TriggerRepeatedErrors,
		shop.TriggerWaitingForHuman, shop.TriggerHumanResolved,
	},
	edges: []edge[shop.StateName, shop.Trigger]{
		// 3.1 idle
		{"idle", "product_search", "recommending"},              // "clear product-search intent"
		{"idle", "ambiguous", "clarifying"},                     // "ambiguous/underspecified query"
		{"idle", "needs_confirmation", "awaiting_confirmation"}, // "intent requires explicit confirmation before action"
		{"idle", "failure", "error"},                            // "recoverable system failure"
		{"idle", "human_request", "handoff"},                    // "explicit user request for human or hard policy/system condition"
		// 3.2 clarifying
		{"clarifying", "clarified", "recommending"},                   // "clarification resolved and searchable query formed"
		{"clarifying", "needs_confirmation", "awaiting_confirmation"}, // "user clarification implies action needing confirmation"
		{"clarifying", "ambiguous", "clarifying"},                     // "additional clarification needed"
		{"clarifying", "clarification_limit", "handoff"},              // "clarification limit exceeded"
		{"clarifying", "human_request", "handoff"},                    // 3.7 handoff entry: "User requested human"
		{"clarifying", "failure", "error"},                            // "recoverable processing failure"
		// 3.3 recommending
		{"recommending", "show_more", "paginating"},         // "user chooses show_more"
		{"recommending", "select", "awaiting_confirmation"}, // "user selects an item requiring confirmation"
		{"recommending", "repeated_intent", "clarifying"},   // "repeated unresolved intent or filter ambiguity"
		{"recommending", "response_complete", "idle"},       // "response complete and no pending action"
		{"recommending", "failure", "error"},                // "recoverable issue while preparing response"
		{"recommending", "human_request", "handoff"},        // "user asks for human or policy/system condition"
		// 3.4 awaiting_confirmation
		{"awaiting_confirmation", "confirm_accepted", "recommending"}, // "confirmation accepted and next result should be shown"
		{"awaiting_confirmation", "cancelled", "idle"},                // "cancellation or completion with no further action"
		{"awaiting_confirmation", "expired", "idle"},                  // "If pending_confirmation is expired ... transition to idle"
		{"awaiting_confirmation", "not_understood", "clarifying"},     // "user reply is neither valid confirmation nor cancellation"
		{"awaiting_confirmation", "human_request", "handoff"},         // "expiry + repeated ambiguity or explicit human request"
		{"awaiting_confirmation", "failure", "error"},                 // "recoverable execution failure after confirmation"
		// 3.5 paginating
		{"paginating", "page_found", "recommending"}, // "next page found and rendered"
		{"paginating", "no_more_results", "idle"},    // "no more results"
		{"paginating", "lost_context", "clarifying"}, // "lost/invalid query context"
		{"paginating", "failure", "error"},           // "recoverable pagination failure"
		// 3.6 error
		{"error", "recovered", "idle"},          // "fallback/retry prepared and state normalized"
		{"error", "repeated_errors", "handoff"}, // "repeated errors or user requests human"
		{"error", "human_request", "handoff"},   // "... or user requests human"
		// 3.7 handoff
		{"handoff", "waiting_for_human", "handoff"}, // "While waiting for human ownership"
		{"handoff", "human_resolved", "idle"},       // "Only after explicit human resolution"
	},
}

func TestMachineMatchesSeed000(t *testing.T) {
	checkTable(t, shop.Machine, seed000)
}

func TestMachineRandomTriggerSequences(t *testing.T) {
	walkRandomly(t, shop.Machine, seed000.states, seed000.triggers)
}

func TestMachineDiagramsMatchGoldenFiles(t *testing.T) {
	for file, render := range map[string]func() string{"shop.mermaid": shop.Machine.Mermaid, "shop.dot": shop.Machine.DOT} {
		t.Run(file, func(t *testing.T) {
			got := render()
			if again := render(); again != got {
				t.Fatal("two renderings of the same machine differ")
			}
			path := filepath.Join("testdata", file)
			if *update {
				if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (run go test ./shop -run Golden -update to create it)", err)
			}
			if diff := cmp.Diff(string(want), got); diff != "" {
				t.Errorf("%s (-golden +got):\n%s", path, diff)
			}
		})
	}
}
