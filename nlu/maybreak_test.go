package nlu

import (
	"math/rand"
	"regexp"
	"strings"
	"testing"
)

// mayBreakSpec is mayBreak as first written: its marks, a dash after a space,
// and containsFold of each "but" word.
func mayBreakSpec(text string) bool {
	return strings.ContainsAny(text, ",;.!?؟،") || regexp.MustCompile(`[ \t\n\v\f\r][-–—]`).MatchString(text) ||
		containsFold(text, "but") || containsFold(text, "mais") || containsFold(text, "pero") || containsFold(text, "sino")
}

// TestMayBreakIsItsSpec checks the one-pass mayBreak against its spec, and
// that it holds wherever clauseBreak matches (it gates the expression), on
// random strings of the letters and marks it looks for.
func TestMayBreakIsItsSpec(t *testing.T) {
	parts := []string{"b", "B", "u", "T", "t", "m", "A", "i", "s", "S", "ſ", "p", "e", "R", "o", "n", "I", "O",
		" ", "\t", "-", "–", "—", ",", ".", "?", "؟", "،", "ب", "é", "K", "2026", "x"}
	r := rand.New(rand.NewSource(1))
	for range 200000 {
		var b strings.Builder
		for range r.Intn(12) {
			b.WriteString(parts[r.Intn(len(parts))])
		}
		text := b.String()
		if got, want := mayBreak(text), mayBreakSpec(text); got != want {
			t.Fatalf("mayBreak(%q) = %v, spec %v", text, got, want)
		}
		if clauseBreak.MatchString(text) && !mayBreak(text) && !strings.ContainsAny(text, "ſK") {
			t.Fatalf("clauseBreak matches %q, mayBreak says no", text)
		}
	}
}

// TestContainsFoldIsEqualFoldAtEveryByte checks the first-byte screen of
// containsFold against EqualFold asked at every byte.
func TestContainsFoldIsEqualFoldAtEveryByte(t *testing.T) {
	parts := []string{"b", "B", "u", "U", "t", "T", "ſ", "K", "k", "é", "É", " ", "'", "_", "\xff"}
	subs := []string{"but", "k", "sk", "'t", "_b", "é", "", "bu"}
	r := rand.New(rand.NewSource(2))
	for range 100000 {
		var b strings.Builder
		for range r.Intn(8) {
			b.WriteString(parts[r.Intn(len(parts))])
		}
		s, sub := b.String(), subs[r.Intn(len(subs))]
		if got, want := containsFold(s, sub), containsFoldAt(s, sub); got != want {
			t.Fatalf("containsFold(%q, %q) = %v, at every byte %v", s, sub, got, want)
		}
	}
}
