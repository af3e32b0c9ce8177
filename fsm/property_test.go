package fsm

import (
	"testing"

	"pgregory.net/rapid"
)

// triggersOf lists a machine's triggers plus ones it does not know, so random runs
// also try transitions outside the table.
func triggersOf[S ~string, T ~string](m *Machine[S, T], extra ...T) []T {
	seen := map[T]bool{}
	var out []T
	for _, tr := range m.Transitions() {
		if !seen[tr.Trigger] {
			seen[tr.Trigger] = true
			out = append(out, tr.Trigger)
		}
	}
	return append(out, extra...)
}

// runRandomly follows random trigger sequences from random declared states and
// checks that the machine never reaches an undeclared state, never leaves a
// terminal one, and that Next and Check agree.
func runRandomly[S ~string, T ~string](t *rapid.T, m *Machine[S, T], triggers []T) {
	state := rapid.SampledFrom(m.states).Draw(t, "start")
	steps := rapid.SliceOfN(rapid.SampledFrom(triggers), 0, 60).Draw(t, "triggers")
	for _, trigger := range steps {
		next, ok := m.Next(state, trigger)
		err := m.Check(state, trigger, next)
		switch {
		case ok && !m.Has(next):
			t.Fatalf("%s --%s--> reached undeclared state %q", state, trigger, next)
		case ok && m.terminal[state]:
			t.Fatalf("left terminal state %s on %s (to %q)", state, trigger, next)
		case ok != (err == nil):
			t.Fatalf("Next(%s, %s) = %q, %v; Check says %v", state, trigger, next, ok, err)
		}
		if ok {
			state = next
		}
	}
}

func TestRandomTriggerSequences(t *testing.T) {
	t.Run("lights", rapid.MakeCheck(func(t *rapid.T) {
		m := MustBuild(lights())
		runRandomly(t, m, triggersOf(m, "bogus"))
	}))
}

// TestRandomDefinitions builds random definitions: Build either refuses them or
// returns a machine whose every edge joins declared states and leaves no terminal
// state, and whose table is deterministic.
func TestRandomDefinitions(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		names := []lightState{"a", "b", "c", "d", "zz"} // "zz" is never declared
		triggers := []lightTrigger{"x", "y", ""}
		states := rapid.SliceOfNDistinct(rapid.SampledFrom(names[:4]), 0, 4, rapid.ID).Draw(t, "states")
		b := New[lightState, lightTrigger]("random").States(states...)
		if rapid.Bool().Draw(t, "terminal") {
			b.Terminal(rapid.SampledFrom(names).Draw(t, "terminal state"))
		}
		for range rapid.IntRange(0, 10).Draw(t, "permits") {
			from, to := rapid.SampledFrom(names).Draw(t, "from"), rapid.SampledFrom(names).Draw(t, "to")
			trigger := rapid.SampledFrom(triggers).Draw(t, "trigger")
			if rapid.Bool().Draw(t, "any") {
				b.PermitFromAny(trigger, to)
			} else {
				b.Permit(from, trigger, to)
			}
		}
		m, err := b.Build()
		if err != nil {
			if m != nil {
				t.Fatal("Build returned a machine and an error")
			}
			return
		}
		seen := map[edgeKey[lightState, lightTrigger]]bool{}
		for _, tr := range m.Transitions() {
			if !m.Has(tr.From) || !m.Has(tr.To) || tr.Trigger == "" {
				t.Fatalf("edge %+v joins undeclared states or has no trigger", tr)
			}
			if m.terminal[tr.From] {
				t.Fatalf("edge %+v leaves a terminal state", tr)
			}
			k := edgeKey[lightState, lightTrigger]{tr.From, tr.Trigger}
			if seen[k] {
				t.Fatalf("(from, trigger) %+v appears twice", k)
			}
			seen[k] = true
		}
		again, err := b.Build()
		if err != nil || again.Mermaid() != m.Mermaid() {
			t.Fatalf("a second Build of the same definition differs (%v)", err)
		}
	})
}
