package flows

import (
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/goccy/go-yaml"
)

func TestLeadingLiterals(t *testing.T) {
	for _, c := range []struct {
		expr string
		cues []string // nil: none
	}{
		{`(?i)\b(?:leaving from|from|out of|desde|de)\s+(\p{L}+)`, []string{"leaving from", "from", "out of", "de"}},
		{`(?i)\b(BK-?\d{5})\b`, []string{"bk"}},
		{`^(?:to|into)\s+(\w+)`, []string{"to", "into"}},
		{`(?i)\b(\w+(?:\s+\w+)?)\s+nights?\b`, nil},
		{`(?i)\bnights?\s*[:=]?\s*(\w+)`, []string{"night"}},
		{`(?:the\s+)?origin\s+is\s+(.+)`, nil},
		{`(?i)\b(?:a|b)\s+(\w+)`, nil},
		{`(?i)(?:x|y)+z`, nil},
		{`(?i)(?:ab){2}c`, []string{"abab"}},
		{`(?i)(?:ab){0,2}c`, nil},
		{`(?i)\b(?:à|de)\s+(\w+)`, nil}, // a cue that is not ASCII: always run
		{`(?i)(?:to|)\s+(\w+)`, nil},
	} {
		p := newPattern(regexp.MustCompile(c.expr))
		var got []string
		for _, b := range p.cues {
			got = append(got, string(b))
		}
		// Every cue listed must be one of got, and got must hold no cue that
		// does not start a match: compare as sets of what they allow.
		if c.cues == nil {
			if got != nil {
				t.Errorf("%s: cues %q, want none", c.expr, got)
			}
			continue
		}
		for _, w := range c.cues {
			if !slices.ContainsFunc(got, func(g string) bool { return strings.HasPrefix(w, g) }) {
				t.Errorf("%s: cues %q do not cover %q", c.expr, got, w)
			}
		}
	}
}

// TestPatternCuesNeverMiss runs every pattern of the shipped and test flows on
// texts and their suffixes: where mayMatch says no, the regexp finds nothing.
func TestPatternCuesNeverMiss(t *testing.T) {
	var exprs []string
	for _, f := range []string{"demo/booking.yaml", "demo/hotel.yaml", "../testdata/flows-understanding/flows/travel.yaml"} {
		exprs = append(exprs, yamlPatterns(t, f)...)
	}
	if len(exprs) < 5 {
		t.Fatalf("only %d patterns found", len(exprs))
	}
	for _, expr := range exprs {
		p := newPattern(regexp.MustCompile(expr))
		_, labelled := labelledPattern("departure date", "departure_date")
		for _, q := range []*pattern{p, labelled} {
			for _, text := range cueTexts {
				for i := range text {
					s := text[i:]
					if !q.mayMatch(s) && q.re.FindStringSubmatchIndex(s) != nil {
						t.Errorf("%s: mayMatch(%q) is false, the regexp matches", q.re, s)
					}
				}
			}
		}
	}
}

var cueTexts = []string{
	"I want to book a flight", "New York", "Los Angeles", "from Boston to Paris", "FROM BOSTON TO PARIS",
	"Fly OUT OF chicago INTO denver", "desde Madrid hacia Roma", "de Lyon a Nice", "bk-12345", "Bk12345",
	"3 nights", "NIGHTS: 4", "two rooms", "change the departure date to friday", "Departure Date is 2026-12-12",
	"leaving  from\tAustin", "\u212aelvin from \u017fan Jose", "to", "a", "", "x from", "towards Rome",
	"I'd like a hotel in Paris near the river", "around Lisbon at night",
}

// yamlPatterns are the slot patterns a flows file declares.
func yamlPatterns(t *testing.T, path string) []string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var doc any
	if err := yaml.Unmarshal(data, &doc); err != nil {
		t.Fatal(err)
	}
	var out []string
	var walk func(v any)
	walk = func(v any) {
		switch v := v.(type) {
		case map[string]any:
			for k, c := range v {
				if list, ok := c.([]any); ok && k == "patterns" {
					for _, e := range list {
						out = append(out, e.(string))
					}
				}
				walk(c)
			}
		case []any:
			for _, c := range v {
				walk(c)
			}
		}
	}
	walk(doc)
	return out
}
