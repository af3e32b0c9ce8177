package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/parleyhq/parley"
	"github.com/parleyhq/parley/check"
	"github.com/parleyhq/parley/flows"
	"github.com/parleyhq/parley/gates"
	"github.com/parleyhq/parley/internal/app"
)

// runCheck explores each flows and gates bot and proves (or refutes with a
// counterexample) that it cannot loop, dead-end or strand a user.
func runCheck(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fset := newFlagSet("check", stderr, "[-config FILE] [-o DIR] [-max-states N] [-walks N] [BOT | FLOW-FILE]...")
	configPath := fset.String("config", "", "parley.yaml (default: $PARLEY_CONFIG, else ./parley.yaml if present, else the built-in demo bots)")
	outDir := fset.String("o", "", "write each counterexample as a scenario file into `DIR`")
	maxStates := fset.Int("max-states", 100_000, "stop exploring past this many abstract states")
	walks := fset.Int("walks", 0, "cross-check the exploration with `N` random conversations of 40 turns through the real engine")
	progressAfter := fset.Duration("progress", 2*time.Second, "print progress on stderr once a bot's exploration runs longer than this (0: from the start; negative: never)")
	names, err := parseArgs(fset, args, 0, -1)
	if err != nil {
		return err
	}
	targets, err := checkTargets(*configPath, names)
	if err != nil {
		return err
	}
	opts := checkRun{stdout: stdout, stderr: stderr, outDir: *outDir, maxStates: *maxStates, walks: *walks, progressAfter: *progressAfter}
	failed := false
	for _, t := range targets {
		ok, err := opts.check(ctx, t)
		if err != nil {
			return err
		}
		failed = failed || !ok
	}
	if failed {
		return exitError(1)
	}
	return nil
}

// checkRun is what `parley check` does with each target, from its flags.
type checkRun struct {
	stdout, stderr io.Writer
	outDir         string
	maxStates      int
	walks          int
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
	p := &progress{w: c.stderr, bot: t.name, after: c.progressAfter, start: time.Now()}
	g, err := check.Explore(ctx, t.name, m, check.Options{MaxStates: c.maxStates, Progress: p.report})
	p.done()
	if err != nil {
		return false, err
	}
	rep := check.Analyze(g, m)
	rep.Print(c.stdout)
	ok = rep.OK()
	if c.walks > 0 && !g.Truncated {
		res, err := check.Walk(ctx, g, m, c.walks, 40, 1)
		if err != nil {
			fmt.Fprintf(c.stdout, "  random walks: %v\n", err)
			ok = false
		} else {
			fmt.Fprintf(c.stdout, "  random walks: %d conversations, %d turns, %d distinct states, every one explored\n", res.Walks, res.Turns, res.Reached)
		}
	}
	if c.outDir != "" && len(rep.Findings) > 0 {
		paths, err := rep.WriteScenarios(c.outDir)
		if err != nil {
			return false, err
		}
		for _, p := range paths {
			fmt.Fprintf(c.stdout, "    wrote %s\n", p)
		}
	}
	return ok, nil
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
	cfg, err := app.ResolveConfig(configPath)
	if err != nil {
		return nil, err
	}
	var out []checkTarget
	for _, a := range args {
		if ext := strings.ToLower(filepath.Ext(a)); ext == ".yaml" || ext == ".yml" || ext == ".json" {
			out = append(out, fileTarget(a))
			continue
		}
		bc := cfg.Bot(a)
		if bc == nil {
			return nil, parley.Errorf(parley.ENOTFOUND, "unknown bot %q", a)
		}
		if bc.Engine != "flows" && bc.Engine != "gates" {
			return nil, parley.Errorf(parley.EINVALID, "bot %s: parley check explores flows and gates bots, not %s", a, bc.Engine)
		}
		out = append(out, botTarget(cfg, bc))
	}
	if len(args) == 0 {
		for i := range cfg.Bots {
			if bc := &cfg.Bots[i]; bc.Engine == "flows" || bc.Engine == "gates" {
				out = append(out, botTarget(cfg, bc))
			}
		}
	}
	return out, nil
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
		def, err := flows.LoadFile(path)
		if err != nil {
			return nil, nil, err
		}
		m, err := check.NewFlowsModel(def)
		return m, def, err
	}}
}

func botTarget(cfg *app.Config, bc *app.BotConfig) checkTarget {
	return checkTarget{name: bc.Name, model: func() (check.Model, *flows.Definition, error) {
		if bc.Engine == "gates" {
			data := gates.DemoFlow()
			if bc.Flow != "" {
				var err error
				if data, err = os.ReadFile(cfg.Path(bc.Flow)); err != nil {
					return nil, nil, err
				}
			}
			m, err := check.NewGatesModel(data, bc.Flow)
			return m, nil, err
		}
		def, err := app.FlowsDefinition(bc.Name, "")
		if bc.Flows != "" {
			def, err = flows.LoadFile(cfg.Path(bc.Flows))
		}
		if err != nil {
			return nil, nil, err
		}
		m, err := check.NewFlowsModel(def)
		return m, def, err
	}}
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
