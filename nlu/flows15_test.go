package nlu

import (
	"strings"
	"testing"
	"time"

	"pgregory.net/rapid"
)

// TestDictionaryWordIsNoCityTypo checks that an English dictionary word near
// a city's name (city_near_words.txt) is read as itself, never as the city,
// while a typo of a city that no dictionary lists still is one.
func TestDictionaryWordIsNoCityTypo(t *testing.T) {
	for _, w := range []string{"mainland", "country", "parish", "media", "urban", "video", "trust"} {
		if c, ok := MatchCity(w); ok {
			t.Errorf("MatchCity(%q) = %q, want none: a dictionary word", w, c)
		}
	}
	for typed, want := range map[string]string{"denvr": "Denver", "chigaco": "Chicago", "lodnon": "London"} {
		if c, ok := MatchCity(typed); !ok || c != want {
			t.Errorf("MatchCity(%q) = %q, %v; want %q", typed, c, ok, want)
		}
	}
	words := strings.Fields(strings.Join(nonComment(cityNearWordsText), " "))
	rapid.Check(t, func(t *rapid.T) {
		w := rapid.SampledFrom(words).Draw(t, "word")
		if c, ok := MatchCity(w); ok {
			t.Fatalf("MatchCity(%q) = %q: a listed dictionary word", w, c)
		}
	})
}

// nonComment is text's lines that are no comment.
func nonComment(text string) []string {
	var out []string
	for _, l := range strings.Split(text, "\n") {
		if !strings.HasPrefix(l, "#") {
			out = append(out, l)
		}
	}
	return out
}

// TestTypedSpellingWithoutDiacritics checks that a capitalized name typed
// without the gazetteer's diacritics is kept as typed, and that anything
// else is the stored name.
func TestTypedSpellingWithoutDiacritics(t *testing.T) {
	cases := []struct{ typed, c, want string }{
		{"Khujand", "Khŭjand", "Khujand"},
		{"Sao Paulo", "São Paulo", "Sao Paulo"},
		{"khujand", "Khŭjand", "Khŭjand"},            // lower case: the stored name
		{"Leninabad", "Khŭjand", "Khŭjand"},          // another name: the stored one
		{"Lisboa", "Lisbon", "Lisbon"},               // an ASCII name stays
		{"Khŭjand", "Khŭjand", "Khŭjand"},            // typed with the mark
		{"Kosice!", "Košice", "Kosice"},              // punctuation around
		{"Asuncion, aguyje", "Asunción", "Asunción"}, // more than the name
	}
	for _, c := range cases {
		if got := typedSpelling(c.typed, c.c); got != c.want {
			t.Errorf("typedSpelling(%q, %q) = %q, want %q", c.typed, c.c, got, c.want)
		}
	}
}

// TestDoubledOrdinalSuffix checks the day of an ordinal typed with a letter
// of its suffix twice, and that other suffixes are none.
func TestDoubledOrdinalSuffix(t *testing.T) {
	for w, want := range map[string]int{"15tth": 15, "15thh": 15, "2ndd": 2, "1sst": 1, "3rrd": 3, "15th": 15} {
		if d, ok := ordinalDay(w); !ok || d != want {
			t.Errorf("ordinalDay(%q) = %d, %v; want %d", w, d, ok, want)
		}
	}
	for _, w := range []string{"15ttth", "15tx", "15abc"} {
		if _, ok := ordinalDay(w); ok {
			t.Errorf("ordinalDay(%q) read a day", w)
		}
	}
}

// TestEventClauseWithoutLink checks the clauses that date an event with no
// link word, and the dates that are none.
func TestEventClauseWithoutLink(t *testing.T) {
	for c, want := range map[string]bool{
		" job interview monday": true, " site's done friday": true, " crew change the 4th": true,
		" next friday": false, " on the 9th": false, " leaving monday": false, " Wed Jul 8": false, " the 9th": false,
	} {
		if got := eventClause(c); got != want {
			t.Errorf("eventClause(%q) = %v, want %v", c, got, want)
		}
	}
}

// TestHolidayNearOrQualifyingProperty draws a holiday of holidays.txt's
// English lines said near a time word or qualifying a noun, and checks that
// no date is read; said alone, it is one.
func TestHolidayNearOrQualifyingProperty(t *testing.T) {
	now := time.Date(2027, 10, 31, 12, 0, 0, 0, time.UTC)
	hs := []string{"thanksgiving", "christmas eve", "halloween", "new year's eve", "labor day", "memorial day"}
	rapid.Check(t, func(t *rapid.T) {
		h := rapid.SampledFrom(hs).Draw(t, "holiday")
		if _, ok := readDate(h, now); !ok {
			t.Fatalf("%q alone: no date", h)
		}
		form := rapid.SampledFrom([]string{"around %s", "close to %s", "alrededor de %s", "the %s orders", "our %s party", "their %s rush"}).Draw(t, "form")
		text := strings.Replace(form, "%s", h, 1)
		if d, ok := readDate(text, now); ok {
			t.Fatalf("%q: read %v", text, d)
		}
	})
}
