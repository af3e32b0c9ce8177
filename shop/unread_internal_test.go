package shop

import "testing"

// BenchmarkBuildEnglishWords is the cost of the English word set, built once
// per process on the first turn that asks (a search for something unsold).
func BenchmarkBuildEnglishWords(b *testing.B) {
	for b.Loop() {
		if len(buildEnglishWords()) == 0 {
			b.Fatal("no words")
		}
	}
}
