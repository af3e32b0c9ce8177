package nlu

import (
	"maps"
	"slices"
	"strings"
	"testing"
	"time"

	"pgregory.net/rapid"
)

// round14Now is a Wednesday in March; round14Sunday a Sunday, where the
// week's first day decides "next week Wednesday".
var (
	round14Now    = time.Date(2027, 3, 10, 9, 0, 0, 0, time.UTC)
	round14Sunday = time.Date(2027, 3, 14, 9, 0, 0, 0, time.UTC)
)

// readRound14 is ReadDate of a glossed answer, as the slot engine reads it.
func readRound14(text string, now time.Time) string {
	if d, ok := weekOnOrAsked(ReadDate, Gloss(text), now); ok {
		return d.String()
	}
	return ""
}

// TestDateClassesRound14: issue 38's date classes of round 14, in words of
// our own: CLDR words with a hyphen or an apostrophe, a name with its
// particle, the day after tomorrow written apart, the languages CLDR lacks
// (hand data), a day counted from a holiday, a weekday said counted from an
// anchor not read, a weekday with a letter left out, and the weekday of a
// named week where the week's first day decides it.
func TestDateClassesRound14(t *testing.T) {
	for _, tc := range []struct {
		class, text string
		now         time.Time
		want        string
	}{
		{"hyphen inside a CLDR word (gd)", "an-diugh", round14Now, "2027-03-10"},
		{"hyphen inside a CLDR word (gd)", "an-earar", round14Now, "2027-03-12"},
		{"apostrophe inside a CLDR word (br, typed ')", "merc'her", round14Now, "2027-03-17"},
		{"a name with its particle (ga)", "Dé hAoine", round14Now, "2027-03-12"},
		{"a name with its particle (gl)", "o venres", round14Now, "2027-03-12"},
		{"a name with its particle (mi)", "ā te Paraire", round14Now, "2027-03-12"},
		{"a name with its particle (mi)", "hei te Tūrei", round14Now, "2027-03-16"},
		{"a name with its particle (mg)", "amin'ny Zoma", round14Now, "2027-03-12"},
		{"the day after tomorrow apart (ru)", "после завтра", round14Now, "2027-03-12"},
		{"the day after tomorrow apart (it)", "dopo domani", round14Now, "2027-03-12"},
		{"tomorrow still read beside it (it)", "domani", round14Now, "2027-03-11"},
		{"hand data: Breton adverb", "digwener", round14Now, "2027-03-12"},
		{"hand data: Breton adverb", "dimeurzh", round14Now, "2027-03-16"},
		{"hand data: Sinhala Latin", "sikurada", round14Now, "2027-03-12"},
		{"hand data: Sinhala Latin", "badada", round14Now, "2027-03-17"},
		{"hand data: Kannada Latin", "guruvara", round14Now, "2027-03-11"},
		{"hand data: Kurmanji", "roja înê", round14Now, "2027-03-12"},
		{"hand data: Malagasy", "ny alarobia", round14Now, "2027-03-17"},
		{"a day counted from a holiday", "the friday before easter", round14Now, "2027-03-26"},
		{"a day counted from a holiday", "the tuesday after easter", round14Now, "2027-03-30"},
		// The counted day decides whether this year's has passed, not the feast.
		{"a counted day that is today", "the day after pentecost", time.Date(2026, 5, 25, 9, 0, 0, 0, time.UTC), "2026-05-25"},
		{"a counted day just gone", "the day before easter", time.Date(2026, 4, 5, 9, 0, 0, 0, time.UTC), ""},
		{"a counted day to come, its feast gone", "the monday after easter", time.Date(2026, 4, 6, 9, 0, 0, 0, time.UTC), "2026-04-06"},
		{"a day counted from a holiday", "the day before christmas", round14Now, "2027-12-24"},
		{"a day counted from a holiday", "the thursday before thanksgiving", round14Now, "2027-11-18"},
		{"a season alone", "easter", round14Now, ""},
		{"a season alone", "over christmas", round14Now, ""},
		{"a weekday counted from an anchor not read", "the friday before my exam", round14Now, ""},
		{"a weekday counted from an anchor not read", "the sunday after the gala", round14Now, ""},
		{"a weekday with a letter left out", "wednsday", round14Now, "2027-03-17"},
		{"the article typed fast", "hte 21st", round14Now, "2027-03-21"},
		{"a named week's day, one either way", "next week tuesday", round14Now, "2027-03-16"},
		{"a named week's day, the week's start decides", "next week tuesday", round14Sunday, ""},
		{"a named week's day, the week's start decides", "sunday next week", round14Now, ""},
		{"a collision word stays out", "semi", round14Now, ""},
		{"a collision word stays out", "heta", round14Now, ""},
		{"a collision word stays out", "mana", round14Now, ""},
	} {
		if got := readRound14(tc.text, tc.now); got != tc.want {
			t.Errorf("%s: ReadDate(Gloss(%q)) = %q, want %q", tc.class, tc.text, got, tc.want)
		}
	}
}

// TestDateSentencesRound14: in a sentence, a weekday typed with a letter
// left out is the weekday; one counted from an anchor not read is none; the
// short first words of generated phrases ("i morgen", "over morgen") are no
// date words alone.
func TestDateSentencesRound14(t *testing.T) {
	for _, tc := range []struct{ text, want string }{
		{"gym saturay please", "2027-03-13"},
		{"the monday after the recital works", ""},
		{"friday after work", "2027-03-12"},
		{"once the exams are over, the 19th", "2027-03-19"},
	} {
		got, ok := FindDate(tc.text, round14Now)
		gotS := ""
		if ok {
			gotS = got.String()
		}
		if gotS != tc.want {
			t.Errorf("FindDate(%q) = %q, want %q", tc.text, gotS, tc.want)
		}
	}
	for _, w := range []string{"i", "over", "a", "an", "o", "ny"} {
		if IsDateWord(w) {
			t.Errorf("IsDateWord(%q) = true, want false", w)
		}
	}
}

// TestNightCountsRound14 reads the hand counts of nights of round 14's
// languages: the night after the number, before it, and with a linker.
func TestNightCountsRound14(t *testing.T) {
	for _, tc := range []struct{ text, want string }{
		{"abalị ise", "five nights"},
		{"abali ano", "four nights"},
		{"lima ka gabii", "five nights"},
		{"e rima pō", "five nights"},
		{"whitu pō", "seven nights"},
		{"alina efatra", "four nights"},
		{"dimy alina", "five nights"},
		{"raa hatarak", "four nights"},
		{"rathri pahak", "five nights"},
		{"salamat po", "salamat po"},
	} {
		if got := Gloss(tc.text); got != tc.want {
			t.Errorf("Gloss(%q) = %q, want %q", tc.text, got, tc.want)
		}
	}
}

// TestGeneratedDayWordsProperty: every generated weekday phrase and relative
// day, said alone as an answer, reads as its own day or not at all: never
// another day.
func TestGeneratedDayWordsProperty(t *testing.T) {
	phrases := slices.Sorted(maps.Keys(generatedDates.weekdayPhrases))
	days := slices.Sorted(maps.Keys(generatedDates.days))
	rapid.Check(t, func(t *rapid.T) {
		today := genToday(t)
		now := today.noon()
		if rapid.Bool().Draw(t, "weekday") {
			p := rapid.SampledFrom(phrases).Draw(t, "phrase")
			if d, ok := ReadDate(Gloss(p), now); ok && d.Weekday() != generatedDates.weekdayPhrases[p] {
				t.Fatalf("ReadDate(%q) = %s, a %s; want a %s", p, d, d.Weekday(), generatedDates.weekdayPhrases[p])
			}
			return
		}
		p := rapid.SampledFrom(days).Draw(t, "day")
		if d, ok := ReadDate(Gloss(p), now); ok && d != today.AddDays(generatedDates.days[p]) && !strings.Contains(Gloss(p), "night") {
			t.Fatalf("ReadDate(%q) on %s = %s, want %s", p, today, d, today.AddDays(generatedDates.days[p]))
		}
	})
}

// TestHolidayCountedProperty: "the WEEKDAY after/before" an Easter feast is
// that weekday, the first one strictly after or before it.
func TestHolidayCountedProperty(t *testing.T) {
	names := []string{"sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"}
	rapid.Check(t, func(t *rapid.T) {
		today := genToday(t)
		wd := rapid.IntRange(0, 6).Draw(t, "weekday")
		after := rapid.Bool().Draw(t, "after")
		dir, word := -1, "before"
		if after {
			dir, word = 1, "after"
		}
		text := "the " + names[wd] + " " + word + " easter"
		got, ok := ReadDate(text, today.noon())
		if !ok {
			return // Easter just passed: asked
		}
		e := EasterSunday(got.Year) // a week either side of Easter stays in its year
		gap := int(got.noon().Sub(e.noon()).Hours() / 24)
		if got.Weekday() != time.Weekday(wd) || gap*dir < 1 || gap*dir > 7 {
			t.Fatalf("ReadDate(%q) on %s = %s (%d days from Easter %s)", text, today, got, gap, e)
		}
	})
}
