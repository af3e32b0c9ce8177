package nlu

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"pgregory.net/rapid"
)

// toFullWidth writes s's ASCII digits full-width ("３月２５日").
func toFullWidth(s string) string {
	return strings.Map(func(r rune) rune {
		if r >= '0' && r <= '9' {
			return r - '0' + '０'
		}
		return r
	}, s)
}

var (
	propEnAbbr = []string{"Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"}
	propJaDays = []string{"日", "月", "火", "水", "木", "金", "土"}
	propKoDays = []string{"일", "월", "화", "수", "목", "금", "토"}
)

// genNumericForm writes date d as someone whose country writes day first
// (dayFirst) or month first would, in one of the numeric and East-Asian
// forms, sometimes with the weekday in brackets after it.
func genNumericForm(t *rapid.T, d Date, dayFirst bool) string {
	day, month := d.Day, int(d.Month)
	var text string
	switch rapid.IntRange(0, 6).Draw(t, "form") {
	case 0:
		text = fmt.Sprintf("%d.%02d", day, month) // dots: always day.month
	case 1:
		text = fmt.Sprintf("%d.%d", day, month)
	case 2:
		if dayFirst {
			text = fmt.Sprintf("%02d-%02d", day, month)
		} else {
			text = fmt.Sprintf("%02d-%02d", month, day)
		}
	case 3:
		if dayFirst {
			text = fmt.Sprintf("%d/%d", day, month)
		} else {
			text = fmt.Sprintf("%d/%d", month, day)
		}
	case 4:
		text = fmt.Sprintf("%d月%d日", month, day)
	case 5:
		text = fmt.Sprintf("%d월 %d일", month, day)
	case 6:
		text = fmt.Sprintf("%d年%d月%d日", d.Year, month, day)
	}
	if rapid.Bool().Draw(t, "fullwidth") {
		text = toFullWidth(text)
	}
	switch rapid.IntRange(0, 3).Draw(t, "weekday") {
	case 1:
		text += "(" + propEnAbbr[d.Weekday()] + ")"
	case 2:
		text += "(" + propJaDays[d.Weekday()] + ")"
	case 3:
		text += " (" + propKoDays[d.Weekday()] + ")"
	}
	return text
}

// TestNumericAndEastAsianDatesNeverGuess: a date written by number, day
// first or month first, as a date answer or after "on" in a sentence, is
// read as the date meant or not at all, never as another.
func TestNumericAndEastAsianDatesNeverGuess(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		now := time.Date(2026, time.Month(rapid.IntRange(1, 12).Draw(t, "nowMonth")), rapid.IntRange(1, 28).Draw(t, "nowDay"), 10, 0, 0, 0, time.UTC)
		today := DateOf(now)
		// Within the horizon the numeric rule assumes (comingOrder: a reading
		// gone in the last three months is no date of next year, most of a
		// year away).
		want := today.AddDays(rapid.IntRange(0, 270).Draw(t, "ahead"))
		text := genNumericForm(t, want, rapid.Bool().Draw(t, "dayFirst"))
		if rapid.Bool().Draw(t, "sentence") {
			text = rapid.SampledFrom([]string{"Call on ", "book it for ", "from ", "I want intro call "}).Draw(t, "lead") + text
		}
		for name, read := range map[string]func(string, time.Time) (Date, bool){"ReadDate": ReadDate, "FindDate": FindDate} {
			if got, ok := read(text, now); ok && got != want {
				t.Fatalf("%s(%q) on %s = %s, want %s or nothing", name, text, today, got, want)
			}
		}
	})
}

// TestWrongWeekdayAfterNumericDate: a weekday in brackets that is not the
// date's makes no date, when the numbers can only be one date.
func TestWrongWeekdayAfterNumericDate(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		now := time.Date(2026, 3, 9, 10, 0, 0, 0, time.UTC)
		d := DateOf(now).AddDays(rapid.IntRange(0, 300).Draw(t, "ahead"))
		if d.Day <= 12 {
			return // 4/3 may be either order: the weekday chooses
		}
		wrong := (int(d.Weekday()) + rapid.IntRange(1, 6).Draw(t, "shift")) % 7
		form := rapid.SampledFrom([]string{"%[1]d/%[2]d(%[3]s)", "%[2]d.%02[1]d (%[3]s)", "%[1]d月%[2]d日(%[4]s)", "%[1]d월 %[2]d일 (%[5]s)"}).Draw(t, "form")
		text := fmt.Sprintf(form, int(d.Month), d.Day, propEnAbbr[wrong], propJaDays[wrong], propKoDays[wrong])
		if got, ok := ReadDate(text, now); ok {
			t.Fatalf("ReadDate(%q) = %s, want nothing (%s is a %s)", text, got, d, d.Weekday())
		}
	})
}

// TestNotDatesByNumber: prices, clock times, ranges and numbers past a
// month or a day are no dates.
func TestNotDatesByNumber(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		now := time.Date(2026, 3, 9, 10, 0, 0, 0, time.UTC)
		a, b := rapid.IntRange(0, 40).Draw(t, "a"), rapid.IntRange(0, 99).Draw(t, "b")
		forms := []string{"at %d.%02d", "around %d.%02d", "%d.%02d eur", "%d.%02d pm", "it costs %d.%02d", "the total is %d.%02d"}
		text := fmt.Sprintf(rapid.SampledFrom(forms).Draw(t, "form"), a, b)
		if strings.HasPrefix(text, "it") || strings.HasPrefix(text, "the") {
			if got, ok := FindDate(text, now); ok {
				t.Fatalf("FindDate(%q) = %s, want nothing", text, got)
			}
			return
		}
		if got, ok := ReadDate(text, now); ok {
			t.Fatalf("ReadDate(%q) = %s, want nothing", text, got)
		}
		if b > 12 || a > 31 || a == 0 || b == 0 {
			bare := fmt.Sprintf("%d.%02d", a, b)
			if got, ok := ReadDate(bare, now); ok {
				t.Fatalf("ReadDate(%q) = %s, want nothing", bare, got)
			}
		}
	})
}

// TestISOWeeksNeverGuess: a weekday of an ISO week is that day or nothing;
// a week without its day is nothing.
func TestISOWeeksNeverGuess(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		now := time.Date(2026, 3, 9, 10, 0, 0, 0, time.UTC)
		n := rapid.IntRange(1, 53).Draw(t, "week")
		wd := time.Weekday(rapid.IntRange(0, 6).Draw(t, "weekday"))
		name := propWeekdays[wd]
		forms := []string{"%[1]s in week %[2]d", "%[1]s of week %[2]d", "week %[2]d %[1]s", "%[1]s w%[2]d", "KW %[2]d %[1]s", "%[1]s vecka %[2]d", "%[1]s, week %[2]d"}
		text := fmt.Sprintf(rapid.SampledFrom(forms).Draw(t, "form"), name, n)
		want, valid := isoWeekDay(2026, n, wd)
		got, ok := ReadDate(text, now)
		if ok && (!valid || got != want) {
			t.Fatalf("ReadDate(%q) = %s, want %s (valid %v) or nothing", text, got, want, valid)
		}
		bare := fmt.Sprintf(rapid.SampledFrom([]string{"week %d", "w%d", "KW %d", "vecka %d", "sometime in week %d"}).Draw(t, "bare"), n)
		if got, ok := ReadDate(bare, now); ok {
			t.Fatalf("ReadDate(%q) = %s, want nothing", bare, got)
		}
		if got, ok := FindDate("a session "+bare, now); ok {
			t.Fatalf("FindDate(%q) = %s, want nothing", bare, got)
		}
	})
}
