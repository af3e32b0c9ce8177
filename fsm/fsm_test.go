package fsm

import (
	"errors"
	"strings"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/parleyhq/parley"
)

type lightState string
type lightTrigger string

const (
	red    lightState = "red"
	green  lightState = "green"
	yellow lightState = "yellow"
	broken lightState = "broken"

	tick  lightTrigger = "tick"
	stay  lightTrigger = "stay"
	smash lightTrigger = "smash"
)

func lights() *Builder[lightState, lightTrigger] {
	return New[lightState, lightTrigger]("lights").
		States(red, green, yellow, broken).
		Initial(red).
		Terminal(broken).
		Permit(red, tick, green).
		Permit(green, tick, yellow).
		Permit(yellow, tick, red).
		Permit(red, stay, red).
		PermitFromAny(smash, broken)
}

// pairs lists the (from, to) pairs some trigger links.
func pairsOf[S ~string, T ~string](m *Machine[S, T]) map[[2]S]bool {
	out := map[[2]S]bool{}
	for _, tr := range m.Transitions() {
		out[[2]S{tr.From, tr.To}] = true
	}
	return out
}

func TestBuild(t *testing.T) {
	m, err := lights().Build()
	if err != nil {
		t.Fatal(err)
	}
	if m.name != "lights" || m.initial != red {
		t.Errorf("name, initial = %q, %q", m.name, m.initial)
	}
	if diff := cmp.Diff([]lightState{red, green, yellow, broken}, m.states); diff != "" {
		t.Errorf("states (-want +got):\n%s", diff)
	}
	// Explicit edges in call order, PermitFromAny expanded in state order where called,
	// skipping terminal states and its own target.
	want := []Transition[lightState, lightTrigger]{
		{red, tick, green}, {green, tick, yellow}, {yellow, tick, red}, {red, stay, red},
		{red, smash, broken}, {green, smash, broken}, {yellow, smash, broken},
	}
	if diff := cmp.Diff(want, m.Transitions()); diff != "" {
		t.Errorf("Transitions (-want +got):\n%s", diff)
	}
	// Transitions hands out a copy: changing it cannot change the machine.
	m.Transitions()[0].To = "mutated"
	if m.Transitions()[0].To != green {
		t.Error("Transitions exposed the machine's own slice")
	}
	for _, tc := range []struct {
		s             lightState
		has, terminal bool
	}{{red, true, false}, {broken, true, true}, {"blue", false, false}, {"", false, false}} {
		if m.Has(tc.s) != tc.has || m.terminal[tc.s] != tc.terminal {
			t.Errorf("Has(%q), terminal = %v, %v; want %v, %v", tc.s, m.Has(tc.s), m.terminal[tc.s], tc.has, tc.terminal)
		}
	}
	allowed := pairsOf(m)
	for _, tc := range []struct {
		from, to lightState
		want     bool
	}{{red, green, true}, {red, red, true}, {green, red, false}, {broken, red, false}, {yellow, broken, true}, {"blue", red, false}} {
		if got := allowed[[2]lightState{tc.from, tc.to}]; got != tc.want {
			t.Errorf("pair (%q, %q) = %v", tc.from, tc.to, got)
		}
	}
	if to, ok := m.Next(green, tick); !ok || to != yellow {
		t.Errorf("Next(green, tick) = %q, %v", to, ok)
	}
	if to, ok := m.Next(green, stay); ok {
		t.Errorf("Next(green, stay) = %q, true", to)
	}
}

func TestInitialDefaultsToFirstState(t *testing.T) {
	m, err := New[lightState, lightTrigger]("l").States(green, red).Permit(green, tick, red).Build()
	if err != nil {
		t.Fatal(err)
	}
	if m.initial != green {
		t.Errorf("initial = %q, want the first declared state", m.initial)
	}
}

func TestPermitFromAnyMergesWithSameExplicitEdge(t *testing.T) {
	// Seed 004 lists "Idle | Cancel | Cancelled" and "Any | Cancel | Cancelled": the
	// same edge twice is one edge, whichever comes first.
	for _, b := range []*Builder[lightState, lightTrigger]{
		New[lightState, lightTrigger]("l").States(red, broken).Terminal(broken).Permit(red, smash, broken).PermitFromAny(smash, broken),
		New[lightState, lightTrigger]("l").States(red, broken).Terminal(broken).PermitFromAny(smash, broken).Permit(red, smash, broken),
	} {
		m, err := b.Build()
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff([]Transition[lightState, lightTrigger]{{red, smash, broken}}, m.Transitions()); diff != "" {
			t.Errorf("Transitions (-want +got):\n%s", diff)
		}
	}
}

func TestBuildRefusesInvalidDefinitions(t *testing.T) {
	tests := []struct {
		name    string
		b       *Builder[lightState, lightTrigger]
		problem string // part of the reason Build must give
	}{
		{"no states", New[lightState, lightTrigger]("l"), "no states"},
		{"no name", New[lightState, lightTrigger]("").States(red), "no name"},
		{"empty state", New[lightState, lightTrigger]("l").States(red, ""), "empty name"},
		{"state declared twice", New[lightState, lightTrigger]("l").States(red, green, red), `"red" declared twice`},
		{"undeclared initial", lights().Initial("blue"), `initial: undeclared state "blue"`},
		{"undeclared terminal", lights().Terminal("blue"), `terminal: undeclared state "blue"`},
		{"undeclared from", lights().Permit("blue", tick, red), `undeclared state "blue"`},
		{"undeclared to", lights().Permit(red, "paint", "blue"), `undeclared state "blue"`},
		{"undeclared any target", lights().PermitFromAny("paint", "blue"), `undeclared state "blue"`},
		{"empty trigger", lights().Permit(green, "", red), "empty trigger"},
		{"empty any trigger", lights().PermitFromAny("", red), "empty trigger"},
		{"duplicate from and trigger", lights().Permit(red, tick, yellow), `"red" on "tick" already leads to "green"`},
		{"duplicate with the same target", lights().Permit(red, tick, green), `"red" on "tick" already leads to "green"`},
		{"explicit edge contradicts any", lights().Permit(red, smash, yellow), `"red" on "smash" already leads to "broken"`},
		{"leaves terminal state", lights().Permit(broken, tick, red), `leaves terminal state "broken"`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			m, err := tc.b.Build()
			if err == nil {
				t.Fatalf("Build() = %v, nil; want an error", m)
			}
			if m != nil {
				t.Errorf("Build() returned a machine with its error")
			}
			if code := parley.ErrorCode(err); code != parley.EINVALID {
				t.Errorf("ErrorCode = %q, want %q", code, parley.EINVALID)
			}
			if !strings.Contains(err.Error(), tc.problem) {
				t.Errorf("error %q does not name the problem %q", err, tc.problem)
			}
		})
	}
}

func TestBuildReportsEveryProblem(t *testing.T) {
	_, err := lights().Permit("blue", tick, red).Permit(broken, tick, red).Build()
	for _, want := range []string{`undeclared state "blue"`, `leaves terminal state "broken"`} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error %q lacks %q", err, want)
		}
	}
}

func TestMustBuildPanicsOnInvalidTable(t *testing.T) {
	defer func() {
		r := recover()
		err, ok := r.(error)
		if !ok || parley.ErrorCode(err) != parley.EINVALID {
			t.Errorf("recovered %v, want an EINVALID error", r)
		}
	}()
	MustBuild(New[lightState, lightTrigger]("l"))
}

func TestCheckOutsideTheTable(t *testing.T) {
	m := MustBuild(lights())
	tests := []struct {
		name    string
		from    lightState
		trigger lightTrigger
		to      lightState
		reason  string
	}{
		{"no transition", green, stay, green, "no such transition"},
		{"undeclared from", "blue", tick, red, "undeclared state"},
		{"terminal from", broken, tick, red, "terminal state"},
		{"terminal from on any trigger", broken, smash, broken, "terminal state"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			err := m.Check(tc.from, tc.trigger, tc.to)
			var te *TransitionError[lightState, lightTrigger]
			if !errors.As(err, &te) {
				t.Fatalf("error %T %v is not a *TransitionError", err, err)
			}
			if te.Machine != "lights" || te.From != tc.from || te.Trigger != tc.trigger || te.Reason != tc.reason {
				t.Errorf("%+v, want from %q trigger %q reason %q", *te, tc.from, tc.trigger, tc.reason)
			}
			if code := parley.ErrorCode(err); code != parley.ETRANSITION {
				t.Errorf("ErrorCode = %q, want %q", code, parley.ETRANSITION)
			}
		})
	}
}

func TestCheck(t *testing.T) {
	m := MustBuild(lights())
	if err := m.Check(red, tick, green); err != nil {
		t.Errorf("Check(red, tick, green) = %v", err)
	}
	for _, tc := range []struct {
		to     lightState
		reason string
	}{
		{yellow, "the trigger leads to green"},
		{"blue", "undeclared target state"},
	} {
		err := m.Check(red, tick, tc.to)
		var te *TransitionError[lightState, lightTrigger]
		if !errors.As(err, &te) {
			t.Fatalf("Check(red, tick, %q) = %v, want a *TransitionError", tc.to, err)
		}
		want := TransitionError[lightState, lightTrigger]{Machine: "lights", From: red, Trigger: tick, To: tc.to, Reason: tc.reason}
		if diff := cmp.Diff(want, *te); diff != "" {
			t.Errorf("Check(red, tick, %q) (-want +got):\n%s", tc.to, diff)
		}
		if parley.ErrorCode(err) != parley.ETRANSITION {
			t.Errorf("ErrorCode = %q", parley.ErrorCode(err))
		}
	}
}

func TestTransitionErrorText(t *testing.T) {
	tests := []struct {
		err  *TransitionError[lightState, lightTrigger]
		want string
	}{
		{&TransitionError[lightState, lightTrigger]{Machine: "lights", From: green, Trigger: stay, Reason: "no transition"},
			"fsm lights: green --stay-->: no transition"},
		{&TransitionError[lightState, lightTrigger]{Machine: "lights", From: red, Trigger: tick, To: yellow, Reason: "the trigger leads to green"},
			"fsm lights: red --tick--> yellow: the trigger leads to green"},
	}
	for _, tc := range tests {
		if got := tc.err.Error(); got != tc.want {
			t.Errorf("Error() = %q, want %q", got, tc.want)
		}
		var pe *parley.Error
		if !errors.As(tc.err, &pe) || pe.Code != parley.ETRANSITION || pe.Message != tc.want {
			t.Errorf("Unwrap = %+v, want a *parley.Error %q saying %q", pe, parley.ETRANSITION, tc.want)
		}
	}
}

func TestMachineIsSafeForConcurrentUse(t *testing.T) {
	m := MustBuild(lights())
	var wg sync.WaitGroup
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			s := m.initial
			for range 300 {
				next, ok := m.Next(s, tick)
				if err := m.Check(s, tick, next); !ok || err != nil {
					t.Error(s, tick, err)
					return
				}
				s = next
				_ = m.Mermaid()
			}
		}()
	}
	wg.Wait()
}

func TestBuilderChangesAfterBuildDoNotReachTheMachine(t *testing.T) {
	b := lights()
	m := MustBuild(b)
	b.States("blue").Permit(green, stay, "blue")
	if _, ok := m.Next(green, stay); ok || m.Has("blue") {
		t.Error("the machine changed when its builder did")
	}
}
