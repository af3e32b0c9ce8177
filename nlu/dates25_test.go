package nlu

import (
	"fmt"
	"testing"
	"time"

	"pgregory.net/rapid"
)

// dates25Now is Tuesday 8 October 2030, morning.
var dates25Now = time.Date(2030, 10, 8, 9, 15, 0, 0, time.UTC)

// TestDates25Holidays: Election Day by rule (the Tuesday after the first
// Monday of November), days counted from "the election", a holiday's eve,
// "the eve of" a holiday; an event of the holiday's kind names no day.
func TestDates25Holidays(t *testing.T) {
	for _, c := range []struct{ text, want string }{
		{"election day", "2030-11-05"},
		{"the day after the election", "2030-11-06"},
		{"the day before the election", "2030-11-04"},
		{"the wednesday after election day", "2030-11-06"},
		{"the election", ""},
		{"after the election", ""},
		{"the day after the election party", ""},
		{"thanksgiving eve", "2030-11-27"},
		{"halloween eve", "2030-10-30"},
		{"the eve of thanksgiving", "2030-11-27"},
		{"eve of halloween", "2030-10-30"},
		{"easter eve", "2031-04-12"}, // Holy Saturday: Easter 2031 is 13 April
		{"christmas eve", "2030-12-24"},
		{"the day before thanksgiving eve", "2030-11-26"},
		{"the wednesday before thanksgiving", "2030-11-27"},
		{"friday eve", "2030-10-11"}, // a weekday's evening ("thurs eve"), no day moved
	} {
		if got := readDateString(c.text, dates25Now); got != c.want {
			t.Errorf("ReadDate(%q) = %q, want %q", c.text, got, c.want)
		}
	}
	// Election Day across years: the Tuesday after the first Monday
	// (2 U.S.C. 7), so never 1 November.
	for year, want := range map[int]string{2026: "2026-11-03", 2027: "2027-11-02", 2028: "2028-11-07", 2033: "2033-11-08"} {
		now := time.Date(year, 6, 1, 12, 0, 0, 0, time.UTC)
		if got := readDateString("election day", now); got != want {
			t.Errorf("election day in %d = %q, want %q", year, got, want)
		}
	}
	// Leap day's eve needs a leap day.
	if got := readDateString("leap day eve 2029", dates25Now); got != "" {
		t.Errorf("leap day eve 2029 = %q, want none", got)
	}
}

// TestDates25ClauseExplainsDate: "the day after <anchor>" after a date that
// reads explains it; a known day as the anchor must agree.
func TestDates25ClauseExplainsDate(t *testing.T) {
	for _, c := range []struct{ text, want string }{
		{"november 1, the day after the big rush", "2030-11-01"},
		{"oct 20, the day after the parade", "2030-10-20"},
		{"the 19th, the night before the fair", "2030-10-19"},
		{"november 1, the morning after the big show", "2030-11-01"},
		{"november 1, the day after halloween", "2030-11-01"},
		{"november 2, the day after halloween", ""},
		{"the 29th, wait, the day after", "2030-10-30"},
		{"the 29th, actually the day after that", "2030-10-30"},
	} {
		if got := readDateString(c.text, dates25Now); got != c.want {
			t.Errorf("ReadDate(%q) = %q, want %q", c.text, got, c.want)
		}
		if d, ok := FindDate("flying "+c.text, dates25Now); c.want != "" && (!ok || d.String() != c.want) {
			t.Errorf("FindDate(%q) = %s %v, want %q", "flying "+c.text, d, ok, c.want)
		}
	}
}

// TestDates25DayIsNoHour: a day of the month beside its month is never the
// hour of a part of the day said near it.
func TestDates25DayIsNoHour(t *testing.T) {
	for _, c := range []struct{ text, want string }{
		{"november 1, the morning after the last scare", ""},
		{"nov 3, morning", ""},
		{"1 november in the morning", ""},
		{"may 5, evening", ""},
		{"november 1 at 9 in the morning", "09:00"},
		{"march 3 at 7pm", "19:00"},
		{"8 in the morning", "08:00"},
		{"5 march, morning", ""},
		{"may 9, morning", ""},
	} {
		got, _ := ParseTime(c.text)
		if got != c.want {
			t.Errorf("ParseTime(%q) = %q, want %q", c.text, got, c.want)
		}
	}
}

// TestDates25SlipDayWithWeekday: a day of the month just gone is asked
// alone; with a weekday that falls on next month's day and not on the one
// gone, it is next month's.
func TestDates25SlipDayWithWeekday(t *testing.T) {
	for _, c := range []struct{ text, want string }{
		{"the 6th", ""},
		{"wednesday the 6th", "2030-11-06"},
		{"wednesday the 6th, after the count", "2030-11-06"},
		{"sunday the 6th", ""}, // the 6th gone was a Sunday
		{"friday the 6th", ""}, // neither
		{"next wednesday the 6th", ""},
		{"3 days after the 6th", ""},
		{"tuesday the 5th", "2030-11-05"},
	} {
		if got := readDateString(c.text, dates25Now); got != c.want {
			t.Errorf("ReadDate(%q) = %q, want %q", c.text, got, c.want)
		}
	}
}

// TestDates25NoneOfClause: "no" and one or two nouns of the dictionary.
func TestDates25NoneOfClause(t *testing.T) {
	for _, c := range []struct {
		clause string
		want   bool
	}{
		{"no rehearsal", true}, {"no band practice", true}, {"No practice", true},
		{"no monday", false}, {"no, rehearsal", false}, {"no lisbon", false}, {"no three", false},
		{"no 5", false}, {"no rehearsal that day either", false}, {"rehearsal", false},
	} {
		if got := NoneOfClause(c.clause); got != c.want {
			t.Errorf("NoneOfClause(%q) = %v, want %v", c.clause, got, c.want)
		}
	}
}

// TestDates25RestatedAnswer: an answer, a yes after hesitations at most, and
// an answer again.
func TestDates25RestatedAnswer(t *testing.T) {
	for _, c := range []struct{ text, head, tail string }{
		{"the 19th, yes the 19th", "the 19th", "the 19th"},
		{"5 nights, hmm, yes 5", "5 nights", "5"},
		{"friday, um, yeah, friday", "friday", "friday"},
		{"friday, yes saturday", "friday", "saturday"},
		{"friday, yes", "", ""},
		{"friday, hmm, saturday", "", ""},
		{"is it friday, yes friday?", "", ""},
		{"i would like to leave on friday, yes friday", "", ""},
	} {
		head, tail, ok := RestatedAnswer(c.text)
		if ok != (c.head != "") || head != c.head || tail != c.tail {
			t.Errorf("RestatedAnswer(%q) = %q %q %v, want %q %q", c.text, head, tail, ok, c.head, c.tail)
		}
	}
}

// TestDates25ExplainedDateProperty: a date said, then the day after or
// before some event of words the readers do not know as a day, is that date
// or none, never a day moved from it (issue 38: parse or ask).
func TestDates25ExplainedDateProperty(t *testing.T) {
	months := []string{"january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november", "december"}
	shifts := []string{"the day after", "the day before", "the night before", "the morning after"}
	events := []string{"the big rush", "the parade", "my exam", "the last show", "our move", "the fair", "the count", "the harvest"}
	rapid.Check(t, func(t *rapid.T) {
		today := genToday(t)
		m := rapid.IntRange(1, 12).Draw(t, "month")
		d := rapid.IntRange(1, 28).Draw(t, "day")
		said := fmt.Sprintf("%s %d", months[m-1], d)
		text := said + ", " + rapid.SampledFrom(shifts).Draw(t, "shift") + " " + rapid.SampledFrom(events).Draw(t, "event")
		alone, aloneOK := ReadDate(said, today.noon())
		got, ok := ReadDate(text, today.noon())
		if ok && (!aloneOK || got != alone) {
			t.Fatalf("ReadDate(%q) on %s = %s, want %s or none", text, today, got, alone)
		}
	})
}
