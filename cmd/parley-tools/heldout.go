package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/parleyhq/parley"
	"github.com/parleyhq/parley/internal/app"
	"github.com/parleyhq/parley/internal/strictyaml"
	"github.com/parleyhq/parley/scenario"
)

// heldSet is one file of a held-aside set (testdata/heldout): phrasings written
// from descriptions of users and situations, never from failures seen, and never
// tuned on. Each case plays its situation's turns, then says one message, and is
// counted correct when the turn meets expect, not understood when it meets one
// of unread (the bot asked again and stored nothing) or stored only some of the
// expected fact values and nothing else (partlyRead), else wrong.
type heldSet struct {
	Bot   string    `yaml:"bot"`
	Start time.Time `yaml:"start,omitzero"`
	// Situations are named openings: the turns played before a case's message.
	Situations map[string][]scenario.Turn `yaml:"situations,omitzero"`
	// Unread is what a turn that was not understood looks like, for every case
	// without its own.
	Unread []scenario.Expect `yaml:"unread,omitzero"`
	Cases  []heldCase        `yaml:"cases"`
}

// heldCase is one phrasing in one situation.
type heldCase struct {
	// About describes the user and the situation the phrasing was written for.
	About  string            `yaml:"about"`
	In     string            `yaml:"in,omitzero"`
	Say    string            `yaml:"say"`
	Expect scenario.Expect   `yaml:"expect"`
	Unread []scenario.Expect `yaml:"unread,omitzero"`
}

// Outcomes of one held-aside case.
const (
	heldCorrect = "correct"
	heldUnread  = "not understood"
	heldWrong   = "wrong"
)

// heldTally counts a set's outcomes.
type heldTally map[string]int

func (t heldTally) line(name string) string {
	n := t[heldCorrect] + t[heldUnread] + t[heldWrong]
	pct := 0.0
	if n > 0 {
		pct = 100 * float64(t[heldCorrect]) / float64(n)
	}
	return fmt.Sprintf("%-28s %3d/%3d correct (%.1f%%), %d not understood, %d wrong", name, t[heldCorrect], n, pct, t[heldUnread], t[heldWrong])
}

// runHeldout is `parley-tools heldout`: it plays the held-aside sets in process on
// the configuration's bots and prints, per file and in all, how many cases were
// read correctly, not understood, or read as something the user did not say.
func runHeldout(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fset := newFlagSet("heldout", stderr, "[-config FILE] [-v] PATH...")
	configPath := app.ConfigFlag(fset)
	verbose := fset.Bool("v", false, "print every case that was not read correctly")
	files, run, err := openScenarioFiles(ctx, fset, args, configPath)
	if err != nil {
		return err
	}
	defer run.Close()
	total := heldTally{}
	for k, path := range files {
		set, err := loadHeldSet(path)
		if err != nil {
			return err
		}
		t := playHeldSet(ctx, run, k, path, set, stdout, *verbose)
		for k, v := range t {
			total[k] += v
		}
		fmt.Fprintln(stdout, t.line(filepath.Base(filepath.Dir(path))+"/"+filepath.Base(path)))
	}
	fmt.Fprintln(stdout, total.line("all"))
	return nil
}

// loadHeldSet reads and checks one held-aside file.
func loadHeldSet(path string) (*heldSet, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var set heldSet
	if err := strictyaml.Decode(data, &set); err != nil {
		return nil, parley.Errorf(parley.EINVALID, "%s:%s", path, strings.TrimSpace(strictyaml.Position(err)))
	}
	if set.Bot == "" || len(set.Cases) == 0 {
		return nil, parley.Errorf(parley.EINVALID, "%s: a held-aside set needs a bot and cases", path)
	}
	for i, c := range set.Cases {
		if _, ok := set.Situations[c.In]; c.In != "" && !ok {
			return nil, parley.Errorf(parley.EINVALID, "%s: case %d: no situation %q", path, i+1, c.In)
		}
		if strings.TrimSpace(c.Say) == "" {
			return nil, parley.Errorf(parley.EINVALID, "%s: case %d says nothing", path, i+1)
		}
	}
	if set.Start.IsZero() {
		set.Start = time.Date(2026, 1, 1, 10, 0, 0, 0, time.UTC)
	}
	return &set, nil
}

// playHeldSet plays each case of set on a conversation of its own: the id carries the set's place in
// the run (k), because two rounds' sets share folder and file names
// (round2/shop/shop.yaml, round3/shop/shop.yaml), and a case played onto another
// set's conversation would start from that conversation's state.
func playHeldSet(ctx context.Context, run *app.Scenarios, k int, path string, set *heldSet, stdout io.Writer, verbose bool) heldTally {
	t := heldTally{}
	name := strings.TrimSuffix(filepath.Base(path), filepath.Ext(path))
	for i, c := range set.Cases {
		id := fmt.Sprintf("heldout-%d-%s-%s-%d", k+1, filepath.Base(filepath.Dir(path)), name, i+1)
		outcome, why := playHeldCase(ctx, run, set, c, id)
		t[outcome]++
		if verbose && outcome != heldCorrect {
			fmt.Fprintf(stdout, "%s: case %d %q (%s): %s\n    %s\n", path, i+1, c.Say, c.About, outcome, why)
		}
	}
	return t
}

// playHeldCase plays c with its expectation, then, when that fails, with each
// not-understood expectation, each time on a fresh conversation.
func playHeldCase(ctx context.Context, run *app.Scenarios, set *heldSet, c heldCase, id string) (outcome, why string) {
	res := run.Run(ctx, heldFile(set, c, c.Expect, id))
	if res.Passed() {
		return heldCorrect, ""
	}
	why = strings.Join(res.Failures, "\n    ")
	unread := c.Unread
	if unread == nil {
		unread = set.Unread
	}
	for j, u := range unread {
		if run.Run(ctx, heldFile(set, c, u, fmt.Sprintf("%s-u%d", id, j))).Passed() {
			return heldUnread, why
		}
	}
	for j, p := range partlyRead(c.Expect) {
		if run.Run(ctx, heldFile(set, c, p, fmt.Sprintf("%s-p%d", id, j))).Passed() {
			return heldUnread, why
		}
	}
	return heldWrong, why
}

// partlyRead is what a turn looks like that read some of the fact values e expects
// and asked for the rest (a gates bot's answer holding two values, one of them in
// words the reader does not know): the expected fact values with each non-empty
// set of the given ones absent instead, and nothing else checked. A turn that
// meets one stored no value the user did not say, so it is not understood, not
// wrong. Expectations of more than four given values are not relaxed.
func partlyRead(e scenario.Expect) []scenario.Expect {
	facts, _ := e.State["factValues"].(map[string]any)
	var given []string
	for k, v := range facts {
		if v != nil {
			given = append(given, k)
		}
	}
	if len(given) == 0 || len(given) > 4 {
		return nil
	}
	sort.Strings(given)
	var out []scenario.Expect
	for mask := 1; mask < 1<<len(given); mask++ {
		relaxed := make(map[string]any, len(facts))
		for k, v := range facts {
			relaxed[k] = v
		}
		for i, k := range given {
			if mask&(1<<i) != 0 {
				relaxed[k] = nil
			}
		}
		out = append(out, scenario.Expect{State: map[string]any{"factValues": relaxed}})
	}
	return out
}

// heldFile is the scenario of one case: its situation, then its message checked
// against e.
func heldFile(set *heldSet, c heldCase, e scenario.Expect, id string) *scenario.File {
	turns := append([]scenario.Turn(nil), set.Situations[c.In]...)
	say := c.Say
	turns = append(turns, scenario.Turn{User: &say, Expect: e})
	return &scenario.File{Name: c.About, Bot: set.Bot, Conversation: id, Start: set.Start, Turns: turns, Path: id + ".yaml"}
}
