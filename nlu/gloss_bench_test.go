package nlu

import "testing"

// BenchmarkGloss measures a message with a word that starts an entry but is
// glossed nowhere ("a" before no place) and one glossed.
func BenchmarkGloss(b *testing.B) {
	for _, text := range []string{"I want to book a flight", "I need a flight from Boston to Denver next Friday", "de Lyon à Nice demain matin"} {
		b.Run(text, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				_ = Gloss(text)
			}
		})
	}
}
