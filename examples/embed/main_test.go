package main

import (
	"bytes"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestTheExampleBuildsAndRuns builds the example as a user would (go build) and runs
// the binary: the Go validator refuses 40 loaves, the Go action places the order.
func TestTheExampleBuildsAndRuns(t *testing.T) {
	bin := filepath.Join(t.TempDir(), "embed")
	goCmd, err := exec.LookPath("go")
	if err != nil {
		t.Fatalf("the go command builds the example: %v", err)
	}
	build := exec.Command(goCmd, "build", "-o", bin, ".")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	var stdout, stderr bytes.Buffer
	cmd := exec.Command(bin, "I'd like some bread", "40", "3", "yes")
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("run: %v\n%s", err, stderr.String())
	}
	want := []string{
		"bot: How many loaves would you like?",
		"bot: We have 12 loaves left today.",
		"bot: 3 loaves. Shall I order them?",
		"bot: Ordered: BREAD-3-customer-1.",
	}
	for _, w := range want {
		if !strings.Contains(stdout.String(), w) {
			t.Errorf("output lacks %q:\n%s", w, stdout.String())
		}
	}
}
