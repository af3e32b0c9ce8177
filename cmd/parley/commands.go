package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/parleyhq/parley"
	"github.com/parleyhq/parley/flows"
	"github.com/parleyhq/parley/fsm"
	"github.com/parleyhq/parley/gates"
	"github.com/parleyhq/parley/scenario"
	"github.com/parleyhq/parley/shop"
	"github.com/parleyhq/parley/sqlite"
)

func runTest(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fset := newFlagSet("test", stderr, "[-config FILE] [-server URL [-token TOKEN]] PATH...")
	configPath := fset.String("config", "", "parley.yaml (default: the built-in demo bots)")
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
	var target scenario.Target
	suffix := ""
	var (
		cfg *Config
		dir string
	)
	if *serverURL != "" {
		target = &scenario.Remote{BaseURL: *serverURL, Token: *token}
		suffix = "-" + strconv.FormatInt(time.Now().UnixNano(), 36)
	} else {
		cfg, err = loadConfig(*configPath)
		if err != nil {
			return err
		}
		dir, err = os.MkdirTemp("", "parley-test-")
		if err != nil {
			return err
		}
		defer os.RemoveAll(dir)
		store, err := sqlite.Open(ctx, filepath.Join(dir, "scenarios.db"), sqlite.Options{})
		if err != nil {
			return err
		}
		defer store.Close()
		srv, err := newServer(ctx, cfg, store, slog.New(slog.DiscardHandler), security{})
		if err != nil {
			return err
		}
		defer srv.close()
		target = &scenario.Local{Runtime: srv.runtime, Store: store}
	}
	var cov *coverage
	if *withCoverage {
		cfg, err := loadConfig(*configPath)
		if err != nil {
			return err
		}
		cov = newCoverage(cfg)
	}
	passed, failed, skipped := 0, 0, 0
	for _, path := range files {
		f, err := scenario.Load(path)
		if err != nil {
			failed++
			fmt.Fprintf(stdout, "FAIL %s\n    %s\n", path, parley.ErrorDetail(err))
			continue
		}
		var res scenario.Result
		if f.LLM != "" && cfg != nil {
			res = runWithModel(ctx, cfg, dir, f)
		} else {
			res = scenario.Run(ctx, target, f, suffix)
		}
		if cov != nil {
			cov.add(f.Bot, res)
		}
		switch {
		case res.Skipped != "":
			skipped++
			fmt.Fprintf(stdout, "SKIP %s (%s): %s\n", f.Name, path, res.Skipped)
		case res.Passed():
			passed++
			if *verbose {
				fmt.Fprintf(stdout, "PASS %s (%s)\n", f.Name, path)
			}
		default:
			failed++
			fmt.Fprintf(stdout, "FAIL %s (%s)\n", f.Name, path)
			for _, msg := range res.Failures {
				fmt.Fprintf(stdout, "    %s\n", msg)
			}
		}
	}
	if cov != nil {
		cov.print(stdout)
	}
	if skipped > 0 {
		fmt.Fprintf(stdout, "scenarios: %d passed, %d failed, %d skipped\n", passed, failed, skipped)
	} else {
		fmt.Fprintf(stdout, "scenarios: %d passed, %d failed\n", passed, failed)
	}
	if failed > 0 {
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

// runValidate checks flow files: flows YAML (seeds 001/003) and gates flows (seed
// 002, JSON or YAML with nodes:). It prints file:line:col diagnostics and exits 1
// when any file has one.
func runValidate(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fset := newFlagSet("validate", stderr, "FILE...")
	paths, err := parseArgs(fset, args, 1, -1)
	if err != nil {
		return err
	}
	bad := 0
	for _, path := range paths {
		data, err := os.ReadFile(path)
		if err != nil {
			fmt.Fprintf(stdout, "%s: %v\n", path, err)
			bad++
			continue
		}
		if isGatesFlow(data, path) {
			if _, err := gates.ParseFlow(data, path); err != nil {
				fmt.Fprintf(stdout, "%s: %s\n", path, parley.ErrorDetail(err))
				bad++
				continue
			}
			fmt.Fprintf(stdout, "%s: ok\n", path)
			continue
		}
		diags, err := flows.ValidateFile(path)
		if err != nil {
			fmt.Fprintln(stdout, parley.ErrorDetail(err))
			bad++
			continue
		}
		if len(diags) == 0 {
			fmt.Fprintf(stdout, "%s: ok\n", path)
			continue
		}
		bad++
		for _, d := range diags {
			fmt.Fprintln(stdout, d.String())
		}
	}
	if bad > 0 {
		return exitError(1)
	}
	return nil
}

// isGatesFlow tells a seed 002 flow (JSON, or YAML with a top-level nodes: key) from
// a flows file.
func isGatesFlow(data []byte, path string) bool {
	if strings.HasSuffix(path, ".json") {
		return true
	}
	for _, line := range strings.Split(string(data), "\n") {
		if strings.HasPrefix(line, "nodes:") || strings.HasPrefix(line, "primaryGoal:") {
			return true
		}
	}
	return false
}

func validateGatesFlow(def []byte, id string) error {
	_, err := gates.ParseFlow(def, id)
	return err
}

// grapher is implemented by engines that draw their own machine or flows.
type grapher interface {
	Graph(format string) (string, error)
}

func runGraph(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fset := newFlagSet("graph", stderr, "[-config FILE] [-format mermaid|dot] BOT|lifecycle")
	configPath := fset.String("config", "", "parley.yaml (default: the built-in demo bots)")
	format := fset.String("format", "mermaid", "mermaid or dot")
	if _, err := parseArgs(fset, args, 1, 1); err != nil {
		return err
	}
	if *format != "mermaid" && *format != "dot" {
		return parley.Errorf(parley.EINVALID, "-format must be mermaid or dot, got %q", *format)
	}
	name := fset.Arg(0)
	draw := func(mermaid, dot string) error {
		if *format == "dot" {
			fmt.Fprint(stdout, dot)
		} else {
			fmt.Fprint(stdout, mermaid)
		}
		return nil
	}
	if name == "lifecycle" {
		return draw(fsm.Lifecycle.Mermaid(), fsm.Lifecycle.DOT())
	}
	cfg, err := loadConfig(*configPath)
	if err != nil {
		return err
	}
	var bc *BotConfig
	for i := range cfg.Bots {
		if cfg.Bots[i].Name == name {
			bc = &cfg.Bots[i]
		}
	}
	if bc == nil {
		return parley.Errorf(parley.ENOTFOUND, "unknown bot %q", name)
	}
	if bc.Engine == "flows" {
		var eng parley.Engine
		if bc.Flows == "" {
			eng, err = flows.DemoFor(bc.Name)
		} else {
			var def *flows.Definition
			if def, err = flows.LoadFile(cfg.path(bc.Flows)); err == nil {
				eng, err = flows.New(def, flows.Options{})
			}
		}
		if err != nil {
			return err
		}
		if g, ok := eng.(grapher); ok {
			out, err := g.Graph(*format)
			if err != nil {
				return err
			}
			fmt.Fprint(stdout, out)
			return nil
		}
		return draw(flows.Dialogue.Mermaid(), flows.Dialogue.DOT())
	}
	if bc.Engine == "gates" {
		data := gates.DemoFlow()
		if bc.Flow != "" {
			if data, err = os.ReadFile(cfg.path(bc.Flow)); err != nil {
				return err
			}
		}
		f, err := gates.ParseFlow(data, bc.Flow)
		if err != nil {
			return err
		}
		if g, ok := any(f).(grapher); ok {
			out, err := g.Graph(*format)
			if err != nil {
				return err
			}
			fmt.Fprint(stdout, out)
			return nil
		}
		return parley.Errorf(parley.EINVALID, "bot %s: gates flows are edge-less; no graph to draw", name)
	}
	return draw(shop.Machine.Mermaid(), shop.Machine.DOT())
}

func runFlows(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	if len(args) == 0 || args[0] != "put" {
		fmt.Fprintln(stderr, "usage: parley flows put [-server URL] [-id ID] [-db PATH | -store URL] FILE")
		return exitError(2)
	}
	fset := newFlagSet("flows put", stderr, "[-server URL [-token TOKEN]] [-id ID] [-db PATH | -store URL] FILE")
	serverURL := fset.String("server", "", "store through a running server's API (PUT /v1/flows/{id})")
	token := fset.String("token", os.Getenv("PARLEY_API_TOKEN"), "bearer token (admin scope) for -server (default $PARLEY_API_TOKEN)")
	id := fset.String("id", "", "flow id (default: the file name without extension)")
	var sf storeFlags
	sf.register(fset)
	if _, err := parseArgs(fset, args[1:], 1, 1); err != nil {
		return err
	}
	path := fset.Arg(0)
	data, err := os.ReadFile(path)
	if err != nil {
		return parley.WrapError(parley.EINVALID, err, "read flow")
	}
	flowID := *id
	if flowID == "" {
		flowID = strings.TrimSuffix(filepath.Base(path), filepath.Ext(path))
	}
	if _, err := gates.ParseFlow(data, path); err != nil {
		fmt.Fprintln(stdout, parley.ErrorDetail(err))
		return exitError(1)
	}
	var version int
	if *serverURL != "" {
		req, err := http.NewRequestWithContext(ctx, http.MethodPut, strings.TrimRight(*serverURL, "/")+"/v1/flows/"+url.PathEscape(flowID), bytes.NewReader(data))
		if err != nil {
			return parley.WrapError(parley.EINVALID, err, "server URL")
		}
		req.Header.Set("Content-Type", "application/json")
		if !isGatesJSON(path) {
			req.Header.Set("Content-Type", "application/yaml")
		}
		if *token != "" {
			req.Header.Set("Authorization", "Bearer "+*token)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			return parley.WrapError(parley.EUNAVAILABLE, err, "server unreachable")
		}
		defer resp.Body.Close()
		body, _ := io.ReadAll(resp.Body)
		if resp.StatusCode != http.StatusOK {
			fmt.Fprintf(stdout, "%s", body)
			return exitError(1)
		}
		var out struct{ Version int }
		if err := json.Unmarshal(body, &out); err != nil {
			return err
		}
		version = out.Version
	} else {
		store, err := openStore(ctx, sf, "")
		if err != nil {
			return err
		}
		defer store.Close()
		if version, err = store.PutFlow(ctx, flowID, data); err != nil {
			return err
		}
	}
	fmt.Fprintf(stdout, "flow %s stored as version %d\n", flowID, version)
	return nil
}

// isGatesJSON tells a JSON flow file from a YAML one by its name.
func isGatesJSON(path string) bool { return strings.HasSuffix(path, ".json") }
