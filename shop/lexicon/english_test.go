package lexicon

import "testing"

// BenchmarkBuildEnglishWords is the cost of the English word set, built once
// per process on the first turn that asks (a search for something unsold, a
// coach level introduced by unplaced words).
func BenchmarkBuildEnglishWords(b *testing.B) {
	for b.Loop() {
		if len(buildEnglishWords()) == 0 {
			b.Fatal("no words")
		}
	}
}
