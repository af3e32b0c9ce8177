// Command parley-tools holds Parley's dataset and measurement tools, beside the
// served binary cmd/parley (as litestream keeps cmd/litestream-test beside
// cmd/litestream): what a bot author or an operator runs lives in parley; what
// measures the engines against outside data, or the scenarios against the
// bots (the coverage table), lives here.
//
//	parley-tools sgd flows  [-webhook URL] [-o FILE] -service NAME SCHEMA.json
//	parley-tools sgd replay [-v] SCHEMA.json DIALOGUES.json...
//	parley-tools sgd sample [-n 8] [-repeated 5] [-o FILE] -service NAME SCHEMA.json DIALOGUES.json...
//	parley-tools coverage [-config FILE] [-v] PATH...
//	parley-tools heldout [-config FILE] [-v] PATH...
//	parley-tools calendar-names [-o FILE]
//	parley-tools cldr-cities -cldr DIR [-words FILE] [-o FILE]
//	parley-tools cldr-date-order -cldr DIR [-o FILE]
//	parley-tools geonames-cities -in FILE [-min-pop N] [-words FILE] [-out FILE]
//	parley-tools geonames-towns -in FILE [-min-pop N] [-words FILE] [-out FILE]
//	parley-tools geonames-own-names -in FILE [-out FILE]
//	parley-tools ourairports -airports FILE -regions FILE [-words FILE] [-out FILE]
//	parley-tools oewn-artifacts [-out FILE] ENTRIES.yaml...
//	parley-tools version
//
// `parley bench` stays in parley: its command line is a contract
// (docs/spec/contracts.md section 6), and the benchmark comparison scripts build
// ./cmd/parley and call it.
package main

import (
	"context"
	"flag"
	"fmt"
	"io"

	"github.com/parleyhq/parley/internal/cli"
)

// version is set at build time with -ldflags "-X main.version=...".
var version = "dev"

func main() {
	cli.Main("parley-tools", func(ctx context.Context, args []string, _ io.Reader, stdout, stderr io.Writer) error {
		return run(ctx, args, stdout, stderr)
	})
}

// exitError is an exit status with nothing more to print.
type exitError = cli.ExitError

const usage = `parley-tools: Parley's dataset and measurement tools

usage:
  parley-tools sgd flows  [-webhook URL] [-o FILE] -service NAME SCHEMA.json
  parley-tools sgd replay [-v] SCHEMA.json DIALOGUES.json...
  parley-tools sgd sample [-n 8] [-repeated 5] [-o FILE] -service NAME SCHEMA.json DIALOGUES.json...
  parley-tools coverage [-config FILE] [-v] PATH...
  parley-tools heldout [-config FILE] [-v] PATH...
  parley-tools calendar-names [-o FILE]
  parley-tools cldr-dates -cldr DIR [-dict FILE] [-o FILE]
  parley-tools cldr-counts -cldr DIR [-english FILE] [-o DIR]
  parley-tools cldr-replies -cldr DIR [-dict FILE] [-o FILE]
  parley-tools cldr-cities -cldr DIR [-words FILE] [-o FILE]
  parley-tools cldr-date-order -cldr DIR [-o FILE]
  parley-tools geonames-cities -in FILE [-min-pop N] [-words FILE] [-out FILE]
  parley-tools geonames-towns -in FILE [-min-pop N] [-words FILE] [-out FILE]
  parley-tools geonames-own-names -in FILE [-out FILE]
  parley-tools ourairports -airports FILE -regions FILE [-words FILE] [-out FILE]
  parley-tools oewn-artifacts [-out FILE] ENTRIES.yaml...
  parley-tools version

The served binary and the bot authors' tools (serve, test, validate, graph,
check, replay, init, chat, bench) are in parley; both build bots from
parley.yaml through internal/app.
`

// run is the whole program, driven end to end by tests.
func run(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	return program.Run(ctx, args, nil, stdout, stderr)
}

// program is parley-tools' subcommands by name.
var program = cli.Program{
	Name:  "parley-tools",
	Usage: usage,
	Commands: map[string]cli.Command{
		"sgd":                runSGD,
		"coverage":           runCoverage,
		"heldout":            runHeldout,
		"calendar-names":     runCalendarNames,
		"cldr-dates":         runCLDRDates,
		"cldr-counts":        runCLDRCounts,
		"cldr-replies":       runCLDRReplies,
		"cldr-cities":        runCLDRCities,
		"cldr-date-order":    runCLDRDateOrder,
		"geonames-cities":    runGeoNamesCities,
		"geonames-towns":     runGeoNamesTowns,
		"geonames-own-names": runGeoNamesOwnNames,
		"ourairports":        runOurAirports,
		"oewn-artifacts":     runOEWNArtifacts,
		"version": func(_ context.Context, _ []string, stdout, _ io.Writer) error {
			fmt.Fprintf(stdout, "parley-tools %s\n", version)
			return nil
		},
	},
}

// newFlagSet returns a flag set for `parley-tools name` that reports errors to
// stderr and does not exit.
func newFlagSet(name string, stderr io.Writer, synopsis string) *flag.FlagSet {
	return cli.NewFlagSet("parley-tools", name, stderr, synopsis)
}
