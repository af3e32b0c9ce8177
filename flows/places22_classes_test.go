package flows

import (
	"maps"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/parleyhq/parley/nlu"
	"github.com/parleyhq/parley/shop/lexicon"
	"pgregory.net/rapid"
)

// TestUnknownPhraseNoTypoCity: a phrase of words the readers do not know
// (a sentence in another language) is never read as a city by a typo of its
// first word (issue 38 round 20): "hana" is one letter from Hága, but
// "hana lon teupeu" is asked again. A typo of a city before words the readers
// know is still read ("chigaco next friday").
func TestUnknownPhraseNoTypoCity(t *testing.T) {
	playClassCasesSent(t, r19Set, map[string][]heldOutCase{
		"booking": {
			r6("origin", "hana lon teupeu", map[string]string{"origin": ""}),
			r6("origin", "hana kuti molo", map[string]string{"origin": ""}),
			r6("origin", "dnever tomorrow", map[string]string{"origin": "Denver"}),
			r6("origin", "chigaco please", map[string]string{"origin": "Chicago"}),
		},
	})
}

// cldrWords are testdata/wordlists/cldr_words.txt's words by locale: words
// of several languages (CLDR's display names), none of them a place.
func cldrWords(t *testing.T) map[string][]string {
	t.Helper()
	data, err := os.ReadFile("../testdata/wordlists/cldr_words.txt")
	if err != nil {
		t.Fatal(err)
	}
	out := map[string][]string{}
	for line := range strings.Lines(string(data)) {
		loc, ws, ok := strings.Cut(line, ":")
		if !ok || strings.HasPrefix(line, "#") {
			continue
		}
		for _, w := range strings.Fields(ws) {
			if notPlaceWord(w) {
				out[loc] = append(out[loc], w)
			}
		}
	}
	return out
}

// notPlaceWord reports whether w is a word no reader knows and no place's
// name: an English or lexicon word, a known city, a town of the gazetteer
// or a country may be read as what it is.
func notPlaceWord(w string) bool {
	if nlu.IsLexiconWord(w) || lexicon.IsEnglishWord(w) || nlu.IsCountry(w) || nlu.IsGeoNamesTown(w) {
		return false
	}
	_, city := nlu.MatchCityExact(w)
	return !city
}

// TestUnknownPhraseNoCityProperty: a lower-case phrase of two to four words
// of another language (CLDR's words of eighteen locales), none of them a
// place, answered where from, is never read as a city: a typo of one of its
// words is no city named.
func TestUnknownPhraseNoCityProperty(t *testing.T) {
	byLoc := cldrWords(t)
	locs := slices.Sorted(maps.Keys(byLoc))
	e, err := DemoFor("booking")
	if err != nil {
		t.Fatal(err)
	}
	i := 0
	rapid.Check(t, func(rt *rapid.T) {
		ws := byLoc[rapid.SampledFrom(locs).Draw(rt, "locale")]
		n := rapid.IntRange(2, 4).Draw(rt, "n")
		phrase := make([]string, n)
		for k := range phrase {
			phrase[k] = rapid.SampledFrom(ws).Draw(rt, "word")
		}
		c := r6("origin", strings.Join(phrase, " "), map[string]string{"origin": ""})
		i++
		if got, detail := playHeldOut(t, e, r19Set("booking"), i, c); got != heldOutRight {
			rt.Fatalf("%q: %s", c.Text, detail)
		}
	})
}
