package fsm

import (
	"context"
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

func TestBuildAccessors(t *testing.T) {
	m, err := lights().Build()
	if err != nil {
		t.Fatal(err)
	}
	if m.Name() != "lights" || m.Initial() != red {
		t.Errorf("Name, Initial = %q, %q", m.Name(), m.Initial())
	}
	if diff := cmp.Diff([]lightState{red, green, yellow, broken}, m.States()); diff != "" {
		t.Errorf("States (-want +got):\n%s", diff)
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
	// The accessors hand out copies: changing them cannot change the machine.
	m.States()[0] = "mutated"
	m.Transitions()[0].To = "mutated"
	if m.States()[0] != red || m.Transitions()[0].To != green {
		t.Error("States or Transitions exposed the machine's own slices")
	}
	for _, tc := range []struct {
		s             lightState
		has, terminal bool
	}{{red, true, false}, {broken, true, true}, {"blue", false, false}, {"", false, false}} {
		if m.Has(tc.s) != tc.has || m.IsTerminal(tc.s) != tc.terminal {
			t.Errorf("Has(%q), IsTerminal = %v, %v; want %v, %v", tc.s, m.Has(tc.s), m.IsTerminal(tc.s), tc.has, tc.terminal)
		}
	}
	for _, tc := range []struct {
		from, to lightState
		want     bool
	}{{red, green, true}, {red, red, true}, {green, red, false}, {broken, red, false}, {yellow, broken, true}, {"blue", red, false}} {
		if got := m.Allowed(tc.from, tc.to); got != tc.want {
			t.Errorf("Allowed(%q, %q) = %v", tc.from, tc.to, got)
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
	if m.Initial() != green {
		t.Errorf("Initial = %q, want the first declared state", m.Initial())
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
	okGuard := func(context.Context, any) error { return nil }
	okHook := func(context.Context, Transition[lightState, lightTrigger], any) error { return nil }
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
		{"guard on missing transition", lights().Guard(green, stay, okGuard), "no such transition"},
		{"nil guard", lights().Guard(red, tick, nil), "nil guard"},
		{"entry hook of undeclared state", lights().OnEntry("blue", okHook), `undeclared state "blue"`},
		{"exit hook of undeclared state", lights().OnExit("blue", okHook), `undeclared state "blue"`},
		{"nil hook", lights().OnEntry(red, nil), "nil hook"},
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

// recorder logs guard and hook calls in the order they happen.
type recorder struct{ calls []string }

func (r *recorder) guard(name string, err error) func(context.Context, any) error {
	return func(_ context.Context, arg any) error {
		r.calls = append(r.calls, name+"("+arg.(string)+")")
		return err
	}
}

func (r *recorder) hook(name string, err error) func(context.Context, Transition[lightState, lightTrigger], any) error {
	return func(_ context.Context, tr Transition[lightState, lightTrigger], arg any) error {
		r.calls = append(r.calls, name+"("+string(tr.From)+"-"+string(tr.Trigger)+"->"+string(tr.To)+","+arg.(string)+")")
		return err
	}
}

func TestFireRunsGuardsThenExitThenEntryHooks(t *testing.T) {
	var r recorder
	m := MustBuild(lights().
		Guard(red, tick, r.guard("guard1", nil)).
		Guard(red, tick, r.guard("guard2", nil)).
		OnExit(red, r.hook("exitRed1", nil)).
		OnExit(red, r.hook("exitRed2", nil)).
		OnEntry(green, r.hook("enterGreen", nil)).
		OnEntry(red, r.hook("enterRed", nil)).
		OnExit(green, r.hook("exitGreen", nil)))

	to, err := m.Fire(context.Background(), red, tick, "a")
	if err != nil || to != green {
		t.Fatalf("Fire(red, tick) = %q, %v", to, err)
	}
	want := []string{"guard1(a)", "guard2(a)", "exitRed1(red-tick->green,a)", "exitRed2(red-tick->green,a)", "enterGreen(red-tick->green,a)"}
	if diff := cmp.Diff(want, r.calls); diff != "" {
		t.Errorf("calls (-want +got):\n%s", diff)
	}

	// A self transition leaves and re-enters its state.
	r.calls = nil
	to, err = m.Fire(context.Background(), red, stay, "b")
	if err != nil || to != red {
		t.Fatalf("Fire(red, stay) = %q, %v", to, err)
	}
	want = []string{"exitRed1(red-stay->red,b)", "exitRed2(red-stay->red,b)", "enterRed(red-stay->red,b)"}
	if diff := cmp.Diff(want, r.calls); diff != "" {
		t.Errorf("self transition calls (-want +got):\n%s", diff)
	}
}

func TestFireGuardRefusal(t *testing.T) {
	var r recorder
	refused := parley.Errorf(parley.ECONFLICT, "not now")
	m := MustBuild(lights().
		Guard(red, tick, r.guard("guard1", refused)).
		Guard(red, tick, r.guard("guard2", nil)).
		OnExit(red, r.hook("exitRed", nil)).
		OnEntry(green, r.hook("enterGreen", nil)))

	to, err := m.Fire(context.Background(), red, tick, "a")
	if to != red {
		t.Errorf("Fire returned %q on refusal, want the unchanged state", to)
	}
	if diff := cmp.Diff([]string{"guard1(a)"}, r.calls); diff != "" {
		t.Errorf("a refusing guard must stop everything after it (-want +got):\n%s", diff)
	}
	var te *TransitionError[lightState, lightTrigger]
	if !errors.As(err, &te) {
		t.Fatalf("error %T %v is not a *TransitionError", err, err)
	}
	want := TransitionError[lightState, lightTrigger]{Machine: "lights", From: red, Trigger: tick, To: green, Reason: "refused by guard", Err: refused}
	if diff := cmp.Diff(want, *te); diff != "" {
		t.Errorf("TransitionError (-want +got):\n%s", diff)
	}
	if !errors.Is(err, refused) {
		t.Error("errors.Is does not find the guard's error")
	}
	if code := parley.ErrorCode(err); code != parley.ETRANSITION {
		t.Errorf("ErrorCode = %q, want %q even when the guard's error has another code", code, parley.ETRANSITION)
	}
}

func TestFireHookFailureKeepsStateAndCode(t *testing.T) {
	down := parley.Errorf(parley.EUNAVAILABLE, "store down")
	for _, tc := range []struct {
		name              string
		exitErr, entryErr error
		calls             []string
	}{
		{"exit", down, nil, []string{"exitRed(red-tick->green,a)"}},
		{"entry", nil, down, []string{"exitRed(red-tick->green,a)", "enterGreen(red-tick->green,a)"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var r recorder
			m := MustBuild(lights().
				OnExit(red, r.hook("exitRed", tc.exitErr)).
				OnEntry(green, r.hook("enterGreen", tc.entryErr)).
				OnEntry(green, r.hook("enterGreen2", nil)))
			to, err := m.Fire(context.Background(), red, tick, "a")
			if to != red {
				t.Errorf("Fire returned %q after a failed hook, want the unchanged state", to)
			}
			if !errors.Is(err, down) || parley.ErrorCode(err) != parley.EUNAVAILABLE {
				t.Errorf("error %v: want the hook's error with its own code", err)
			}
			if diff := cmp.Diff(tc.calls, r.calls); diff != "" {
				t.Errorf("calls (-want +got):\n%s", diff)
			}
		})
	}
}

func TestFireAndCheckOutsideTheTable(t *testing.T) {
	var r recorder
	m := MustBuild(lights().Guard(red, tick, r.guard("guard", errors.New("never"))).OnExit(red, r.hook("exitRed", nil)))
	tests := []struct {
		name    string
		from    lightState
		trigger lightTrigger
		to      lightState // for Check
		reason  string
	}{
		{"no transition", green, stay, green, "no such transition"},
		{"undeclared from", "blue", tick, red, "undeclared state"},
		{"terminal from", broken, tick, red, "terminal state"},
		{"terminal from on any trigger", broken, smash, broken, "terminal state"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			to, fireErr := m.Fire(context.Background(), tc.from, tc.trigger, "a")
			if to != tc.from {
				t.Errorf("Fire returned %q, want the unchanged %q", to, tc.from)
			}
			checkErr := m.Check(tc.from, tc.trigger, tc.to)
			for name, err := range map[string]error{"Fire": fireErr, "Check": checkErr} {
				var te *TransitionError[lightState, lightTrigger]
				if !errors.As(err, &te) {
					t.Fatalf("%s error %T %v is not a *TransitionError", name, err, err)
				}
				if te.Machine != "lights" || te.From != tc.from || te.Trigger != tc.trigger || te.Reason != tc.reason || te.Err != nil {
					t.Errorf("%s: %+v, want from %q trigger %q reason %q", name, *te, tc.from, tc.trigger, tc.reason)
				}
				if code := parley.ErrorCode(err); code != parley.ETRANSITION {
					t.Errorf("%s: ErrorCode = %q, want %q", name, code, parley.ETRANSITION)
				}
			}
			if len(r.calls) > 0 {
				t.Errorf("guards or hooks ran for a transition outside the table: %v", r.calls)
			}
		})
	}
}

func TestCheck(t *testing.T) {
	var r recorder
	m := MustBuild(lights().Guard(red, tick, r.guard("guard", errors.New("refused"))).OnEntry(green, r.hook("enterGreen", nil)))
	if err := m.Check(red, tick, green); err != nil {
		t.Errorf("Check(red, tick, green) = %v", err)
	}
	if len(r.calls) > 0 {
		t.Errorf("Check ran guards or hooks: %v", r.calls)
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
		{&TransitionError[lightState, lightTrigger]{Machine: "lights", From: red, Trigger: tick, To: green, Reason: "refused by guard", Err: errors.New("busy")},
			"fsm lights: red --tick--> green: refused by guard: busy"},
	}
	for _, tc := range tests {
		if got := tc.err.Error(); got != tc.want {
			t.Errorf("Error() = %q, want %q", got, tc.want)
		}
		var pe *parley.Error
		if !errors.As(tc.err, &pe) || pe.Code != parley.ETRANSITION || pe.Err != tc.err.Err {
			t.Errorf("Unwrap = %+v, want a *parley.Error %q wrapping %v", pe, parley.ETRANSITION, tc.err.Err)
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
			s := m.Initial()
			for range 300 {
				next, err := m.Fire(context.Background(), s, tick, nil)
				if err != nil {
					t.Error(err)
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
	if m.Has("blue") || m.Allowed(green, "blue") {
		t.Error("the machine changed when its builder did")
	}
}
