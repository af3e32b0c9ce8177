package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"time"

	"github.com/parleyhq/parley"
	"github.com/parleyhq/parley/actor"
	"github.com/parleyhq/parley/sgd"
	"github.com/parleyhq/parley/sqlite"
)

const sgdUsage = `usage:
  parley-tools sgd flows  [-webhook URL] [-unseen-domain] [-o FILE] -service NAME SCHEMA.json
  parley-tools sgd replay [-v] [-unseen-domain] SCHEMA.json DIALOGUES.json...
  parley-tools sgd sample [-n 8] [-repeated 5] [-o FILE] -service NAME SCHEMA.json SPLIT/dialogues_*.json
  parley-tools sgd vocabulary [-exclude DIR] [-o FILE] SCHEMA.json SPLIT/dialogues_*.json

flows writes the flow file of a Schema-Guided Dialogue service; replay replays
SGD dialogues (every file given) through the flows engine in oracle mode and
checks the engine's state after every user turn and every service call; it
prints a line per dialogue, the totals per service, then the totals; with
-unseen-domain it replays leave-domain-out: each service's flows use the
learned vocabulary without any service of its domain (Hotels_* for Hotels_4),
as if rebuilt without that domain's dialogues, so the service is new to the
engine (the measure of testdata/sgd/fresh8). sample
takes a deterministic sample of a service's dialogues from a split's files, in
the order given (see docs/guides/sgd.md). vocabulary learns, from a split's
annotations, each service's words for its slots' listed values (the file
sgd/vocabulary.json is its output on the train split, fresh6/C excluded).
`

// runSGD is `parley-tools sgd`: Schema-Guided Dialogue tools.
func runSGD(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		fmt.Fprint(stderr, sgdUsage)
		return exitError(2)
	}
	switch args[0] {
	case "flows":
		return runSGDFlows(args[1:], stdout, stderr)
	case "replay":
		return runSGDReplay(ctx, args[1:], stdout, stderr)
	case "sample":
		return runSGDSample(args[1:], stdout, stderr)
	case "vocabulary":
		return runSGDVocabulary(args[1:], stdout, stderr)
	case "-h", "-help", "--help", "help":
		fmt.Fprint(stdout, sgdUsage)
		return nil
	default:
		fmt.Fprintf(stderr, "parley-tools sgd: unknown command %q\n\n%s", args[0], sgdUsage)
		return exitError(2)
	}
}

// parseInterspersed parses flags that may come before or after the positional
// arguments ("flows SCHEMA.json -service Banks_2") and returns the positionals.
func parseInterspersed(fs *flag.FlagSet, args []string) ([]string, error) {
	var positional []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, err
		}
		rest := fs.Args()
		if len(rest) == 0 {
			return positional, nil
		}
		positional = append(positional, rest[0])
		args = rest[1:]
	}
}

func runSGDFlows(args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("sgd flows", stderr, "[-webhook URL] [-unseen-domain] [-o FILE] -service NAME SCHEMA.json")
	unseen := fs.Bool("unseen-domain", false, "write the flows without the words learned from the service's domain (as replay -unseen-domain does)")
	service := fs.String("service", "", "the service to write flows for (required)")
	webhook := fs.String("webhook", "", "base URL of the service calls (webhook actions POST to URL/<service>/<intent>); built-in actions when empty")
	output := fs.String("o", "", "write the flow file here instead of stdout")
	files, err := parseInterspersed(fs, args)
	if err != nil {
		return err
	}
	if len(files) != 1 || *service == "" {
		fs.Usage()
		return exitError(2)
	}
	svc, err := readService(files[0], *service)
	if err != nil {
		return err
	}
	data, err := sgd.Flows(svc, sgd.FlowsOptions{Webhook: *webhook, UnseenDomain: *unseen})
	if err != nil {
		return err
	}
	return writeOutput(stdout, *output, data)
}

func runSGDSample(args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("sgd sample", stderr, "[-n 8] [-repeated 5] [-o FILE] -service NAME SCHEMA.json DIALOGUES.json...")
	service := fs.String("service", "", "the service to sample (required)")
	size := fs.Int("n", 8, "how many dialogues to take")
	repeated := fs.Int("repeated", 0, "take up to this many dialogues making two or more transactional calls first")
	output := fs.String("o", "", "write the sample here instead of stdout")
	files, err := parseInterspersed(fs, args)
	if err != nil {
		return err
	}
	if len(files) < 2 || *service == "" || *size < 1 || *repeated < 0 {
		fs.Usage()
		return exitError(2)
	}
	svc, err := readService(files[0], *service)
	if err != nil {
		return err
	}
	inputs, err := readEach(files[1:], func(file string, data []byte) ([]sgd.SampleInput, error) {
		return []sgd.SampleInput{data}, nil
	})
	if err != nil {
		return err
	}
	data, err := sgd.Sample(svc, inputs, sgd.SampleOptions{Size: *size, Repeated: *repeated})
	if err != nil {
		return err
	}
	return writeOutput(stdout, *output, data)
}

func runSGDReplay(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("sgd replay", stderr, "[-v] [-unseen-domain] SCHEMA.json DIALOGUES.json...")
	verbose := fs.Bool("v", false, "print every mismatch, not only the first of each dialogue")
	unseen := fs.Bool("unseen-domain", false, "leave-domain-out: replay each service without the words learned from its domain's dialogues")
	files, err := parseInterspersed(fs, args)
	if err != nil {
		return err
	}
	if len(files) < 2 {
		fs.Usage()
		return exitError(2)
	}
	services, err := readSchema(files[0])
	if err != nil {
		return err
	}
	dialogues, err := readEach(files[1:], func(file string, data []byte) ([]sgd.Dialogue, error) {
		more, err := sgd.DecodeDialogues(data)
		if err != nil {
			return nil, parley.WrapError(parley.EINVALID, err, "%s", file)
		}
		return more, nil
	})
	if err != nil {
		return err
	}
	report, err := replayOnSQLite(ctx, services, dialogues, *unseen)
	if err != nil {
		return err
	}
	if err := report.Write(stdout, *verbose); err != nil {
		return err
	}
	if t := report.Totals(); t.Passed < t.Dialogues-t.Skipped {
		return exitError(1)
	}
	return nil
}

// replayOnSQLite replays the dialogues on the production path: a fresh SQLite
// store in a temporary directory, the actor runtime, one flows bot per service.
func replayOnSQLite(ctx context.Context, services []sgd.Service, dialogues []sgd.Dialogue, unseenDomain bool) (*sgd.Report, error) {
	dir, err := os.MkdirTemp("", "parley-sgd-")
	if err != nil {
		return nil, parley.WrapError(parley.EINTERNAL, err, "temporary store")
	}
	defer os.RemoveAll(dir)
	store, err := sqlite.Open(ctx, filepath.Join(dir, "replay.db"), sqlite.Options{})
	if err != nil {
		return nil, err
	}
	defer store.Close()
	return sgd.Replay(ctx, services, dialogues, sgd.ReplayOptions{Runtime: func(bots []*parley.Bot, now func() time.Time) (parley.Conversations, func()) {
		rt := actor.New(store, bots, actor.Options{Heartbeat: -1, Now: now})
		return rt, rt.Close
	}, UnseenDomain: unseenDomain})
}

// readEach reads each file and gathers what decode makes of it.
func readEach[T any](files []string, decode func(file string, data []byte) ([]T, error)) ([]T, error) {
	var out []T
	for _, file := range files {
		data, err := readFile(file)
		if err != nil {
			return nil, err
		}
		more, err := decode(file, data)
		if err != nil {
			return nil, err
		}
		out = append(out, more...)
	}
	return out, nil
}

// writeOutput writes data to the -o file when one is named, else to stdout.
func writeOutput(stdout io.Writer, output string, data []byte) error {
	if output == "" {
		_, err := stdout.Write(data)
		return err
	}
	if err := os.WriteFile(output, data, 0o644); err != nil {
		return parley.WrapError(parley.EINVALID, err, "write %s", output)
	}
	return nil
}

// readService reads the schema at path and finds the service named name in it.
func readService(path, name string) (*sgd.Service, error) {
	services, err := readSchema(path)
	if err != nil {
		return nil, err
	}
	return sgd.FindService(services, name)
}

func readSchema(path string) ([]sgd.Service, error) {
	data, err := readFile(path)
	if err != nil {
		return nil, err
	}
	services, err := sgd.DecodeSchema(data)
	if err != nil {
		return nil, parley.WrapError(parley.EINVALID, err, "%s", path)
	}
	return services, nil
}

func readFile(path string) ([]byte, error) {
	data, err := os.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) {
		return nil, parley.WrapError(parley.ENOTFOUND, err, "%s", path)
	}
	if err != nil {
		return nil, parley.WrapError(parley.EINVALID, err, "%s", path)
	}
	return data, nil
}

func runSGDVocabulary(args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("sgd vocabulary", stderr, "[-exclude DIR]... [-to SCHEMA.json] [-o FILE] SCHEMA.json SPLIT/dialogues_*.json")
	to := fs.String("to", "", "also give the services of this schema that SCHEMA.json lacks the words of their domain's same slots (TransferVocabulary)")
	// Every held-out sample is left out, so -exclude repeats.
	var exclude []string
	fs.Func("exclude", "leave out the dialogues whose ids occur in the JSON files of this folder (a held-out sample; repeatable)", func(dir string) error {
		exclude = append(exclude, dir)
		return nil
	})
	output := fs.String("o", "", "write the vocabulary here instead of stdout")
	files, err := parseInterspersed(fs, args)
	if err != nil {
		return err
	}
	if len(files) < 2 {
		fs.Usage()
		return exitError(2)
	}
	services, err := readSchema(files[0])
	if err != nil {
		return err
	}
	inputs, err := readEach(files[1:], func(file string, data []byte) ([][]byte, error) {
		return [][]byte{data}, nil
	})
	if err != nil {
		return err
	}
	opts := sgd.DefaultVocabularyOptions
	if len(exclude) > 0 {
		if opts.Exclude, err = dialogueIDs(exclude...); err != nil {
			return err
		}
	}
	v, err := sgd.LearnVocabulary(services, inputs, opts)
	if err != nil {
		return err
	}
	if *to != "" {
		others, err := readSchema(*to)
		if err != nil {
			return err
		}
		v = sgd.TransferVocabulary(v, services, others)
	}
	data, err := sgd.MarshalVocabulary(v)
	if err != nil {
		return err
	}
	return writeOutput(stdout, *output, data)
}

// dialogueIDs are the ids of the dialogues in the JSON files under the dirs.
func dialogueIDs(dirs ...string) (map[string]bool, error) {
	var files []string
	for _, dir := range dirs {
		more, err := filepath.Glob(filepath.Join(dir, "*.json"))
		if err != nil {
			return nil, err
		}
		files = append(files, more...)
	}
	ids := map[string]bool{}
	for _, f := range files {
		data, err := readFile(f)
		if err != nil {
			return nil, err
		}
		dialogues, err := sgd.DecodeDialogues(data)
		if err != nil {
			return nil, err
		}
		for _, d := range dialogues {
			ids[d.ID] = true
		}
	}
	return ids, nil
}
