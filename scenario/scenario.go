// Package scenario owns Parley's conversation tests (docs/spec/contracts.md section
// 5): the YAML scenario file format, its strict decoder, and the runner that plays a
// scenario against a Target — in process on a fresh store, or against a running server
// over HTTP — and reports every failed expectation with the turn, the expected subset
// and the actual value.
package scenario

import (
	"fmt"
	"os"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/parleyhq/parley"
	"github.com/parleyhq/parley/internal/strictyaml"
)

// File is one scenario: one conversation with one bot. The types encode too
// (parley check writes counterexamples with them): an unset optional key is left
// out, while an empty list or map that was set (options: [], meaning none) is
// written, since the runner tells the two apart; go-yaml's omitempty would drop
// both, omitzero only the first.
type File struct {
	Name string `yaml:"name"`
	// Seed quotes the seed rule the scenario checks.
	Seed string `yaml:"seed"`
	Bot  string `yaml:"bot"`
	// Conversation is the conversation id (default: the file's base name, plus a
	// unique suffix when run against a server).
	Conversation string    `yaml:"conversation,omitzero"`
	Start        time.Time `yaml:"start"`
	Turns        []Turn    `yaml:"turns"`
	// LLM names a file of recorded model completions and generations (package
	// llm/recorded's Recording), relative to the scenario: the bot then runs with nlu:
	// llm against a fake model answering from it, and writes the replies it opts
	// in from its streamed generations. In process only.
	LLM string `yaml:"llm,omitzero"`

	// Path is where the file was read from.
	Path string `yaml:"-"`
}

// Turn is one step: a user message, a click, or a control.
type Turn struct {
	User    *string     `yaml:"user,omitzero"`
	Click   string      `yaml:"click,omitzero"`
	Text    string      `yaml:"text,omitzero"`
	NLU     *parley.NLU `yaml:"nlu,omitzero"`
	After   string      `yaml:"after,omitzero"`
	ID      string      `yaml:"id,omitzero"`
	Control string      `yaml:"control,omitzero"`
	Reason  string      `yaml:"reason,omitzero"`
	// SetState overwrites the stored engine state before the turn (in-process only).
	SetState map[string]any `yaml:"set_state,omitzero"`
	Expect   Expect         `yaml:"expect,omitzero"`

	// Line is the turn's line in the file, for failure messages.
	Line int `yaml:"-"`
}

// Expect is what a turn must produce. Unset fields are not checked.
type Expect struct {
	State map[string]any `yaml:"state,omitzero"`
	// NotState fails the turn when the state matches it (as a subset): the state
	// must not be reachable this way (parley check writes it for a defect).
	NotState     map[string]any `yaml:"not_state,omitzero"`
	Cards        *int           `yaml:"cards,omitzero"`
	NewCardsOnly bool           `yaml:"new_cards_only,omitzero"`
	Reply        string         `yaml:"reply,omitzero"`
	NoReply      bool           `yaml:"no_reply,omitzero"`
	Options      []string       `yaml:"options,omitzero"`
	Lifecycle    string         `yaml:"lifecycle,omitzero"`
	Transitions  []string       `yaml:"transitions,omitzero"`
	Events       []string       `yaml:"events,omitzero"`
	Error        string         `yaml:"error,omitzero"`
}

// Parse decodes a scenario file strictly: unknown keys, a missing bot, a turn that is
// neither a message nor a control are errors with file:line:col.
func Parse(data []byte, path string) (*File, error) {
	var f File
	if err := strictyaml.Decode(data, &f); err != nil {
		return nil, parley.Errorf(parley.EINVALID, "%s:%s", path, strings.TrimSpace(strictyaml.Position(err)))
	}
	f.Path = path
	if f.Bot == "" {
		return nil, parley.Errorf(parley.EINVALID, "%s: scenario has no bot", path)
	}
	if len(f.Turns) == 0 {
		return nil, parley.Errorf(parley.EINVALID, "%s: scenario has no turns", path)
	}
	lines := turnLines(data)
	for i := range f.Turns {
		t := &f.Turns[i]
		if i < len(lines) {
			t.Line = lines[i]
		}
		if err := t.check(path, i); err != nil {
			return nil, err
		}
	}
	if f.Start.IsZero() {
		f.Start = time.Date(2026, 1, 1, 10, 0, 0, 0, time.UTC)
	}
	return &f, nil
}

// check refuses turn i unless it is exactly one of a message, a click and a
// control, with a duration for after: and a well-formed reply expectation.
func (t *Turn) check(path string, i int) error {
	if t.kinds() != 1 {
		return parley.Errorf(parley.EINVALID, "%s:%d: turn %d needs exactly one of user, click or control", path, t.Line, i+1)
	}
	if t.After != "" {
		if _, err := time.ParseDuration(t.After); err != nil {
			return parley.Errorf(parley.EINVALID, "%s:%d: turn %d: after: %v", path, t.Line, i+1, err)
		}
	}
	if t.Expect.Reply != "" {
		if _, err := replyMatcher(t.Expect.Reply); err != nil {
			return parley.Errorf(parley.EINVALID, "%s:%d: turn %d: reply: %v", path, t.Line, i+1, err)
		}
	}
	return nil
}

// kinds counts what the turn is of a message (user), a click and a control.
func (t *Turn) kinds() int {
	n := 0
	for _, set := range []bool{t.User != nil, t.Click != "", t.Control != ""} {
		if set {
			n++
		}
	}
	return n
}

var turnStart = regexp.MustCompile(`(?m)^\s*-\s`)

// turnLines finds the line of each turn item under "turns:" (best effort, for
// messages only).
func turnLines(data []byte) []int {
	text := string(data)
	idx := strings.Index(text, "\nturns:")
	if idx < 0 {
		return nil
	}
	base := strings.Count(text[:idx+1], "\n") + 1
	body := text[idx+1:]
	var lines []int
	indent := -1
	for i, line := range strings.Split(body, "\n") {
		if !turnStart.MatchString(line) {
			continue
		}
		ind := len(line) - len(strings.TrimLeft(line, " "))
		if indent < 0 {
			indent = ind
		}
		if ind == indent {
			lines = append(lines, base+i)
		}
	}
	return lines
}

// Load reads and parses a scenario file.
func Load(path string) (*File, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, parley.WrapError(parley.EINVALID, err, "read scenario")
	}
	return Parse(data, path)
}

// replyMatcher compiles a reply expectation: /regex/flags or a plain substring.
func replyMatcher(s string) (*regexp.Regexp, error) {
	if re, ok, err := slashRegexp(s); ok {
		return re, err
	}
	return regexp.Compile(regexp.QuoteMeta(s))
}

// slashRegexp compiles "/re/" or "/re/i"; ok is false for other strings.
func slashRegexp(s string) (*regexp.Regexp, bool, error) {
	pat, flags, ok := slashParts(s)
	if !ok {
		return nil, false, nil
	}
	if flags != "" {
		pat = "(?" + flags + ")" + pat
	}
	re, err := regexp.Compile(pat)
	if err != nil {
		return nil, true, fmt.Errorf("bad regexp %s: %w", s, err)
	}
	return re, true, nil
}

// slashParts splits "/re/flags" into its pattern and flags (i, s, is or si); ok is
// false for other strings.
func slashParts(s string) (pat, flags string, ok bool) {
	if len(s) < 3 || s[0] != '/' {
		return "", "", false
	}
	end := strings.LastIndex(s, "/")
	if end <= 0 {
		return "", "", false
	}
	flags = s[end+1:]
	if !slices.Contains([]string{"", "i", "s", "is", "si"}, flags) {
		return "", "", false
	}
	return s[1:end], flags, true
}
