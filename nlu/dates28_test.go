package nlu

import (
	"testing"
	"time"
)

// dates28Now is a Wednesday: 11 June 2031, at noon.
var dates28Now = time.Date(2031, 6, 11, 12, 0, 0, 0, time.UTC)

// A weekday with a letter left out or two neighbouring letters swapped
// (Damerau 1964) is read anywhere in an answer or a sentence when the word
// is no English word nor a lexicon's; a date answer's own words mistyped
// ("chek in", "arrivng") carry no value, as spelled right (issue 38,
// dates28: round 27's "tusday pls if u can", "chek in thrusday", "arrivng
// mondya").
func TestWeekdayTyposAnywhere(t *testing.T) {
	cases := []struct{ text, want string }{
		{"frdiay if possible", "2031-06-13"},
		{"satruday works fine", "2031-06-14"},
		{"tusday pls", "2031-06-17"},
		{"departng thursdya", "2031-06-12"},
		{"chekc in monday", "2031-06-16"},
		{"leavign friday", "2031-06-13"},
		// English words near a weekday stay themselves.
		{"sundae please", ""},
		{"fridge friday", ""},
	}
	for _, c := range cases {
		if got := readDateString(c.text, dates28Now); got != c.want {
			t.Errorf("ReadDate(%q) = %q, want %q", c.text, got, c.want)
		}
	}
	for _, c := range []struct{ text, want string }{
		{"fly out tusday", "2031-06-17"},
		{"we could go satruday", "2031-06-14"},
	} {
		d, ok := FindDate(c.text, dates28Now)
		if got := map[bool]string{true: d.String()}[ok]; got != c.want {
			t.Errorf("FindDate(%q) = %q, want %q", c.text, got, c.want)
		}
	}
}

// A greeting, a thanks or a name before a comma, the date after it: the
// date, when the word is a courtesy phrase the lexicons hold or a word no
// list knows; a word that may name a day or a count is asked (issue 38,
// dates28: round 27's "mulembe, march 29th", "tubwa, the 31st").
func TestDateAfterGreetingWord(t *testing.T) {
	cases := []struct{ text, want string }{
		{"zdravo, june 20th", "2031-06-20"},
		{"xolisa, the 19th", "2031-06-19"},
		{"mulembe, friday", "2031-06-13"},
		// A day word of another language, a number, an English word: asked.
		{"kal, friday", ""},
		{"manana, friday", ""},
		{"three, friday", ""},
		{"maybe, friday", ""},
		{"xolisa, friday or saturday", ""},
	}
	for _, c := range cases {
		if got := readDateString(c.text, dates28Now); got != c.want {
			t.Errorf("ReadDate(%q) = %q, want %q", c.text, got, c.want)
		}
	}
}

// An English word with two neighbouring letters swapped is that word
// mistyped, never a relative's spelling of a day (issue 38, dates28: the
// coach's "trainign session tusday").
func TestSwappedEnglishWordIsNoDay(t *testing.T) {
	for _, w := range []string{"trainign", "sesison", "sessoin"} {
		if d, ok := ReadDate(w, dates28Now); ok {
			t.Errorf("ReadDate(%q) = %v, want none", w, d)
		}
	}
}
