// Package fsm owns Parley's state-machine kernel and the transition tables of the
// seed machines (Shop, Dialogue, Lifecycle). The seeds are in docs/spec/: seed 000
// (Shop) is docs/spec/000-shop.txt, seeds 001 and 003 (Dialogue)
// docs/spec/001-state-machine-design.txt and docs/spec/003-conversation-states.txt,
// seed 004 (Lifecycle) docs/spec/004-agent-lifecycle.txt.
//
// A Machine is a named, immutable transition table over typed states S and triggers
// T: every (from, trigger) pair leads to at most one state, terminal states are left
// by nothing, and every state change an engine makes is either fired through the
// machine (Fire, which also runs guards and hooks) or validated against it (Check).
// A transition outside the table is never applied: it is reported as a
// *TransitionError whose code is parley.ETRANSITION.
//
// Choices where the brief leaves room, pinned by tests:
//   - A Builder without Initial starts at its first declared state.
//   - PermitFromAny(trigger, to) links every non-terminal state other than to itself;
//     a state that should loop on the trigger says so with Permit.
//   - An explicit Permit and a PermitFromAny for the same (from, trigger) and the same
//     destination merge; different destinations are a definition error.
//   - A hook's error is not a table violation: Fire returns it wrapped with context
//     (its own code preserved) and the unchanged from state.
//   - A guard's error is wrapped in a TransitionError, so its code reads ETRANSITION;
//     errors.Is and errors.As still reach the guard's own error.
//
// Choices where the seeds are ambiguous (each detailed on its machine):
//   - Shop: seed 000's section 7 reset to idle is not a transition (it replaces an
//     untrusted state); expiry and a request for a human get their own triggers on
//     pairs the seed already allows.
//   - Dialogue: seed 003's intermediate states get explicit edges derived from its
//     step_type_to_state mapping, from every state in which a step finishes.
//   - Lifecycle: created --ProcessInteraction--> idle is added from seed 004's
//     diagram; Ping and Shutdown change no state; resume is paused
//     --ProcessInteraction--> idle.
package fsm

import (
	"context"
	"errors"
	"fmt"

	"github.com/parleyhq/parley"
)

// Transition is one edge of a machine: trigger moves the machine from From to To.
type Transition[S ~string, T ~string] struct {
	From    S
	Trigger T
	To      S
}

// guardFunc decides whether a permitted transition may be taken now; a non-nil
// error refuses it.
type guardFunc = func(ctx context.Context, arg any) error

type edgeKey[S ~string, T ~string] struct {
	from    S
	trigger T
}

// anyPermit is a PermitFromAny call, expanded at Build time once the terminal
// states are known; position keeps its place among the explicit Permit calls.
type anyPermit[S ~string, T ~string] struct {
	trigger  T
	to       S
	position int
}

type guardDef[S ~string, T ~string] struct {
	key edgeKey[S, T]
	g   guardFunc
}

type hookDef[S ~string, T ~string] struct {
	state S
	f     func(ctx context.Context, tr Transition[S, T], arg any) error
}

// Builder collects a machine's definition. Its methods only record; Build checks
// everything at once and reports every problem it finds.
type Builder[S ~string, T ~string] struct {
	name       string
	states     []S
	initial    S
	hasInitial bool
	terminal   []S
	permits    []Transition[S, T]
	anys       []anyPermit[S, T]
	guards     []guardDef[S, T]
	entries    []hookDef[S, T]
	exits      []hookDef[S, T]
}

// New starts the definition of the machine called name.
func New[S ~string, T ~string](name string) *Builder[S, T] {
	return &Builder[S, T]{name: name}
}

// States declares states; their order is kept for States, Mermaid and DOT.
func (b *Builder[S, T]) States(s ...S) *Builder[S, T] {
	b.states = append(b.states, s...)
	return b
}

// Initial names the state a new run starts in (default: the first declared state).
func (b *Builder[S, T]) Initial(s S) *Builder[S, T] {
	b.initial, b.hasInitial = s, true
	return b
}

// Terminal marks states that no transition leaves.
func (b *Builder[S, T]) Terminal(s ...S) *Builder[S, T] {
	b.terminal = append(b.terminal, s...)
	return b
}

// Permit allows trigger to move the machine from from to to. Several triggers may
// link the same pair of states; one (from, trigger) pair leads to one state only.
func (b *Builder[S, T]) Permit(from S, trigger T, to S) *Builder[S, T] {
	b.permits = append(b.permits, Transition[S, T]{From: from, Trigger: trigger, To: to})
	return b
}

// PermitFromAny allows trigger to move the machine to to from every non-terminal
// state other than to itself (seed 004's "Any" rows).
func (b *Builder[S, T]) PermitFromAny(trigger T, to S) *Builder[S, T] {
	b.anys = append(b.anys, anyPermit[S, T]{trigger: trigger, to: to, position: len(b.permits)})
	return b
}

// Guard adds a check run by Fire before the (from, trigger) transition; guards of
// one edge run in the order added and the first error refuses the transition.
func (b *Builder[S, T]) Guard(from S, trigger T, g func(ctx context.Context, arg any) error) *Builder[S, T] {
	b.guards = append(b.guards, guardDef[S, T]{key: edgeKey[S, T]{from, trigger}, g: g})
	return b
}

// OnEntry adds a hook Fire runs when a transition enters s (a self transition too).
func (b *Builder[S, T]) OnEntry(s S, f func(ctx context.Context, tr Transition[S, T], arg any) error) *Builder[S, T] {
	b.entries = append(b.entries, hookDef[S, T]{state: s, f: f})
	return b
}

// OnExit adds a hook Fire runs when a transition leaves s (a self transition too).
func (b *Builder[S, T]) OnExit(s S, f func(ctx context.Context, tr Transition[S, T], arg any) error) *Builder[S, T] {
	b.exits = append(b.exits, hookDef[S, T]{state: s, f: f})
	return b
}

// Build checks the definition and returns the immutable machine. It refuses, with a
// *parley.Error of code parley.EINVALID listing every problem: no states, an empty
// or twice declared state, an undeclared state anywhere, an empty trigger, a
// duplicate (from, trigger), a transition leaving a terminal state, a guard on a
// transition that does not exist, and a nil guard or hook.
func (b *Builder[S, T]) Build() (*Machine[S, T], error) {
	var problems []error
	problem := func(format string, args ...any) {
		problems = append(problems, fmt.Errorf(format, args...))
	}
	if b.name == "" {
		problem("the machine has no name")
	}
	if len(b.states) == 0 {
		problem("no states declared")
	}
	index := make(map[S]int, len(b.states))
	for i, s := range b.states {
		if s == "" {
			problem("state %d has an empty name", i+1)
			continue
		}
		if _, dup := index[s]; dup {
			problem("state %q declared twice", s)
			continue
		}
		index[s] = i
	}
	declared := func(s S, where string) bool {
		if _, ok := index[s]; ok {
			return true
		}
		problem("%s: undeclared state %q", where, s)
		return false
	}

	initial := b.initial
	if !b.hasInitial && len(b.states) > 0 {
		initial = b.states[0]
	}
	if b.hasInitial {
		declared(initial, "initial")
	}
	terminal := make(map[S]bool, len(b.terminal))
	for _, s := range b.terminal {
		if declared(s, "terminal") {
			terminal[s] = true
		}
	}

	// Expand PermitFromAny in place, keeping declaration order for Transitions.
	var edges []Transition[S, T]
	fromAny := make(map[edgeKey[S, T]]bool)
	appendAny := func(a anyPermit[S, T]) {
		if a.trigger == "" {
			problem("from any state to %q: empty trigger", a.to)
			return
		}
		if !declared(a.to, fmt.Sprintf("from any state on %q", a.trigger)) {
			return
		}
		for _, s := range b.states {
			if terminal[s] || s == a.to {
				continue
			}
			edges = append(edges, Transition[S, T]{From: s, Trigger: a.trigger, To: a.to})
			fromAny[edgeKey[S, T]{s, a.trigger}] = true
		}
	}
	next := 0
	for i, p := range b.permits {
		for next < len(b.anys) && b.anys[next].position == i {
			appendAny(b.anys[next])
			next++
		}
		edges = append(edges, p)
	}
	for ; next < len(b.anys); next++ {
		appendAny(b.anys[next])
	}

	table := make(map[edgeKey[S, T]]S, len(edges))
	kept := edges[:0:0]
	for _, e := range edges {
		where := fmt.Sprintf("transition %s --%s--> %s", e.From, e.Trigger, e.To)
		okFrom, okTo := declared(e.From, where), declared(e.To, where)
		if !okFrom || !okTo {
			continue
		}
		if e.Trigger == "" {
			problem("%s: empty trigger", where)
			continue
		}
		if terminal[e.From] {
			problem("%s: leaves terminal state %q", where, e.From)
			continue
		}
		k := edgeKey[S, T]{e.From, e.Trigger}
		if to, dup := table[k]; dup {
			if to == e.To && fromAny[k] {
				continue // an explicit edge restating a PermitFromAny edge
			}
			problem("%s: %q on %q already leads to %q", where, e.From, e.Trigger, to)
			continue
		}
		table[k] = e.To
		kept = append(kept, e)
	}

	guards := make(map[edgeKey[S, T]][]guardFunc)
	for _, g := range b.guards {
		where := fmt.Sprintf("guard on %s --%s-->", g.key.from, g.key.trigger)
		if g.g == nil {
			problem("%s: nil guard", where)
			continue
		}
		if _, ok := table[g.key]; !ok {
			problem("%s: no such transition", where)
			continue
		}
		guards[g.key] = append(guards[g.key], g.g)
	}
	hooks := func(defs []hookDef[S, T], kind string) map[S][]func(context.Context, Transition[S, T], any) error {
		out := make(map[S][]func(context.Context, Transition[S, T], any) error)
		for _, h := range defs {
			if !declared(h.state, kind+" hook") {
				continue
			}
			if h.f == nil {
				problem("%s hook of %q: nil hook", kind, h.state)
				continue
			}
			out[h.state] = append(out[h.state], h.f)
		}
		return out
	}
	entries, exits := hooks(b.entries, "entry"), hooks(b.exits, "exit")

	if len(problems) > 0 {
		return nil, parley.WrapError(parley.EINVALID, errors.Join(problems...), "machine %q is invalid", b.name)
	}
	allowed := make(map[[2]S]bool, len(kept))
	for _, e := range kept {
		allowed[[2]S{e.From, e.To}] = true
	}
	return &Machine[S, T]{
		name:        b.name,
		states:      append([]S(nil), b.states...),
		index:       index,
		initial:     initial,
		terminal:    terminal,
		transitions: kept,
		next:        table,
		allowed:     allowed,
		guards:      guards,
		entries:     entries,
		exits:       exits,
	}, nil
}

// MustBuild builds b and panics if it is invalid. Use it only for tables written in
// Go source, where an invalid table is a programming error caught by any test;
// never for definitions read from configuration.
func MustBuild[S ~string, T ~string](b *Builder[S, T]) *Machine[S, T] {
	m, err := b.Build()
	if err != nil {
		panic(err)
	}
	return m
}

// Machine is an immutable transition table with its guards and hooks. It is safe
// for concurrent use (as far as its guards and hooks are).
type Machine[S ~string, T ~string] struct {
	name        string
	states      []S
	index       map[S]int
	initial     S
	terminal    map[S]bool
	transitions []Transition[S, T]
	next        map[edgeKey[S, T]]S
	allowed     map[[2]S]bool
	guards      map[edgeKey[S, T]][]guardFunc
	entries     map[S][]func(context.Context, Transition[S, T], any) error
	exits       map[S][]func(context.Context, Transition[S, T], any) error
}

// Name is the machine's name, used in errors and diagrams.
func (m *Machine[S, T]) Name() string { return m.name }

// States returns the declared states in declaration order.
func (m *Machine[S, T]) States() []S { return append([]S(nil), m.states...) }

// Initial is the state a new run starts in.
func (m *Machine[S, T]) Initial() S { return m.initial }

// Transitions returns every edge in declaration order (PermitFromAny expanded in
// state order where it was called).
func (m *Machine[S, T]) Transitions() []Transition[S, T] {
	return append([]Transition[S, T](nil), m.transitions...)
}

// Has reports whether s is a declared state.
func (m *Machine[S, T]) Has(s S) bool {
	_, ok := m.index[s]
	return ok
}

// IsTerminal reports whether s is a terminal state.
func (m *Machine[S, T]) IsTerminal(s S) bool { return m.terminal[s] }

// Allowed reports whether some trigger moves the machine from from to to.
func (m *Machine[S, T]) Allowed(from, to S) bool { return m.allowed[[2]S{from, to}] }

// Next returns the state trigger leads to from from, and whether there is one.
func (m *Machine[S, T]) Next(from S, trigger T) (S, bool) {
	to, ok := m.next[edgeKey[S, T]{from, trigger}]
	return to, ok
}

// Fire takes the (from, trigger) transition: it checks the table and the guards,
// runs the exit hooks of from then the entry hooks of the new state (both for a self
// transition), and returns the new state. A transition outside the table, or refused
// by a guard, is a *TransitionError; a hook's error is returned wrapped with its own
// code. On any error the returned state is from.
func (m *Machine[S, T]) Fire(ctx context.Context, from S, trigger T, arg any) (S, error) {
	to, err := m.lookup(from, trigger)
	if err != nil {
		return from, err
	}
	k := edgeKey[S, T]{from, trigger}
	for _, g := range m.guards[k] {
		if gerr := g(ctx, arg); gerr != nil {
			return from, &TransitionError[S, T]{Machine: m.name, From: from, Trigger: trigger, To: to, Reason: "refused by guard", Err: gerr}
		}
	}
	tr := Transition[S, T]{From: from, Trigger: trigger, To: to}
	for _, h := range m.exits[from] {
		if herr := h(ctx, tr, arg); herr != nil {
			return from, fmt.Errorf("fsm %s: exit hook of %s on %s: %w", m.name, from, trigger, herr)
		}
	}
	for _, h := range m.entries[to] {
		if herr := h(ctx, tr, arg); herr != nil {
			return from, fmt.Errorf("fsm %s: entry hook of %s on %s: %w", m.name, to, trigger, herr)
		}
	}
	return to, nil
}

// Check validates a transition an engine computed itself: (from, trigger) must lead
// to to in the table. Guards and hooks are not run. The error is a *TransitionError.
func (m *Machine[S, T]) Check(from S, trigger T, to S) error {
	want, err := m.lookup(from, trigger)
	if err != nil {
		var te *TransitionError[S, T]
		if errors.As(err, &te) {
			te.To = to
		}
		return err
	}
	if !m.Has(to) {
		return &TransitionError[S, T]{Machine: m.name, From: from, Trigger: trigger, To: to, Reason: "undeclared target state"}
	}
	if want != to {
		return &TransitionError[S, T]{Machine: m.name, From: from, Trigger: trigger, To: to, Reason: fmt.Sprintf("the trigger leads to %s", want)}
	}
	return nil
}

func (m *Machine[S, T]) lookup(from S, trigger T) (S, error) {
	fail := func(reason string) (S, error) {
		return from, &TransitionError[S, T]{Machine: m.name, From: from, Trigger: trigger, Reason: reason}
	}
	switch {
	case !m.Has(from):
		return fail("undeclared state")
	case m.terminal[from]:
		return fail("terminal state")
	}
	to, ok := m.next[edgeKey[S, T]{from, trigger}]
	if !ok {
		return fail("no such transition")
	}
	return to, nil
}

// TransitionError reports a transition outside a machine's table or refused by a
// guard. It carries the machine, the state and the trigger (and the target, when
// known); Unwrap yields a *parley.Error with code parley.ETRANSITION wrapping the
// guard's error, so parley.ErrorCode(err) == parley.ETRANSITION and errors.Is finds
// the guard's error.
type TransitionError[S ~string, T ~string] struct {
	Machine string
	From    S
	Trigger T
	To      S // empty when the trigger leads nowhere
	Reason  string
	Err     error // the guard's error, nil for a transition outside the table
}

func (e *TransitionError[S, T]) message() string {
	msg := fmt.Sprintf("fsm %s: %s --%s-->", e.Machine, e.From, e.Trigger)
	if e.To != "" {
		msg += " " + string(e.To)
	}
	return msg + ": " + e.Reason
}

func (e *TransitionError[S, T]) Error() string {
	if e.Err != nil {
		return e.message() + ": " + e.Err.Error()
	}
	return e.message()
}

// Unwrap returns the *parley.Error (code parley.ETRANSITION) this error stands for.
func (e *TransitionError[S, T]) Unwrap() error {
	return &parley.Error{Code: parley.ETRANSITION, Message: e.message(), Err: e.Err}
}
