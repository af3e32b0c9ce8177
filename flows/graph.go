package flows

import (
	"fmt"
	"strings"

	"github.com/parleyhq/parley"
)

// Graph draws the bot's flows, one cluster per flow with its steps and their
// edges (next, branch cases, calls and links), as Mermaid or DOT (parley graph).
func (e *Engine) Graph(format string) (string, error) {
	return parley.DrawGraph(format, e.mermaidGraph, e.dotGraph)
}

// mermaidGraph draws the flows as a Mermaid flowchart.
func (e *Engine) mermaidGraph() string {
	var b strings.Builder
	b.WriteString("flowchart TD\n")
	for _, f := range e.order {
		fmt.Fprintf(&b, "  subgraph %s\n", f.name)
		for _, st := range f.steps {
			fmt.Fprintf(&b, "    %s[\"%s\"]\n", graphNode(f, st.index), graphLabel(st))
		}
		fmt.Fprintf(&b, "    %s((end))\n  end\n", graphNode(f, -1))
		for _, ed := range graphEdges(f) {
			if ed.label != "" {
				fmt.Fprintf(&b, "  %s -->|%s| %s\n", ed.from, ed.label, ed.to)
			} else {
				fmt.Fprintf(&b, "  %s --> %s\n", ed.from, ed.to)
			}
		}
	}
	return b.String()
}

// dotGraph draws the flows as a Graphviz digraph, a cluster per flow.
func (e *Engine) dotGraph() string {
	var b strings.Builder
	b.WriteString("digraph flows {\n  rankdir=TB;\n")
	for _, f := range e.order {
		fmt.Fprintf(&b, "  subgraph cluster_%s {\n    label=%q;\n", f.name, f.name)
		for _, st := range f.steps {
			fmt.Fprintf(&b, "    %s [label=%q];\n", graphNode(f, st.index), graphLabel(st))
		}
		fmt.Fprintf(&b, "    %s [label=\"end\", shape=doublecircle];\n  }\n", graphNode(f, -1))
		for _, ed := range graphEdges(f) {
			fmt.Fprintf(&b, "  %s -> %s [label=%q];\n", ed.from, ed.to, ed.label)
		}
	}
	b.WriteString("}\n")
	return b.String()
}

type graphEdge struct{ from, to, label string }

// graphNode names step i of flow f in a graph; an index outside the flow is its end.
func graphNode(f *flow, i int) string {
	if i < 0 || i >= len(f.steps) {
		return f.name + "__end"
	}
	return f.name + "__" + f.steps[i].id
}

func graphLabel(st *step) string {
	detail := st.kind
	if st.kind == KindCollect {
		detail += " " + st.slot.name
	}
	return st.id + " (" + detail + ")"
}

// graphEdges are the moves between f's steps: a branch's cases (and "otherwise"
// when it has no else), a call or link into another flow, an action's end, and
// every other step's next.
func graphEdges(f *flow) []graphEdge {
	var out []graphEdge
	for _, st := range f.steps {
		from := graphNode(f, st.index)
		switch st.kind {
		case KindBranch:
			for _, c := range st.cases {
				label := "else"
				if c.cond != nil {
					label = "if " + c.cond.Slot
				}
				out = append(out, graphEdge{from, graphNode(f, c.next), label})
			}
			if len(st.cases) == 0 || st.cases[len(st.cases)-1].cond != nil {
				out = append(out, graphEdge{from, graphNode(f, st.next), "otherwise"})
			}
			continue
		case KindCall:
			out = append(out, graphEdge{from, graphNode(st.target, 0), "call"})
		case KindLink:
			out = append(out, graphEdge{from, graphNode(st.target, 0), "link"})
			continue
		case KindAction:
			if st.def.Action.End {
				out = append(out, graphEdge{from, graphNode(f, -1), "end"})
				continue
			}
		}
		out = append(out, graphEdge{from, graphNode(f, st.next), ""})
	}
	return out
}
