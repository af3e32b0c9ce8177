package nlu

import (
	"fmt"
	"maps"
	"slices"
	"testing"
	"time"

	"pgregory.net/rapid"
)

// genToday draws a day to read answers from, over several years.
func genToday(t *rapid.T) Date {
	base := time.Date(2024, 1, 1, 12, 0, 0, 0, time.UTC)
	return DateOf(base.AddDate(0, 0, rapid.IntRange(0, 4*366).Draw(t, "today")))
}

// TestDateTimeProperty: a date pasted with a clock time reads as that date,
// whatever the time; a time out of range leaves it unread.
func TestDateTimeProperty(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		today := genToday(t)
		d := today.AddDays(rapid.IntRange(0, 400).Draw(t, "ahead"))
		h, m := rapid.IntRange(0, 30).Draw(t, "hour"), rapid.IntRange(0, 70).Draw(t, "minute")
		form := rapid.SampledFrom([]string{"%04d-%02d-%02dT%02d:%02d", "%04d-%02d-%02d %02d:%02d", "%04d-%02d-%02dT%02d:%02d:00Z"}).Draw(t, "form")
		text := fmt.Sprintf(form, d.Year, int(d.Month), d.Day, h, m)
		got, ok := ReadDate(text, today.noon())
		valid := h <= 23 && m <= 59
		if ok && got != d || valid && !ok {
			t.Fatalf("ReadDate(%q) on %s = %s %v, want %s (time valid %v)", text, today, got, ok, d, valid)
		}
	})
}

// TestPassedDayProperty: a day of the month said alone is this month's when
// it is today or later, never read when it passed within recentBareDays, and
// next month's when it passed longer ago; never another day.
func TestPassedDayProperty(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		today := genToday(t)
		n := rapid.IntRange(1, 31).Draw(t, "day")
		text := rapid.SampledFrom([]string{"the %s", "on the %s please", "%s"}).Draw(t, "form")
		text = fmt.Sprintf(text, ordinalSuffix(n))
		got, ok := ReadDate(text, today.noon())
		want := Date{today.Year, today.Month, n}
		if n < today.Day && n < today.Day-recentBareDays {
			want = today.addMonths(1)
			want.Day = n
		}
		if ok && (got != want || got.Before(today)) || n >= today.Day && n <= daysIn(today.Year, today.Month) && !ok {
			t.Fatalf("ReadDate(%q) on %s = %s %v", text, today, got, ok)
		}
	})
}

func ordinalSuffix(n int) string {
	switch {
	case n%10 == 1 && n != 11:
		return fmt.Sprintf("%dst", n)
	case n%10 == 2 && n != 12:
		return fmt.Sprintf("%dnd", n)
	case n%10 == 3 && n != 13:
		return fmt.Sprintf("%drd", n)
	}
	return fmt.Sprintf("%dth", n)
}

// TestNumericOrderProperty: two numbers of 12 or less with a year read as
// one of their two orders or none, never a day passed, and none when both
// orders are to come.
func TestNumericOrderProperty(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		today := genToday(t)
		a, b := rapid.IntRange(1, 12).Draw(t, "a"), rapid.IntRange(1, 12).Draw(t, "b")
		y := today.Year + rapid.IntRange(-1, 1).Draw(t, "year")
		text := fmt.Sprintf("%02d/%02d/%d", a, b, y)
		got, ok := ReadDate(text, today.noon())
		md, dm := Date{y, time.Month(a), b}, Date{y, time.Month(b), a}
		if !ok {
			return
		}
		if got != md && got != dm {
			t.Fatalf("ReadDate(%q) = %s: neither order", text, got)
		}
		if a != b && (got.Before(today) || !md.Before(today) && !dm.Before(today)) {
			t.Fatalf("ReadDate(%q) on %s = %s: passed, or both orders to come", text, today, got)
		}
	})
}

// TestHolidayProperty: every holiday of holidays.txt reads as its day this
// year or next, never a day passed, and Easter's feasts keep their weekday.
func TestHolidayProperty(t *testing.T) {
	// In the order of their first words: a map's order would make a seed draw
	// another holiday on each run, and a failure could not be replayed.
	var all []holiday
	for _, first := range slices.Sorted(maps.Keys(holidaysByFirst())) {
		for _, h := range holidaysByFirst()[first] {
			if len(h.countries) == 0 || h.dflt { // another country's day is read with its name (TestHolidayCountryProperty)
				all = append(all, h)
			}
		}
	}
	rapid.Check(t, func(t *rapid.T) {
		today := genToday(t)
		h := rapid.SampledFrom(all).Draw(t, "holiday")
		text := joinWords(h.words)
		if h.anchor {
			// A season's name alone is no day; the day after it is one.
			if got, ok := ReadDate(text, today.noon()); ok {
				t.Fatalf("ReadDate(%q) = %s, want none: a season", text, got)
			}
			text, h.offset = "the day after "+text, h.offset+1
			if !h.easter && !h.orthodox && h.advent == 0 && h.nth == 0 { // a fixed day: the next
				h = holiday{words: h.words, month: h.month, day: h.day + 1, anchor: true}
			}
		}
		got, ok := ReadDate(text, today.noon())
		this, thisHas := h.on(today.Year)
		if _, nextHas := h.on(today.Year + 1); !ok && !nextHas && (!thisHas || this.Before(today)) {
			return // leap day, none to come this year or next
		}
		if !ok {
			if d := h.in(today.Year); !d.Before(today) || d.Before(today.AddDays(-recentPastDays)) {
				t.Fatalf("ReadDate(%q) on %s: none, want %s or next year's", text, today, d)
			}
			return
		}
		if got.Before(today) || got != h.in(today.Year) && got != h.in(today.Year+1) {
			t.Fatalf("ReadDate(%q) on %s = %s", text, today, got)
		}
		if h.easter && got.Weekday() != EasterSunday(got.Year).AddDays(h.offset).Weekday() {
			t.Fatalf("%q: weekday", text)
		}
	})
}

func joinWords(ws []string) string {
	s := ""
	for i, w := range ws {
		if i > 0 {
			s += " "
		}
		s += w
	}
	return s
}
