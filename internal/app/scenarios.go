package app

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"strconv"
	"time"

	"github.com/parleyhq/parley"
	"github.com/parleyhq/parley/internal/cli"
	"github.com/parleyhq/parley/llm/recorded"
	"github.com/parleyhq/parley/scenario"
	"github.com/parleyhq/parley/sqlite"
	"github.com/prometheus/client_golang/prometheus"
)

// Scenarios is where `parley test` (and `parley-tools coverage`) run scenarios: a
// running server (serverURL), or the configuration's bots in process on a fresh
// store in a temporary folder. Close removes what it made.
type Scenarios struct {
	target scenario.Target
	// suffix makes conversation ids unique on a server that keeps them.
	suffix string
	// Config and dir are the in-process run's configuration and folder (nil, "" remote).
	Config *Config
	dir    string
	close  func()
	// metrics gathers the in-process server's series (nil remote).
	metrics prometheus.Gatherer
}

// OpenScenarios returns where scenarios run: against serverURL with token when it
// is set, else in process on the bots of the configuration configPath resolves
// (ResolveOfflineConfig: the serving secrets need not be set).
func OpenScenarios(ctx context.Context, configPath, serverURL, token string) (*Scenarios, error) {
	if serverURL != "" {
		return &Scenarios{
			target: &scenario.Remote{BaseURL: serverURL, Token: token},
			suffix: "-" + strconv.FormatInt(time.Now().UnixNano(), 36),
			close:  func() {},
		}, nil
	}
	cfg, err := ResolveOfflineConfig(configPath)
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
	local, stop, err := startLocal(ctx, cfg, store)
	if err != nil {
		os.RemoveAll(dir)
		return nil, err
	}
	return &Scenarios{
		target:  local,
		Config:  cfg,
		dir:     dir,
		metrics: local.metrics,
		close: func() {
			stop()
			os.RemoveAll(dir)
		},
	}, nil
}

// startLocal builds and starts cfg's server, silent and unguarded, on a fresh
// store; stop stops it and closes the store (closed too when it fails).
func startLocal(ctx context.Context, cfg *Config, store parley.Store) (local *localTarget, stop func(), err error) {
	srv, err := NewServer(ctx, cfg, store, slog.New(slog.DiscardHandler), Security{})
	if err != nil {
		store.Close()
		return nil, nil, err
	}
	srv.Start(ctx)
	return &localTarget{Local: scenario.Local{Runtime: srv.Runtime, Store: store}, metrics: srv.Metrics}, func() {
		srv.Close()
		store.Close()
	}, nil
}

// Run plays f: in process with its recorded model when it names one (runWithModel),
// else on the run's target.
func (s *Scenarios) Run(ctx context.Context, f *scenario.File) scenario.Result {
	if f.LLM != "" && s.Config != nil {
		return runWithModel(ctx, s.Config, s.dir, f)
	}
	return scenario.Run(ctx, s.target, f, s.suffix)
}

// RunFiles plays the scenario files (scenario.Files expands folders), printing each failure or skip to stdout (each pass too when verbose) and then the
// counts; observe, when set, sees each result. Any failure is exit status 1.
func (s *Scenarios) RunFiles(ctx context.Context, files []string, stdout io.Writer, verbose bool, observe func(bot string, res scenario.Result)) error {
	tally := scenarioTally{verbose: verbose}
	intents := scenario.Confusion{}
	for _, path := range files {
		f, err := scenario.Load(path)
		if err != nil {
			tally.unreadable(stdout, path, err)
			continue
		}
		res := s.Run(ctx, f)
		if observe != nil {
			observe(f.Bot, res)
		}
		tally.add(stdout, path, f.Name, res)
		intents.Add(res)
	}
	intents.Print(stdout)
	if n, ok := notUnderstood(s.metrics); ok {
		fmt.Fprintf(stdout, "answers not understood (asked again): %d\n", n)
	}
	return tally.summary(stdout)
}

// localTarget is the in-process server scenarios run on, with its metrics.
type localTarget struct {
	scenario.Local
	metrics prometheus.Gatherer
}

// notUnderstood sums the flows bots' answers not understood in g's series
// (NotUnderstoodMetric); false when there is no in-process server to ask.
func notUnderstood(g prometheus.Gatherer) (int, bool) {
	if g == nil {
		return 0, false
	}
	families, err := g.Gather()
	if err != nil {
		return 0, false
	}
	n := 0.0
	for _, mf := range families {
		if mf.GetName() == NotUnderstoodMetric {
			for _, m := range mf.GetMetric() {
				n += m.GetCounter().GetValue()
			}
		}
	}
	return int(n), true
}

// Close stops the in-process server and removes its store.
func (s *Scenarios) Close() { s.close() }

// runWithModel plays a scenario whose bots read messages through a model: a fake
// chat completions server answers from the scenario's recorded completions and
// generations (the replies the model wrote, streamed), and the configuration's
// bots run with nlu: llm on a fresh store. A request the fake refuses, a message
// without a recorded completion or a reply to write without a recorded generation
// fails the scenario.
func runWithModel(ctx context.Context, cfg *Config, dir string, f *scenario.File) scenario.Result {
	path := f.LLM
	if !filepath.IsAbs(path) {
		path = filepath.Join(filepath.Dir(f.Path), path)
	}
	rec, err := recorded.LoadRecording(path)
	if err != nil {
		return failed(f, fmt.Sprintf("%s: llm: %v", f.Path, err))
	}
	player := recorded.NewPlayer(rec)
	fake := recorded.NewServer(rec.Model, player.Respond)
	baseURL, stop, err := fake.Listen()
	if err != nil {
		return failed(f, fmt.Sprintf("%s: llm: %v", f.Path, err))
	}
	defer stop()
	store, err := sqlite.Open(ctx, filepath.Join(dir, "llm-"+strconv.FormatInt(time.Now().UnixNano(), 36)+".db"), sqlite.Options{})
	if err != nil {
		return failed(f, err.Error())
	}
	local, stopLocal, err := startLocal(ctx, withModel(cfg, baseURL, rec.Model), store)
	if err != nil {
		return failed(f, parley.ErrorMessage(err))
	}
	defer stopLocal()
	res := scenario.Run(ctx, local, f, "")
	res.Failures = append(res.Failures, modelFailures(f.Path, path, fake, player)...)
	return res
}

// failed is a scenario's result that failed with msg before it ran.
func failed(f *scenario.File, msg string) scenario.Result {
	return scenario.Result{File: f, Failures: []string{msg}}
}

// withModel is cfg with every bot reading messages through the model at baseURL.
func withModel(cfg *Config, baseURL, model string) *Config {
	mc := *cfg
	mc.LLM = &LLMConfig{BaseURL: baseURL, Model: model, Timeout: Duration(5 * time.Second), MaxRetries: -1}
	mc.Bots = append([]BotConfig(nil), cfg.Bots...)
	for i := range mc.Bots {
		mc.Bots[i].NLU, mc.Bots[i].LLM = nluLLM, nil
	}
	return &mc
}

// modelFailures are what the fake model server refused and what the recording
// lacked (a completion, a generation) during a scenario.
func modelFailures(scenarioPath, recordingPath string, fake *recorded.Server, player *recorded.Player) []string {
	var out []string
	for _, p := range fake.Problems() {
		out = append(out, fmt.Sprintf("%s: the model server refused a request: %s", scenarioPath, p))
	}
	for _, m := range player.Misses() {
		out = append(out, fmt.Sprintf("%s: no recorded completion for %q (%s)", scenarioPath, m, recordingPath))
	}
	for _, m := range player.GenerationMisses() {
		out = append(out, fmt.Sprintf("%s: no recorded generation for the prompt ending %q (%s)", scenarioPath, tail(m, 80), recordingPath))
	}
	return out
}

// tail is the last n characters of s, marked when cut.
func tail(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return "..." + string(r[len(r)-n:])
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
		return cli.ExitError(1)
	}
	return nil
}
