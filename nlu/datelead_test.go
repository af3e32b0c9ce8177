package nlu

import (
	"math/rand"
	"slices"
	"strings"
	"testing"
	"time"
)

// TestDateLeadWordsCover checks mayStartDate against the readers it lets
// dateSpansOf pass over: wherever longestDateAt reads a date, its first word
// is one mayStartDate tries. The first words are every word of the lexicons
// and the date tables; what follows them is drawn at random from the date
// tables' words, the words that join them and a few numbers.
func TestDateLeadWordsCover(t *testing.T) {
	firsts := map[string]bool{}
	addKeys(firsts, lexiconWords())
	addKeys(firsts, dateLeadWords())
	addKeys(firsts, dayUnits)
	addKeys(firsts, glosses.plain)
	for _, tos := range glosses.words {
		for _, to := range tos {
			for _, w := range words(key(to)) {
				firsts[w] = true
			}
		}
	}
	follow := map[string]bool{}
	addKeys(follow, dateLeadWords())
	addKeys(follow, dayUnits)
	addKeys(follow, laterWeeks)
	addKeys(follow, isoWeekJoiners)
	addKeys(follow, isoWeekNumberWords)
	addKeys(follow, wordSet(`of in on de after before from now later ago week weeks month coming next day the 1 12 15 2026 15th 3rd`))
	next := slices.Sorted(mapKeys(follow))
	today := DateOf(time.Date(2026, 3, 10, 12, 0, 0, 0, time.UTC))
	r := rand.New(rand.NewSource(38))
	for _, first := range slices.Sorted(mapKeys(firsts)) {
		for range 40 {
			text := first
			for range 1 + r.Intn(4) {
				text += " " + next[r.Intn(len(next))]
			}
			toks := appendTokens(nil, key(text))
			if len(toks) == 0 || mayStartDate(toks[0].text) {
				continue
			}
			for _, alone := range []bool{false, true} {
				if s, ok := longestDateAt(toks, 0, today, alone); ok {
					t.Fatalf("%q reads a date (%+v) from %q, which mayStartDate passes over", text, s, toks[0].text)
				}
			}
		}
	}
}

// TestMayStartDate: the words of a sentence that start no date are passed
// over; numbers, date words and words beyond ASCII letters are tried.
func TestMayStartDate(t *testing.T) {
	for _, w := range []string{"want", "book", "flight", "hotel"} {
		if mayStartDate(w) {
			t.Errorf("mayStartDate(%q) = true", w)
		}
	}
	for _, w := range []string{"the", "a", "next", "tomorrow", "friday", "december", "in", "12", "w12", "24oct", "lundi", "mañana", "明天", "christmas", "week"} {
		if !mayStartDate(strings.ToLower(w)) && lowerASCIILetters(w) {
			t.Errorf("mayStartDate(%q) = false", w)
		}
	}
}

// mapKeys ranges over m's keys.
func mapKeys[V any](m map[string]V) func(func(string) bool) {
	return func(yield func(string) bool) {
		for k := range m {
			if !yield(k) {
				return
			}
		}
	}
}
