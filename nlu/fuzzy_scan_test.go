package nlu

import (
	"math/rand"
	"slices"
	"testing"
)

// TestScanningFuzzyFindsWhatTheIndexFinds: a Fuzzy index that measures its
// long names against each query finds the same names at the same distances as
// one that indexes them all, for the city names with typos drawn at random.
func TestScanningFuzzyFindsWhatTheIndexFinds(t *testing.T) {
	var names []string
	for _, name := range sortedKeys(cityIndex) {
		if len(name) >= 5 {
			names = append(names, name)
		}
	}
	full, scanning := NewFuzzy(names), newScanningFuzzy(names, cityFuzzyIndexedRunes)
	if len(scanning.long.entries) == 0 {
		t.Fatal("no city name is long enough to be scanned")
	}
	rng := rand.New(rand.NewSource(7))
	for range 20000 {
		query := withTypos(rng, names[rng.Intn(len(names))], rng.Intn(4))
		for d := range MaxFuzzyDistance + 1 {
			want, got := sortedMatches(full.Near(nil, query, d)), sortedMatches(scanning.Near(nil, query, d))
			if !slices.Equal(want, got) {
				t.Fatalf("Near(%q, %d) = %v, want %v", query, d, got, want)
			}
		}
	}
}

// withTypos is s with n letters added, dropped, changed or doubled at random.
func withTypos(rng *rand.Rand, s string, n int) string {
	letters := []rune("abcdeilnorstuéü -")
	r := []rune(s)
	for range n {
		i := rng.Intn(len(r) + 1)
		switch op := rng.Intn(4); {
		case op == 0:
			r = slices.Insert(r, i, letters[rng.Intn(len(letters))])
		case op == 1 && i < len(r):
			r = slices.Delete(r, i, i+1)
		case op == 2 && i < len(r):
			r[i] = letters[rng.Intn(len(letters))]
		case i < len(r):
			r = slices.Insert(r, i, r[i], r[i])
		}
	}
	return string(r)
}

func sortedMatches(ms []FuzzyMatch) []FuzzyMatch {
	slices.SortFunc(ms, func(a, b FuzzyMatch) int { return a.Index - b.Index })
	return ms
}

// BenchmarkBuildCityFuzzy measures building the city typo index, which the
// first typo looked up pays for; BenchmarkBuildCityFuzzyIndexingAll, the same
// index with its long names indexed too.
func BenchmarkBuildCityFuzzy(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		buildCityFuzzy(cityIndex)
	}
}

func BenchmarkBuildCityFuzzyIndexingAll(b *testing.B) {
	var names []string
	for _, name := range sortedKeys(cityIndex) {
		if len(name) >= 5 {
			names = append(names, name)
		}
	}
	b.ReportAllocs()
	for b.Loop() {
		NewFuzzy(names)
	}
}
