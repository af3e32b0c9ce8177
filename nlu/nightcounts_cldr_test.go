package nlu

import (
	"testing"
)

// TestCountedNightsCLDR reads the counts of nights of every CLDR locale
// (cldr.CountsNights) and of the hand list beside them, in words and in
// digits with a unit word, and leaves a unit word alone and an English word
// that is a number elsewhere as written.
func TestCountedNightsCLDR(t *testing.T) {
	for _, tc := range []struct{ text, want string }{
		{"vier nagte", "four nights"},
		{"drie-en-twintig nagte", "23 nights"},
		{"երեք գիշեր", "three nights"},
		{"пять ночей", "five nights"},
		{"двадцать одна ночь", "21 nights"},
		{"vingt-et-une nuits", "21 nights"},
		{"quatre nuits", "four nights"},
		{"tres noches", "three nights"},
		{"drei Nächte", "three nights"},
		{"trzy noce", "three nights"},
		{"üç gece", "three nights"},
		{"ثلاث ليال", "three nights"},
		{"3 գիշեր", "3 nights"},
		{"3 noches", "3 nights"},
		{"12 nätter", "12 nights"},
		{"usiku 3", "3 nights"},
		{"dva noćenja", "two nights"},
		{"գիշեր", "գիշեր"},
		{"nagte", "nagte"},
		{"3 nights", "3 nights"},
	} {
		if got := Gloss(tc.text); got != tc.want {
			t.Errorf("Gloss(%q) = %q, want %q", tc.text, got, tc.want)
		}
	}
}

// TestCountedNightsHandRound11 reads the hand counts of the languages CLDR
// spells no number out for, and the Latin letters of other scripts.
func TestCountedNightsHandRound11(t *testing.T) {
	for _, tc := range []struct{ text, want string }{
		{"uch kecha", "three nights"},
		{"yerek gisher", "three nights"},
		{"tliet iljieli", "three nights"},
		{"ubusuku obubili", "two nights"},
		{"saddex habeen", "three nights"},
		{"randu raathri", "two nights"},
		{"moonu iravu", "three nights"},
		{"dui raat", "two nights"},
		{"sami ghame", "three nights"},
		{"kecha", "kecha"},
		{"ubusuku", "ubusuku"},
	} {
		if got := Gloss(tc.text); got != tc.want {
			t.Errorf("Gloss(%q) = %q, want %q", tc.text, got, tc.want)
		}
	}
}
