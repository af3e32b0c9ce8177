package nlu

import (
	"slices"
	"testing"

	"pgregory.net/rapid"
)

// TestFuzzyNearIsTheScan checks the index against what it replaces: for any
// vocabulary and query, Near finds exactly the entries a scan with the edit
// distance finds, with their distances; a query with a letter held down is
// measured as typed and with its runs cut to two and to one letters, the
// nearest counting (scanDistance).
func TestFuzzyNearIsTheScan(t *testing.T) {
	letters := rapid.SampledFrom([]rune("abcdeéxyz ا"))
	word := rapid.StringOfN(letters, 0, 9, -1)
	rapid.Check(t, func(t *rapid.T) {
		vocab := rapid.SliceOfN(word, 0, 30).Draw(t, "vocab")
		query := word.Draw(t, "query")
		maxDist := rapid.IntRange(0, MaxFuzzyDistance).Draw(t, "maxDist")
		got := map[int]int{}
		for _, m := range NewFuzzy(vocab).Near(nil, query, maxDist) {
			if _, dup := got[m.Index]; dup {
				t.Fatalf("entry %d found twice", m.Index)
			}
			if vocab[m.Index] != m.Entry {
				t.Fatalf("match %+v names entry %q", m, vocab[m.Index])
			}
			got[m.Index] = m.Distance
		}
		for i, e := range vocab {
			if slices.Index(vocab, e) != i {
				continue // a repeated entry is indexed once, at its first position
			}
			d := scanDistance(query, e)
			if gd, ok := got[i]; (d <= maxDist) != ok || (ok && gd != d) {
				t.Fatalf("Near(%q, %d): entry %q (distance %d): found=%v distance %d", query, maxDist, e, d, ok, gd)
			}
		}
	})
}

// scanDistance is the distance Near measures between query and an entry.
func scanDistance(query, entry string) int {
	d := Levenshtein(query, entry)
	if hasElongation(query) {
		d = min(d, Levenshtein(shortenRuns(query, 2), entry), Levenshtein(shortenRuns(query, 1), entry))
	}
	return d
}

func TestFuzzyClosest(t *testing.T) {
	x := NewFuzzy([]string{"boston", "austin", "philadelphia", "rome", "houston", "austen"})
	tests := []struct {
		q    string
		want string // "" for none
	}{
		{"bostn", "boston"},             // six letters: one edit
		{"philadelfia", "philadelphia"}, // twelve letters: two edits
		{"rom", "rome"},                 // four letters: one edit
		{"bstn", ""},                    // two edits from a six-letter name
		{"austun", "austin"},            // one edit from two names: the earlier entry
		{"xyzzy", ""},
	}
	for _, tt := range tests {
		m, ok := x.Closest(tt.q)
		if ok != (tt.want != "") || m.Entry != tt.want {
			t.Errorf("Closest(%q) = %+v, %v; want %q", tt.q, m, ok, tt.want)
		}
	}
}

// BenchmarkMatchCityTypo is a typo'd city looked up through the index.
func BenchmarkMatchCityTypo(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		if _, ok := MatchCity("philadelfia"); !ok {
			b.Fatal("no city")
		}
	}
}

// BenchmarkMatchCityMiss is a word that names no city: the costliest lookup
// before the index (every name measured).
func BenchmarkMatchCityMiss(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		if _, ok := MatchCity("book a flight"); ok {
			b.Fatal("a city")
		}
	}
}
