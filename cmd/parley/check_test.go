package main

import (
	"bytes"
	"context"
	"io"
	"os"
	"path/filepath"
	"regexp"
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

// TestTestCoverageSaysWhereItMoved: parley test -coverage names the command that
// prints the coverage table now (parley-tools coverage), exit status 2.
func TestTestCoverageSaysWhereItMoved(t *testing.T) {
	var stderr bytes.Buffer
	err := run(context.Background(), []string{"test", "-coverage", "../../testdata/scenarios/coach"}, io.Discard, &stderr)
	if code, ok := err.(exitError); !ok || code != 2 || !strings.Contains(stderr.String(), "parley-tools coverage") {
		t.Fatalf("err = %v, stderr:\n%s", err, stderr.String())
	}
}

// TestCheckExplainsInTheAuthorsTerms: each refuted property says why and which field
// to change (a slot's on_exhaust at its file:line:col; a gates node's missing
// runPolicy.maxExecutions), not only the abstract path.
func TestCheckExplainsInTheAuthorsTerms(t *testing.T) {
	uncapped := "../../check/testdata/broken/uncapped_goal_node.json"
	tests := []struct {
		file string
		want []string
	}{
		{"../../check/testdata/broken/retry_never_exhausts.yaml", []string{"why: slot ref asks again", "set on_exhaust to handoff, skip or cancel (../../check/testdata/broken/retry_never_exhausts.yaml:15:21)"}},
		{uncapped, []string{"why: node goal-gap-1 runs again every time it is selected", `add "runPolicy": {"maxExecutions": 1} to it (nodes[1] of ` + uncapped + ")"}},
	}
	for _, tt := range tests {
		var stdout bytes.Buffer
		err := run(context.Background(), []string{"check", "-progress", "-1s", tt.file}, &stdout, io.Discard)
		if ee, ok := err.(exitError); !ok || ee != 1 {
			t.Fatalf("check %s: %v\n%s", tt.file, err, stdout.String())
		}
		for _, want := range tt.want {
			if !strings.Contains(stdout.String(), want) {
				t.Errorf("check %s lacks %q:\n%s", tt.file, want, stdout.String())
			}
		}
	}
}

// TestCheckShowsProgress: past -progress (two seconds by default) parley check says
// on stderr how far the exploration is, and that it finished; before it, nothing.
// (-exact: the booking demo without the reduction is tens of thousands of states.)
func TestCheckShowsProgress(t *testing.T) {
	file := "../../flows/demo/booking.yaml"
	var stdout, stderr bytes.Buffer
	if err := run(context.Background(), []string{"check", "-exact", "-progress", "0s", "-max-states", "3000", file}, &stdout, &stderr); err == nil {
		t.Fatalf("a truncated exploration proves nothing and must fail:\n%s", stdout.String())
	}
	if !regexp.MustCompile(`check \S+booking.yaml: \d+ of \d+ states explored, \d+ decisions`).MatchString(stderr.String()) || !strings.Contains(stderr.String(), "done in") {
		t.Fatalf("no progress on stderr:\n%s", stderr.String())
	}
	stderr.Reset()
	_ = run(context.Background(), []string{"check", "-exact", "-max-states", "3000", file}, &stdout, &stderr)
	if stderr.Len() > 0 && !strings.Contains(stderr.String(), "explored") {
		t.Fatalf("unexpected stderr: %s", stderr.String())
	}
}

// TestValidateAndCheckWarnOfAnEmptyGap: a text naming a {slot} that no earlier step
// fills is a warning with file:line:col from validate (which still passes) and from
// check; a slot with a default or filled earlier is not.
func TestValidateAndCheckWarnOfAnEmptyGap(t *testing.T) {
	file := "../../flows/testdata/lint/gap.yaml"
	want := file + ":15:19: warning: {phone} is not filled by any earlier step of flow order"
	for _, args := range [][]string{{"validate", file}, {"check", "-progress", "-1s", file}} {
		var stdout bytes.Buffer
		err := run(context.Background(), args, &stdout, io.Discard)
		if args[0] == "validate" && err != nil {
			t.Errorf("validate failed on a warning: %v", err)
		}
		out := stdout.String()
		if !strings.Contains(out, want) {
			t.Errorf("parley %s lacks %q:\n%s", args[0], want, out)
		}
		if strings.Contains(out, "{note}") || strings.Contains(out, "{item}") || strings.Contains(out, "{ref}") {
			t.Errorf("parley %s warns of a filled slot:\n%s", args[0], out)
		}
	}
}

// TestOfflineCommandsNeedNoServingSecrets: parley check, graph and test run on a
// configuration whose widget.key and token name variables that are not set;
// only serve needs them.
func TestOfflineCommandsNeedNoServingSecrets(t *testing.T) {
	dir := t.TempDir()
	cfg := filepath.Join(dir, "parley.yaml")
	text := "auth:\n  tokens:\n    - {name: admin, token: \"${PARLEY_T41_UNSET_TOKEN}\", scopes: [admin]}\nwidget:\n  key: ${PARLEY_T41_UNSET_KEY}\nbots:\n  - name: pizzeria\n    engine: flows\n    flows: " +
		filepath.Join(mustAbs(t, "../../testdata/flows-understanding/flows/pizzeria.flows.yaml")) + "\n    widget: {origins: [\"https://pizza.example.com\"]}\n"
	if err := os.WriteFile(cfg, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(dir, "sc"), 0o755); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{{"check", "-config", cfg}, {"graph", "-config", cfg, "pizzeria"}, {"test", "-config", cfg, filepath.Join(dir, "sc")}} {
		var stdout, stderr bytes.Buffer
		if err := run(context.Background(), args, &stdout, &stderr); err != nil {
			t.Errorf("parley %s: %v\n%s%s", args[0], err, stdout.String(), stderr.String())
		}
	}
}

func mustAbs(t *testing.T, p string) string {
	t.Helper()
	a, err := filepath.Abs(p)
	if err != nil {
		t.Fatal(err)
	}
	return a
}
