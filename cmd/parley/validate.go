package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/parleyhq/parley"
	"github.com/parleyhq/parley/flows"
	"github.com/parleyhq/parley/gates"
)

// runValidate checks flow files: flows YAML (seeds 001/003) and gates flows (seed
// 002, JSON or YAML with nodes:). It prints file:line:col diagnostics and exits 1
// when any file has one.
func runValidate(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fset := newFlagSet("validate", stderr, "FILE...")
	paths, err := parseArgs(fset, args, 1, -1)
	if err != nil {
		return err
	}
	return everyPasses(paths, func(path string) (bool, error) { return validateFile(stdout, path), nil })
}

// validateFile prints a flow file's problems, or "ok", and reports whether it has
// none.
func validateFile(stdout io.Writer, path string) bool {
	data, err := os.ReadFile(path)
	if err != nil {
		fmt.Fprintf(stdout, "%s: %v\n", path, err)
		return false
	}
	if isGatesFlow(data, path) {
		return validateGates(stdout, data, path)
	}
	return validateFlows(stdout, path)
}

// validateGates prints a gates flow's first problem, or "ok".
func validateGates(stdout io.Writer, data []byte, path string) bool {
	if _, err := gates.ParseFlow(data, path); err != nil {
		fmt.Fprintf(stdout, "%s: %s\n", path, parley.ErrorDetail(err))
		return false
	}
	fmt.Fprintf(stdout, "%s: ok\n", path)
	return true
}

// validateFlows prints a flows file's warnings and then its problems, or "ok".
func validateFlows(stdout io.Writer, path string) bool {
	def, err := flows.LoadFile(path)
	if err != nil {
		fmt.Fprintln(stdout, parley.ErrorDetail(err))
		return false
	}
	printWarnings(stdout, "", def)
	diags := flows.Validate(def)
	if len(diags) == 0 {
		fmt.Fprintf(stdout, "%s: ok\n", path)
		return true
	}
	for _, d := range diags {
		fmt.Fprintln(stdout, d.String())
	}
	return false
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

// printWarnings prints what reads wrong to a user in a flows definition (a {slot}
// no earlier step fills), one file:line:col line each; warnings fail nothing.
func printWarnings(w io.Writer, indent string, def *flows.Definition) {
	for _, d := range flows.Warnings(def) {
		fmt.Fprintln(w, indent+d.String())
	}
}
