package nlu

import (
	"fmt"
	"slices"
	"testing"
	"time"

	"pgregory.net/rapid"
)

// Round 15 (issue 38): a count of units counted from a day, a correction
// counted from the day just said, and a numeric date that is no clock time.
// Sent Wednesday 2027-04-14.
var round15Now = time.Date(2027, 4, 14, 10, 0, 0, 0, time.UTC)

func TestCountedFromADay(t *testing.T) {
	cases := []struct {
		text string
		want string // "" for no date
	}{
		{"one week on from tomorrow", "2027-04-22"},
		{"two weeks on from today", "2027-04-28"},
		{"3 days past friday", "2027-04-19"},
		{"a week from tomorrow", "2027-04-22"},
		{"tomorrow plus two weeks", ""},                  // the count is read by nobody: asked again
		{"friday for 2 weeks from friday", "2027-04-16"}, // a stay's length from that day
		{"check in friday for 2 weeks", "2027-04-16"},
		{"sunday, need a day to pack", "2027-04-18"}, // "a day" is no count from Sunday
		{"10 day plus friday", ""},
		{"two days before the race on sunday", "2027-04-16"},
	}
	for _, c := range cases {
		got, ok := FindDate(c.text, round15Now)
		if c.want == "" && ok || c.want != "" && (!ok || got.String() != c.want) {
			t.Errorf("FindDate(%q) = %s %v, want %q", c.text, got, ok, c.want)
		}
	}
}

func TestCorrectionCountedFromTheDaySaid(t *testing.T) {
	cases := []struct {
		text string
		want string
	}{
		{"tomorrow, actually the day after", "2027-04-16"},
		{"friday, no, the day before", "2027-04-15"},
		{"tomorrow, make it a day later", "2027-04-16"},
		{"friday, or rather two days after that", "2027-04-18"},
	}
	for _, c := range cases {
		if got, ok := FindDate(c.text, round15Now); !ok || got.String() != c.want {
			t.Errorf("FindDate(%q) = %s %v, want %s", c.text, got, ok, c.want)
		}
		// The correction is read whole: its tail alone names no day.
		if _, _, split := SplitCorrection(c.text); split && movesSaidDate(c.text[len(c.text)-5:]) {
			t.Errorf("SplitCorrection(%q) split an anchored correction", c.text)
		}
	}
}

// TestCountLaterIsNoCorrection: "N days later" after a date and a word
// that corrects nothing is another day (a check-out), never the date moved.
func TestCountLaterIsNoCorrection(t *testing.T) {
	for _, text := range []string{"check in friday, leaving 2 days later", "friday, back 3 days later", "tomorrow, 3 days later"} {
		if got, ok := FindDate(text, round15Now); ok {
			t.Errorf("FindDate(%q) = %s, want none", text, got)
		}
	}
}

func TestNumericDateIsNoTime(t *testing.T) {
	cases := []struct {
		text, want string // want "" for no time
	}{
		{"Check-in on 15.05.2027, thank you.", ""},
		{"on 15.05", ""},
		{"15.05.27", ""},
		{"2027.05.15", ""},
		{"2027-05-15", ""},
		{"tomorrow at 15.05", "15:05"},
		{"on 15.05 at 18.30", "18:30"},
		{"arriving 15/05/2027 at 3pm", "15:00"},
	}
	for _, c := range cases {
		got, ok := ParseTimeOutsideDate(c.text, round15Now)
		if c.want == "" && ok || c.want != "" && got != c.want {
			t.Errorf("ParseTimeOutsideDate(%q) = %q %v, want %q", c.text, got, ok, c.want)
		}
	}
	if got, ok := ParseTimeOutsideYearDate("15.05"); !ok || got != "15:05" {
		t.Errorf("ParseTimeOutsideYearDate(15.05) = %q %v: a time's answer may write 15.05", got, ok)
	}
}

// TestCountUnitLinkAnchorProperty: "<count> <unit> <link> <anchor>" is the
// anchor moved by the count of units, or no date; never the anchor alone or
// another day.
func TestCountUnitLinkAnchorProperty(t *testing.T) {
	counts := map[string]int{"a": 1, "one": 1, "two": 2, "three": 3, "2": 2, "4": 4, "10": 10}
	units := map[string]dayUnit{"day": {1, 0}, "days": {1, 0}, "week": {7, 0}, "weeks": {7, 0}, "fortnight": {14, 0}, "month": {0, 1}, "months": {0, 1}}
	links := []string{"from", "after", "past", "on from", "on after", "plus", "on", "before", "later than", "since"}
	anchors := map[string]func(Date) Date{
		"today": func(d Date) Date { return d }, "tomorrow": func(d Date) Date { return d.AddDays(1) },
		"friday": func(d Date) Date { return weekdayFrom(d, time.Friday, modeBare) },
	}
	rapid.Check(t, func(t *rapid.T) {
		today := genToday(t)
		c := rapid.SampledFrom(keysOf(counts)).Draw(t, "count")
		u := rapid.SampledFrom(keysOf(units)).Draw(t, "unit")
		l := rapid.SampledFrom(links).Draw(t, "link")
		a := rapid.SampledFrom(keysOf(anchors)).Draw(t, "anchor")
		text := fmt.Sprintf("%s %s %s %s", c, u, l, a)
		anchor := anchors[a](today)
		n, unit := counts[c], units[u]
		want, readable := anchor.after(n, unit), true
		switch l {
		case "on": // British "a fortnight on Friday": weeks only
			readable = unit.days >= 7
		case "before": // "2 days before Friday": days only
			want, readable = anchor.AddDays(-n), unit.days == 1
		case "plus", "later than", "since":
			readable = false
		}
		for _, read := range []func(string, time.Time) (Date, bool){ReadDate, FindDate} {
			got, ok := read(text, today.noon())
			if ok && (!readable || got != want) {
				t.Fatalf("%q on %s read %s, want %s or none", text, today, got, want)
			}
		}
	})
}

func keysOf[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

func TestCountedTypos(t *testing.T) {
	cases := []struct {
		text, want string
	}{
		{"in 10 dyas", "2027-04-24"},
		{"in 3 weesk", "2027-05-05"},
		{"in 2 monhts", "2027-06-14"},
		{"mya 2", "2027-05-02"},
		{"2 mya", "2027-05-02"},
		{"jnue 5", "2027-06-05"},
		{"dyas", ""},        // no number: no support
		{"mya", ""},         // no day beside it
		{"in a dya", ""},    // the article is no count
		{"book 2 dyas", ""}, // read, but no date
	}
	for _, c := range cases {
		got, ok := ReadDate(c.text, round15Now)
		if c.want == "" && ok || c.want != "" && (!ok || got.String() != c.want) {
			t.Errorf("ReadDate(%q) = %s %v, want %q", c.text, got, ok, c.want)
		}
	}
}

// TestCountedUnitTypoProperty: "in N <unit with two letters swapped>" is N
// units from today, or no date; never another day.
func TestCountedUnitTypoProperty(t *testing.T) {
	units, _ := countedTypoTargets()
	rapid.Check(t, func(t *rapid.T) {
		today := genToday(t)
		u := rapid.SampledFrom(units).Draw(t, "unit")
		i := rapid.IntRange(1, len(u)-2).Draw(t, "swap")
		typo := u[:i] + u[i+1:i+2] + u[i:i+1] + u[i+2:]
		n := rapid.IntRange(2, 12).Draw(t, "n")
		text := fmt.Sprintf("in %d %s", n, typo)
		got, ok := ReadDate(text, today.noon())
		if ok && got != today.after(n, dayUnits[u]) {
			t.Fatalf("%q on %s read %s, want %s or none", text, today, got, today.after(n, dayUnits[u]))
		}
	})
}

// TestObservancesAndEventHolidays: observances read from holidays.txt, and a
// holiday naming an event ("the cinco de mayo party") is no obstacle to the
// date said beside it, and alone no day.
func TestObservancesAndEventHolidays(t *testing.T) {
	cases := []struct {
		text, want string
	}{
		{"earth day", "2027-04-22"},
		{"cinco de mayo", "2027-05-05"},
		{"may 5th for the cinco de mayo party", "2027-05-05"},
		{"dec 20 for the christmas party", "2027-12-20"},
		{"the cinco de mayo party", ""},
		{"the christmas party", ""},
	}
	for _, c := range cases {
		got, ok := FindDate(c.text, round15Now)
		if c.want == "" && ok || c.want != "" && (!ok || got.String() != c.want) {
			t.Errorf("FindDate(%q) = %s %v, want %q", c.text, got, ok, c.want)
		}
	}
}
