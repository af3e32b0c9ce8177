package fsm

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata/")

// diagram renders one seed machine in one format.
type diagram struct {
	file   string
	render func() string
}

func seedDiagrams() []diagram {
	return []diagram{
		{"lifecycle.mermaid", Lifecycle.Mermaid}, {"lifecycle.dot", Lifecycle.DOT},
	}
}

func TestDiagramsMatchGoldenFiles(t *testing.T) {
	for _, d := range seedDiagrams() {
		t.Run(d.file, func(t *testing.T) {
			got := d.render()
			if again := d.render(); again != got {
				t.Fatal("two renderings of the same machine differ")
			}
			path := filepath.Join("testdata", d.file)
			if *update {
				if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (run go test ./fsm -run Golden -update to create it)", err)
			}
			if diff := cmp.Diff(string(want), got); diff != "" {
				t.Errorf("%s (-golden +got):\n%s", path, diff)
			}
		})
	}
}

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
