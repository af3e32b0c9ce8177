package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/parleyhq/parley"
	"github.com/parleyhq/parley/check"
	"github.com/parleyhq/parley/flows"
	"github.com/parleyhq/parley/internal/app"
)

// runCheck explores each flows and gates bot and proves (or refutes with a
// counterexample) that it cannot loop, dead-end or strand a user.
func runCheck(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fset := newFlagSet("check", stderr, "[-config FILE] [-o DIR] [-max-states N] [-walks N] [-exact] [BOT | FLOW-FILE]...")
	configPath := app.ConfigFlag(fset)
	outDir := fset.String("o", "", "write each counterexample as a scenario file into `DIR`")
	maxStates := fset.Int("max-states", 100_000, "stop exploring past this many abstract states")
	walks := fset.Int("walks", 0, "cross-check the exploration with `N` random conversations of 40 turns through the real engine")
	exact := fset.Bool("exact", false, "explore a flows bot without the reduction that merges states no later turn tells apart (docs/guides/check.md): slower, for comparing verdicts")
	progressAfter := fset.Duration("progress", 2*time.Second, "print progress on stderr once a bot's exploration runs longer than this (0: from the start; negative: never)")
	names, err := parseArgs(fset, args, 0, -1)
	if err != nil {
		return err
	}
	targets, err := checkTargets(*configPath, names)
	if err != nil {
		return err
	}
	warnUnreachable(stderr, *configPath, targets)
	opts := checkRun{stdout: stdout, stderr: stderr, outDir: *outDir, maxStates: *maxStates, walks: *walks, exact: *exact, progressAfter: *progressAfter}
	return everyPasses(targets, func(t checkTarget) (bool, error) { return opts.check(ctx, t) })
}

// warnUnreachable warns of the checked bots of the configuration whose handoffs
// reach nobody (app.Config.Unreachable): a dead end that the exploration of the
// flows cannot see. A flow file checked alone has no configuration to judge.
func warnUnreachable(stderr io.Writer, configPath string, targets []checkTarget) {
	cfg, err := app.ResolveOfflineConfig(configPath)
	if err != nil {
		return
	}
	var bots []string
	for _, b := range cfg.Unreachable(cfg.PeopleTokens(os.Getenv("PARLEY_API_TOKEN") != "")) {
		if slices.ContainsFunc(targets, func(t checkTarget) bool { return t.name == b }) {
			bots = append(bots, b)
		}
	}
	if w := app.UnreachableWarning(bots); w != "" {
		fmt.Fprintln(stderr, "warning: "+w)
	}
}

// checkRun is what `parley check` does with each target, from its flags.
type checkRun struct {
	stdout, stderr io.Writer
	outDir         string
	maxStates      int
	walks          int
	exact          bool
	progressAfter  time.Duration
}

// check explores one target, prints its report and, with -walks, the random walks'
// cross-check, and writes its counterexamples with -o; ok is false when it found
// a problem, err stops the command.
func (c checkRun) check(ctx context.Context, t checkTarget) (ok bool, err error) {
	m, def, err := t.model()
	if err != nil {
		fmt.Fprintf(c.stdout, "FAIL %s: %s\n", t.name, parley.ErrorMessage(err))
		return false, nil
	}
	if def != nil {
		printWarnings(c.stdout, "", def)
	}
	if fm, ok := m.(*check.FlowsModel); ok {
		fm.Exact = c.exact
	}
	p := &progress{w: c.stderr, bot: t.name, after: c.progressAfter, start: time.Now()}
	g, err := check.Explore(ctx, t.name, m, check.Options{MaxStates: c.maxStates, Progress: p.report})
	p.done()
	if err != nil {
		return false, err
	}
	rep := check.Analyze(g, m)
	rep.Print(c.stdout)
	walked := c.crossCheck(ctx, g, m)
	return rep.OK() && walked, c.writeCounterexamples(rep)
}

// crossCheck runs -walks random conversations through the real engine over a
// complete exploration, and reports whether every state they reached was explored.
func (c checkRun) crossCheck(ctx context.Context, g *check.Graph, m check.Model) bool {
	if c.walks <= 0 || g.Truncated {
		return true
	}
	res, err := check.Walk(ctx, g, m, c.walks, 40, 1)
	if err != nil {
		fmt.Fprintf(c.stdout, "  random walks: %v\n", err)
		return false
	}
	fmt.Fprintf(c.stdout, "  random walks: %d conversations, %d turns, %d distinct states, every one explored\n", res.Walks, res.Turns, res.Reached)
	return true
}

// writeCounterexamples writes the findings' scenarios into -o's folder.
func (c checkRun) writeCounterexamples(rep *check.Report) error {
	if c.outDir == "" || len(rep.Findings) == 0 {
		return nil
	}
	paths, err := rep.WriteScenarios(c.outDir)
	if err != nil {
		return err
	}
	for _, p := range paths {
		fmt.Fprintf(c.stdout, "    wrote %s\n", p)
	}
	return nil
}

// checkTarget is one bot or flow file to explore.
type checkTarget struct {
	name string
	// model builds what is explored, and the flows definition behind it (nil for
	// a gates flow) whose warnings are printed first.
	model func() (check.Model, *flows.Definition, error)
}

// checkTargets resolves the arguments: bot names of the config (every flows and
// gates bot when none is named) and flow files (.yaml: flows, .json: gates).
func checkTargets(configPath string, args []string) ([]checkTarget, error) {
	cfg, err := app.ResolveOfflineConfig(configPath)
	if err != nil {
		return nil, err
	}
	if len(args) == 0 {
		return everyCheckableBot(cfg), nil
	}
	var out []checkTarget
	for _, a := range args {
		t, err := namedTarget(cfg, a)
		if err != nil {
			return nil, err
		}
		out = append(out, t)
	}
	return out, nil
}

// checkable is whether check explores bots of engine: flows and gates.
func checkable(engine string) bool { return engine == "flows" || engine == "gates" }

// everyCheckableBot is every flows and gates bot of cfg.
func everyCheckableBot(cfg *app.Config) []checkTarget {
	var out []checkTarget
	for i := range cfg.Bots {
		if bc := &cfg.Bots[i]; checkable(bc.Engine) {
			out = append(out, botTarget(cfg, bc))
		}
	}
	return out
}

// namedTarget is the flow file (.yaml, .yml, .json) or the checkable bot of cfg
// that arg names.
func namedTarget(cfg *app.Config, arg string) (checkTarget, error) {
	if ext := strings.ToLower(filepath.Ext(arg)); ext == ".yaml" || ext == ".yml" || ext == ".json" {
		return fileTarget(arg), nil
	}
	bc := cfg.Bot(arg)
	if bc == nil {
		return checkTarget{}, parley.Errorf(parley.ENOTFOUND, "unknown bot %q", arg)
	}
	if !checkable(bc.Engine) {
		return checkTarget{}, parley.Errorf(parley.EINVALID, "bot %s: parley check explores flows and gates bots, not %s", arg, bc.Engine)
	}
	return botTarget(cfg, bc), nil
}

func fileTarget(path string) checkTarget {
	return checkTarget{name: path, model: func() (check.Model, *flows.Definition, error) {
		if strings.HasSuffix(strings.ToLower(path), ".json") {
			data, err := os.ReadFile(path)
			if err != nil {
				return nil, nil, err
			}
			m, err := check.NewGatesModel(data, path)
			return m, nil, err
		}
		return flowsModel(flows.LoadFile(path))
	}}
}

func botTarget(cfg *app.Config, bc *app.BotConfig) checkTarget {
	return checkTarget{name: bc.Name, model: func() (check.Model, *flows.Definition, error) {
		if bc.Engine == "gates" {
			data, err := cfg.GatesFlowOf(bc)
			if err != nil {
				return nil, nil, err
			}
			m, err := check.NewGatesModel(data, bc.Flow)
			return m, nil, err
		}
		return flowsModel(cfg.FlowsOf(bc))
	}}
}

// flowsModel is what check explores of a flows definition (read with err).
func flowsModel(def *flows.Definition, err error) (check.Model, *flows.Definition, error) {
	if err != nil {
		return nil, nil, err
	}
	m, err := check.NewFlowsModel(def)
	return m, def, err
}

// progress prints a long exploration's progress on stderr: nothing for the first
// `after` (a small bot is proved before anyone waits), then a line at most every
// second, and the elapsed time when it ends.
type progress struct {
	w       io.Writer
	bot     string
	after   time.Duration
	start   time.Time
	last    time.Time
	printed bool
}

func (p *progress) report(explored, found, decisions int) {
	now := time.Now()
	if p.after < 0 || now.Sub(p.start) < p.after || now.Sub(p.last) < time.Second {
		return
	}
	p.last, p.printed = now, true
	fmt.Fprintf(p.w, "check %s: %d of %d states explored, %d decisions, %s\n", p.bot, explored, found, decisions, now.Sub(p.start).Round(time.Second))
}

func (p *progress) done() {
	if p.printed {
		fmt.Fprintf(p.w, "check %s: done in %s\n", p.bot, time.Since(p.start).Round(100*time.Millisecond))
	}
}
