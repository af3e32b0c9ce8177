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
	kinds := map[string]string{}
	var order []string
	add := func(id, kind string) {
		if _, ok := kinds[id]; !ok {
			kinds[id] = kind
			order = append(order, id)
		}
	}
	var edges []graphEdge
	for _, n := range f.Nodes {
		add(n.ID, "node")
		for _, g := range n.Requires {
			add("gate:"+g, "gate")
			edges = append(edges, graphEdge{"gate:" + g, n.ID, "requires"})
		}
		for _, s := range n.RequiresStates {
			add("state:"+s, "state")
			edges = append(edges, graphEdge{"state:" + s, n.ID, "requires"})
		}
		for _, s := range n.ProducesStates {
			add("state:"+s, "state")
			edges = append(edges, graphEdge{n.ID, "state:" + s, ""})
		}
	}
	for _, name := range slices.Sorted(maps.Keys(f.Gates)) {
		add("gate:"+name, "gate")
		for _, n := range f.Nodes {
			if label := f.opens(&n, name); label != "" {
				edges = append(edges, graphEdge{n.ID, "gate:" + name, label})
			}
		}
		for _, s := range f.Gates[name].SatisfiedBy.StatesAll {
			add("state:"+s, "state")
			edges = append(edges, graphEdge{"state:" + s, "gate:" + name, ""})
		}
	}
	add("goal", "goal")
	switch f.PrimaryGoal.Type {
	case "GATE":
		add("gate:"+f.PrimaryGoal.Gate, "gate")
		edges = append(edges, graphEdge{"gate:" + f.PrimaryGoal.Gate, "goal", ""})
	case "STATE":
		add("state:"+f.PrimaryGoal.State, "state")
		edges = append(edges, graphEdge{"state:" + f.PrimaryGoal.State, "goal", ""})
	}
	switch format {
	case "dot":
		return f.dot(order, kinds, edges), nil
	case "mermaid", "":
		return f.mermaid(order, kinds, edges), nil
	}
	return "", parley.Errorf(parley.EINVALID, "graph format must be mermaid or dot, got %q", format)
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
	id := func(s string) string {
		return "n_" + strings.Map(func(r rune) rune {
			if r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' {
				return r
			}
			return '_'
		}, s)
	}
	shape := map[string]string{"node": "[%q]", "state": ">%q]", "gate": "{%q}", "goal": "(((%q)))"}
	var b strings.Builder
	b.WriteString("flowchart TB\n")
	for _, n := range order {
		label := strings.TrimPrefix(strings.TrimPrefix(n, "state:"), "gate:")
		fmt.Fprintf(&b, "  %s"+shape[kinds[n]]+"\n", id(n), label)
	}
	for _, e := range edges {
		if e.label != "" {
			fmt.Fprintf(&b, "  %s -->|%s| %s\n", id(e.from), e.label, id(e.to))
		} else {
			fmt.Fprintf(&b, "  %s --> %s\n", id(e.from), id(e.to))
		}
	}
	return b.String()
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
