package nlu

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"pgregory.net/rapid"
)

var (
	propMonths   = []string{"", "January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"}
	propWeekdays = []string{"Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"}
	propOrdinals = []string{"", "first", "second", "third", "fourth"}
	propNoise    = []string{" or the 3rd", "?", " maybe", " or so", " except", " and a half"}
)

// firstOnOrAfter is the first date on or after today that at(year) gives, over
// the next years (false when none exists within eight).
func firstOnOrAfter(today Date, at func(year int) (Date, bool)) (Date, bool) {
	for y := today.Year; y <= today.Year+8; y++ {
		if d, ok := at(y); ok && !d.Before(today) {
			return d, true
		}
	}
	return Date{}, false
}

// recentlyPassed reports whether month/day fell within the last
// justGoneDays this year, or recentPastDays last year (nextMonthDay).
func recentlyPassed(today Date, m time.Month, d int) bool {
	for y, days := range map[int]int{today.Year: justGoneDays, today.Year - 1: recentPastDays} {
		if p := (Date{y, m, d}); p.Before(today) && !p.Before(today.AddDays(-days)) {
			return true
		}
	}
	return false
}

// genDateAnswer draws an answer to a date question from a small grammar of
// dates, with its date: day and month in several orders, a weekday of a
// month, a span in days; said with or without words around it, in capitals
// or not.
func genDateAnswer(t *rapid.T, today Date) (string, Date, bool) {
	var text string
	var want Date
	var ok bool
	switch rapid.IntRange(0, 2).Draw(t, "kind") {
	case 0:
		m := time.Month(rapid.IntRange(1, 12).Draw(t, "month"))
		d := rapid.IntRange(1, 28).Draw(t, "day")
		forms := []string{"%[1]d %[2]s", "%[2]s %[1]d", "the %[1]dth of %[2]s", "%[2]s the %[1]dth"}
		text = fmt.Sprintf(rapid.SampledFrom(forms).Draw(t, "form"), d, propMonths[m])
		text = strings.NewReplacer("1th", "1st", "2th", "2nd", "3th", "3rd", "11st", "11th", "12nd", "12th", "13rd", "13th").Replace(text)
		want, ok = firstOnOrAfter(today, func(y int) (Date, bool) { return Date{y, m, d}, true })
		// A day and month that fell in the last month is asked again
		// (nextMonthDay): none is the right reading.
		ok = ok && !recentlyPassed(today, m, d)
	case 1:
		m := time.Month(rapid.IntRange(1, 12).Draw(t, "month"))
		n := rapid.IntRange(1, 4).Draw(t, "n")
		wd := time.Weekday(rapid.IntRange(0, 6).Draw(t, "weekday"))
		text = fmt.Sprintf("the %s %s of %s", propOrdinals[n], propWeekdays[wd], propMonths[m])
		want, ok = firstOnOrAfter(today, func(y int) (Date, bool) {
			first := time.Date(y, m, 1, 12, 0, 0, 0, time.UTC)
			off := (int(wd) - int(first.Weekday()) + 7) % 7
			return DateOf(first.AddDate(0, 0, off+7*(n-1))), true
		})
	default:
		n := rapid.IntRange(1, 60).Draw(t, "days")
		text = fmt.Sprintf(rapid.SampledFrom([]string{"in %d days", "%d days from now"}).Draw(t, "span"), n)
		want, ok = today.AddDays(n), true
	}
	text = rapid.SampledFrom([]string{"", "on ", "please, ", "I'd like to go "}).Draw(t, "before") + text +
		rapid.SampledFrom([]string{"", " please", " in the morning", " at 7pm"}).Draw(t, "after")
	if rapid.Bool().Draw(t, "caps") {
		text = strings.ToUpper(text)
	}
	return text, want, ok
}

// TestReadDateNeverAnotherDate: for answers drawn from a grammar of dates,
// ReadDate reads the right date; with a word it cannot place, a second date
// or a question added, it reads the right date or none, never another one.
func TestReadDateNeverAnotherDate(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		today := DateOf(time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)).AddDays(rapid.IntRange(0, 730).Draw(t, "today"))
		now := today.Time(time.UTC).Add(9 * time.Hour)
		text, want, ok := genDateAnswer(t, today)
		noisy := rapid.Bool().Draw(t, "noisy")
		if noisy {
			text += rapid.SampledFrom(propNoise).Draw(t, "noise")
		}
		got, read := ReadDate(text, now)
		switch {
		case read && (!ok || got != want):
			t.Fatalf("ReadDate(%q) on %s = %s, want %v (or none)", text, today, got, want)
		case !read && !noisy && ok:
			t.Fatalf("ReadDate(%q) on %s read nothing, want %s", text, today, want)
		}
	})
}
