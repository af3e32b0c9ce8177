package nlu

import (
	"testing"
	"time"
)

// dates29Now is a Tuesday: 8 August 2034 (Labor Day is Monday 4 September).
var dates29Now = time.Date(2034, 8, 8, 9, 15, 0, 0, time.UTC)

// A word of a holiday's name mistyped into another language's weekday
// abbreviation (CLDR tn "labr", Wednesday) is the holiday's word where the
// name's other words stand beside it; alone it stays the weekday (issue 38,
// dates29: round 28's "labr day").
func TestHolidayTypoOverForeignWeekday(t *testing.T) {
	cases := []struct{ text, want string }{
		{"labr day", "2034-09-04"},
		{"labor day", "2034-09-04"},
		{"mothrs day", "2035-05-13"},
		{"labr", "2034-08-09"},
	}
	for _, c := range cases {
		d, ok := ReadDate(c.text, dates29Now)
		if got := map[bool]string{true: d.String()}[ok]; got != c.want {
			t.Errorf("ReadDate(%q) = %q, want %q", c.text, got, c.want)
		}
	}
}

// A date corrected to a weekday before or after it ("labor day, actually the
// friday before") is that weekday nearest the date said first, on its side
// (issue 38, dates29).
func TestCorrectionToWeekdayBesideDate(t *testing.T) {
	cases := []struct{ text, want string }{
		{"labor day, actually the friday before", "2034-09-01"},
		{"labor day, sorry, the tuesday after", "2034-09-05"},
		{"saturday, no, the monday after", "2034-08-14"},
		{"the 20th, wait, the friday before that", "2034-08-18"},
		// No weekday, or no direction: not this class.
		{"labor day, actually the friday", ""},
		{"labor day, actually the fridge before", ""},
	}
	for _, c := range cases {
		d, ok := ReadDate(c.text, dates29Now)
		if got := map[bool]string{true: d.String()}[ok]; got != c.want {
			t.Errorf("ReadDate(%q) = %q, want %q", c.text, got, c.want)
		}
	}
	for _, c := range []struct {
		tail string
		want bool
	}{{"the friday before", true}, {"the monday after that", true}, {"the friday", false}, {"friday before", false}} {
		if got := movesSaidDate(c.tail); got != c.want {
			t.Errorf("movesSaidDate(%q) = %v, want %v", c.tail, got, c.want)
		}
	}
}

// Northern English "while" (until) before a day read wholly says the day a
// stay ends (issue 38, dates29: round 28's "while sunday").
func TestStayEndWhile(t *testing.T) {
	cases := []struct{ text, want string }{
		{"while sunday", "2034-08-13"},
		{"while monday", "2034-08-14"},
		{"until sunday", "2034-08-13"},
		{"while we're there", ""},
	}
	for _, c := range cases {
		d, ok := ReadStayEnd(c.text, dates29Now)
		if got := map[bool]string{true: d.String()}[ok]; got != c.want {
			t.Errorf("ReadStayEnd(%q) = %q, want %q", c.text, got, c.want)
		}
	}
}
