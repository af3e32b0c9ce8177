package check

import (
	"fmt"
	"io"
	"strings"
)

// Print writes the report for people: the state-space size and time, then each
// finding with its counterexample.
func (r *Report) Print(w io.Writer) {
	g := r.Graph
	verdict := "ok"
	switch {
	case g.Truncated:
		verdict = "TOO LARGE"
	case len(r.Findings) > 0:
		verdict = "FAIL"
	}
	fmt.Fprintf(w, "%s %s: %d states, %d decisions, %s\n", verdict, g.Bot, len(g.States), g.Decisions, g.Elapsed.Round(1e6))
	if g.Truncated {
		fmt.Fprintf(w, "    exploration stopped at %d states: nothing is proved (raise -max-states)\n", len(g.States))
	}
	for _, f := range r.Findings {
		fmt.Fprintf(w, "  %s: %s\n", f.Property, f.Message)
		if f.Explanation != "" {
			fmt.Fprintf(w, "    why: %s\n", f.Explanation)
		}
		if f.State < 0 {
			continue
		}
		fmt.Fprintf(w, "    counterexample: %s\n", formatPath(f.Path, f.Repeat))
	}
}

func formatPath(path, repeat []Input) string {
	var parts []string
	for _, in := range path {
		parts = append(parts, in.Label)
	}
	s := strings.Join(parts, " -> ")
	if s == "" {
		s = "(new conversation)"
	}
	if len(repeat) > 0 {
		if repeat[0].Label == repeat[len(repeat)-1].Label && allSame(repeat) {
			s += fmt.Sprintf(" -> %s (x%d)", repeat[0].Label, len(repeat))
		} else {
			var labels []string
			for _, in := range repeat {
				labels = append(labels, in.Label)
			}
			s += " -> then any of: " + strings.Join(labels, ", ")
		}
	}
	return s
}

func allSame(in []Input) bool {
	for _, x := range in {
		if x.Label != in[0].Label {
			return false
		}
	}
	return true
}
