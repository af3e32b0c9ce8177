// Package fsm is Parley's state-machine kernel: an immutable transition table over
// an engine's own state and trigger types. Each engine declares its table in its own
// package, from Go literals, and goes through it for every state change it makes:
// Next says where a trigger leads, Check validates a move the engine computed,
// Transitions lists the edges, Mermaid and DOT draw them. The kernel owns no domain
// vocabulary and runs no code on a transition: what a move means is the engine's.
//
// A Machine is a named table over typed states S and triggers T: every (from,
// trigger) pair leads to at most one state, and terminal states are left by nothing.
// A transition outside the table is never applied: it is reported as a
// *TransitionError whose code is parley.ETRANSITION.
//
// Choices where the brief leaves room, pinned by tests:
//   - A Builder without Initial starts at its first declared state.
//   - PermitFromAny(trigger, to) links every non-terminal state other than to itself;
//     a state that should loop on the trigger says so with Permit.
//   - An explicit Permit and a PermitFromAny for the same (from, trigger) and the same
//     destination merge; different destinations are a definition error.
package fsm

import (
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

type edgeKey[S ~string, T ~string] struct {
	from    S
	trigger T
}

// rule is a Permit call, or a PermitFromAny call (any) with no From, expanded at
// Build time once the terminal states are known.
type rule[S ~string, T ~string] struct {
	Transition[S, T]
	any bool
}

// Builder collects a machine's definition. Its methods only record; Build checks
// everything at once and reports every problem it finds.
type Builder[S ~string, T ~string] struct {
	name       string
	states     []S
	initial    S
	hasInitial bool
	terminal   []S
	rules      []rule[S, T]
}

// New starts the definition of the machine called name.
func New[S ~string, T ~string](name string) *Builder[S, T] {
	return &Builder[S, T]{name: name}
}

// States declares states; their order is kept for Mermaid and DOT.
func (b *Builder[S, T]) States(s ...S) *Builder[S, T] {
	b.states = append(b.states, s...)
	return b
}

// Initial names the state a new run starts in (default: the first declared state),
// the one the diagrams point at.
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
	b.rules = append(b.rules, rule[S, T]{Transition: Transition[S, T]{From: from, Trigger: trigger, To: to}})
	return b
}

// PermitFromAny allows trigger to move the machine to to from every non-terminal
// state other than to itself (a table's "Any" rows).
func (b *Builder[S, T]) PermitFromAny(trigger T, to S) *Builder[S, T] {
	b.rules = append(b.rules, rule[S, T]{Transition: Transition[S, T]{Trigger: trigger, To: to}, any: true})
	return b
}

// Build checks the definition and returns the immutable machine. It refuses, with a
// *parley.Error of code parley.EINVALID listing every problem: no name, no states,
// an empty or twice declared state, an undeclared state anywhere, an empty trigger,
// a duplicate (from, trigger), and a transition leaving a terminal state.
func (b *Builder[S, T]) Build() (*Machine[S, T], error) {
	c := &checker[S, T]{b: b, declared: make(map[S]bool, len(b.states))}
	if b.name == "" {
		c.problem("the machine has no name")
	}
	m := &Machine[S, T]{name: b.name, states: append([]S(nil), b.states...), declared: c.declared}
	m.initial, m.terminal = c.declare()
	m.transitions, m.next = c.table(m.terminal)
	if len(c.problems) > 0 {
		return nil, parley.WrapError(parley.EINVALID, errors.Join(c.problems...), "machine %q is invalid", b.name)
	}
	return m, nil
}

// checker is one Build in progress: the declared states and the problems found.
type checker[S ~string, T ~string] struct {
	b        *Builder[S, T]
	declared map[S]bool
	problems []error
}

func (c *checker[S, T]) problem(format string, args ...any) {
	c.problems = append(c.problems, fmt.Errorf(format, args...))
}

// known reports whether s is declared, recording a problem at where if not.
func (c *checker[S, T]) known(s S, where string) bool {
	if !c.declared[s] {
		c.problem("%s: undeclared state %q", where, s)
	}
	return c.declared[s]
}

// declareState records state i (counted from 0) of the declaration: a name,
// given once.
func (c *checker[S, T]) declareState(i int, s S) {
	switch {
	case s == "":
		c.problem("state %d has an empty name", i+1)
	case c.declared[s]:
		c.problem("state %q declared twice", s)
	default:
		c.declared[s] = true
	}
}

// declare records the declared states and returns the initial and terminal ones.
func (c *checker[S, T]) declare() (initial S, terminal map[S]bool) {
	if len(c.b.states) == 0 {
		c.problem("no states declared")
	}
	for i, s := range c.b.states {
		c.declareState(i, s)
	}
	switch {
	case c.b.hasInitial:
		initial = c.b.initial
		c.known(initial, "initial")
	case len(c.b.states) > 0:
		initial = c.b.states[0]
	}
	terminal = make(map[S]bool, len(c.b.terminal))
	for _, s := range c.b.terminal {
		terminal[s] = c.known(s, "terminal")
	}
	return initial, terminal
}

// table returns the valid edges in declaration order (PermitFromAny expanded where
// it was called) and their index by (from, trigger).
func (c *checker[S, T]) table(terminal map[S]bool) ([]Transition[S, T], map[edgeKey[S, T]]S) {
	next := make(map[edgeKey[S, T]]S)
	fromAny := make(map[edgeKey[S, T]]bool)
	var kept []Transition[S, T]
	for _, r := range c.b.rules {
		for _, e := range c.edges(r, terminal) {
			if c.keep(e, r.any, terminal, next, fromAny) {
				kept = append(kept, e)
			}
		}
	}
	return kept, next
}

// keep checks edge e of a rule (anyRule: of PermitFromAny) against the edges kept so
// far (next, fromAny) and reports whether it is a new one to keep, indexing it:
// an invalid edge or one that contradicts a kept edge is a problem, an "Any" edge
// restated is dropped.
func (c *checker[S, T]) keep(e Transition[S, T], anyRule bool, terminal map[S]bool, next map[edgeKey[S, T]]S, fromAny map[edgeKey[S, T]]bool) bool {
	k := edgeKey[S, T]{e.From, e.Trigger}
	to, dup := next[k]
	switch {
	case !c.valid(e, terminal):
	case dup && to == e.To && (anyRule || fromAny[k]): // an "Any" edge restated
	case dup:
		c.problem("transition %s --%s--> %s: %q on %q already leads to %q", e.From, e.Trigger, e.To, e.From, e.Trigger, to)
	default:
		next[k], fromAny[k] = e.To, anyRule
		return true
	}
	return false
}

// edges lists the edges of one rule: an explicit edge, or PermitFromAny's from
// every non-terminal state other than its target.
func (c *checker[S, T]) edges(r rule[S, T], terminal map[S]bool) []Transition[S, T] {
	switch {
	case !r.any:
		return []Transition[S, T]{r.Transition}
	case r.Trigger == "":
		c.problem("from any state to %q: empty trigger", r.To)
		return nil
	case !c.known(r.To, fmt.Sprintf("from any state on %q", r.Trigger)):
		return nil
	}
	var out []Transition[S, T]
	for _, s := range c.b.states {
		if !terminal[s] && s != r.To {
			out = append(out, Transition[S, T]{From: s, Trigger: r.Trigger, To: r.To})
		}
	}
	return out
}

// valid checks one edge on its own: declared states, a trigger, a non-terminal from.
func (c *checker[S, T]) valid(e Transition[S, T], terminal map[S]bool) bool {
	where := fmt.Sprintf("transition %s --%s--> %s", e.From, e.Trigger, e.To)
	okFrom, okTo := c.known(e.From, where), c.known(e.To, where)
	switch {
	case !okFrom || !okTo:
		return false
	case e.Trigger == "":
		c.problem("%s: empty trigger", where)
		return false
	case terminal[e.From]:
		c.problem("%s: leaves terminal state %q", where, e.From)
		return false
	}
	return true
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

// Machine is an immutable transition table, safe for concurrent use.
type Machine[S ~string, T ~string] struct {
	name        string
	states      []S
	declared    map[S]bool
	initial     S
	terminal    map[S]bool
	transitions []Transition[S, T]
	next        map[edgeKey[S, T]]S
}

// Transitions returns every edge in declaration order (PermitFromAny expanded in
// state order where it was called).
func (m *Machine[S, T]) Transitions() []Transition[S, T] {
	return append([]Transition[S, T](nil), m.transitions...)
}

// Has reports whether s is a declared state.
func (m *Machine[S, T]) Has(s S) bool { return m.declared[s] }

// Next returns the state trigger leads to from from, and whether there is one.
func (m *Machine[S, T]) Next(from S, trigger T) (S, bool) {
	to, ok := m.next[edgeKey[S, T]{from, trigger}]
	return to, ok
}

// Check validates a transition an engine computed itself: (from, trigger) must lead
// to to in the table. The error is a *TransitionError.
func (m *Machine[S, T]) Check(from S, trigger T, to S) error {
	want, reason := m.target(from, trigger)
	switch {
	case reason != "":
	case !m.Has(to):
		reason = "undeclared target state"
	case want != to:
		reason = "the trigger leads to " + string(want)
	default:
		return nil
	}
	return &TransitionError[S, T]{Machine: m.name, From: from, Trigger: trigger, To: to, Reason: reason}
}

// target is the state trigger leads to from from, or why there is none.
func (m *Machine[S, T]) target(from S, trigger T) (S, string) {
	switch {
	case !m.Has(from):
		return from, "undeclared state"
	case m.terminal[from]:
		return from, "terminal state"
	}
	to, ok := m.next[edgeKey[S, T]{from, trigger}]
	if !ok {
		return from, "no such transition"
	}
	return to, ""
}

// TransitionError reports a transition outside a machine's table. It carries the
// machine, the state and the trigger (and the target, when known); Unwrap yields a
// *parley.Error with code parley.ETRANSITION, so parley.ErrorCode(err) ==
// parley.ETRANSITION.
type TransitionError[S ~string, T ~string] struct {
	Machine string
	From    S
	Trigger T
	To      S // empty when the trigger leads nowhere
	Reason  string
}

func (e *TransitionError[S, T]) Error() string {
	msg := fmt.Sprintf("fsm %s: %s --%s-->", e.Machine, e.From, e.Trigger)
	if e.To != "" {
		msg += " " + string(e.To)
	}
	return msg + ": " + e.Reason
}

// Unwrap returns the *parley.Error (code parley.ETRANSITION) this error stands for.
func (e *TransitionError[S, T]) Unwrap() error {
	return &parley.Error{Code: parley.ETRANSITION, Message: e.Error()}
}
