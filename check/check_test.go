package check

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
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
// counterexample renders as a scenario. A flows bot is explored with and without
// the reduction (FlowsModel.Exact): each defect is found either way.
func TestPlantedDefects(t *testing.T) {
	tests := []struct {
		file string
		// static is a substring of the definition error, when validation finds it.
		static   string
		property string
		// message is a substring of the finding's message, when it matters.
		message string
	}{
		{file: "branch_no_exit.yaml", property: PropGoal},
		{file: "retry_never_exhausts.yaml", property: PropLoop},
		{file: "time_never_valid.yaml", property: PropValues, message: "no value of appointment_time passes its regex at testdata/broken/time_never_valid.yaml:14:"},
		{file: "skip_then_branch_back.yaml", property: PropLoop},
		{file: "branch_never_taken.yaml", property: PropUsed, message: "step order.special is never reached"},
		{file: "clarify_ping_pong.json", property: PropLoop},
		{file: "gate_never_produced.json", static: `fact "budget" is not produced by any node`},
		{file: "requires_own_output.json", static: `no node can reach gate "DONE"`},
	}
	for _, tt := range tests {
		for _, exact := range []bool{false, true} {
			t.Run(fmt.Sprintf("%s/exact=%v", tt.file, exact), func(t *testing.T) {
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
				if fm, ok := m.(*FlowsModel); ok {
					fm.Exact = exact
				}
				plantedFound(t, explore(t, m), tt.file, tt.property, tt.message)
			})
		}
	}
}

// plantedFound checks that rep has a finding of property (with message in it)
// and, when it has a state, a counterexample that renders as a scenario.
func plantedFound(t *testing.T, rep *Report, file, property, message string) {
	t.Helper()
	var found *Finding
	for i := range rep.Findings {
		if rep.Findings[i].Property == property && strings.Contains(rep.Findings[i].Message, message) {
			found = &rep.Findings[i]
			break
		}
	}
	if found == nil {
		t.Fatalf("no %q finding with %q; got %+v", property, message, rep.Findings)
	}
	if found.State < 0 {
		return
	}
	if len(found.Path)+len(found.Repeat) == 0 {
		t.Fatalf("finding has no counterexample: %+v", found)
	}
	y, ok := rep.Scenario(*found)
	if !ok || !strings.Contains(string(y), "not_state:") {
		t.Fatalf("scenario:\n%s", y)
	}
	sc, err := scenario.Parse(y, file+".scenario.yaml")
	if err != nil {
		t.Fatalf("the written scenario does not parse: %v\n%s", err, y)
	}
	if n := len(found.Path) + len(found.Repeat); len(sc.Turns) != n || sc.Turns[n-1].Expect.NotState == nil {
		t.Fatalf("parsed scenario: %d turns (want %d), last expects %+v", len(sc.Turns), n, sc.Turns[len(sc.Turns)-1].Expect)
	}
}

// TestReductionKeepsVerdicts: bots explored with and without the reduction get
// the same findings (property and message), and the reduction explores no more
// states; random walks through the real engine reach only states it found.
func TestReductionKeepsVerdicts(t *testing.T) {
	for _, file := range []string{
		"../testdata/sgd/Banks_2.flows.yaml",
		"../testdata/flows-understanding/flows/pizzeria.flows.yaml",
		"../examples/embed/bakery.yaml",
		"testdata/broken/branch_no_exit.yaml",
		"testdata/broken/retry_never_exhausts.yaml",
		"testdata/broken/time_never_valid.yaml",
	} {
		t.Run(filepath.Base(file), func(t *testing.T) {
			verdicts := map[bool]string{}
			states := map[bool]int{}
			for _, exact := range []bool{false, true} {
				m, err := load(t, file)
				if err != nil {
					t.Fatal(err)
				}
				m.(*FlowsModel).Exact = exact
				rep := explore(t, m)
				var lines []string
				for _, f := range rep.Findings {
					lines = append(lines, f.Property+": "+f.Message)
				}
				slices.Sort(lines) // findings of equal length may come in either order
				verdicts[exact], states[exact] = strings.Join(lines, "\n"), len(rep.Graph.States)
				if res, err := Walk(context.Background(), rep.Graph, m, 300, 30, 7); err != nil {
					t.Fatalf("exact=%v: %v (after %+v)", exact, err, res)
				}
			}
			if verdicts[false] != verdicts[true] {
				t.Fatalf("reduced:\n%s\nexact:\n%s", verdicts[false], verdicts[true])
			}
			if states[false] > states[true] {
				t.Fatalf("reduced %d states, exact %d", states[false], states[true])
			}
			t.Logf("%d states reduced, %d exact", states[false], states[true])
		})
	}
}

// TestIssueBotsProved: the clinic bot of issue 41 (five slots, a regex on the
// time, a confirmation that asks what to change, a webhook, a cancel flow) and
// the six-slot booking are proved within the issue's bound: at most 100,000
// states (the time bound is scripts/test.sh's, outside the race detector).
func TestIssueBotsProved(t *testing.T) {
	for _, file := range []string{"testdata/bots/clinic.flows.yaml", "testdata/bots/booking6.flows.yaml"} {
		m, err := load(t, file)
		if err != nil {
			t.Fatal(err)
		}
		rep := explore(t, m)
		if !rep.OK() || len(rep.Graph.States) > 100_000 {
			var b strings.Builder
			rep.Print(&b)
			t.Errorf("%s:\n%s", file, b.String())
		}
	}
}

// demos are the coach demo and the generated Banks_2 flows bot, explored once for
// the tests that need them (under the race detector Banks_2 alone: race_on_test.go). (The booking and hotel demos, tens of thousands of
// states each, are proved by `parley check` in scripts/test.sh, outside the race
// detector.)
var demos = sync.OnceValues(func() ([]Model, error) {
	def, err := flows.LoadFile("../testdata/sgd/Banks_2.flows.yaml")
	if err != nil {
		return nil, err
	}
	fm, err := NewFlowsModel(def)
	if err != nil || raceDetector {
		return []Model{fm}, err
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

// TestExplanationsPointAtTheCause: a loop's why names the two steps it runs
// between and the field that sends it back; an unreached step's why names the
// branch case that alone enters it, with its condition and position.
func TestExplanationsPointAtTheCause(t *testing.T) {
	for file, want := range map[string]string{
		"skip_then_branch_back.yaml": "step check_ref sends the conversation back to step ask_ref (branch[1].goto at testdata/broken/skip_then_branch_back.yaml:24:19), so the loop ask_ref -> check_ref has no exit",
		"branch_never_taken.yaml":    "step special of flow order is entered only through branch[0] of step route, if size equals medium (testdata/broken/branch_never_taken.yaml:",
		"time_never_valid.yaml":      "slot appointment_time takes none of the values check tried",
	} {
		m, err := load(t, filepath.Join("testdata", "broken", file))
		if err != nil {
			t.Fatal(err)
		}
		rep := explore(t, m)
		var b strings.Builder
		rep.Print(&b)
		if !strings.Contains(b.String(), want) {
			t.Errorf("%s: no why %q in\n%s", file, want, b.String())
		}
	}
}
