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
		// A day of the month said alone that has passed this month.
		{"passed day", "the 5th", ""},
		{"passed day", "on the 8th please", ""},
		{"passed day", "le 2", ""},
		{"passed day", "the first", ""},
		{"passed day", "the 9th", "2026-03-09"},
		{"passed day", "the 10th", "2026-03-10"},
		{"passed day", "the 5th of next month", "2026-04-05"},
		{"passed day", "April the 5th", "2026-04-05"},
	}
	for _, c := range cases {
		got, ok := ReadDate(c.text, now)
		if ok != (c.want != "") || ok && got.String() != c.want {
			t.Errorf("%s: ReadDate(%q) = %s %v, want %q", c.class, c.text, got, ok, c.want)
		}
	}
}
