package nlu

import "testing"

func TestComparisonAside(t *testing.T) {
	for _, c := range []struct {
		text string
		want int
	}{
		{"reno, the buses from vegas are slower", 4},
		{"reno, fares out of vegas are a lot higher", 4},
		{"reno, the drive from tahoe is much shorter", 4},
		{"reno, parking at sfo is worse", 4},
		{"reno, flying from vegas", -1},
		{"reno, the trip is never easy", -1},
		{"reno, my sister is there", -1},
		{"the buses from vegas are slower", -1},
	} {
		if got := ComparisonAside(c.text); got != c.want {
			t.Errorf("ComparisonAside(%q) = %d, want %d", c.text, got, c.want)
		}
	}
}
