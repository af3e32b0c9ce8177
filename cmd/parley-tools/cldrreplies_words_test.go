package main

import "testing"

// TestWrittenLetters: a vowel sign or nasal mark after a letter of an
// abugida is a letter of the written word (CLDR's Maithili "हं" is a whole
// yes, not an abbreviation), an accent on a Latin letter is not.
func TestWrittenLetters(t *testing.T) {
	for w, want := range map[string]int{
		"हं": 2, "ह": 1, "না": 2, "ទេ": 2, "ɛ́": 1, "é": 1, "ee": 2, "y": 1, "हाँ": 3,
	} {
		if got := writtenLetters(w); got != want {
			t.Errorf("writtenLetters(%q) = %d, want %d", w, got, want)
		}
	}
	for w, want := range map[string]bool{"हं": true, "ह": false, "ɛ́": false, "ee": true} {
		if got := wholeWord(w, []string{w}); got != want {
			t.Errorf("wholeWord(%q) = %v, want %v", w, got, want)
		}
	}
}
