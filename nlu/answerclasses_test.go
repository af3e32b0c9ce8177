package nlu

import (
	"testing"
	"time"
)

// TestHeardAsCount reads voice homophones of a count only where the count is.
func TestHeardAsCount(t *testing.T) {
	nights := func(w string) bool { return w == "night" || w == "nights" }
	for _, c := range []struct{ text, want string }{
		{"three knights", "three nights"},
		{"too nights", "two nights"},
		{"for nights please", "four nights please"},
		{"won night", "one night"},
		{"ate knights", "eight nights"},
		{"4 knight", "4 night"},
		{"for 2 nights", ""},
		{"too many nights", ""},
		{"the knights", ""},
		{"knights", ""},
		{"I want to stay", ""},
	} {
		got, ok := HeardAsCount(c.text, nights)
		if ok != (c.want != "") || ok && got != c.want {
			t.Errorf("HeardAsCount(%q) = %q %v, want %q", c.text, got, ok, c.want)
		}
	}
}

// TestWithoutSpokenSeparators drops the separators said as words.
func TestWithoutSpokenSeparators(t *testing.T) {
	for _, c := range []struct{ text, want string }{
		{"bk dash 31415", "bk 31415"},
		{"BK hyphen 12345", "bk 12345"},
		{"bk tiret 27182", "bk 27182"},
		{"bk trait d'union 27182", "bk 27182"},
		{"bk guión 11111", "bk 11111"},
		{"bk 40404", "bk 40404"},
		{"dashboard 1", "dashboard 1"},
	} {
		if got := WithoutSpokenSeparators(c.text); got != c.want {
			t.Errorf("WithoutSpokenSeparators(%q) = %q, want %q", c.text, got, c.want)
		}
	}
}

// TestConcludedDates: a reason naming other dates before a concluding clause
// leaves the clause's date: a departure with a word of leaving, a stay's end
// with its cue; an arrival, or no conclusion, gives none.
func TestConcludedDates(t *testing.T) {
	now := time.Date(2026, 3, 9, 9, 10, 0, 0, time.UTC) // a Monday
	for _, c := range []struct{ text, want string }{
		{"my boss has to be in Berlin Wednesday so he'll leave on Tuesday", "2026-03-10"},
		{"I have exams until Friday so I'd fly out on Saturday", "2026-03-14"},
		{"j'ai un rendez-vous mardi donc je pars mercredi", "2026-03-11"},
		{"tengo trabajo el lunes, entonces salgo el martes", "2026-03-10"},
		{"I leave on Tuesday so I'll arrive Wednesday", ""},
		{"I work Tuesday and I leave Wednesday", ""},
		{"the meeting is Wednesday so Tuesday would be good", ""},
		{"I can't go Tuesday so I'll leave Wednesday or Thursday", ""},
	} {
		got, ok := FindDate(c.text, now)
		if ok != (c.want != "") || ok && got.String() != c.want {
			t.Errorf("FindDate(%q) = %s %v, want %q", c.text, got, ok, c.want)
		}
	}
	for _, c := range []struct{ text, want string }{
		{"we fly home Sunday evening, so we'd check out Sunday", "2026-03-15"},
		{"the fair ends on the 24th so I'll check out that day", "2026-03-24"},
		{"we fly home Sunday, so maybe Sunday or Monday", ""},
	} {
		got, ok := ReadStayEnd(c.text, now)
		if ok != (c.want != "") || ok && got.String() != c.want {
			t.Errorf("ReadStayEnd(%q) = %s %v, want %q", c.text, got, ok, c.want)
		}
	}
}
