package main

import (
	"context"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/parleyhq/parley"
	"github.com/parleyhq/parley/scenario"
	"github.com/parleyhq/parley/sqlite"
)

// runTest is `parley test`: it runs scenario files in process on a fresh store, or
// against a running server with -server.
func runTest(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fset := newFlagSet("test", stderr, "[-config FILE] [-server URL [-token TOKEN]] PATH...")
	configPath := fset.String("config", "", "parley.yaml (default: $PARLEY_CONFIG, else ./parley.yaml if present, else the built-in demo bots)")
	serverURL := fset.String("server", "", "run against a running server instead of in process")
	token := fset.String("token", os.Getenv("PARLEY_API_TOKEN"), "bearer token for -server (default $PARLEY_API_TOKEN)")
	verbose := fset.Bool("v", false, "print every scenario, not only failures")
	withCoverage := fset.Bool("coverage", false, "report which (state, trigger) pairs, steps and nodes the scenarios exercised")
	paths, err := parseArgs(fset, args, 1, -1)
	if err != nil {
		return err
	}
	files, err := scenarioFiles(paths)
	if err != nil {
		return err
	}
	run, err := newScenarioRun(ctx, *configPath, *serverURL, *token)
	if err != nil {
		return err
	}
	defer run.close()
	var cov *coverage
	if *withCoverage {
		cfg, err := loadConfig(*configPath)
		if err != nil {
			return err
		}
		cov = newCoverage(cfg)
	}
	tally := scenarioTally{verbose: *verbose}
	for _, path := range files {
		f, err := scenario.Load(path)
		if err != nil {
			tally.unreadable(stdout, path, err)
			continue
		}
		var res scenario.Result
		if f.LLM != "" && run.cfg != nil {
			res = runWithModel(ctx, run.cfg, run.dir, f)
		} else {
			res = scenario.Run(ctx, run.target, f, run.suffix)
		}
		if cov != nil {
			cov.add(f.Bot, res)
		}
		tally.add(stdout, path, f.Name, res)
	}
	if cov != nil {
		cov.print(stdout)
	}
	return tally.summary(stdout)
}

// scenarioRun is where `parley test` runs scenarios: a running server (-server), or
// the configuration's bots in process on a fresh store in a temporary folder.
type scenarioRun struct {
	target scenario.Target
	// suffix makes conversation ids unique on a server that keeps them.
	suffix string
	// cfg and dir are the in-process run's configuration and folder (nil, "" remote).
	cfg   *Config
	dir   string
	close func()
}

func newScenarioRun(ctx context.Context, configPath, serverURL, token string) (*scenarioRun, error) {
	if serverURL != "" {
		return &scenarioRun{
			target: &scenario.Remote{BaseURL: serverURL, Token: token},
			suffix: "-" + strconv.FormatInt(time.Now().UnixNano(), 36),
			close:  func() {},
		}, nil
	}
	cfg, err := loadConfig(configPath)
	if err != nil {
		return nil, err
	}
	dir, err := os.MkdirTemp("", "parley-test-")
	if err != nil {
		return nil, err
	}
	store, err := sqlite.Open(ctx, filepath.Join(dir, "scenarios.db"), sqlite.Options{})
	if err != nil {
		os.RemoveAll(dir)
		return nil, err
	}
	srv, err := newServer(ctx, cfg, store, slog.New(slog.DiscardHandler), security{})
	if err != nil {
		store.Close()
		os.RemoveAll(dir)
		return nil, err
	}
	srv.start(ctx)
	return &scenarioRun{
		target: &scenario.Local{Runtime: srv.runtime, Store: store},
		cfg:    cfg,
		dir:    dir,
		close: func() {
			srv.close()
			store.Close()
			os.RemoveAll(dir)
		},
	}, nil
}

// scenarioTally counts the scenarios of a `parley test` run and prints each outcome
// (passes only when verbose).
type scenarioTally struct {
	verbose                 bool
	passed, failed, skipped int
}

// unreadable counts a scenario file that does not load as a failure.
func (t *scenarioTally) unreadable(stdout io.Writer, path string, err error) {
	t.failed++
	fmt.Fprintf(stdout, "FAIL %s\n    %s\n", path, parley.ErrorDetail(err))
}

func (t *scenarioTally) add(stdout io.Writer, path, name string, res scenario.Result) {
	switch {
	case res.Skipped != "":
		t.skipped++
		fmt.Fprintf(stdout, "SKIP %s (%s): %s\n", name, path, res.Skipped)
	case res.Passed():
		t.passed++
		if t.verbose {
			fmt.Fprintf(stdout, "PASS %s (%s)\n", name, path)
		}
	default:
		t.failed++
		fmt.Fprintf(stdout, "FAIL %s (%s)\n", name, path)
		for _, msg := range res.Failures {
			fmt.Fprintf(stdout, "    %s\n", msg)
		}
	}
}

// summary prints the counts; any failure is exit status 1.
func (t *scenarioTally) summary(stdout io.Writer) error {
	if t.skipped > 0 {
		fmt.Fprintf(stdout, "scenarios: %d passed, %d failed, %d skipped\n", t.passed, t.failed, t.skipped)
	} else {
		fmt.Fprintf(stdout, "scenarios: %d passed, %d failed\n", t.passed, t.failed)
	}
	if t.failed > 0 {
		return exitError(1)
	}
	return nil
}

// scenarioFiles expands folders into their .yaml and .yml files, sorted.
func scenarioFiles(paths []string) ([]string, error) {
	var out []string
	for _, p := range paths {
		info, err := os.Stat(p)
		if err != nil {
			return nil, parley.WrapError(parley.EINVALID, err, "scenario path")
		}
		if !info.IsDir() {
			out = append(out, p)
			continue
		}
		err = filepath.WalkDir(p, func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if !d.IsDir() && (strings.HasSuffix(path, ".yaml") || strings.HasSuffix(path, ".yml")) {
				out = append(out, path)
			}
			return nil
		})
		if err != nil {
			return nil, err
		}
	}
	sort.Strings(out)
	return out, nil
}
