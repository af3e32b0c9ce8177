package nlu

import (
	"testing"
	"time"
)

// The n-th weekday or weekend of a month (rest24 class 4): a weekday is
// Monday to Friday, a weekend its Saturday; a weekend split by the month's
// edge is asked.
func TestNthDayKindOfMonth(t *testing.T) {
	now := time.Date(2029, 6, 30, 22, 10, 0, 0, time.UTC) // a Saturday
	for _, c := range []struct {
		text string
		want Date
		ok   bool
	}{
		{"the first weekday of july", Date{Year: 2029, Month: 7, Day: 2}, true},    // 1 July is a Sunday
		{"the last weekday of july", Date{Year: 2029, Month: 7, Day: 31}, true},    // a Tuesday
		{"the second weekday of august", Date{Year: 2029, Month: 8, Day: 2}, true}, // Wed 1st, Thu 2nd
		{"the last weekday of september", Date{Year: 2029, Month: 9, Day: 28}, true},
		{"the first weekend of august", Date{Year: 2029, Month: 8, Day: 4}, true},
		{"the first weekend of next month", Date{}, false}, // July opens on a Sunday: which weekend?
		{"the last weekend of september", Date{Year: 2029, Month: 9, Day: 29}, true},
		{"the last weekend of august 2030", Date{}, false}, // 31 Aug 2030 is a Saturday, its Sunday in September
		{"the last weekend of august", Date{Year: 2029, Month: 8, Day: 25}, true},
		{"the first weekday", Date{}, false},
	} {
		got, ok := ReadDate(c.text, now)
		if ok != c.ok || ok && got != c.want {
			t.Errorf("ReadDate(%q) = %v %v, want %v %v", c.text, got, ok, c.want, c.ok)
		}
	}
}
