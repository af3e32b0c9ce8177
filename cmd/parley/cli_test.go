package main

import (
	"bytes"
	"context"
	"io"
	"strings"
	"testing"
)

// TestStrayArgumentsAreUsageErrors: the flag package stops at the first positional
// argument, so a flag after one would be ignored; every subcommand refuses instead.
func TestStrayArgumentsAreUsageErrors(t *testing.T) {
	tests := []struct {
		name string
		args []string
	}{
		{"serve with a stray argument before flags", []string{"serve", "extra-arg", "-addr", "127.0.0.1:0"}},
		{"serve with a stray argument", []string{"serve", "extra-arg"}},
		{"test with a flag after the path", []string{"test", "../../testdata/scenarios", "-server", "http://127.0.0.1:1"}},
		{"test without a path", []string{"test"}},
		{"validate with a flag after the file", []string{"validate", "a.yaml", "-v"}},
		{"graph with two bots", []string{"graph", "shop", "booking"}},
		{"graph with a flag after the bot", []string{"graph", "shop", "-format", "dot"}},
		{"flows put with a flag after the file", []string{"flows", "put", "coach.json", "-id", "coach"}},
		{"bench with a stray argument", []string{"bench", "booking", "extra", "-n", "1"}},
		{"bench actors with a stray argument", []string{"bench", "actors", "extra"}},
		{"version with an argument", []string{"version", "extra"}},
		{"check with a flag after the bot", []string{"check", "booking", "-max-states", "10"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var stderr bytes.Buffer
			err := run(context.Background(), tt.args, io.Discard, &stderr)
			if err != exitError(2) {
				t.Fatalf("err = %v, want exit status 2; stderr:\n%s", err, stderr.String())
			}
			if !strings.Contains(stderr.String(), "usage") {
				t.Fatalf("no usage on stderr:\n%s", stderr.String())
			}
		})
	}
}

func TestVersionPrintsBuildInfo(t *testing.T) {
	var out bytes.Buffer
	if err := run(context.Background(), []string{"version"}, &out, io.Discard); err != nil {
		t.Fatal(err)
	}
	// A test binary has build info with the Go version; a built binary adds the
	// module path and, from a checkout, the VCS revision.
	if !strings.HasPrefix(out.String(), "parley ") || !strings.Contains(out.String(), "go1.") {
		t.Fatalf("version = %q", out.String())
	}
}
