package fsm

import "testing"

func BenchmarkNext(b *testing.B) {
	m := MustBuild(lights())
	b.ReportAllocs()
	for b.Loop() {
		s, _ := m.Next(red, tick)
		if _, ok := m.Next(s, tick); !ok {
			b.Fatal("green does not tick")
		}
	}
}

func BenchmarkCheck(b *testing.B) {
	m := MustBuild(lights())
	b.Run("allowed", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if err := m.Check(red, tick, green); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("refused", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if err := m.Check(broken, tick, red); err == nil {
				b.Fatal("a terminal state accepted a trigger")
			}
		}
	})
}
