package nlu

import (
	"testing"
	"time"
)

// TestFoldKeepsLetterMarks: fold drops the accents of Latin, Greek and
// Cyrillic letters and the optional pointing of Arabic and Hebrew, and keeps
// the marks that are letters (a Brahmic vowel sign): "ुम" is not the Sindhi
// weekday "मं", and a weekday with vowel signs is one word, read whole.
func TestFoldKeepsLetterMarks(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"café", "cafe"},
		{"cafe\u0301", "cafe"},
		{"е\u0308", "е"}, // a Cyrillic letter and a combining diaeresis
		{"α\u0301", "α"},
		{"كَتَبَ", "كتب"},
		{"ुम", "ुम"},
		{"मंगलवार", "मंगलवार"},
		{"ศุกร์", "ศุกร์"},
	} {
		if got := fold(tc.in); got != tc.want {
			t.Errorf("fold(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
	if toks := tokenize("मंगलवार"); len(toks) != 1 {
		t.Errorf("tokenize(मंगलवार) = %v, want one word", toks)
	}
	now := time.Date(2027, 4, 14, 12, 0, 0, 0, time.UTC) // a Wednesday
	for _, tc := range []struct{ text, want string }{
		{"ुम", ""},                  // a stray vowel sign and ma: no word of any locale
		{"मंगलवार", "2027-04-20"},   // Hindi Tuesday, read whole
		{"शुक्रवार", "2027-04-16"},  // Hindi Friday
		{"ਸ਼ੁੱਕਰਵਾਰ", "2027-04-16"}, // Punjabi Friday
	} {
		if got := readRound14(tc.text, now); got != tc.want {
			t.Errorf("%q = %q, want %q", tc.text, got, tc.want)
		}
	}
}
