package check

import (
	"context"
	"testing"

	"github.com/parleyhq/parley/gates"
)

// BenchmarkExploreCoach measures a whole exploration of the gates demo.
func BenchmarkExploreCoach(b *testing.B) {
	m, err := NewGatesModel(gates.DemoFlow(), "coach.json")
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		g, err := Explore(context.Background(), "coach", m, Options{})
		if err != nil {
			b.Fatal(err)
		}
		b.ReportMetric(float64(len(g.States)), "states")
		b.ReportMetric(float64(g.Decisions), "decisions")
	}
}
