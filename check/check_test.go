package check

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/parleyhq/parley/flows"
	"github.com/parleyhq/parley/gates"
	"github.com/parleyhq/parley/scenario"
)

func load(t *testing.T, path string) (Model, error) {
	t.Helper()
	if strings.HasSuffix(path, ".json") {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		return NewGatesModel(data, path)
	}
	def, err := flows.LoadFile(path)
	if err != nil {
		return nil, err
	}
	return NewFlowsModel(def)
}

func explore(t *testing.T, m Model) *Report {
	t.Helper()
	g, err := Explore(context.Background(), "test", m, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if g.Truncated {
		t.Fatalf("exploration truncated at %d states", len(g.States))
	}
	return Analyze(g, m)
}

// TestPlantedDefects: each deliberately broken bot is refused, statically when no
// exploration is needed, else with a finding of the right property whose
// counterexample renders as a scenario.
func TestPlantedDefects(t *testing.T) {
	tests := []struct {
		file string
		// static is a substring of the definition error, when validation finds it.
		static   string
		property string
	}{
		{file: "branch_no_exit.yaml", property: PropGoal},
		{file: "retry_never_exhausts.yaml", property: PropLoop},
		{file: "clarify_ping_pong.json", property: PropLoop},
		{file: "gate_never_produced.json", static: `fact "budget" is not produced by any node`},
		{file: "requires_own_output.json", static: `no node can reach gate "DONE"`},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			m, err := load(t, filepath.Join("testdata", "broken", tt.file))
			if tt.static != "" {
				if err == nil || !strings.Contains(err.Error(), tt.static) {
					t.Fatalf("want a definition error containing %q, got %v", tt.static, err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			rep := explore(t, m)
			var found *Finding
			for i := range rep.Findings {
				if rep.Findings[i].Property == tt.property {
					found = &rep.Findings[i]
					break
				}
			}
			if found == nil {
				t.Fatalf("no %q finding; got %+v", tt.property, rep.Findings)
			}
			if len(found.Path)+len(found.Repeat) == 0 {
				t.Fatalf("finding has no counterexample: %+v", found)
			}
			y, ok := rep.Scenario(*found)
			if !ok || !strings.Contains(string(y), "not_state:") {
				t.Fatalf("scenario:\n%s", y)
			}
			sc, err := scenario.Parse(y, tt.file+".scenario.yaml")
			if err != nil {
				t.Fatalf("the written scenario does not parse: %v\n%s", err, y)
			}
			if n := len(found.Path) + len(found.Repeat); len(sc.Turns) != n || sc.Turns[n-1].Expect.NotState == nil {
				t.Fatalf("parsed scenario: %d turns (want %d), last expects %+v", len(sc.Turns), n, sc.Turns[len(sc.Turns)-1].Expect)
			}
		})
	}
}

// demos are the coach demo and the generated Banks_2 flows bot, explored once for
// the tests that need them. (The booking and hotel demos, tens of thousands of
// states each, are proved by `parley check` in scripts/test.sh, outside the race
// detector.)
var demos = sync.OnceValues(func() ([]Model, error) {
	def, err := flows.LoadFile("../testdata/sgd/Banks_2.flows.yaml")
	if err != nil {
		return nil, err
	}
	fm, err := NewFlowsModel(def)
	if err != nil {
		return nil, err
	}
	gm, err := NewGatesModel(gates.DemoFlow(), "coach.json")
	return []Model{fm, gm}, err
})

var demoGraphs = sync.OnceValues(func() ([]*Graph, error) {
	models, err := demos()
	if err != nil {
		return nil, err
	}
	var out []*Graph
	for _, m := range models {
		g, err := Explore(context.Background(), m.Engine().Kind(), m, Options{})
		if err != nil {
			return nil, err
		}
		out = append(out, g)
	}
	return out, nil
})

// shipped returns the explored shipped bots and their models.
func shipped(t *testing.T) ([]Model, []*Graph) {
	t.Helper()
	models, err := demos()
	if err != nil {
		t.Fatal(err)
	}
	graphs, err := demoGraphs()
	if err != nil {
		t.Fatal(err)
	}
	return models, graphs
}

// TestShippedBotsProved: the coach demo and the Banks_2 bot pass every property.
func TestShippedBotsProved(t *testing.T) {
	models, graphs := shipped(t)
	for i, m := range models {
		if rep := Analyze(graphs[i], m); !rep.OK() {
			var b strings.Builder
			rep.Print(&b)
			t.Error(b.String())
		}
	}
}

// TestRandomWalkStaysInExploredSet walks the real engines at random over the same
// alphabet: every abstract state a walk reaches must be one the exploration found.
func TestRandomWalkStaysInExploredSet(t *testing.T) {
	models, graphs := shipped(t)
	for i, m := range models {
		res, err := Walk(context.Background(), graphs[i], m, 100, 30, 1)
		if err != nil {
			t.Fatal(err)
		}
		if res.Reached == 0 || res.Turns == 0 {
			t.Fatalf("walks did nothing: %+v", res)
		}
		t.Logf("%s: explored %d states, random walks reached %d of them", m.Engine().Kind(), len(graphs[i].States), res.Reached)
	}
}

func TestSample(t *testing.T) {
	for _, p := range []string{`^BK-\d{5}$`, `^R\d{3}$`, `(?i)^[a-z]+@[a-z]+\.com$`, `^(yes|no)$`, `^\p{Lu}\w{2,}$`} {
		s, ok := sample(p)
		if !ok {
			t.Errorf("sample(%q) failed: %q", p, s)
		}
	}
}
