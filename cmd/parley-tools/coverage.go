package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"

	"github.com/parleyhq/parley/flows"
	"github.com/parleyhq/parley/fsm"
	"github.com/parleyhq/parley/gates"
	"github.com/parleyhq/parley/internal/app"
	"github.com/parleyhq/parley/internal/cli"
	"github.com/parleyhq/parley/scenario"
	"github.com/parleyhq/parley/shop"
)

// runCoverage is `parley-tools coverage`: it runs scenario files as `parley test`
// does in process, then prints the coverage table of what they exercised.
func runCoverage(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fset := newFlagSet("coverage", stderr, "[-config FILE] [-v] PATH...")
	configPath := app.ConfigFlag(fset)
	verbose := fset.Bool("v", false, "print every scenario, not only failures")
	files, run, err := openScenarioFiles(ctx, fset, args, configPath)
	if err != nil {
		return err
	}
	defer run.Close()
	cov := newCoverage(run.Config)
	err = run.RunFiles(ctx, files, stdout, *verbose, cov.add)
	cov.print(stdout)
	return err
}

// coverage gathers, over the scenarios `parley-tools coverage` runs, which
// (state, trigger) pairs of each bot's machine table and which flow steps or gate
// nodes were exercised.
type coverage struct {
	cfg  *app.Config
	bots map[string]*botCoverage
}

type botCoverage struct {
	pairs map[string]bool // "from --trigger-->"
	units map[string]bool // "step flow.id" or "node id"
}

func newCoverage(cfg *app.Config) *coverage {
	return &coverage{cfg: cfg, bots: map[string]*botCoverage{}}
}

// add records one scenario's turns.
func (c *coverage) add(bot string, res scenario.Result) {
	bc := c.bots[bot]
	if bc == nil {
		bc = &botCoverage{pairs: map[string]bool{}, units: map[string]bool{}}
		c.bots[bot] = bc
	}
	for _, t := range res.Transitions {
		bc.pairs[pairName(t.From, t.Trigger)] = true
		bc.units["node "+t.To] = true
	}
	for _, raw := range res.States {
		var s struct {
			CurrentFlow string  `json:"current_flow"`
			CurrentStep *string `json:"current_step"`
		}
		if json.Unmarshal(raw, &s) == nil && s.CurrentStep != nil {
			bc.units["step "+s.CurrentFlow+"."+*s.CurrentStep] = true
		}
	}
}

func pairName(from, trigger string) string { return from + " --" + trigger + "-->" }

// print reports, per bot exercised, the share of its table and of its steps or
// nodes, then what was never exercised.
func (c *coverage) print(w io.Writer) {
	for _, name := range slices.Sorted(maps.Keys(c.bots)) {
		if bc := c.cfg.Bot(name); bc != nil {
			c.printBot(w, bc)
		}
	}
}

// printBot reports one bot's share of its table and of its steps or nodes, then
// what the scenarios never exercised.
func (c *coverage) printBot(w io.Writer, bc *app.BotConfig) {
	pairs, units := c.universe(bc)
	seen := c.bots[bc.Name]
	fmt.Fprintf(w, "coverage %s (%s):", bc.Name, bc.Engine)
	if len(pairs) > 0 {
		fmt.Fprintf(w, " table %d/%d (state, trigger) pairs;", count(pairs, seen.pairs), len(pairs))
	}
	if len(units) > 0 {
		fmt.Fprintf(w, " %d/%d %s", count(units, seen.units), len(units), unitWord(bc.Engine))
	}
	fmt.Fprintln(w)
	printMissing(w, "not exercised", missingOf(pairs, seen.pairs))
	printMissing(w, "never reached", missingOf(units, seen.units))
}

// printMissing prints what was missed under its heading, when anything was.
func printMissing(w io.Writer, heading string, missing []string) {
	if len(missing) > 0 {
		fmt.Fprintf(w, "    %s: %s\n", heading, strings.Join(missing, ", "))
	}
}

func unitWord(engine string) string {
	if engine == "gates" {
		return "nodes"
	}
	return "resting steps (collect, confirm)"
}

// universe lists the bot's table pairs and its steps or nodes.
func (c *coverage) universe(bc *app.BotConfig) (pairs, units []string) {
	switch bc.Engine {
	case "shop":
		pairs = tablePairs(shop.Machine.Transitions())
	case "flows":
		pairs = tablePairs(flows.Dialogue.Transitions())
		if def, err := c.cfg.FlowsOf(bc); err == nil {
			units = restingSteps(def)
		}
	case "gates":
		if data, err := c.cfg.GatesFlowOf(bc); err == nil {
			units = gatesNodes(data, bc.Flow)
		}
	}
	return dedupeSorted(pairs), dedupeSorted(units)
}

// tablePairs names the (state, trigger) pairs of a machine's table.
func tablePairs[S, T ~string](transitions []fsm.Transition[S, T]) []string {
	pairs := make([]string, 0, len(transitions))
	for _, t := range transitions {
		pairs = append(pairs, pairName(string(t.From), string(t.Trigger)))
	}
	return pairs
}

// restingSteps names the steps of def where a conversation rests: collect and
// confirm.
func restingSteps(def *flows.Definition) []string {
	var units []string
	for _, f := range def.Flows {
		for _, st := range f.Steps {
			if st.Collect != "" || st.Confirm != nil {
				units = append(units, "step "+f.Name+"."+st.ID)
			}
		}
	}
	return units
}

// gatesNodes names the nodes of a gates flow (none when it does not parse).
func gatesNodes(data []byte, name string) []string {
	f, err := gates.ParseFlow(data, name)
	if err != nil {
		return nil
	}
	units := make([]string, 0, len(f.Nodes))
	for _, n := range f.Nodes {
		units = append(units, "node "+n.ID)
	}
	return units
}

func dedupeSorted(s []string) []string {
	slices.Sort(s)
	return slices.Compact(s)
}

func count(all []string, seen map[string]bool) int {
	n := 0
	for _, x := range all {
		if seen[x] {
			n++
		}
	}
	return n
}

func missingOf(all []string, seen map[string]bool) []string {
	var out []string
	for _, x := range all {
		if !seen[x] {
			out = append(out, x)
		}
	}
	return out
}

// openScenarioFiles parses a command's flags and PATH arguments (at least one), lists
// the scenario files below them and opens the in-process run of the configuration's
// bots that plays them; the caller closes the run.
func openScenarioFiles(ctx context.Context, fset *flag.FlagSet, args []string, configPath *string) ([]string, *app.Scenarios, error) {
	paths, err := cli.ParseArgs("parley-tools", fset, args, 1, -1)
	if err != nil {
		return nil, nil, err
	}
	files, err := scenario.Files(paths)
	if err != nil {
		return nil, nil, err
	}
	run, err := app.OpenScenarios(ctx, *configPath, "", "")
	return files, run, err
}
