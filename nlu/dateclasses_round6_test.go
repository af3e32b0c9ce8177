package nlu

import (
	"fmt"
	"testing"
	"time"

	"pgregory.net/rapid"
)

// round6Now is a Tuesday in June, the day the phrasings below are read from.
var round6Now = time.Date(2025, 6, 17, 10, 0, 0, 0, time.UTC)

// TestDateClassesRound6: issue 38's date classes of round 6, in phrasings of
// our own (never the dev sets'): a day that does not come within twelve
// months, a numeric day/month decided only when one order is long past,
// weeks on from a day, a weekday's abbreviation with courtesy words, how
// early or late in the day, a weekday joined by an article, a side clause
// (a reason, the way back) after the answer, a day taken back, and national
// days named with their country.
func TestDateClassesRound6(t *testing.T) {
	for _, tc := range []struct{ class, text, want string }{
		{"impossible date", "the 30th of February", ""},
		{"impossible date", "April 31", ""},
		{"impossible date", "31 de junio", ""},
		{"leap day not within a year", "Feb 29th", ""},
		{"leap day not within a year", "le 29 février", ""},
		{"numeric, one order long past", "8/4", "2025-08-04"}, // 8 April is long past, 4 August to come
		{"numeric, one order long past", "4/8", "2025-08-04"}, // the same, day first
		{"numeric, both to come", "7/9", ""},                  // July 9 or 7 September
		{"numeric, one order just gone", "6/7", ""},           // 7 June: a slip, maybe
		{"numeric, one order half a year gone", "9/1", ""},    // 9 January is next year's
		{"weeks on", "a fortnight tomorrow", "2025-07-02"},
		{"weeks on", "two weeks on Friday", "2025-07-04"},
		{"weeks on", "Thursday fortnight", "2025-07-03"},
		{"weeks on", "a week Saturday", "2025-06-28"},
		{"weeks on", "tomorrow week", "2025-06-25"},
		{"abbreviation with courtesy", "fri thanks", "2025-06-20"},
		{"abbreviation with courtesy", "ok sun", "2025-06-22"},
		{"abbreviation with courtesy", "mon please", "2025-06-23"},
		{"abbreviation is a word", "I sat down", ""},
		{"early or late", "Friday, late", "2025-06-20"},
		{"early or late", "early tomorrow morning", "2025-06-18"},
		{"early or late", "demain tôt", "2025-06-18"},
		{"early or late", "first thing tomorrow", "2025-06-18"},
		{"early or late", "ghda f sba7 bkri", "2025-06-18"},
		{"weekday with an article", "viernes el 20 de junio", "2025-06-20"},
		{"weekday with an article", "samedi le 21 juin", "2025-06-21"},
		{"weekday with an article, wrong day", "samedi le 20 juin", ""},
		{"side clause after the answer", "the 20th, because the 19th is full", "2025-06-20"},
		{"side clause after the answer", "June 25th, flying back on the 30th", "2025-06-25"},
		{"side clause after the answer", "le 25 juin, retour le 30", "2025-06-25"},
		{"side clause after the answer", "the 25th, back on the 30th", "2025-06-25"},
		{"side clause after the answer", "el 25 de junio porque trabajo el 24", "2025-06-25"},
		{"side clause after the answer", "Friday, that's the day my sister arrives", "2025-06-20"},
		{"only a reason", "because I work on Monday", ""},
		{"national day with its country", "Bastille Day", "2025-07-14"},
		{"national day with its country", "Canada Day", "2025-07-01"},
		{"national day with its country", "American Independence Day", "2025-07-04"},
		{"national day, country not named: the US day, as Labor Day (rounds 5, 16, 19)", "Independence Day", "2025-07-04"},
		{"national day, country not named", "national day", ""},
	} {
		got, ok := ReadDate(tc.text, round6Now)
		if !ok {
			got, ok = ReadDate(Gloss(tc.text), round6Now)
		}
		gotS := ""
		if ok {
			gotS = got.String()
		}
		if gotS != tc.want {
			t.Errorf("%s: ReadDate(%q) = %q, want %q", tc.class, tc.text, gotS, tc.want)
		}
	}
}

// TestFindDateRound6: in a sentence, the way back and a reason are side
// clauses, and a day taken back as unsure is none.
func TestFindDateRound6(t *testing.T) {
	for _, tc := range []struct{ text, want string }{
		{"flying to Rome on the 25th, returning the 30th", "2025-06-25"},
		{"a room from Friday because we land on Thursday night", "2025-06-20"},
		{"Saturday? hmm, no idea actually", ""},
		{"maybe Monday, I don't know yet", ""},
		{"le 25, je sais pas encore", ""},
		{"el lunes, no sé", ""},
		{"Fri the 20th? no wait, not sure yet", ""},
		// A sentence of its own that only says it may be unsure of anything.
		{"next Monday works. not sure", "2025-06-23"},
		{"no idea. next Monday works", "2025-06-23"},
	} {
		got, ok := FindDate(tc.text, round6Now)
		gotS := ""
		if ok {
			gotS = got.String()
		}
		if gotS != tc.want {
			t.Errorf("FindDate(%q) = %q, want %q", tc.text, gotS, tc.want)
		}
	}
}

// TestMonthDayWithinAYearProperty: a month and day said without a year reads
// as that month and day within the coming twelve months, or not at all;
// never another day, never one further away.
func TestMonthDayWithinAYearProperty(t *testing.T) {
	months := []string{"January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"}
	rapid.Check(t, func(t *rapid.T) {
		today := genToday(t)
		m := rapid.IntRange(1, 12).Draw(t, "month")
		d := rapid.IntRange(1, 31).Draw(t, "day")
		form := rapid.SampledFrom([]string{"%s %d", "the %[2]dth of %[1]s", "%[2]d %[1]s"}).Draw(t, "form")
		text := fmt.Sprintf(form, months[m-1], d)
		got, ok := ReadDate(text, today.noon())
		if !ok {
			return
		}
		yearOn := Date{today.Year + 1, today.Month, today.Day}
		if got.Month != time.Month(m) || got.Day != d || got.Before(today) || yearOn.Before(got) {
			t.Fatalf("ReadDate(%q) on %s = %s: not that day within a year", text, today, got)
		}
	})
}

// TestNumericOrderWithoutYearProperty: a numeric day and month without a year whose
// two numbers may be either reads as one of its two orders, today or later,
// or not at all; when both orders are still to come this year, not at all.
func TestNumericOrderWithoutYearProperty(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		today := genToday(t)
		a, b := rapid.IntRange(1, 12).Draw(t, "a"), rapid.IntRange(1, 12).Draw(t, "b")
		text := fmt.Sprintf("%d/%d", a, b)
		got, ok := ReadDate(text, today.noon())
		if !ok {
			return
		}
		md, dm := Date{got.Year, time.Month(a), b}, Date{got.Year, time.Month(b), a}
		if got != md && got != dm || got.Before(today) {
			t.Fatalf("ReadDate(%q) on %s = %s: not one of its orders to come", text, today, got)
		}
		thisMD, thisDM := Date{today.Year, time.Month(a), b}, Date{today.Year, time.Month(b), a}
		if a != b && !thisMD.Before(today) && !thisDM.Before(today) {
			t.Fatalf("ReadDate(%q) on %s = %s: both orders are to come", text, today, got)
		}
	})
}

// TestNamedNights: nights named by their weekdays, one after the other.
func TestNamedNights(t *testing.T) {
	for _, tc := range []struct {
		text  string
		first time.Weekday
		n     int
	}{
		{"Friday and Saturday nights", time.Friday, 2},
		{"thu, fri and sat night", time.Thursday, 3},
		{"the nights of Saturday and Sunday", time.Saturday, 2},
		{"vendredi et samedi soir", time.Friday, 2},
		{"las noches del viernes y sábado", time.Friday, 2},
		{"Friday and Sunday nights", 0, 0},
		{"Friday night", 0, 0},
		{"Friday and Saturday", 0, 0},
		{"Friday and Saturday nights, 2 rooms", 0, 0},
	} {
		first, n, ok := ReadNamedNights(tc.text)
		if ok != (tc.n > 0) || ok && (first != tc.first || n != tc.n) {
			t.Errorf("ReadNamedNights(%q) = %v %d %v, want %v %d", tc.text, first, n, ok, tc.first, tc.n)
		}
	}
}

// TestSideClause: where a side clause starts, and none in an answer that is
// only one, or that says no reason.
func TestSideClause(t *testing.T) {
	for _, tc := range []struct{ text, rest string }{
		{"two nights, we have to be home for work on Monday", "two nights, "},
		{"Lisbon because my sister lives there", "Lisbon "},
		{"Friday, as early as possible", "Friday, "},
		{"because of work", ""},
		{"as soon as possible", ""},
		{"Friday as well", ""},
		{"3 nights that’s when my flight leaves", ""},
		{"3 nights, that’s when my flight leaves", "3 nights, "},
	} {
		cut := SideClause(tc.text)
		rest := ""
		if cut > 0 {
			rest = tc.text[:cut]
		}
		if rest != tc.rest {
			t.Errorf("SideClause(%q) keeps %q, want %q", tc.text, rest, tc.rest)
		}
	}
	if n := testing.AllocsPerRun(100, func() { SideClause("I want to book a flight, because of work on Monday") }); n != 0 && !raceDetector {
		t.Errorf("SideClause allocates %v times", n)
	}
}
