package nlu

import (
	"fmt"
	"testing"
	"time"

	"pgregory.net/rapid"
)

// Round 18's English date classes: a hesitation before the day preferred
// ("monday, hmm, tuesday is better"), a correction by an offset from the day
// said first ("the 29th, wait, the day after"), a weekday typo of a swap and
// a dropped letter ("satrudy"), a month typo that is a negation elsewhere
// ("the 1st of mach"), the weekend as an aside about a Saturday or a Sunday,
// and "no <things> on <days>" as a reason, not a correction.
func TestDateClassesRound18(t *testing.T) {
	now := time.Date(2028, 2, 24, 15, 30, 0, 0, time.UTC) // a Thursday
	cases := []struct {
		text, want string // want "" is no date (asked again)
	}{
		// A hesitation, then the day preferred: the last day stands.
		{"monday, hmm, tuesday is better", "2028-02-29"},
		{"march 8th, hmm, march 9th is better", "2028-03-09"},
		{"the 5th, um, the 6th works better", "2028-03-06"},
		{"monday, hmm, tuesday is best", "2028-02-29"},
		{"monday, hmm, tuesday", ""},              // a second choice offered?
		{"monday, hmm, tuesday is no good", ""},   // refused, not preferred
		{"monday, hmm, tuesday is better?", ""},   // asked
		{"monday, hmm, or tuesday is better", ""}, // two choices
		{"mon, hmm, tue is better", "2028-02-29"}, // short names
		{"friday, tue is better", ""},             // another weekday in the aside
		{"friday, thurs is better", ""},           // another weekday in the aside
		// An offset correction counts from the day said first.
		{"the 29th, wait, the day after", "2028-03-01"},
		{"the 29th, actually the next day", "2028-03-01"},
		{"the 3rd, sorry, two days later", "2028-03-05"},
		{"the 3rd, no, the day before", "2028-03-02"},
		{"the 29th, wait, the day after?", ""},
		// Typos within the rules: a swap counts one edit beside another.
		{"satrudy", "2028-02-26"},
		{"tuesdya", "2028-02-29"},
		{"thrusdya", "2028-03-02"},
		{"the 1st of mach", "2028-03-01"},
		// The weekend as an aside about a weekend day, and only then.
		{"saturday, weekend away", "2028-02-26"},
		{"sunday, weekend away", "2028-02-27"},
		{"friday, weekend away", ""},
		{"saturday, next weekend", ""},
		// "no <things> on <days>" is why, not a correction.
		{"sunday, no fittings on sundays", "2028-02-27"},
		{"friday, no deliveries on fridays", "2028-02-25"},
	}
	for _, c := range cases {
		d, ok := weekOnOrAsked(ReadDate, c.text, now)
		got := ""
		if ok {
			got = d.String()
		}
		if got != c.want {
			t.Errorf("ReadDate(%q) = %q, want %q", c.text, got, c.want)
		}
	}
	for _, s := range []string{"the 1st of mach", "1st of mach", "the 3rd mach"} {
		if _, aside := SetAside(s); aside {
			t.Errorf("SetAside(%q) sets a value aside: a mistyped month after a day", s)
		}
	}
	if _, aside := SetAside("mach 3"); !aside {
		t.Errorf(`SetAside("mach 3"): Darija "mach" (not) before a number still sets aside`)
	}
	if _, tail, ok := SplitCorrection("sunday, no fittings on sundays"); ok {
		t.Errorf("SplitCorrection read a none-of as a correction to %q", tail)
	}
}

// A date, a hesitation and another date read the second only when it is
// said to be preferred; a date, a correction word and an offset read the
// first moved by the offset.
func TestHedgedAndShiftedCorrectionsProperty(t *testing.T) {
	weekdays := []string{"sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"}
	rapid.Check(t, func(t *rapid.T) {
		now := time.Date(2028, 2, 24, 15, 30, 0, 0, time.UTC).AddDate(0, 0, rapid.IntRange(0, 400).Draw(t, "days"))
		today := DateOf(now)
		a := rapid.IntRange(0, 6).Draw(t, "a")
		b := rapid.IntRange(0, 6).Draw(t, "b")
		hedge := rapid.SampledFrom([]string{"hmm", "um", "uh", "erm"}).Draw(t, "hedge")
		pref := rapid.SampledFrom([]string{"is better", "works better", "is best", "", "is no good"}).Draw(t, "pref")
		text := fmt.Sprintf("%s, %s, %s %s", weekdays[a], hedge, weekdays[b], pref)
		d, ok := ReadDate(text, now)
		want, wantOK := Date{}, false
		if pref != "is no good" && (pref != "" || a == b) { // one day said twice is that day
			want, wantOK = ReadDate(weekdays[b], now) // the day preferred, as said alone
		}
		if ok != wantOK || ok && d != want {
			t.Fatalf("ReadDate(%q) on %s = %v %v, want %v %v", text, today, d, ok, want, wantOK)
		}
		day := rapid.IntRange(1, 28).Draw(t, "day")
		shift := rapid.SampledFrom([]struct {
			words string
			days  int
		}{{"the day after", 1}, {"the day before", -1}, {"the next day", 1}, {"two days later", 2}, {"a week later", 7}}).Draw(t, "shift")
		corr := rapid.SampledFrom([]string{"wait", "sorry", "actually", "no"}).Draw(t, "corr")
		said := fmt.Sprintf("march %d", day)
		base, ok := ReadDate(said, now)
		if !ok {
			return
		}
		text = fmt.Sprintf("%s, %s, %s", said, corr, shift.words)
		d, ok = ReadDate(text, now)
		if !ok || d != base.AddDays(shift.days) {
			t.Fatalf("ReadDate(%q) on %s = %v %v, want %v", text, today, d, ok, base.AddDays(shift.days))
		}
	})
}
