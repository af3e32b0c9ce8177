package main

import (
	"bytes"
	"context"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestCheckCounterexamplesReplay: parley check finds the planted defects of two
// broken bots, writes each counterexample as a scenario, and parley test replays
// those scenarios against the real engines and fails on them.
func TestCheckCounterexamplesReplay(t *testing.T) {
	dir := t.TempDir()
	broken, err := filepath.Abs("../../check/testdata/broken")
	if err != nil {
		t.Fatal(err)
	}
	cfg := filepath.Join(dir, "parley.yaml")
	conf := "bots:\n" +
		"  - name: lookup\n    engine: flows\n    flows: " + filepath.Join(broken, "retry_never_exhausts.yaml") + "\n" +
		"  - name: pingpong\n    engine: gates\n    flow: " + filepath.Join(broken, "clarify_ping_pong.json") + "\n"
	if err := os.WriteFile(cfg, []byte(conf), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "counterexamples")
	var stdout bytes.Buffer
	err = run(context.Background(), []string{"check", "-config", cfg, "-o", out}, &stdout, io.Discard)
	if ee, ok := err.(exitError); !ok || ee != 1 {
		t.Fatalf("check: exit %v, want 1\n%s", err, stdout.String())
	}
	for _, want := range []string{"FAIL lookup:", "FAIL pingpong:", "every loop has an exit", "counterexample:", "wrote "} {
		if !strings.Contains(stdout.String(), want) {
			t.Errorf("check output lacks %q:\n%s", want, stdout.String())
		}
	}
	files, _ := filepath.Glob(filepath.Join(out, "*.yaml"))
	if len(files) == 0 {
		t.Fatal("no counterexample scenario written")
	}
	stdout.Reset()
	err = run(context.Background(), []string{"test", "-config", cfg, out}, &stdout, io.Discard)
	if ee, ok := err.(exitError); !ok || ee != 1 {
		t.Fatalf("test: exit %v, want 1\n%s", err, stdout.String())
	}
	if !strings.Contains(stdout.String(), "state matches what it must not") || !strings.Contains(stdout.String(), "0 passed") {
		t.Fatalf("counterexamples did not all fail:\n%s", stdout.String())
	}
}

// TestCheckRefusesStaticDefects: a flow whose goal no node can reach fails before
// any exploration, with the reason.
func TestCheckRefusesStaticDefects(t *testing.T) {
	var stdout bytes.Buffer
	err := run(context.Background(), []string{"check", "../../check/testdata/broken/gate_never_produced.json"}, &stdout, io.Discard)
	if ee, ok := err.(exitError); !ok || ee != 1 {
		t.Fatalf("exit %v, want 1\n%s", err, stdout.String())
	}
	if !strings.Contains(stdout.String(), `fact "budget" is not produced by any node`) {
		t.Fatalf("output:\n%s", stdout.String())
	}
}

// TestCoverageReport: parley test -coverage names what the scenarios exercised.
func TestCoverageReport(t *testing.T) {
	var stdout bytes.Buffer
	err := run(context.Background(), []string{"test", "-coverage", "../../testdata/scenarios/coach"}, &stdout, io.Discard)
	if err != nil {
		t.Fatalf("%v\n%s", err, stdout.String())
	}
	if !strings.Contains(stdout.String(), "coverage coach (gates):") || !strings.Contains(stdout.String(), " nodes") {
		t.Fatalf("output:\n%s", stdout.String())
	}
}
