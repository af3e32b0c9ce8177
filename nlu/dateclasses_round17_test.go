package nlu

import (
	"fmt"
	"testing"
	"time"

	"pgregory.net/rapid"
)

// Round 17's English date classes, as grammar and data: alternatives
// (CLDR "or" words), holiday short forms and typos, a letter o for a zero
// beside a month, a month abbreviation with two letters swapped, possessive
// and year-wide nth weekdays, "N units out", and reason clauses naming the
// way back or the return to work.
func TestDateClassesRound17(t *testing.T) {
	now := time.Date(2027, 12, 16, 15, 0, 0, 0, time.UTC) // a Thursday
	cases := []struct {
		text, want string // want "" is no date (asked again)
	}{
		// "X or Y" of two days names none, in any wording or language.
		{"tmr or teh day after", ""},
		{"jan 5 or 6", ""},
		{"either monday or tuesday", ""},
		{"the 3rd or the 4th please", ""},
		{"viernes o sábado", ""},
		{"Montag oder Dienstag", ""},
		{"piątek lub sobota", ""},
		// Holidays abbreviated or mistyped (holidays.txt, every holiday).
		{"xmas eve", "2027-12-24"},
		{"xmas day", "2027-12-25"},
		{"the day after xmas", "2027-12-26"},
		{"nye", "2027-12-31"},
		{"nyd", "2028-01-01"},
		{"chrstmas day", "2027-12-25"},
		{"haloween", "2028-10-31"},
		// A letter o for a zero, with the month said.
		{"dec 2oth", "2027-12-20"},
		{"3oth of dec", "2027-12-30"},
		{"teh 3oth", ""},         // no month: 30th or a mistyped 3rd
		{"jan 1o", "2028-01-01"}, // Romance 1o: first
		// A month abbreviation with two letters swapped, beside a day.
		{"jna 2", "2028-01-02"},
		{"fbe 14", "2028-02-14"},
		{"dce 24", "2027-12-24"},
		// Possessive month or year, and a weekday of the year.
		{"january's second tuesday", "2028-01-11"},
		{"next month's last friday", "2028-01-28"},
		{"march's first monday", "2028-03-06"},
		{"next year's first monday", "2028-01-03"},
		{"last wednesday of the year", "2027-12-29"},
		{"the first monday of next year", "2028-01-03"},
		{"first monday of the year", ""}, // passed: asked, not next year's guessed
		// "N units out [from today]".
		{"two weeks out from today", "2027-12-30"},
		{"3 days out", "2027-12-19"},
		{"two days out of the office", ""},
		// A reason clause with the way back or the return to work: the first.
		{"jan 3, back to work on the 4th", "2028-01-03"},
		{"jan 3, need to be back by the 9th", "2028-01-03"},
		{"friday the 24th, return on the 2nd", "2027-12-24"},
		{"the 20th, home by the 28th", "2027-12-20"},
	}
	for _, c := range cases {
		d, ok := ReadDate(c.text, now)
		got := ""
		if ok {
			got = d.String()
		}
		if got != c.want {
			t.Errorf("ReadDate(%q) = %q, want %q", c.text, got, c.want)
		}
	}
}

// TestDateAlternativesOneDay: "or" beside one day said twice, or opening a
// correction, keeps the sentence's one day. "or so" and "or thereabouts"
// offer no second day, but say the day only approximately: asked since
// issue 38's round 25 (SaysApproximately), as "around the 20th" is.
func TestDateAlternativesOneDay(t *testing.T) {
	now := time.Date(2027, 12, 16, 15, 0, 0, 0, time.UTC)
	for text, want := range map[string]string{
		"i fly friday or the 17th":              "2027-12-17",
		"tomorrow, hmm, no, the day after":      "2027-12-18",
		"friday, or rather two days after that": "2027-12-19",
	} {
		if d, ok := FindDate(text, now); !ok || d.String() != want {
			t.Errorf("FindDate(%q) = %v %v, want %s", text, d, ok, want)
		}
	}
	for _, text := range []string{"i fly friday or so", "i fly on the 20th or thereabouts"} {
		if d, ok := FindDate(text, now); ok {
			t.Errorf("FindDate(%q) = %v, want none: approximate", text, d)
		}
	}
}

// TestDateAlternativesNeverStored: "<date> or <date>" of two different days
// is never read as a day, by ReadDate or FindDate.
func TestDateAlternativesNeverStored(t *testing.T) {
	now := time.Date(2027, 12, 16, 15, 0, 0, 0, time.UTC)
	forms := []func(m time.Month, d int) string{
		func(m time.Month, d int) string { return fmt.Sprintf("%s %d", m, d) },
		func(m time.Month, d int) string { return fmt.Sprintf("the %s of %s", ordinalSuffix(d), m) },
		func(m time.Month, d int) string { return fmt.Sprintf("%s %s", m.String()[:3], ordinalSuffix(d)) },
	}
	joins := []string{" or ", ", or ", " or maybe ", " o ", " oder "}
	rapid.Check(t, func(t *rapid.T) {
		m1 := time.Month(rapid.IntRange(1, 12).Draw(t, "m1"))
		d1 := rapid.IntRange(1, 28).Draw(t, "d1")
		m2 := time.Month(rapid.IntRange(1, 12).Draw(t, "m2"))
		d2 := rapid.IntRange(1, 28).Draw(t, "d2")
		if m1 == m2 && d1 == d2 {
			d2 = d1%28 + 1
		}
		f1 := forms[rapid.IntRange(0, len(forms)-1).Draw(t, "f1")]
		f2 := forms[rapid.IntRange(0, len(forms)-1).Draw(t, "f2")]
		text := f1(m1, d1) + rapid.SampledFrom(joins).Draw(t, "join") + f2(m2, d2)
		if d, ok := ReadDate(text, now); ok {
			t.Fatalf("ReadDate(%q) = %v, want none", text, d)
		}
		if d, ok := FindDate("i fly "+text, now); ok {
			t.Fatalf("FindDate(%q) = %v, want none", text, d)
		}
	})
}

// TestDateWithReasonDateFirstOrNone: "<date>, <reason naming another date>"
// reads the first date or none, never the reason's.
func TestDateWithReasonDateFirstOrNone(t *testing.T) {
	now := time.Date(2027, 12, 16, 15, 0, 0, 0, time.UTC)
	reasons := []string{"back to work on the %s", "need to be back by the %s", "return on the %s", "home on the %s", "coming back the %s", "have to be back the %s"}
	rapid.Check(t, func(t *rapid.T) {
		m := time.Month(rapid.IntRange(1, 12).Draw(t, "m"))
		d1 := rapid.IntRange(1, 28).Draw(t, "d1")
		d2 := rapid.IntRange(1, 28).Draw(t, "d2")
		first := fmt.Sprintf("%s %d", m.String()[:3], d1)
		text := first + ", " + fmt.Sprintf(rapid.SampledFrom(reasons).Draw(t, "reason"), ordinalSuffix(d2))
		want, wok := ReadDate(first, now)
		got, ok := ReadDate(text, now)
		if ok && (!wok || got != want) {
			t.Fatalf("ReadDate(%q) = %v, want %v or none", text, got, want)
		}
	})
}
