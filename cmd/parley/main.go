// Command parley runs and tests Parley, the conversation state engine: it reads
// flags, opens the store and serves; internal/app (shared with cmd/parley-tools)
// reads parley.yaml, builds the bots and wires the runtime, the HTTP API and the
// channels.
//
//	parley init     DIR
//	parley serve    [-addr 127.0.0.1:8080] [-db PATH | -store URL] [-config parley.yaml] [-insecure]
//	parley test     [-config FILE] [-server URL [-token TOKEN]] PATH...
//	parley validate FILE...
//	parley graph    [-config FILE] [-format mermaid|dot] BOT|lifecycle
//	parley check    [-config FILE] [-o DIR] [-max-states N] [-walks N] [-exact] [BOT | FLOW-FILE]...
//	parley flows    put [-server URL [-token TOKEN]] [-id ID] [-db PATH | -store URL] FILE
//	parley bench    booking|http|actors [-n N] [-concurrency C] [-sync normal|full] [-db PATH | -store URL]
//	parley replay   [-config FILE] [-db PATH | -store URL] BOT CONVERSATION
//	parley chat     [-config FILE] [-db PATH | -store URL] [-server URL [-token T]] [-conversation ID] BOT
//	parley version
//
// The dataset and measurement tools (`sgd`, the scenarios' `coverage` table) are a
// second command, cmd/parley-tools.
// `parley bench` stays here: its command line is a contract (docs/spec/contracts.md
// section 6), and the benchmark comparison scripts build ./cmd/parley and call it.
package main

import (
	"context"
	"flag"
	"io"
	"strings"

	"github.com/parleyhq/parley"
	"github.com/parleyhq/parley/internal/cli"
)

// version is set at build time with -ldflags "-X main.version=...".
var version = "dev"

func main() { cli.Main("parley", runIO) }

// exitError is an exit status with nothing more to print.
type exitError = cli.ExitError

// errText is the whole error chain: the command line is the operator's own terminal.
func errText(err error) string { return parley.ErrorDetail(err) }

const usage = `parley: a conversation state engine for chat agents

usage:
  parley init     DIR
  parley serve    [-addr 127.0.0.1:8080] [-db PATH | -store URL] [-config parley.yaml] [-insecure]
  parley test     [-config FILE] [-server URL [-token TOKEN]] PATH...
  parley validate FILE...
  parley graph    [-config FILE] [-format mermaid|dot] BOT|lifecycle
  parley check    [-config FILE] [-o DIR] [-max-states N] [-walks N] [-exact] [BOT | FLOW-FILE]...
  parley flows    put [-server URL [-token TOKEN]] [-id ID] [-db PATH | -store URL] FILE
  parley bench    booking|http|actors [-n N] [-concurrency C] [-sync normal|full] [-db PATH | -store URL]
  parley replay   [-config FILE] [-db PATH | -store URL] BOT CONVERSATION
  parley chat     [-config FILE] [-db PATH | -store URL] [-server URL [-token T]] [-conversation ID] BOT
  parley version

Run 'parley COMMAND -h' for a command's flags. The dataset and measurement tools
(sgd, the scenarios' coverage table) are in parley-tools.
`

// run is the whole program, driven end to end by tests; a command that reads
// standard input (chat) reads nothing.
func run(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	return runIO(ctx, args, strings.NewReader(""), stdout, stderr)
}

// runIO is run with the standard input that `parley chat` reads.
func runIO(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	return program.Run(ctx, args, stdin, stdout, stderr)
}

// program is parley's subcommands by name; chat reads standard input.
var program = cli.Program{
	Name:  "parley",
	Usage: usage,
	Commands: map[string]cli.Command{
		"init":     runInit,
		"serve":    runServe,
		"test":     runTest,
		"validate": runValidate,
		"graph":    runGraph,
		"check":    runCheck,
		"flows":    runFlows,
		"bench":    runBench,
		"replay":   runReplay,
		"version": func(_ context.Context, args []string, stdout, stderr io.Writer) error {
			return runVersion(args, stdout, stderr)
		},
	},
	Interactive: map[string]cli.Run{"chat": runChat},
}

// newFlagSet returns a flag set for `parley name` that reports errors to stderr and
// does not exit.
func newFlagSet(name string, stderr io.Writer, synopsis string) *flag.FlagSet {
	return cli.NewFlagSet("parley", name, stderr, synopsis)
}

// parseArgs parses flags and returns the positional arguments (cli.ParseArgs).
func parseArgs(fs *flag.FlagSet, args []string, min, max int) ([]string, error) {
	return cli.ParseArgs("parley", fs, args, min, max)
}

// everyPasses runs pass on each item in turn and is exit status 1 when any of them
// did not pass (the rest still run); an error stops it.
func everyPasses[T any](items []T, pass func(T) (bool, error)) error {
	failed := false
	for _, it := range items {
		ok, err := pass(it)
		if err != nil {
			return err
		}
		failed = failed || !ok
	}
	if failed {
		return exitError(1)
	}
	return nil
}
