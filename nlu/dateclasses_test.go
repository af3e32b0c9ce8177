package nlu

import (
	"testing"
	"time"
)

// TestDateClasses reads phrasings written for issue 38's date classes (not
// taken from a held-aside set), relative to Monday 9 March 2026: a date pasted
// with its time, a bare day of the month that has passed, a holiday by name.
// want "" means no date: the bot asks again.
func TestDateClasses(t *testing.T) {
	now := time.Date(2026, 3, 9, 9, 10, 0, 0, time.UTC)
	cases := []struct{ class, text, want string }{
		// A date pasted with a clock time: the date is read, the time accounted for.
		{"date and time", "2026-04-02T08:30", "2026-04-02"},
		{"date and time", "2026-03-20T17:05:00Z", "2026-03-20"},
		{"date and time", "2026-03-20T17:05:00+01:00", "2026-03-20"},
		{"date and time", "2026-03-20 14:00", "2026-03-20"},
		{"date and time", "Tue 17 March 18:30", "2026-03-17"},
		{"date and time", "Fri 13 Mar, 07:45", "2026-03-13"},
		{"date and time", "20/03/2026 09:15", "2026-03-20"},
		{"date and time", "March 20, 9:30", "2026-03-20"},
		{"date and time", "le 20 mars à 14h30", "2026-03-20"},
		{"date and time", "el 21 de marzo a las 9h", "2026-03-21"},
		{"date and time", "the 20th 25:70", ""}, // no clock time
		{"date and time", "2026-03-20 or 2026-03-21 08:00", ""},
		// Today by its part of the day still to come.
		{"today", "this evening", "2026-03-09"},
		{"today", "this afternoon at 3", "2026-03-09"},
		{"today", "this evening or tomorrow", ""},
		// A day of the month said alone that has passed this month.
		{"passed day", "the 5th", "2026-04-05"}, // 4 days gone: next month's
		{"passed day", "the 6th", ""},           // 3 days gone: a slip, asked
		{"passed day", "on the 8th please", ""},
		{"passed day", "le 2", "2026-04-02"},
		{"passed day", "the first", "2026-04-01"}, // 8 days gone: next month's
		{"passed day", "the 9th", "2026-03-09"},
		{"passed day", "the 10th", "2026-03-10"},
		{"passed day", "the 5th of next month", "2026-04-05"},
		{"passed day", "April the 5th", "2026-04-05"},
		// Two numbers of 12 or less: the order is settled only when one
		// reading passed long ago.
		{"numeric order", "05/01/2026", "2026-05-01"},
		{"numeric order", "01/05/2026", "2026-05-01"},
		{"numeric order", "04/09/2026", ""},
		{"numeric order", "03/02/2026", ""}, // 2 March passed a week ago: a slip, asked again
		{"numeric order", "4/9", ""},
		{"numeric order", "02/01/2026", ""}, // both passed
		// A holiday that names one day (holidays.txt), in the seeds' languages.
		{"holiday", "Easter Sunday", "2026-04-05"},
		{"holiday", "on easter monday please", "2026-04-06"},
		{"holiday", "Good Friday", "2026-04-03"},
		{"holiday", "Christmas Eve", "2026-12-24"},
		{"holiday", "new year's day", "2027-01-01"},
		{"holiday", "New Years Eve 2026", "2026-12-31"},
		{"holiday", "Easter Monday 2027", "2027-03-29"},
		{"holiday", "Whit Monday", "2026-05-25"},
		{"holiday", "le lundi de Pâques", "2026-04-06"},
		{"holiday", "la veille de Noël", "2026-12-24"},
		{"holiday", "Nochebuena", "2026-12-24"},
		{"holiday", "el Viernes Santo", "2026-04-03"},
		{"holiday", "St Patrick's Day", "2026-03-17"},
		{"holiday", "Valentine's Day", ""}, // 14 February passed 23 days ago: asked again
		{"holiday", "Christmas", ""},       // a season, no one day
		{"holiday", "Easter", ""},
		{"holiday", "Pâques", ""},
		{"holiday", "Semana Santa", ""},
		{"holiday", "Easter Sunday or Easter Monday", ""},
		{"holiday", "Good Friday, April 3rd", "2026-04-03"},
		{"holiday", "Good Friday, April 4th", ""},
	}
	for _, c := range cases {
		got, ok := ReadDate(c.text, now)
		if ok != (c.want != "") || ok && got.String() != c.want {
			t.Errorf("%s: ReadDate(%q) = %s %v, want %q", c.class, c.text, got, ok, c.want)
		}
	}
}

// TestEasterSunday checks the computed Easter against published dates.
func TestEasterSunday(t *testing.T) {
	for _, want := range []string{"1818-03-22", "1943-04-25", "2000-04-23", "2019-04-21", "2024-03-31", "2025-04-20", "2026-04-05", "2027-03-28", "2038-04-25", "2285-03-22"} {
		y, _ := time.Parse(time.DateOnly, want)
		if got := EasterSunday(y.Year()).String(); got != want {
			t.Errorf("EasterSunday(%d) = %s, want %s", y.Year(), got, want)
		}
	}
}

// TestHolidaysInASentence: FindDate takes a holiday as the sentence's one
// date; a bound before it makes it none.
func TestHolidaysInASentence(t *testing.T) {
	now := time.Date(2026, 3, 9, 9, 10, 0, 0, time.UTC)
	for _, c := range []struct{ text, want string }{
		{"I'd like to fly out on Easter Monday if possible", "2026-04-06"},
		{"we want to leave sometime after Good Friday", ""},
		{"home for Christmas", ""},
		{"je pars le lundi de Pâques", "2026-04-06"},
		{"on Christmas Eve, December 24th", "2026-12-24"},
		{"on Christmas Eve, 25 December", ""},
	} {
		got, ok := FindDate(c.text, now)
		if ok != (c.want != "") || ok && got.String() != c.want {
			t.Errorf("FindDate(%q) = %s %v, want %q", c.text, got, ok, c.want)
		}
	}
}
