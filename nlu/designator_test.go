package nlu

import (
	"testing"
	"time"
)

// A word with digits that names a form, a model or a flight is no day in a
// reason clause after the answer (rest24 class 2): the date before it
// stands. A day or count in the clause still asks.
func TestDesignatorInReasonClause(t *testing.T) {
	now := time.Date(2028, 11, 22, 16, 0, 0, 0, time.UTC)
	for _, c := range []struct {
		text string
		want Date
		ok   bool
	}{
		{"the 5th, before the w-2s arrive", Date{Year: 2028, Month: 12, Day: 5}, true},
		{"the 5th, before the 1099s come in", Date{Year: 2028, Month: 12, Day: 5}, true},
		{"the 7th, after my i-9 appointment", Date{Year: 2028, Month: 12, Day: 7}, true},
		{"the 9th, before the a380 is retired", Date{Year: 2028, Month: 12, Day: 9}, true},
		{"the 9th, after flight ba117 lands", Date{Year: 2028, Month: 12, Day: 9}, true},
		{"the 5th, before the 2nd arrives", Date{}, false}, // a day
		{"the 5th, before the 9 arrive", Date{}, false},    // a number
		{"the 5th, before jan5", Date{}, false},            // a date's letters
	} {
		got, ok := ReadDate(c.text, now)
		if ok != c.ok || ok && got != c.want {
			t.Errorf("ReadDate(%q) = %v %v, want %v %v", c.text, got, ok, c.want, c.ok)
		}
	}
}
