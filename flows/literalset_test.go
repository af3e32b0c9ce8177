package flows

import (
	"strings"
	"testing"

	"pgregory.net/rapid"
)

// The one-pass cue tests replaced loops of strings.Contains (issue 38's cost
// target); these properties hold them to those loops on generated text.

// cuePieces make up generated texts: the correction cues and the default
// markers' words, their fragments, and the words and marks around them.
func cuePieces(e *Engine) []string {
	pieces := []string{" ", ",", "a", "e", "ch", "nge", "not", "no", "sorr", "to", "new york", "!", "book", "i", "mea", "'", ""}
	pieces = append(pieces, correctionCues...)
	for _, words := range e.markerWords {
		pieces = append(pieces, words...)
	}
	return pieces
}

// markerCandidateReference is markerCandidateLower as it was: each marker's
// words looked for in turn.
func markerCandidateReference(e *Engine, k string) bool {
	for _, words := range e.markerWords {
		all := true
		for _, w := range words {
			if !strings.Contains(k, w) {
				all = false
				break
			}
		}
		if all {
			return true
		}
	}
	return false
}

func hasCorrectionCueReference(lower string) bool {
	for _, c := range correctionCues {
		if strings.Contains(lower, c) {
			return true
		}
	}
	return false
}

func TestCueScansMatchContains(t *testing.T) {
	e := demo(t)
	for _, k := range []string{"", "i want to book a flight", "new york", "sorry, i meant boston", "cancel", "talk to a human", "never mind", "actually"} {
		if got, want := e.markerCandidateLower(k, k), markerCandidateReference(e, k); got != want {
			t.Errorf("markerCandidateLower(%q) = %v, want %v", k, got, want)
		}
		if got, want := hasCorrectionCue(k), hasCorrectionCueReference(k); got != want {
			t.Errorf("hasCorrectionCue(%q) = %v, want %v", k, got, want)
		}
	}
	pieces := cuePieces(e)
	rapid.Check(t, func(t *rapid.T) {
		k := strings.Join(rapid.SliceOfN(rapid.SampledFrom(pieces), 0, 8).Draw(t, "pieces"), "")
		if got, want := e.markerCandidateLower(k, k), markerCandidateReference(e, k); got != want {
			t.Fatalf("markerCandidateLower(%q) = %v, want %v", k, got, want)
		}
		if got, want := hasCorrectionCue(k), hasCorrectionCueReference(k); got != want {
			t.Fatalf("hasCorrectionCue(%q) = %v, want %v", k, got, want)
		}
	})
}

// TestLiteralSetContainsAny holds containsAny to strings.Contains of each
// literal, the empty one included, over generated literals and texts.
func TestLiteralSetContainsAny(t *testing.T) {
	alphabet := rapid.SampledFrom([]string{"a", "b", "ab", "ba", " ", ""})
	text := rapid.Custom(func(t *rapid.T) string {
		return strings.Join(rapid.SliceOfN(alphabet, 0, 6).Draw(t, "parts"), "")
	})
	rapid.Check(t, func(t *rapid.T) {
		lits := rapid.SliceOfN(text, 0, 4).Draw(t, "literals")
		s := text.Draw(t, "text")
		want := false
		for _, l := range lits {
			want = want || strings.Contains(s, l)
		}
		if got := newLiteralSet(lits).containsAny(s); got != want {
			t.Fatalf("containsAny(%q) of %q = %v, want %v", s, lits, got, want)
		}
	})
}
