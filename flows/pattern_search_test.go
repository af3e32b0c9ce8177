package flows

import (
	"regexp"
	"slices"
	"testing"
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
