package nlu

import (
	"slices"
	"testing"
)

// nightUnit is the hotel's own unit in these tests.
func nightUnit(w string) bool { return w == "night" || w == "nights" }

// TestHedgesCount: a count said as an estimate (hotel26, round 25) is told
// from a count with other words around it.
func TestHedgesCount(t *testing.T) {
	for _, c := range []struct {
		text string
		want bool
	}{
		{"a couple of nights or so", true},
		{"3 nights or so", true},
		{"about 3 nights", true},
		{"roughly a week", true},
		{"around five", true},
		{"3ish", true},
		{"3-ish nights", true},
		{"fiveish nights", true},
		{"a few nights, give or take", true},
		{"a week, more or less", true},
		{"a couple nights maybe", true},
		{"2 nights probably.", true},
		{"3 nights", false},
		{"what about 3 nights?", false},              // proposes
		{"3 nights, arriving around 11pm", false},    // the hour's approximator
		{"3 nights, arriving around 11 pm", false},   // the same, spaced
		{"two (maybe three, but book two)", false},   // a correction, not final
		{"five... maybe six, six", false},            // the same
		{"a week, if that works", false},             // a condition, no estimate
		{"6 nights in all", false},                   // a total, no hedge
		{"maybe", false},                             // no count
		{"somewhere around lisbon", false},           // no count
		{"4 nights, i think we leave sunday", false}, // the unsure word ends nothing
	} {
		if got := HedgesCount(c.text, nightUnit); got != c.want {
			t.Errorf("HedgesCount(%q) = %v, want %v", c.text, got, c.want)
		}
	}
}

// TestCutCountTotal: a marker of the whole count after it is cut, the
// longest first; nothing else is.
func TestCutCountTotal(t *testing.T) {
	for _, c := range []struct{ text, want string }{
		{"6 nights in all", "6 nights"},
		{"10 nights in total", "10 nights"},
		{"a week altogether.", "a week"},
		{"4 nights, all told", "4 nights"},
		{"6 nights total", "6 nights"},
		{"total", "total"},
		{"6 nights", "6 nights"},
		{"in all", "in all"},
	} {
		if got, _ := CutCountTotal(c.text); got != c.want {
			t.Errorf("CutCountTotal(%q) = %q, want %q", c.text, got, c.want)
		}
	}
}

// FuzzHedgesCount: any text is read without a panic, and a hedge found in
// text is found with a courtesy after a comma too.
func FuzzHedgesCount(f *testing.F) {
	for _, s := range []string{"3 nights or so", "about 3", "3ish", "a week, give or take", "", ",,", "ish", "a couple of"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got := HedgesCount(s, nightUnit)
		if got && !HedgesCount(s+", please thanks", nightUnit) && !slices.Contains(hedgeTokens(s), hedgeBreak) {
			// a final unsure word is final only at the end: allowed to differ
			for _, w := range hedgeTokens(s) {
				if hedgeAfterFinal[w] != nil {
					return
				}
			}
			t.Errorf("HedgesCount(%q) but not with a tail", s)
		}
		_, _ = CutCountTotal(s)
	})
}

// TestNumberAndSpanTypos: a near word that never modifies a noun is its
// number before a count's unit ("thee nights"); a unit of a span one edit
// away is read ("a wek"); ordinary words stay themselves.
func TestNumberAndSpanTypos(t *testing.T) {
	for _, c := range []struct{ text, want string }{
		{"thee nights", "three nights"},
		{"there nights", "three nights"},
		{"seen nights", "seven nights"},
		{"fine nights", "fine nights"}, // an adjective before a noun
		{"thee", "thee"},
		{"over there", "over there"},
	} {
		if got := CorrectNumberTypos(c.text); got != c.want {
			t.Errorf("CorrectNumberTypos(%q) = %q, want %q", c.text, got, c.want)
		}
	}
	for _, c := range []struct {
		text string
		want int
	}{
		{"a wek", 7}, {"a wek pls", 7}, {"two weks", 14}, {"a fortnigt", 14}, {"a week", 7},
		{"a weak", 0}, {"a wee", 0}, {"a wok", 0},
	} {
		if got, _ := ParseDays(c.text); got != c.want {
			t.Errorf("ParseDays(%q) = %d, want %d", c.text, got, c.want)
		}
	}
}

// TestFindCitiesSkipsHolidayNames: a city in a holiday's name ("Columbus
// Day") is no place; the same city alone is one.
func TestFindCitiesSkipsHolidayNames(t *testing.T) {
	for _, c := range []struct {
		text string
		want []string
	}{
		{"denver hotel for columbus day", []string{"Denver"}},
		{"columbus day weekend", nil},
		{"a hotel in columbus", []string{"Columbus"}},
	} {
		if got := FindCities(c.text); !slices.Equal(got, c.want) {
			t.Errorf("FindCities(%q) = %v, want %v", c.text, got, c.want)
		}
	}
}
