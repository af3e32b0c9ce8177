package main

import (
	"bytes"
	"context"
	"strings"
	"testing"
)

// TestUsageListsEachCommandsSynopsis: the overview `parley -h` prints and the package
// doc repeat each command's synopsis, which the command's own -h prints from its
// flag set; they drifted apart once (a flag missing, an argument misnamed).
func TestUsageListsEachCommandsSynopsis(t *testing.T) {
	overview := strings.Join(strings.Fields(usage), " ")
	for _, cmd := range [][]string{{"init"}, {"serve"}, {"test"}, {"validate"}, {"graph"}, {"check"},
		{"flows", "put"}, {"replay"}, {"chat"}} {
		var stderr bytes.Buffer
		_ = run(context.Background(), append(cmd, "-h"), &stderr, &stderr)
		first, _, _ := strings.Cut(stderr.String(), "\n")
		synopsis, ok := strings.CutPrefix(first, "usage: ")
		if !ok {
			t.Fatalf("parley %s -h printed %q, want a usage line", strings.Join(cmd, " "), first)
		}
		if want := strings.Join(strings.Fields(synopsis), " "); !strings.Contains(overview, want) {
			t.Errorf("parley -h does not list %q (parley %s -h)", want, strings.Join(cmd, " "))
		}
	}
}
