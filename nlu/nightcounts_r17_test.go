package nlu

import (
	"strconv"
	"strings"
	"testing"

	"pgregory.net/rapid"
)

// TestCountedNightsRound17 reads counts of nights of languages CLDR has no
// numbers or no night word for, at every coverage level and beyond CLDR
// (nlu/count_words.txt, round 17): Berber "n" and the construct plural, the
// Mande night before its number, the Philippine linker, Polynesian "pō",
// creoles and pidgins, minority Slavic and Romance; digits with a night word
// of three letters or more; a number word alone stays as written.
func TestCountedNightsRound17(t *testing.T) {
	for _, tc := range []struct{ text, want string }{
		{"kraḍ n yiḍan", "three nights"},
		{"krad n yidan", "three nights"},
		{"semmus n yiḍan", "five nights"},
		{"su saba", "three nights"},
		{"su naani", "four nights"},
		{"trzë noce", "three nights"},
		{"sztërë noce", "four nights"},
		{"troes nuts", "three nights"},
		{"cwate nuts", "four nights"},
		{"tulo ka gab-i", "three nights"},
		{"lima ka gabii", "five nights"},
		{"tallo a rabii", "three nights"},
		{"tri naet", "three nights"},
		{"tripela nait", "three nights"},
		{"dri neti", "three nights"},
		{"twa nwit", "three nights"},
		{"tres anochi", "three nights"},
		{"e toru pō", "three nights"},
		{"peb hmo", "three nights"},
		{"kimsa tuta", "three nights"},
		{"mbohapy pyhare", "three nights"},
		{"telo alina", "three nights"},
		{"dare uku", "three nights"},
		{"abalị atọ", "three nights"},
		{"saddex habeen", "three nights"},
		{"hiru gau", "three nights"},
		{"gau bat", "one night"},
		{"butu misato", "three nights"},
		{"amajoro atatu", "three nights"},
		{"telung wengi", "three nights"},
		{"гурван шөнө", "three nights"},
		{"үс түүн", "three nights"},
		{"דריי נעכט", "three nights"},
		{"trije nachten", "three nights"},
		{"tri notti", "three nights"},
		{"tlett iljieli", "three nights"},
		{"3 naet", "3 nights"},
		{"3 n yiḍan", "3 nights"},
		{"saba", "saba"},
		{"troes", "troes"},
		{"tulo", "tulo"},
	} {
		if got := Gloss(tc.text); got != tc.want {
			t.Errorf("Gloss(%q) = %q, want %q", tc.text, got, tc.want)
		}
	}
}

// TestShortCountTyposRound17: a three-letter count word with two letters
// swapped ("tow") reads as its number right before the unit asked for, and
// nowhere else ("tow truck", "tow 3 nights").
func TestShortCountTyposRound17(t *testing.T) {
	nights := func(w string) bool { return w == "nights" || w == "night" }
	for _, tc := range []struct {
		text, want string
		ok         bool
	}{
		{"tow nights", "two nights", true},
		{"oen night", "one night", true},
		{"sxi nights", "six nights", true},
		{"tne nights", "ten nights", true},
		{"tow truck", "tow truck", false},
		{"tow 3 nights", "tow 3 nights", false},
	} {
		got, ok := HeardAsCount(tc.text, nights)
		if got != tc.want || ok != tc.ok {
			t.Errorf("HeardAsCount(%q) = %q %v, want %q %v", tc.text, got, ok, tc.want, tc.ok)
		}
	}
}

// TestHandCountsProperty: a count of nights of the hand list's languages, in
// a sentence, reads as its count or as none, never another.
func TestHandCountsProperty(t *testing.T) {
	var hand []struct {
		n      int
		phrase string
	}
	for _, c := range generatedCounts() {
		if c.n <= 10 {
			hand = append(hand, c)
		}
	}
	rapid.Check(t, func(t *rapid.T) {
		c := rapid.SampledFrom(hand).Draw(t, "count")
		frame := rapid.SampledFrom([]string{"for %s", "%s pls", "we stay %s", "%s, from friday"}).Draw(t, "frame")
		text := strings.Replace(frame, "%s", c.phrase, 1)
		g := " " + Gloss(text) + " "
		for n := 1; n <= 31; n++ {
			if n == c.n {
				continue
			}
			if strings.Contains(g, " "+nightsCount(n)+" ") || strings.Contains(g, " "+strconv.Itoa(n)+" night") {
				t.Fatalf("Gloss(%q) = %q, want %d nights or none", text, g, c.n)
			}
		}
	})
}
