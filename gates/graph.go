package gates

import (
	"context"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/parleyhq/parley"
)

// graphEdge is one arrow of a flow's diagram.
type graphEdge struct{ from, to, label string }

// Graph draws the flow as Mermaid or DOT (`parley graph`, the inspector). A gates flow
// has no edges between nodes (seed 002), so the diagram shows what links them: each
// node (a box), the states it requires and produces, the gates (diamonds) it requires
// and those that the facts it produces or its satisfies list open, and the primary
// goal. Ids are the
// node ids, "state:NAME", "gate:NAME" and "goal", so that a conversation's
// lastSelectedNode, states and gatesSatisfied name their place on it.
func (f *Flow) Graph(format string) (string, error) {
	g := &flowGraph{kinds: map[string]string{}}
	for i := range f.Nodes {
		g.node(&f.Nodes[i])
	}
	for _, name := range slices.Sorted(maps.Keys(f.Gates)) {
		g.gate(f, name)
	}
	g.goal(f.PrimaryGoal)
	return parley.DrawGraph(format,
		func() string { return f.mermaid(g.order, g.kinds, g.edges) },
		func() string { return f.dot(g.order, g.kinds, g.edges) })
}

// flowGraph is a flow's diagram being drawn: its places (ids, in the order
// first met, with their kinds) and arrows.
type flowGraph struct {
	kinds map[string]string
	order []string
	edges []graphEdge
}

// add places id, of the kind, unless it is placed already.
func (g *flowGraph) add(id, kind string) {
	if _, ok := g.kinds[id]; !ok {
		g.kinds[id] = kind
		g.order = append(g.order, id)
	}
}

// link places the kind's id and draws an arrow between it and other: from id
// to other when into, else from other to id.
func (g *flowGraph) link(id, kind, other, label string, into bool) {
	g.add(id, kind)
	if into {
		g.edges = append(g.edges, graphEdge{id, other, label})
	} else {
		g.edges = append(g.edges, graphEdge{other, id, label})
	}
}

// node draws a node with the gates and states it requires and the states it
// produces.
func (g *flowGraph) node(n *Node) {
	g.add(n.ID, "node")
	for _, gate := range n.Requires {
		g.link("gate:"+gate, "gate", n.ID, "requires", true)
	}
	for _, s := range n.RequiresStates {
		g.link("state:"+s, "state", n.ID, "requires", true)
	}
	for _, s := range n.ProducesStates {
		g.link("state:"+s, "state", n.ID, "", false)
	}
}

// gate draws a gate with the nodes that open it and the states it needs.
func (g *flowGraph) gate(f *Flow, name string) {
	g.add("gate:"+name, "gate")
	for _, n := range f.Nodes {
		if label := f.opens(&n, name); label != "" {
			g.edges = append(g.edges, graphEdge{n.ID, "gate:" + name, label})
		}
	}
	for _, s := range f.Gates[name].SatisfiedBy.StatesAll {
		g.link("state:"+s, "state", "gate:"+name, "", true)
	}
}

// goal draws the primary goal and the gate or state it is.
func (g *flowGraph) goal(goal Goal) {
	g.add("goal", "goal")
	switch goal.Type {
	case "GATE":
		g.link("gate:"+goal.Gate, "gate", "goal", "", true)
	case "STATE":
		g.link("state:"+goal.State, "state", "goal", "", true)
	}
}

// opens names the facts of node n that gate needs, or "satisfies" when n lists the
// gate itself; "" when n does not lead to it.
func (f *Flow) opens(n *Node, gate string) string {
	if slices.Contains(n.Satisfies.Gates, gate) {
		return "satisfies"
	}
	by := f.Gates[gate].SatisfiedBy
	var facts []string
	for _, p := range n.Produces {
		c := f.canonical(p)
		if (slices.Contains(by.MetricsAll, c) || slices.Contains(by.MetricsAny, c)) && !slices.Contains(facts, c) {
			facts = append(facts, c)
		}
	}
	return strings.Join(facts, ", ")
}

func (f *Flow) dot(order []string, kinds map[string]string, edges []graphEdge) string {
	shapes := map[string]string{"node": "box", "state": "note", "gate": "diamond", "goal": "doublecircle"}
	var b strings.Builder
	fmt.Fprintf(&b, "digraph %q {\n\trankdir=TB;\n", f.ID)
	for _, id := range order {
		label := strings.TrimPrefix(strings.TrimPrefix(id, "state:"), "gate:")
		fmt.Fprintf(&b, "\t%q [shape=%s, label=%q];\n", id, shapes[kinds[id]], label)
	}
	for _, e := range edges {
		fmt.Fprintf(&b, "\t%q -> %q [label=%q];\n", e.from, e.to, e.label)
	}
	b.WriteString("}\n")
	return b.String()
}

func (f *Flow) mermaid(order []string, kinds map[string]string, edges []graphEdge) string {
	shape := map[string]string{"node": "[%q]", "state": ">%q]", "gate": "{%q}", "goal": "(((%q)))"}
	var b strings.Builder
	b.WriteString("flowchart TB\n")
	for _, n := range order {
		label := strings.TrimPrefix(strings.TrimPrefix(n, "state:"), "gate:")
		fmt.Fprintf(&b, "  %s"+shape[kinds[n]]+"\n", mermaidID(n), label)
	}
	for _, e := range edges {
		if e.label != "" {
			fmt.Fprintf(&b, "  %s -->|%s| %s\n", mermaidID(e.from), e.label, mermaidID(e.to))
		} else {
			fmt.Fprintf(&b, "  %s --> %s\n", mermaidID(e.from), mermaidID(e.to))
		}
	}
	return b.String()
}

// mermaidID is a place's Mermaid id: "n_" and the id with every rune but ASCII
// letters, digits and underscores made an underscore.
func mermaidID(s string) string {
	return "n_" + strings.Map(func(r rune) rune {
		if r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' {
			return r
		}
		return '_'
	}, s)
}

// Graph draws the latest version of the engine's flow (see Flow.Graph); a
// conversation pinned to an older version is drawn on the latest.
func (e *Engine) Graph(format string) (string, error) {
	f, _, err := e.flow(context.Background(), e.flowID, 0)
	if err != nil {
		return "", err
	}
	return f.Graph(format)
}
