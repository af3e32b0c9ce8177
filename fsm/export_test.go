package fsm

import (
	"strings"
	"testing"
)

// TestDiagramsShowEveryEdge checks the renderings against the table itself, so a
// golden file cannot silently bless a missing edge.
func TestDiagramsShowEveryEdge(t *testing.T) {
	m := MustBuild(lights())
	mermaid, dot := m.Mermaid(), m.DOT()
	for _, tr := range m.Transitions() {
		if want := "s_" + string(tr.From) + " --> s_" + string(tr.To) + " : " + string(tr.Trigger) + "\n"; !strings.Contains(mermaid, want) {
			t.Errorf("Mermaid lacks %q", want)
		}
		if want := `"` + string(tr.From) + `" -> "` + string(tr.To) + `" [label="` + string(tr.Trigger) + `"];`; !strings.Contains(dot, want) {
			t.Errorf("DOT lacks %q", want)
		}
	}
	for _, want := range []string{"stateDiagram-v2\n", "[*] --> s_red\n", "s_broken --> [*]\n", `state "yellow" as s_yellow`} {
		if !strings.Contains(mermaid, want) {
			t.Errorf("Mermaid lacks %q", want)
		}
	}
	for _, want := range []string{`digraph "lights" {`, `"__start" -> "red";`, `"broken" [shape=doublecircle];`} {
		if !strings.Contains(dot, want) {
			t.Errorf("DOT lacks %q", want)
		}
	}
}

func TestMermaidIDsAreSafe(t *testing.T) {
	for in, want := range map[string]string{"end": "s_end", "waiting for-slot": "s_waiting_for_slot", "état": "s__tat"} {
		if got := mermaidID(in); got != want {
			t.Errorf("mermaidID(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestGraphIsMermaidOrDOT: Graph (the machine as a parley.Grapher) answers the
// drawing Mermaid or DOT gives for its format.
func TestGraphIsMermaidOrDOT(t *testing.T) {
	m := MustBuild(lights())
	for format, want := range map[string]string{"mermaid": m.Mermaid(), "dot": m.DOT()} {
		if got, err := m.Graph(format); got != want || err != nil {
			t.Errorf("Graph(%q) = %q, %v; want %q", format, got, err, want)
		}
	}
}
