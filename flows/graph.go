package flows

import (
	"fmt"
	"strings"

	"github.com/parleyhq/parley"
)

// Graph draws the bot's flows, one cluster per flow with its steps and their
// edges (next, branch cases, calls and links), as Mermaid or DOT (parley graph).
func (e *Engine) Graph(format string) (string, error) {
	type edge struct{ from, to, label string }
	var b strings.Builder
	node := func(f *flow, i int) string {
		if i < 0 || i >= len(f.steps) {
			return f.name + "__end"
		}
		return f.name + "__" + f.steps[i].id
	}
	edges := func(f *flow) []edge {
		var out []edge
		for _, st := range f.steps {
			from := node(f, st.index)
			switch st.kind {
			case KindBranch:
				for _, c := range st.cases {
					label := "else"
					if c.cond != nil {
						label = "if " + c.cond.Slot
					}
					out = append(out, edge{from, node(f, c.next), label})
				}
				if len(st.cases) == 0 || st.cases[len(st.cases)-1].cond != nil {
					out = append(out, edge{from, node(f, st.next), "otherwise"})
				}
				continue
			case KindCall:
				out = append(out, edge{from, node(st.target, 0), "call"})
			case KindLink:
				out = append(out, edge{from, node(st.target, 0), "link"})
				continue
			case KindAction:
				if st.def.Action.End {
					out = append(out, edge{from, node(f, -1), "end"})
					continue
				}
			}
			out = append(out, edge{from, node(f, st.next), ""})
		}
		return out
	}
	label := func(st *step) string {
		detail := st.kind
		if st.kind == KindCollect {
			detail += " " + st.slot.name
		}
		return st.id + " (" + detail + ")"
	}
	switch format {
	case "mermaid", "":
		b.WriteString("flowchart TD\n")
		for _, f := range e.order {
			fmt.Fprintf(&b, "  subgraph %s\n", f.name)
			for _, st := range f.steps {
				fmt.Fprintf(&b, "    %s[\"%s\"]\n", node(f, st.index), label(st))
			}
			fmt.Fprintf(&b, "    %s((end))\n  end\n", node(f, -1))
			for _, ed := range edges(f) {
				if ed.label != "" {
					fmt.Fprintf(&b, "  %s -->|%s| %s\n", ed.from, ed.label, ed.to)
				} else {
					fmt.Fprintf(&b, "  %s --> %s\n", ed.from, ed.to)
				}
			}
		}
	case "dot":
		b.WriteString("digraph flows {\n  rankdir=TB;\n")
		for _, f := range e.order {
			fmt.Fprintf(&b, "  subgraph cluster_%s {\n    label=%q;\n", f.name, f.name)
			for _, st := range f.steps {
				fmt.Fprintf(&b, "    %s [label=%q];\n", node(f, st.index), label(st))
			}
			fmt.Fprintf(&b, "    %s [label=\"end\", shape=doublecircle];\n  }\n", node(f, -1))
			for _, ed := range edges(f) {
				fmt.Fprintf(&b, "  %s -> %s [label=%q];\n", ed.from, ed.to, ed.label)
			}
		}
		b.WriteString("}\n")
	default:
		return "", parley.Errorf(parley.EINVALID, "graph format is mermaid or dot, not %q", format)
	}
	return b.String(), nil
}
