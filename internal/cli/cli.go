// Package cli is what Parley's commands (cmd/parley, cmd/parley-tools) share: the
// exit status of a command that has said what went wrong, flag sets that report to
// the command's own stderr, and main's signal handling and exit.
package cli

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

// ExitError is an exit status with nothing more to print.
type ExitError int

func (e ExitError) Error() string { return fmt.Sprintf("exit status %d", int(e)) }

// Run is a whole command: its arguments (without the program name) and its streams.
type Run func(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error

// Main runs run with the process's arguments and streams under a context that
// SIGINT and SIGTERM cancel, and exits: with an ExitError's status; with 2 after
// printing any other error (the whole chain, prefixed by prog: the command line is
// the operator's own terminal), but for -h; else 0.
func Main(prog string, run Run) {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	err := run(ctx, os.Args[1:], os.Stdin, os.Stdout, os.Stderr)
	stop()
	if err == nil {
		return
	}
	var ee ExitError
	if errors.As(err, &ee) {
		os.Exit(int(ee))
	}
	if !errors.Is(err, flag.ErrHelp) {
		fmt.Fprintln(os.Stderr, prog+":", parley.ErrorDetail(err))
	}
	os.Exit(2)
}

// NewFlagSet returns a flag set for `prog name` that reports errors to stderr and
// does not exit; its usage line is synopsis.
func NewFlagSet(prog, name string, stderr io.Writer, synopsis string) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprintf(stderr, "usage: %s %s %s\n\nflags:\n", prog, name, synopsis)
		fs.PrintDefaults()
	}
	return fs
}
