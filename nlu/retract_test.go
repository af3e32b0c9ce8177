package nlu

import (
	"strings"
	"testing"
)

// TestRetractsThenAnswers: a retraction then an answer is a correction; a
// retraction alone, one followed by no answer, or a cancel of the request is
// not.
func TestRetractsThenAnswers(t *testing.T) {
	answers := func(c string) bool {
		k := key(c)
		return strings.Contains(k, "loft") || strings.Contains(k, "cheaper") || strings.Contains(k, "tuesday") ||
			strings.Contains(k, "porto")
	}
	for _, tc := range []struct {
		text string
		want bool
	}{
		{"never mind, the loft", true},
		{"Never mind - the cheaper one", true},
		{"nvm, Tuesday", true},
		{"oh never mind, the loft one please", true},
		{"scratch that, Porto", true},
		{"sorry, I mean, the loft", false}, // the first clause is a frame, not a retraction
		{"wait no, tuesday", true},
		{"laisse tomber, Porto", true},
		{"never mind", false},
		{"never mind, I'll do it later", false},
		{"never mind, cancel the loft", false},
		{"never mind, the loft?", false},
		{"cancel the booking, the loft", false},
		{"the loft, never mind", false},
	} {
		if got := RetractsThenAnswers(tc.text, answers); got != tc.want {
			t.Errorf("RetractsThenAnswers(%q) = %v, want %v", tc.text, got, tc.want)
		}
	}
}
