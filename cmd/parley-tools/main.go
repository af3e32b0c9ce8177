// Command parley-tools holds Parley's dataset and measurement tools, beside the
// served binary cmd/parley (as litestream keeps cmd/litestream-test beside
// cmd/litestream): what a bot author or an operator runs lives in parley; what
// measures the engines against outside data lives here.
//
//	parley-tools sgd flows  [-webhook URL] [-o FILE] -service NAME SCHEMA.json
//	parley-tools sgd replay [-v] SCHEMA.json DIALOGUES.json...
//	parley-tools version
//
// `parley bench` stays in parley: its command line is a contract
// (docs/spec/contracts.md section 6), and the benchmark comparison scripts build
// ./cmd/parley and call it.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"

	"github.com/parleyhq/parley"
)

// version is set at build time with -ldflags "-X main.version=...".
var version = "dev"

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	err := run(ctx, os.Args[1:], os.Stdout, os.Stderr)
	stop()
	if err != nil {
		var ee exitError
		if errors.As(err, &ee) {
			os.Exit(int(ee))
		}
		if !errors.Is(err, flag.ErrHelp) {
			fmt.Fprintln(os.Stderr, "parley-tools:", parley.ErrorDetail(err))
		}
		os.Exit(2)
	}
}

// exitError is an exit status with nothing more to print.
type exitError int

func (e exitError) Error() string { return fmt.Sprintf("exit status %d", int(e)) }

const usage = `parley-tools: Parley's dataset and measurement tools

usage:
  parley-tools sgd flows  [-webhook URL] [-o FILE] -service NAME SCHEMA.json
  parley-tools sgd replay [-v] SCHEMA.json DIALOGUES.json...
  parley-tools version

The served binary and the bot authors' tools (serve, test, validate, graph,
check, replay, init, chat, bench) are in parley.
`

// run is the whole program, driven end to end by tests.
func run(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		fmt.Fprint(stderr, usage)
		return exitError(2)
	}
	cmd, rest := args[0], args[1:]
	switch cmd {
	case "sgd":
		return runSGD(ctx, rest, stdout, stderr)
	case "version":
		fmt.Fprintf(stdout, "parley-tools %s\n", version)
		return nil
	case "-h", "-help", "--help", "help":
		fmt.Fprint(stdout, usage)
		return nil
	default:
		fmt.Fprintf(stderr, "parley-tools: unknown command %q\n\n%s", cmd, usage)
		return exitError(2)
	}
}

// newFlagSet returns a flag set that reports errors to stderr and does not exit.
func newFlagSet(name string, stderr io.Writer, synopsis string) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprintf(stderr, "usage: parley-tools %s %s\n\nflags:\n", name, synopsis)
		fs.PrintDefaults()
	}
	return fs
}
