package main

import (
	"bytes"
	"context"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/parleyhq/parley/flows"
)

const (
	sgdSchema    = "../../testdata/sgd/dev_schema.json"
	sgdDialogues = "../../testdata/sgd/dev_Banks_2_TransferMoney.json"
)

// parley-tools sgd replay runs the sample dialogues through the production runtime
// (temporary SQLite store, actor runtime, generated flows) and prints a line per
// dialogue and the totals.
func TestSGDReplayEndToEnd(t *testing.T) {
	var out bytes.Buffer
	if err := run(context.Background(), []string{"sgd", "replay", sgdSchema, sgdDialogues}, &out, io.Discard); err != nil {
		t.Fatalf("run: %v\n%s", err, out.String())
	}
	want := `PASS 4_00110: 9/9 user turns matched, 2/2 service calls
PASS 5_00003: 8/8 user turns matched, 3/3 service calls
PASS 5_00006: 7/7 user turns matched, 2/2 service calls
PASS 5_00008: 8/8 user turns matched, 3/3 service calls
PASS 5_00017: 7/7 user turns matched, 3/3 service calls
service Banks_2: 5/5 dialogues passed, 39/39 user turns matched, 13/13 service calls matched
total: 5/5 dialogues passed, 39/39 user turns matched, 13/13 service calls matched
`
	if out.String() != want {
		t.Errorf("output:\n%s\nwant:\n%s", out.String(), want)
	}
}

// A replay with a failing dialogue exits 1 after printing its first mismatch.
func TestSGDReplayFailureExitsOne(t *testing.T) {
	var out bytes.Buffer
	err := run(context.Background(), []string{"sgd", "replay", sgdSchema, "../../testdata/sgd/synthetic_Banks_2.json"}, &out, io.Discard)
	if ee, ok := err.(exitError); !ok || ee != 1 {
		t.Fatalf("err = %v, want exit status 1\n%s", err, out.String())
	}
	if !strings.Contains(out.String(), "FAIL x_switch_and_back: 3/4 user turns matched") ||
		!strings.HasSuffix(out.String(), "total: 2/3 dialogues passed, 11/12 user turns matched, 4/4 service calls matched\n") {
		t.Errorf("output:\n%s", out.String())
	}
}

// parley-tools sgd flows takes its flags after the schema too, and writes the golden
// flow file of package sgd.
func TestSGDFlows(t *testing.T) {
	want, err := os.ReadFile("../../testdata/sgd/Banks_2.flows.yaml")
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	if err := run(context.Background(), []string{"sgd", "flows", sgdSchema, "-service", "Banks_2"}, &out, io.Discard); err != nil {
		t.Fatal(err)
	}
	if out.String() != string(want) {
		t.Errorf("flows differ from testdata/sgd/Banks_2.flows.yaml:\n%s", out.String())
	}
	file := filepath.Join(t.TempDir(), "banks.yaml")
	if err := run(context.Background(), []string{"sgd", "flows", "-o", file, "-service", "Banks_2", sgdSchema}, io.Discard, io.Discard); err != nil {
		t.Fatal(err)
	}
	// What parley validate checks of a flows file.
	def, err := flows.LoadFile(file)
	if err != nil {
		t.Fatalf("parley validate of the written flows: %v", err)
	}
	if diags := flows.Validate(def); len(diags) > 0 {
		t.Errorf("parley validate of the written flows: %v", diags)
	}
}

func TestSGDUsageErrors(t *testing.T) {
	tests := []struct {
		name string
		args []string
	}{
		{"no subcommand", []string{"sgd"}},
		{"unknown subcommand", []string{"sgd", "play"}},
		{"flows without service", []string{"sgd", "flows", sgdSchema}},
		{"replay with one file", []string{"sgd", "replay", sgdSchema}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if err := run(context.Background(), tt.args, io.Discard, io.Discard); err != exitError(2) {
				t.Fatalf("err = %v, want exit status 2", err)
			}
		})
	}
	if err := run(context.Background(), []string{"sgd", "flows", "-service", "Nope", sgdSchema}, io.Discard, io.Discard); err == nil {
		t.Error("unknown service: no error")
	}
}
