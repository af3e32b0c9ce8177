package nlu

import (
	"strings"
	"testing"

	"pgregory.net/rapid"
)

// TestCountedNightsRound15 reads counts of nights in languages CLDR spells
// no number out for (Papiamento, Tok Pisin, Samoan, Frisian, Sicilian,
// Javanese, Kinyarwanda, Gujarati and Yiddish in Latin letters), the
// Esperanto accusative (nlu/night_inflections.txt), and a CLDR number word
// that is another language's word read with its own night word.
func TestCountedNightsRound15(t *testing.T) {
	for _, tc := range []struct{ text, want string }{
		{"kvar noktojn", "four nights"},
		{"unu nokton", "one night"},
		{"du noktoj", "two nights"},
		{"5 noktojn", "5 nights"},
		{"tres anochi", "three nights"},
		{"tripela nait", "three nights"},
		{"po e lua", "two nights"},
		{"fjouwer nachten", "four nights"},
		{"quattru notti", "four nights"},
		{"be raat", "two nights"},
		{"telung wengi", "three nights"},
		{"fir nekht", "four nights"},
		{"amajoro abiri", "two nights"},
		{"to nætter", "two nights"},
		{"noktojn", "noktojn"},
		{"tupela", "tupela"},
		{"nait", "nait"},
		{"dos", "dos"},
	} {
		if got := Gloss(tc.text); got != tc.want {
			t.Errorf("Gloss(%q) = %q, want %q", tc.text, got, tc.want)
		}
	}
}

// TestCountedNightsWordAloneProperty: either word of a two-word count
// phrase alone (the number "tupela", "dos", or the night "nait") reads the
// phrase's count (Arabic "ليلة" is one night) or none: never another.
func TestCountedNightsWordAloneProperty(t *testing.T) {
	var phrases []glossEntry
	for _, es := range countedNights().byFirst {
		for _, e := range es {
			if len(e.words) == 2 { // a number word and a night word
				phrases = append(phrases, e)
			}
		}
	}
	rapid.Check(t, func(t *rapid.T) {
		e := rapid.SampledFrom(phrases).Draw(t, "phrase")
		drop := rapid.IntRange(0, len(e.words)-1).Draw(t, "drop")
		rest := strings.Join(append(append([]string{}, e.words[:drop]...), e.words[drop+1:]...), " ")
		g := " " + Gloss(rest) + " "
		if g == " one night " {
			return // a night word alone in a gloss file is one night (Arabic "ليلة")
		}
		for n := 1; n <= 31; n++ {
			// another phrase of the table may be the rest: it reads its own count
			if _, ok := phraseCount(rest); !ok && nightsCount(n) != e.to && strings.Contains(g, " "+nightsCount(n)+" ") {
				t.Fatalf("Gloss(%q) = %q: a count without its night word", rest, g)
			}
		}
	})
}

// phraseCount reports whether text is itself a phrase of the table.
func phraseCount(text string) (string, bool) {
	ws := strings.Fields(text)
	if len(ws) == 0 {
		return "", false
	}
	for _, e := range countedNights().byFirst[ws[0]] {
		if strings.Join(e.words, " ") == text {
			return e.to, true
		}
	}
	return "", false
}
