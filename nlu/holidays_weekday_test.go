package nlu

import (
	"testing"
	"time"

	"pgregory.net/rapid"
)

// TestWeekdayHolidays: US holidays on a weekday of a month read as their
// next day; a span around one ("Thanksgiving weekend") or a name whose day
// depends on the country ("Labour Day") names no day and is asked again.
func TestWeekdayHolidays(t *testing.T) {
	aug26 := time.Date(2026, 8, 26, 12, 30, 0, 0, time.UTC)
	for _, c := range []struct {
		text string
		now  time.Time
		want string
	}{
		{"labor day", aug26, "2026-09-07"},
		{"Labor Day 2027", aug26, "2027-09-06"},
		{"the day after Labor Day", aug26, "2026-09-08"},
		{"day before thanksgiving", aug26, "2026-11-25"},
		{"Thanksgiving", aug26, "2026-11-26"},
		{"black friday", aug26, "2026-11-27"},
		{"Canadian Thanksgiving", aug26, "2026-10-12"},
		{"columbus day", aug26, "2026-10-12"},
		{"Indigenous Peoples' Day", aug26, "2026-10-12"},
		{"MLK Day", aug26, "2027-01-18"},
		{"presidents' day", aug26, "2027-02-15"},
		{"Memorial Day", time.Date(2026, 3, 9, 9, 0, 0, 0, time.UTC), "2026-05-25"},
		{"mother's day", time.Date(2026, 3, 9, 9, 0, 0, 0, time.UTC), "2026-05-10"},
		{"Father's Day", time.Date(2026, 3, 9, 9, 0, 0, 0, time.UTC), "2026-06-21"},
		{"memorial day", time.Date(2026, 6, 10, 9, 0, 0, 0, time.UTC), ""}, // just passed
		{"labour day", aug26, ""},
		{"thanksgiving weekend", aug26, ""},
		{"labor day weekend", aug26, ""},
		{"over the thanksgiving holiday", aug26, ""},
		{"independence day", aug26, "2027-07-04"}, // no country named: the US day (rounds 5, 16, 19)
	} {
		got, ok := ReadDate(c.text, c.now)
		if ok != (c.want != "") || ok && got.String() != c.want {
			t.Errorf("ReadDate(%q) on %s = %s %v, want %q", c.text, c.now.Format("2006-01-02"), got, ok, c.want)
		}
	}
}

// TestNthWeekdayProperty: an nth-weekday rule's day is that weekday, in its
// month, and the nth of them (the last when nth is -1).
func TestNthWeekdayProperty(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		y := rapid.IntRange(1990, 2100).Draw(t, "year")
		m := time.Month(rapid.IntRange(1, 12).Draw(t, "month"))
		wd := time.Weekday(rapid.IntRange(0, 6).Draw(t, "weekday"))
		n := rapid.SampledFrom([]int{1, 2, 3, 4, -1}).Draw(t, "nth")
		d := nthWeekday(y, m, wd, n)
		if !validDate(d.Year, d.Month, d.Day) || d.Month != m || d.Weekday() != wd {
			t.Fatalf("nthWeekday(%d, %s, %s, %d) = %s", y, m, wd, n, d)
		}
		if n > 0 && (d.Day-1)/7 != n-1 || n < 0 && d.AddDays(7).Month == m {
			t.Fatalf("nthWeekday(%d, %s, %s, %d) = %s: not the nth", y, m, wd, n, d)
		}
	})
}
