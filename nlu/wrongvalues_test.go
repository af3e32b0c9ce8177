package nlu

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"pgregory.net/rapid"
)

// Issue 38, zero wrong values: the readers below stored a value the user did
// not say. Each case is a class, not a phrase: an ordinal without date context,
// a number before what it counts, a vague quantity, a date word as a place.

// TestOrdinalIsADayOnlyInDateContext: an ordinal without its month is a day of
// the month only after an article (a word ordinal) and with nothing after it
// that it could rank; idioms with ordinals say no day.
func TestOrdinalIsADayOnlyInDateContext(t *testing.T) {
	now := time.Date(2026, 3, 3, 10, 0, 0, 0, time.UTC) // a Tuesday
	for _, tc := range []struct {
		text string
		want string // "" when no date is read
	}{
		{"second", ""},
		{"first", ""},
		{"at first", ""},
		{"in a second", ""},
		{"on second thought", ""},
		{"third time lucky", ""},
		{"the first one", ""},
		{"the second flight", ""},
		{"I have a second question", ""},
		{"3 night", ""},
		{"10 at night", ""},
		{"the second", ""}, // passed this month (3 March): asked again
		{"the fourth", "2026-03-04"},
		{"on the fourth please", "2026-03-04"},
		{"the 20th", "2026-03-20"},
		{"20th", "2026-03-20"},
		{"20", "2026-03-20"},
		{"the 20th at 5pm", "2026-03-20"},
		{"the twenty second", "2026-03-22"},
		{"the 1st of next month", "2026-04-01"},
		{"the second of June", "2026-06-02"},
		{"le premier", ""},
	} {
		got, ok := ReadDate(tc.text, now)
		if ok != (tc.want != "") || ok && got.String() != tc.want {
			t.Errorf("ReadDate(%q) = %s %v, want %q", tc.text, got, ok, tc.want)
		}
	}
	for _, tc := range []struct{ text, want string }{
		{"on second thought I'll leave Friday", "2026-03-06"},
		{"I have a second question about Friday", "2026-03-06"},
		{"the first one leaves on the 20th", "2026-03-20"},
		{"third time lucky, book it for the 9th", "2026-03-09"},
	} {
		got, ok := FindDate(tc.text, now)
		if !ok || got.String() != tc.want {
			t.Errorf("FindDate(%q) = %s %v, want %s", tc.text, got, ok, tc.want)
		}
	}
}

// TestACountIsNoHour: a number right before what it counts is a count, never
// an hour; an hour said with the night is an evening hour or midnight, and
// one to four at night is asked again.
func TestACountIsNoHour(t *testing.T) {
	for _, tc := range []struct{ text, want string }{
		{"3 night", ""},
		{"arriving 3 nights", ""},
		{"4 nites", ""},
		{"2 people", ""},
		{"for 5 days", ""},
		{"two adults", ""},
		{"around 3 at night", ""},
		{"3 in the night", ""},
		{"10 at night", "22:00"},
		{"12 at night", "00:00"},
		{"tonight at 8", "20:00"},
		{"3 pm", "15:00"},
		{"2 nights, arriving at 6pm", "18:00"},
	} {
		got, ok := ParseTime(tc.text)
		if ok != (tc.want != "") || got != tc.want {
			t.Errorf("ParseTime(%q) = %q %v, want %q", tc.text, got, ok, tc.want)
		}
	}
}

// TestVagueQuantityIsNoCount: "a few", "several", "some" are no number; "a
// couple" and "a pair" are two.
func TestVagueQuantityIsNoCount(t *testing.T) {
	for _, tc := range []struct {
		text string
		want float64 // 0: none
	}{
		{"a few", 0}, {"few", 0}, {"several", 0}, {"some", 0}, {"a few nights", 0},
		{"a couple", 2}, {"a pair", 2}, {"just me", 1}, {"3 nights", 3},
	} {
		got, ok := ParseCount(tc.text)
		if ok != (tc.want != 0) || got != tc.want {
			t.Errorf("ParseCount(%q) = %v %v, want %v", tc.text, got, ok, tc.want)
		}
	}
}

func TestIsDateWord(t *testing.T) {
	for w, want := range map[string]bool{
		"Monday": true, "thrusday": true, "Tomorrow": true, "tonight": true, "June": true, "Sept": true,
		"morning": true, "noon": true, "weekend": true, "Fri": true,
		"Boston": false, "Denver": false, "Porto": false, "Vacaville": false, "Reading": false, "Nice": false,
		"Augusta": false, "Juneau": false, "Aprilia": false, "Marcha": false, "Monza": false, "Tours": false,
		"wendesday": true, "tomorow": true, "Frday": true,
	} {
		if got := IsDateWord(w); got != want {
			t.Errorf("IsDateWord(%q) = %v, want %v", w, got, want)
		}
	}
}

// TestIdiomsAroundADateNeverAnotherDate: answers drawn from the date grammar
// with an idiom holding an ordinal, a count of nights or a vague quantity
// around them read the right date or none, never another (the ordinal is
// no day, the count no day of the month).
func TestIdiomsAroundADateNeverAnotherDate(t *testing.T) {
	idioms := []string{"on second thought, ", "at first I thought ", "third time lucky: ", "the first one, ",
		"3 nights from ", "a few nights from ", "for 2 people ", "in a second, "}
	rapid.Check(t, func(t *rapid.T) {
		today := DateOf(time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)).AddDays(rapid.IntRange(0, 730).Draw(t, "today"))
		now := today.Time(time.UTC).Add(9 * time.Hour)
		text, want, ok := genDateAnswer(t, today)
		text = rapid.SampledFrom(idioms).Draw(t, "idiom") + text
		for _, read := range []func(string, time.Time) (Date, bool){ReadDate, FindDate} {
			if got, read := read(text, now); read && (!ok || got != want) {
				t.Fatalf("%q on %s = %s, want %s or none", text, today, got, want)
			}
		}
		// Alone, the idiom says no date at all.
		idiom := strings.TrimRight(text[:strings.Index(text, " ")+1], " ")
		if got, read := FindDate(idiom, now); read {
			t.Fatalf("%q on %s = %s, want none", idiom, today, got)
		}
	})
}

// TestCountsNeverAnHour: a number before a unit it counts, in a sentence that
// may also say a clock time, gives that clock time or none, never the count.
func TestCountsNeverAnHour(t *testing.T) {
	units := []string{"night", "nights", "nites", "days", "weeks", "people", "adults", "guests", "rooms", "tickets"}
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.IntRange(1, 12).Draw(t, "n")
		text := fmt.Sprintf("%d %s", n, rapid.SampledFrom(units).Draw(t, "unit"))
		want := ""
		if rapid.Bool().Draw(t, "clock") {
			h := rapid.IntRange(1, 11).Draw(t, "hour")
			text += fmt.Sprintf(", arriving at %d:30 pm", h)
			want = fmt.Sprintf("%02d:30", h+12)
		}
		if rapid.Bool().Draw(t, "caps") {
			text = strings.ToUpper(text)
		}
		if got, ok := ParseTime(text); ok != (want != "") || got != want {
			t.Fatalf("ParseTime(%q) = %q %v, want %q", text, got, ok, want)
		}
	})
}
