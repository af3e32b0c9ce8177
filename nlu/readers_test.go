package nlu

import (
	"slices"
	"testing"
)

func TestIsNonAnswer(t *testing.T) {
	for text, want := range map[string]bool{
		"hmm no idea":               true,
		"I'm not sure, maybe Paris": true,
		"I'll get back to you":      true,
		"je sais pas":               true,
		"no sé todavía":             true,
		"Paris":                     false,
		"sure, Paris":               false,
		"the idea is Paris":         false,
	} {
		if got := IsNonAnswer(text); got != want {
			t.Errorf("IsNonAnswer(%q) = %v, want %v", text, got, want)
		}
	}
}

func TestNamesAlternativesAndFindCities(t *testing.T) {
	for text, want := range map[string]bool{
		"Denver or Austin": true, "anything except Miami": true, "Denver": false, "to Denver please": false,
	} {
		if got := NamesAlternatives(text); got != want {
			t.Errorf("NamesAlternatives(%q) = %v, want %v", text, got, want)
		}
	}
	if got := FindCities("from seattle to boston, then back to Seattle"); !slices.Equal(got, []string{"Seattle", "Boston"}) {
		t.Errorf("FindCities = %v", got)
	}
}

func TestParseDaysTyposAndHours(t *testing.T) {
	for text, want := range map[string]int{"a week": 7, "a whole week": 7, "two full weeks": 14, "a whole lot": -1, "a whole": -1, "for two weeks please": 14, "a fortnight": 14, "10 days": 10, "a month": -1, "a week or two": -1} {
		got, ok := ParseDays(text)
		if !ok {
			got = -1
		}
		if got != want {
			t.Errorf("ParseDays(%q) = %d, want %d", text, got, want)
		}
	}
	for text, want := range map[string]string{"fiev nights": "five nights", "thre": "three", "tow": "tow", "sevne": "seven", "fine": "fine"} {
		if got := CorrectNumberTypos(text); got != want {
			t.Errorf("CorrectNumberTypos(%q) = %q, want %q", text, got, want)
		}
	}
	for text, want := range map[string]int{"11": 11, "at 7": 7, "around nine": 9, "7 30": -1, "7pm": -1, "room 7": -1} {
		got, ok := BareHour(text)
		if !ok {
			got = -1
		}
		if got != want {
			t.Errorf("BareHour(%q) = %d, want %d", text, got, want)
		}
	}
}
