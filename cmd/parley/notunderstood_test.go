package main

import (
	"bytes"
	"context"
	"io"
	"strings"
	"testing"
)

// TestTestCountsNotUnderstood: parley test says how many answers the flows
// readers did not understand and asked again (issue 38): the scenario asks
// back twice at the date question.
func TestTestCountsNotUnderstood(t *testing.T) {
	var out bytes.Buffer
	err := run(context.Background(), []string{"test", "../../testdata/scenarios/booking/i38-1-a-question-back-is-no-date.yaml"}, &out, io.Discard)
	if err != nil {
		t.Fatalf("%v\n%s", err, out.String())
	}
	if !strings.Contains(out.String(), "answers not understood (asked again): 2\n") {
		t.Errorf("output lacks the count of answers not understood:\n%s", out.String())
	}
}
