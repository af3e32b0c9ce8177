package nlu

import (
	"math/rand"
	"strings"
	"testing"
)

// mayHoldClausesSpec is mayHoldClauses as written before its one-pass form.
func mayHoldClausesSpec(text string) bool {
	if !mayBreak(text) && !strings.ContainsAny(text, "-–—") {
		return false
	}
	return strings.ContainsAny(text, ",;.!?؟،") || strings.Contains(text, " -") || strings.Contains(text, "- ") ||
		strings.Contains(text, " –") || strings.Contains(text, " —") || !strings.ContainsAny(text, "-–—")
}

// TestMayHoldClausesIsItsSpec checks the one-pass mayHoldClauses, and
// Normalize's ASCII trim, against their specs on random strings of the marks
// and letters they look at.
func TestMayHoldClausesIsItsSpec(t *testing.T) {
	parts := []string{"b", "B", "u", "T", "t", "m", "a", "i", "s", "p", "e", "r", "o", "n", "2026", "x",
		" ", "\t", "-", "–", "—", ",", ".", ";", "!", "?", "؟", "،", "ب", "é", "\u0600", "\u2013x", "\xe2\x80", "\xd8", "'", "\"", "(", "9"}
	r := rand.New(rand.NewSource(1))
	for range 200000 {
		var b strings.Builder
		for range r.Intn(10) {
			b.WriteString(parts[r.Intn(len(parts))])
		}
		text := b.String()
		if got, want := mayHoldClauses(text), mayHoldClausesSpec(text); got != want {
			t.Fatalf("mayHoldClauses(%q) = %v, spec %v", text, got, want)
		}
		if got, want := Normalize(text), Normalize(" "+text+" "); got != want {
			t.Fatalf("Normalize(%q) = %q, of it spaced %q", text, got, want)
		}
	}
}
