package main

import (
	"bytes"
	"context"
	"io"
	"strings"
	"testing"
)

// TestCoverageReport: parley-tools coverage names what the scenarios exercised.
func TestCoverageReport(t *testing.T) {
	var stdout bytes.Buffer
	err := run(context.Background(), []string{"coverage", "../../testdata/scenarios/coach"}, &stdout, io.Discard)
	if err != nil {
		t.Fatalf("%v\n%s", err, stdout.String())
	}
	if !strings.Contains(stdout.String(), "coverage coach (gates):") || !strings.Contains(stdout.String(), " nodes") {
		t.Fatalf("output:\n%s", stdout.String())
	}
}
