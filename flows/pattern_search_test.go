package flows

import (
	"regexp"
	"slices"
	"strings"
	"testing"

	"pgregory.net/rapid"
)

// TestFindFromIsTheRegexp checks that a search started where searchFrom says finds
// what the regexp finds in the rest of the text, for the patterns of the shipped
// and test flows, the labelled pattern, and patterns with start assertions, at
// every position of texts whose cues sit inside words, after them and nowhere.
func TestFindFromIsTheRegexp(t *testing.T) {
	var exprs []string
	for _, f := range []string{"demo/booking.yaml", "demo/hotel.yaml", "../testdata/flows-understanding/flows/travel.yaml"} {
		exprs = append(exprs, yamlPatterns(t, f)...)
	}
	exprs = append(exprs, `(?i)^(?:from|to)\s+(\w+)`, `(?im)^to\s+(\w+)`, `\Afrom (\w+)`, `(?i)\Bto(\w*)`,
		`BK-(\d{5})`, `(?i)(?:to|a)\b(.*)`)
	_, labelled := labelledPattern("departure date", "departure_date")
	patterns := []*pattern{labelled}
	for _, expr := range exprs {
		patterns = append(patterns, newPattern(regexp.MustCompile(expr)))
	}
	texts := append(slices.Clone(cueTexts), "Toronto to Atlanta", "want a flight to Toronto from Pittsburgh",
		"potato tomato, to tomorrow", "atoll_to Denver", "xto Denver", "\nto Denver\nfrom Boston", "bk-1 BK-12345",
		"from from from Lisbon", "a a a a Rome")
	for _, p := range patterns {
		for _, text := range texts {
			for pos := 0; pos <= len(text); pos++ {
				want := p.re.FindStringSubmatchIndex(text[pos:])
				for i := range want {
					if want[i] >= 0 {
						want[i] += pos
					}
				}
				if got := p.findFrom(text, pos); !slices.Equal(got, want) {
					t.Errorf("%s in %q from %d: findFrom %v, the regexp %v", p.re, text, pos, got, want)
				}
			}
		}
	}
}

// TestCueFollowOfCuePatterns checks that a cue pattern of the shipped flows
// knows what follows its cue, and that one whose first parts match more than
// its cues gets no follow.
func TestCueFollowOfCuePatterns(t *testing.T) {
	for _, c := range []struct {
		expr   string
		follow bool
	}{
		{`(?i)\b(?:to|into|towards|go|a|hacia)\s+(\p{L}[\p{L}.'-]*(?:\s+\p{L}[\p{L}.'-]*){0,2})`, true},
		{`(?i)\bfrom\s+(\w+)`, true},
		{`(?i)\b(?:from|out of)\s(\w+)`, true},
		{`(?i)\b(?:from|out of)[ ]+(\w+)`, false}, // a literal after the cue: less said, never wrong
		{`(?i)\bto(?:wards)?\s+(\w+)`, false},     // "to" is followed by "wards" or a space
		{`(?i)\bto\b\s*(\w+)`, false},
		{`(?i)(?:to|a)\b(.*)`, false},
		{`BK-(\d{5})`, false}, // a capture after the cue: less said, never wrong
	} {
		p := newPattern(regexp.MustCompile(c.expr))
		if got := p.follow != nil; got != c.follow {
			t.Errorf("%s: follow %v, want %v (cues %q)", c.expr, p.follow, c.follow, p.cues)
		}
	}
}

// TestFindFromWithFollowIsTheRegexp holds findFrom to the regexp for
// generated cue patterns, a class after their cues or not, on generated
// texts: the follow check skips only cues no match can start at.
func TestFindFromWithFollowIsTheRegexp(t *testing.T) {
	cues := []string{"to", "a", "from", "t", "out of", "TO"}
	classes := []string{`\s+`, `\s`, `[a-z]+`, `\d{1,2}`, `[ ,]+`, `-`, `\s*`, `(?:\s|$)`, `\b`}
	pieces := []string{"to", "a", "from", "out of", " ", "  ", "x", "Toronto", "12", ",", "-", "A", "To", "ta", "at", "\n"}
	rapid.Check(t, func(t *rapid.T) {
		alts := rapid.SliceOfNDistinct(rapid.SampledFrom(cues), 1, 3, rapid.ID[string]).Draw(t, "cues")
		expr := rapid.SampledFrom([]string{`(?i)`, ``}).Draw(t, "flags") + rapid.SampledFrom([]string{`\b`, ``}).Draw(t, "boundary") +
			"(?:" + strings.Join(alts, "|") + ")" + rapid.SampledFrom(classes).Draw(t, "class") + `(\w*)`
		p := newPattern(regexp.MustCompile(expr))
		text := strings.Join(rapid.SliceOfN(rapid.SampledFrom(pieces), 0, 8).Draw(t, "text"), "")
		for pos := 0; pos <= len(text); pos++ {
			want := p.re.FindStringSubmatchIndex(text[pos:])
			for i := range want {
				if want[i] >= 0 {
					want[i] += pos
				}
			}
			if got := p.findFrom(text, pos); !slices.Equal(got, want) {
				t.Fatalf("%s in %q from %d: findFrom %v, the regexp %v", expr, text, pos, got, want)
			}
		}
	})
}
