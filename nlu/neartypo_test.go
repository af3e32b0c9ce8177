package nlu

import (
	"math/rand"
	"testing"
)

// TestOneTypoASCIIAgreesWithDistance checks the table-free reading of one typo
// against the distance it stands for, over random words of a small alphabet
// (where swaps, repeats and near misses are common) and their edits.
func TestOneTypoASCIIAgreesWithDistance(t *testing.T) {
	rng := rand.New(rand.NewSource(38))
	word := func(n int) string {
		b := make([]byte, n)
		for i := range b {
			b[i] = "abc"[rng.Intn(3)]
		}
		return string(b)
	}
	for range 200000 {
		a := word(1 + rng.Intn(6))
		b := word(max(0, len(a)-1+rng.Intn(3)))
		if a == b {
			continue
		}
		if got, want := oneTypoASCII(a, b), osaDistance(a, b) == 1; got != want {
			t.Fatalf("oneTypoASCII(%q, %q) = %v, distance says %v", a, b, got, want)
		}
	}
}

func TestNearWordTypos(t *testing.T) {
	for _, c := range []struct {
		typed, word string
		want        bool
	}{
		{"fro", "from", true}, {"form", "from", true}, {"tto", "to", true},
		{"frmo", "from", true}, {"fram", "from", true}, {"fromm", "from", true},
		{"from", "from", false}, {"fmor", "from", false}, {"into", "to", false},
		{"néar", "near", true}, {"nèaar", "near", false},
	} {
		if got := NearWord(c.typed, c.word); got != c.want {
			t.Errorf("NearWord(%q, %q) = %v, want %v", c.typed, c.word, got, c.want)
		}
	}
}
