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

// Command is a subcommand that reads no standard input: its arguments (after its
// name) and its output streams.
type Command func(ctx context.Context, args []string, stdout, stderr io.Writer) error

// Program is a command of subcommands: its name, its usage text, the subcommands
// by name, and those that read standard input (parley chat) by name.
type Program struct {
	Name, Usage string
	Commands    map[string]Command
	Interactive map[string]Run
}

// Run dispatches args to the subcommand args[0] names; -h, -help, --help and help
// print the usage on stdout; no subcommand, or an unknown one, prints it on
// stderr: exit status 2.
func (p Program) Run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		fmt.Fprint(stderr, p.Usage)
		return ExitError(2)
	}
	name, rest := args[0], args[1:]
	if fn, ok := p.Commands[name]; ok {
		return fn(ctx, rest, stdout, stderr)
	}
	if fn, ok := p.Interactive[name]; ok {
		return fn(ctx, rest, stdin, stdout, stderr)
	}
	switch name {
	case "-h", "-help", "--help", "help":
		fmt.Fprint(stdout, p.Usage)
		return nil
	}
	fmt.Fprintf(stderr, "%s: unknown command %q\n\n%s", p.Name, name, p.Usage)
	return ExitError(2)
}

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

// ParseArgs parses flags and returns the positional arguments, refusing (exit 2,
// usage printed) fewer than min or more than max of them (max < 0: no limit) and any
// flag written after a positional argument: the flag package stops at the first
// positional, so `serve extra -addr X` would otherwise silently drop -addr.
func ParseArgs(prog string, fs *flag.FlagSet, args []string, min, max int) ([]string, error) {
	if err := fs.Parse(args); err != nil {
		return nil, err
	}
	rest := fs.Args()
	if late := flagAfterArgument(rest); late != "" {
		fmt.Fprintf(fs.Output(), "%s %s: flag %s after the argument %q: flags go before arguments\n", prog, fs.Name(), late, rest[0])
		fs.Usage()
		return nil, ExitError(2)
	}
	if len(rest) < min || (max >= 0 && len(rest) > max) {
		if max == 0 {
			fmt.Fprintf(fs.Output(), "%s %s takes no arguments, got %q\n", prog, fs.Name(), rest)
		}
		fs.Usage()
		return nil, ExitError(2)
	}
	return rest, nil
}

// flagAfterArgument is the first of the positional arguments that looks like a
// flag, or "".
func flagAfterArgument(rest []string) string {
	for _, a := range rest {
		if len(a) > 1 && a[0] == '-' {
			return a
		}
	}
	return ""
}
