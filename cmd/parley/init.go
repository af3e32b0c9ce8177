package main

import (
	"bytes"
	"context"
	"embed"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"text/template"
	"unicode"

	"github.com/parleyhq/parley"
)

// initFiles is the project `parley init` writes: a flows bot with an action, a
// scenario that tests it and the parley.yaml that serves it. Each file is a
// text/template over initProject; flows/bot.yaml is written under the bot's name.
//
//go:embed initdata
var initFiles embed.FS

// initProject is what the templates of initdata fill in.
type initProject struct {
	Bot string
}

// runInit is `parley init DIR`: it writes a small working project into DIR, which
// must not exist or be empty, so that nothing of the user's is overwritten.
func runInit(_ context.Context, args []string, stdout, stderr io.Writer) error {
	fset := newFlagSet("init", stderr, "DIR")
	rest, err := parseArgs(fset, args, 1, 1)
	if err != nil {
		return err
	}
	dir := rest[0]
	if err := checkEmptyDir(dir); err != nil {
		return err
	}
	p := initProject{Bot: botName(dir)}
	written, err := writeProject(dir, p)
	if err != nil {
		return err
	}
	for _, f := range written {
		fmt.Fprintf(stdout, "wrote %s\n", filepath.Join(dir, f))
	}
	fmt.Fprintf(stdout, "\nnext:\n  cd %s\n  parley test scenarios/\n  parley check\n  parley serve\n", dir)
	return nil
}

// checkEmptyDir refuses a DIR that holds anything.
func checkEmptyDir(dir string) error {
	entries, err := os.ReadDir(dir)
	switch {
	case os.IsNotExist(err):
		return nil
	case err != nil:
		return parley.WrapError(parley.EINVALID, err, "init %s", dir)
	case len(entries) > 0:
		return parley.Errorf(parley.EINVALID, "init: %s is not empty; parley init writes into a new or empty folder", dir)
	}
	return nil
}

// botName makes a bot name of the folder's name: lower-case letters, digits, '-'
// and '_'; "mybot" when nothing is left.
func botName(dir string) string {
	abs, err := filepath.Abs(dir)
	if err != nil {
		abs = dir
	}
	name := strings.Trim(strings.Map(nameRune, strings.ToLower(filepath.Base(abs))), "-_")
	if name == "" {
		return "mybot"
	}
	return name
}

// nameRune keeps the runes of a bot name (ASCII letters and digits, '-', '_'),
// makes a space or a dot '-', and drops the rest.
func nameRune(r rune) rune {
	switch {
	case r < unicode.MaxASCII && (unicode.IsLetter(r) || unicode.IsDigit(r)), r == '-', r == '_':
		return r
	case r == ' ' || r == '.':
		return '-'
	}
	return -1
}

// writeProject renders every file of initdata into dir and returns their paths
// relative to dir.
func writeProject(dir string, p initProject) ([]string, error) {
	var written []string
	err := fs.WalkDir(initFiles, "initdata", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel := strings.TrimPrefix(path, "initdata/")
		if rel == "flows/bot.yaml" {
			rel = "flows/" + p.Bot + ".yaml"
		}
		data, err := renderInitFile(path, p)
		if err != nil {
			return err
		}
		target := filepath.Join(dir, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(target), 0o755); err != nil {
			return parley.WrapError(parley.EINVALID, err, "init")
		}
		if err := os.WriteFile(target, data, 0o644); err != nil {
			return parley.WrapError(parley.EINVALID, err, "init")
		}
		written = append(written, rel)
		return nil
	})
	return written, err
}

func renderInitFile(path string, p initProject) ([]byte, error) {
	src, err := initFiles.ReadFile(path)
	if err != nil {
		return nil, err
	}
	tmpl, err := template.New(path).Option("missingkey=error").Parse(string(src))
	if err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	if err := tmpl.Execute(&buf, p); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}
