package fsm

import (
	"fmt"
	"strings"

	"github.com/parleyhq/parley"
)

// Mermaid renders the machine as a Mermaid stateDiagram-v2: states in declaration
// order, then the initial arrow, then every edge in Transitions order labelled with
// its trigger, then an arrow to the end for each terminal state. The output depends
// only on the definition, so it can be kept as a golden file.
func (m *Machine[S, T]) Mermaid() string {
	var b strings.Builder
	fmt.Fprintf(&b, "---\ntitle: %s\n---\nstateDiagram-v2\n", m.name)
	for _, s := range m.states {
		// Declaring every state keeps isolated states visible and gives each an id
		// that cannot collide with Mermaid keywords.
		fmt.Fprintf(&b, "    state %q as %s\n", string(s), mermaidID(string(s)))
	}
	fmt.Fprintf(&b, "    [*] --> %s\n", mermaidID(string(m.initial)))
	for _, t := range m.transitions {
		fmt.Fprintf(&b, "    %s --> %s : %s\n", mermaidID(string(t.From)), mermaidID(string(t.To)), t.Trigger)
	}
	for _, s := range m.states {
		if m.terminal[s] {
			fmt.Fprintf(&b, "    %s --> [*]\n", mermaidID(string(s)))
		}
	}
	return b.String()
}

// mermaidID turns a state name into a Mermaid identifier: a fixed prefix avoids
// keywords (end, state) and every character outside [A-Za-z0-9_] becomes '_'.
func mermaidID(s string) string {
	var b strings.Builder
	b.WriteString("s_")
	for _, r := range s {
		if r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' {
			b.WriteRune(r)
		} else {
			b.WriteByte('_')
		}
	}
	return b.String()
}

// Graph draws the machine as Mermaid (format "mermaid" or "") or DOT ("dot"), so
// that a machine is a parley.Grapher (the lifecycle at GET /v1/bots/{bot}/graph
// ?machine=lifecycle); any other format is EINVALID.
func (m *Machine[S, T]) Graph(format string) (string, error) {
	return parley.DrawGraph(format, m.Mermaid, m.DOT)
}

// DOT renders the machine as a Graphviz digraph, deterministic like Mermaid:
// terminal states are double circles, the initial state is pointed at by a dot.
func (m *Machine[S, T]) DOT() string {
	var b strings.Builder
	fmt.Fprintf(&b, "digraph %q {\n", m.name)
	b.WriteString("\trankdir=LR;\n")
	b.WriteString("\tnode [shape=ellipse];\n")
	b.WriteString("\t\"__start\" [shape=point, label=\"\"];\n")
	for _, s := range m.states {
		if m.terminal[s] {
			fmt.Fprintf(&b, "\t%q [shape=doublecircle];\n", string(s))
		} else {
			fmt.Fprintf(&b, "\t%q;\n", string(s))
		}
	}
	fmt.Fprintf(&b, "\t\"__start\" -> %q;\n", string(m.initial))
	for _, t := range m.transitions {
		fmt.Fprintf(&b, "\t%q -> %q [label=%q];\n", string(t.From), string(t.To), string(t.Trigger))
	}
	b.WriteString("}\n")
	return b.String()
}
