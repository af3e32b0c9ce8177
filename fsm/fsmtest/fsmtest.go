// Package fsmtest checks a transition table against the seed it implements: the
// engines' tests (shop, flows) write their seed's table out by hand and compare their
// machine with it exhaustively (CheckTable) and by random walks (WalkRandomly).
package fsmtest

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/parleyhq/parley"
	"github.com/parleyhq/parley/fsm"
	"pgregory.net/rapid"
)

// Table is what a seed says about a transition table, written out from the seed by
// the test (never derived from the machine it checks).
type Table[S ~string, T ~string] struct {
	States   []S
	Initial  S
	Triggers []T          // every trigger constant of the table
	Edges    []Edge[S, T] // every (from, trigger, to) the seed allows
}

// Edge is one (from, trigger, to) of a seed.
type Edge[S ~string, T ~string] struct {
	From    S
	Trigger T
	To      S
}

// CheckTable compares m with the seed exhaustively: its edges, every (state,
// trigger) pair through Next and Check, a way out of every state (the table has no
// terminal state), and a use for every trigger.
func CheckTable[S ~string, T ~string](t testing.TB, m *fsm.Machine[S, T], seed Table[S, T]) {
	t.Helper()
	next := seedIndex(t, seed)
	out, used := checkEdges(t, m, seed, next)
	if start := fmt.Sprintf("\"__start\" -> %q;", string(seed.Initial)); !strings.Contains(m.DOT(), start) {
		t.Errorf("the machine does not start in %q", seed.Initial)
	}
	for _, from := range seed.States {
		if !m.Has(from) || !out[from] {
			t.Errorf("state %q: declared %v, has a way out %v", from, m.Has(from), out[from])
		}
		checkState(t, m, seed, next, from)
	}
	for _, trigger := range seed.Triggers {
		if !used[trigger] {
			t.Errorf("trigger %q is declared but no transition uses it", trigger)
		}
	}
}

// seedIndex indexes the seed's edges by (from, trigger); an edge listed twice
// is fatal.
func seedIndex[S ~string, T ~string](t testing.TB, seed Table[S, T]) map[[2]string]S {
	t.Helper()
	next := map[[2]string]S{}
	for _, e := range seed.Edges {
		k := [2]string{string(e.From), string(e.Trigger)}
		if _, dup := next[k]; dup {
			t.Fatalf("the expected table lists %s --%s--> twice", e.From, e.Trigger)
		}
		next[k] = e.To
	}
	return next
}

// checkState checks every trigger from one state (checkPair).
func checkState[S ~string, T ~string](t testing.TB, m *fsm.Machine[S, T], seed Table[S, T], next map[[2]string]S, from S) {
	t.Helper()
	for _, trigger := range seed.Triggers {
		want, ok := next[[2]string{string(from), string(trigger)}]
		checkPair(t, m, from, trigger, want, ok)
	}
}

// checkEdges checks that m's transitions are the seed's (next), and returns the
// states they leave and the triggers they use.
func checkEdges[S ~string, T ~string](t testing.TB, m *fsm.Machine[S, T], seed Table[S, T], next map[[2]string]S) (out map[S]bool, used map[T]bool) {
	t.Helper()
	if got := len(m.Transitions()); got != len(seed.Edges) {
		t.Errorf("the machine has %d transitions, the seed %d", got, len(seed.Edges))
	}
	out, used = map[S]bool{}, map[T]bool{}
	for _, tr := range m.Transitions() {
		if to, ok := next[[2]string{string(tr.From), string(tr.Trigger)}]; !ok || to != tr.To {
			t.Errorf("transition %s --%s--> %s is not in the seed", tr.From, tr.Trigger, tr.To)
		}
		out[tr.From], used[tr.Trigger] = true, true
	}
	return out, used
}

// checkPair checks one (state, trigger) pair through Next and Check: the seed's
// destination when it has one (ok), else a TransitionError coded ETRANSITION.
func checkPair[S ~string, T ~string](t testing.TB, m *fsm.Machine[S, T], from S, trigger T, want S, ok bool) {
	t.Helper()
	if got, gotOK := m.Next(from, trigger); got != want || gotOK != ok {
		t.Errorf("Next(%s, %s) = %q, %v; seed says %q, %v", from, trigger, got, gotOK, want, ok)
	}
	err := m.Check(from, trigger, want)
	switch {
	case ok && err != nil:
		t.Errorf("Check(%s, %s, %s) = %v", from, trigger, want, err)
	case !ok && !isTransitionError(err, from, trigger):
		t.Errorf("Check(%s, %s) = %v; want a TransitionError (%s)", from, trigger, err, parley.ETRANSITION)
	}
}

// isTransitionError reports whether err is the TransitionError of (from,
// trigger), coded ETRANSITION.
func isTransitionError[S ~string, T ~string](err error, from S, trigger T) bool {
	var te *fsm.TransitionError[S, T]
	return errors.As(err, &te) && te.From == from && te.Trigger == trigger && parley.ErrorCode(err) == parley.ETRANSITION
}

// WalkRandomly follows random trigger sequences (plus one the table does not know)
// from random states: Next never reaches an undeclared state and agrees with Check.
func WalkRandomly[S ~string, T ~string](t *testing.T, m *fsm.Machine[S, T], states []S, triggers []T) {
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

// CheckDiagrams compares m's renderings with the golden files testdata/NAME.mermaid
// and testdata/NAME.dot of the calling package, rewriting them first when update is
// set (the package's -update flag); each rendering must also be deterministic.
func CheckDiagrams[S ~string, T ~string](t *testing.T, m *fsm.Machine[S, T], name string, update bool) {
	t.Helper()
	for ext, render := range map[string]func() string{".mermaid": m.Mermaid, ".dot": m.DOT} {
		t.Run(name+ext, func(t *testing.T) {
			got := render()
			if again := render(); again != got {
				t.Fatal("two renderings of the same machine differ")
			}
			path := filepath.Join("testdata", name+ext)
			if update {
				if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (run this package's tests with -update to create it)", err)
			}
			if want := string(want); want != got {
				t.Errorf("%s differs from the golden file; got:\n%s", path, got)
			}
		})
	}
}
