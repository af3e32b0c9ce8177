package nlu

import (
	"fmt"
	"testing"
	"time"

	"pgregory.net/rapid"
)

// TestTypedDateFormsProperty (datesen): a weekday said short with a part of
// the day, a bare day of the month, "the last day of the month" and a
// month-first numeric date, drawn on any day of four years, read as the day
// they name or not at all; never another day, never a past one.
func TestTypedDateFormsProperty(t *testing.T) {
	abbr := map[time.Weekday][]string{
		time.Monday: {"mon"}, time.Tuesday: {"tue", "tues"}, time.Wednesday: {"wed", "weds"},
		time.Thursday: {"thu", "thurs"}, time.Friday: {"fri"}, time.Saturday: {"sat"}, time.Sunday: {"sun"},
	}
	rapid.Check(t, func(t *rapid.T) {
		today := genToday(t)
		var text string
		var want Date
		mustRead := true
		switch rapid.IntRange(0, 3).Draw(t, "form") {
		case 0: // "sat am", "thurs eve", "next week tues"
			day := time.Weekday(rapid.IntRange(0, 6).Draw(t, "weekday"))
			w := rapid.SampledFrom(abbr[day]).Draw(t, "abbr")
			part := rapid.SampledFrom([]string{"am", "pm", "eve", "morn", "morning", "night", "aft"}).Draw(t, "part")
			text = w + " " + part
			want = weekdayFrom(today, day, modeBare)
			if day == today.Weekday() {
				mustRead = false // today or next week's: either is a reading
			}
		case 1: // "the 14th"
			n := rapid.IntRange(1, 31).Draw(t, "day")
			text = "the " + ordinalSuffix(n)
			want = Date{today.Year, today.Month, n}
			switch {
			case n < today.Day-recentBareDays:
				want = today.addMonths(1)
				want.Day = n
				mustRead = validDate(want.Year, want.Month, n)
			case n < today.Day:
				mustRead = false
			default:
				mustRead = validDate(today.Year, today.Month, n)
			}
		case 2: // "the last day of the month"
			text = rapid.SampledFrom([]string{"the last day of the month", "last day of this month"}).Draw(t, "phrase")
			want = Date{today.Year, today.Month, daysIn(today.Year, today.Month)}
		default: // a month-first numeric date within the coming month
			d := today.AddDays(rapid.IntRange(0, 40).Draw(t, "ahead"))
			text = fmt.Sprintf("%d/%d", d.Month, d.Day)
			want, mustRead = d, false
		}
		got, ok := ReadDate(text, today.noon())
		if ok && (got != want || got.Before(today)) || mustRead && !ok {
			t.Fatalf("ReadDate(%q) on %s (%s) = %s %v, want %s", text, today, today.Weekday(), got, ok, want)
		}
	})
}
