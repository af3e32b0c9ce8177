package main

import (
	"context"
	"fmt"
	"io"
	"os"

	"github.com/parleyhq/parley/internal/app"
	"github.com/parleyhq/parley/scenario"
)

// runTest is `parley test`: it runs scenario files in process on a fresh store, or
// against a running server with -server. The coverage table of the scenarios is a
// measurement: `parley-tools coverage`.
func runTest(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fset := newFlagSet("test", stderr, "[-config FILE] [-server URL [-token TOKEN]] PATH...")
	configPath := app.ConfigFlag(fset)
	serverURL := fset.String("server", "", "run against a running server instead of in process")
	token := fset.String("token", os.Getenv("PARLEY_API_TOKEN"), "bearer token for -server (default $PARLEY_API_TOKEN)")
	verbose := fset.Bool("v", false, "print every scenario, not only failures")
	withCoverage := fset.Bool("coverage", false, "moved: the coverage table is `parley-tools coverage [-config FILE] PATH...`")
	paths, err := parseArgs(fset, args, 1, -1)
	if err != nil {
		return err
	}
	if *withCoverage {
		fmt.Fprintln(stderr, "parley test: -coverage moved to parley-tools: run parley-tools coverage [-config FILE] PATH...")
		return exitError(2)
	}
	files, err := scenario.Files(paths)
	if err != nil {
		return err
	}
	run, err := app.OpenScenarios(ctx, *configPath, *serverURL, *token)
	if err != nil {
		return err
	}
	defer run.Close()
	return run.RunFiles(ctx, files, stdout, *verbose, nil)
}
