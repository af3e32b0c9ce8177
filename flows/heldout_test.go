package flows

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/goccy/go-yaml"

	"github.com/parleyhq/parley"
)

// heldOutSet is one file of testdata/heldout/flows: phrasings written from
// descriptions of users, kept aside from the readers' development (issue 38).
type heldOutSet struct {
	Bot    string    `yaml:"bot"`
	SentAt time.Time `yaml:"sent_at"`
	// CheckIn, when set, is the check-in date the hotel preambles send in
	// place of "March 20": a set sent after March 20 needs a check-in still
	// to come, or the preamble never reaches the nights question.
	CheckIn string        `yaml:"check_in"`
	Cases   []heldOutCase `yaml:"cases"`
}

// heldOutCase is one message at one question and what a careful agent would
// write down from it.
type heldOutCase struct {
	Who    string             `yaml:"who"`
	At     string             `yaml:"at"`
	Text   string             `yaml:"text"`
	Expect map[string]*string `yaml:"expect"`
	May    map[string]string  `yaml:"may"`
	Ends   bool               `yaml:"ends"`
}

// heldOutPreambles are the messages that bring each demo bot to a question:
// the conversation the case's message continues.
var heldOutPreambles = map[string]map[string][]string{
	"booking": {
		"start":          nil,
		"origin":         {"I want to book a flight"},
		"destination":    {"I want to book a flight", "New York"},
		"departure_date": {"I want to book a flight", "New York", "Los Angeles"},
		"booking_ref":    {"I want to cancel my booking"},
	},
	"hotel": {
		"start":      nil,
		"city":       {"I need a hotel"},
		"book.city":  {"I'd like to book a room"},
		"hotel_name": {"I'd like to book a room", "Lisbon"},
		"check_in":   {"I'd like to book a room", "Lisbon", "Alfama Garden"},
		"nights":     {"I'd like to book a room", "Lisbon", "Alfama Garden", "March 20"},
	},
}

// heldOutOutcome is how a case was read.
type heldOutOutcome int

// String names the outcome in the verbose list, so that a wrong value stands
// out from a question asked again.
func (o heldOutOutcome) String() string {
	return [...]string{"right", "asked", "WRONG"}[o]
}

const (
	heldOutRight heldOutOutcome = iota
	heldOutNotUnderstood
	heldOutWrong
)

// heldOutDirs are the held-aside sets of the flows bots, each written fresh
// from descriptions of users: round 1, then round 2 (written once round 1 had
// been seen), then round 3 (written once round 2 had been seen), then round 4
// (written once round 3 had been seen), then round 5 (written once round 4 had
// been seen), then round 6 (written once round 5 had been seen), then round 7
// (written once round 6 had been seen), then round 8 (written once round 7 had
// been seen), then round 9 (written once round 8 had been seen), then round 10
// (written once round 9 had been seen), then round 11 (written once round 10
// had been seen), then round 12 (written once round 11 had been seen), then
// round 13 (written once round 12 had been seen), then round 14 (written once
// round 13 had been seen), then round 15 (written once round 14 had been
// seen), then round 16 (written once round 15 had been seen), then round 17
// (written once round 16 had been seen), then round 18 (written once round 17
// had been seen), then round 19 (written once round 18 had been seen), then
// round 20 (written once round 19 had been seen), then round 21 (written once
// round 20 had been seen), then round 22 (written once round 21 had been
// seen), then round 23 (written once round 22 had been seen), then round 24
// (written once round 23 had been seen), then round 25 (written once round 24
// had been seen), then round 26 (written once round 25 had been seen), then
// round 27 (written once round 26 had been seen), then round 28 (written once
// round 27 had been seen). Each
// has been measured before and after a round of changes: they are
// development sets now.
var heldOutDirs = []string{"../testdata/heldout/flows", "../testdata/heldout/round2/flows", "../testdata/heldout/round3/flows", "../testdata/heldout/round4/flows", "../testdata/heldout/round5/flows", "../testdata/heldout/round6/flows", "../testdata/heldout/round7/flows", "../testdata/heldout/round8/flows", "../testdata/heldout/round9/flows", "../testdata/heldout/round10/flows", "../testdata/heldout/round11/flows", "../testdata/heldout/round12/flows", "../testdata/heldout/round13/flows", "../testdata/heldout/round14/flows", "../testdata/heldout/round15/flows", "../testdata/heldout/round16/flows", "../testdata/heldout/round17/flows", "../testdata/heldout/round18/flows", "../testdata/heldout/round19/flows", "../testdata/heldout/round20/flows", "../testdata/heldout/round21/flows", "../testdata/heldout/round22/flows", "../testdata/heldout/round23/flows", "../testdata/heldout/round24/flows", "../testdata/heldout/round25/flows", "../testdata/heldout/round26/flows", "../testdata/heldout/round27/flows", "../testdata/heldout/round28/flows"}

// heldAsideDirs are the current fresh sets, written from descriptions of
// users no earlier round used and measured before a session's reader changes.
// They are played in every run, so that a case they cannot play fails, but
// their figures and failing cases are shown only with PARLEY_HELDOUT_MEASURE=1,
// so that nobody tunes a reader to them. Between rounds (once a round has
// been measured after a session's changes and become a development set, and
// before the next is written) the list is empty. Round 29 was written in the
// 2026-12-03 19:58 UTC session, helper fresh29, from descriptions of users none
// of rounds 1-28 used.
var heldAsideDirs = []string{"../testdata/heldout/round29/flows"}

// TestHeldOutFlows reports how the rules read the held-aside phrasings of the
// flows bots: right, not understood (asked again), and wrong (a value stored
// that the user did not say), per set directory and bot. It fails only when a
// case cannot be played; the figures are reported, not asserted, so that nobody
// tunes a reader to them. PARLEY_HELDOUT=v lists each case that was not read
// right.
func TestHeldOutFlows(t *testing.T) {
	verbose := os.Getenv("PARLEY_HELDOUT") == "v"
	for _, dir := range heldOutDirs {
		playHeldOutDir(t, dir, verbose, true)
	}
	for _, dir := range heldAsideDirs {
		playHeldOutDir(t, dir, verbose, os.Getenv("PARLEY_HELDOUT_MEASURE") == "1")
	}
}

// playHeldOutDir plays every file of one held-aside set directory and, when
// shown, logs its figures per bot and in all, named by the directory.
func playHeldOutDir(t *testing.T, dir string, verbose, shown bool) {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(dir, "*.yaml"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no held-aside sets in %s: %v", dir, err)
	}
	name := strings.TrimPrefix(filepath.ToSlash(dir), "../testdata/heldout/")
	total := [3]int{}
	for _, file := range files {
		set := readHeldOut(t, file)
		e, err := DemoFor(set.Bot)
		if err != nil {
			t.Fatal(err)
		}
		counts := [3]int{}
		for i, c := range set.Cases {
			got, detail := playHeldOut(t, e, set, i, c)
			counts[got]++
			if shown && verbose && got != heldOutRight {
				t.Logf("%s %s #%d [%s] at %s %q: %s: %s", name, set.Bot, i+1, c.Who, c.At, c.Text, got, detail)
			}
		}
		for k := range total {
			total[k] += counts[k]
		}
		if shown {
			t.Log(heldOutLine(name+" "+set.Bot, counts))
		}
	}
	if shown {
		t.Log(heldOutLine(name+" all", total))
	}
}

func heldOutLine(name string, c [3]int) string {
	n := c[0] + c[1] + c[2]
	return fmt.Sprintf("held-aside %s: %d cases, %d read right (%.1f%%), %d not understood, %d wrong values stored",
		name, n, c[0], 100*float64(c[0])/float64(max(n, 1)), c[1], c[2])
}

func readHeldOut(t *testing.T, file string) heldOutSet {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	var set heldOutSet
	if err := yaml.UnmarshalWithOptions(data, &set, yaml.Strict()); err != nil {
		t.Fatalf("%s: %v", file, err)
	}
	if heldOutPreambles[set.Bot] == nil {
		t.Fatalf("%s: no preambles for bot %q", file, set.Bot)
	}
	return set
}

// playHeldOut plays case c of set: its preamble, then its message, and judges
// the slots the message changed.
func playHeldOut(t *testing.T, e *Engine, set heldOutSet, i int, c heldOutCase) (heldOutOutcome, string) {
	t.Helper()
	pre, ok := heldOutPreambles[set.Bot][c.At]
	if !ok {
		t.Fatalf("%s case %d: unknown question %q", set.Bot, i+1, c.At)
	}
	key := parley.ConversationKey{Bot: set.Bot, ID: fmt.Sprintf("h-%d", i)}
	var state any = e.NewState(key)
	now := set.SentAt
	decide := func(k int, text string) *State {
		d, err := e.Decide(context.Background(), parley.Turn{Conversation: key, Index: int64(k + 1), State: state,
			Message: parley.Message{ID: fmt.Sprint("m", k), Text: text, SentAt: now.Add(time.Duration(k) * time.Second)}})
		if err != nil {
			t.Fatalf("%s case %d turn %q: %v", set.Bot, i+1, text, err)
		}
		state = d.State
		return d.State.(*State)
	}
	s := state.(*State)
	if set.CheckIn != "" {
		pre = slices.Clone(pre)
		for k, text := range pre {
			if text == "March 20" {
				pre[k] = set.CheckIn
			}
		}
	}
	for k, text := range pre {
		s = decide(k, text)
	}
	if c.At != "start" && (s.WaitingForSlot == nil || *s.WaitingForSlot != strings.TrimPrefix(c.At, "book.")) {
		t.Fatalf("%s case %d: the preamble does not reach the %s question", set.Bot, i+1, c.At)
	}
	before := map[string]string{}
	for k, v := range s.Slots {
		before[k] = format(v)
	}
	flowBefore := s.CurrentFlow
	s = decide(len(pre), c.Text)
	return judgeHeldOut(c, before, s, flowBefore)
}

// judgeHeldOut compares what the message changed with what the case expects.
func judgeHeldOut(c heldOutCase, before map[string]string, s *State, flowBefore string) (heldOutOutcome, string) {
	changed := map[string]string{}
	for k, v := range s.Slots {
		if v != nil && format(v) != before[k] {
			changed[k] = format(v)
		}
	}
	names := make([]string, 0, len(changed))
	for k := range changed {
		names = append(names, k)
	}
	sort.Strings(names)
	got := fmt.Sprintf("stored %v, flow %s -> %s", changed, flowBefore, s.CurrentFlow)
	for _, k := range names {
		want, listed := c.Expect[k]
		may, allowed := c.May[k]
		switch {
		case listed && want != nil && strings.EqualFold(*want, changed[k]):
		case allowed && strings.EqualFold(may, changed[k]):
		default:
			return heldOutWrong, got
		}
	}
	if c.Ends {
		if s.CurrentFlow != FlowNone || s.Metadata.Handoff != "" {
			return heldOutNotUnderstood, got
		}
		return heldOutRight, got
	}
	for k, want := range c.Expect {
		if want != nil && changed[k] == "" && !strings.EqualFold(before[k], *want) {
			return heldOutNotUnderstood, got
		}
	}
	return heldOutRight, got
}
