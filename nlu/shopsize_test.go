package nlu

import (
	"strings"
	"testing"
)

// TestWithoutSizes: a size after its word is read away from a product phrase,
// with an "in" or "a" before it; a size word with no size, or a size that is
// the whole message, stays (issue 38 round 25).
func TestWithoutSizes(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"hiking boots size 10", "hiking boots"},
		{"snow boots size eight", "snow boots"},
		{"a tee in size xl", "a tee"},
		{"boots in a size 9 5", "boots"},
		{"size 10 boots", "boots"},
		{"a hoodie size medium please", "a hoodie please"},
		{"what size is it", "what size is it"},
		{"size 10", "size 10"},
		{"sizes", "sizes"},
		{"boots size and colour", "boots size and colour"},
	} {
		if got := strings.Join(withoutSizes(strings.Fields(tc.in)), " "); got != tc.want {
			t.Errorf("withoutSizes(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

// FuzzWithoutSizes: the words left are the message's, in order, never none
// when there were some, and no size word is left before a size.
func FuzzWithoutSizes(f *testing.F) {
	for _, s := range []string{"boots size 10", "size 10", "in a size m", "size size 9 9 9 9"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		ws := strings.Fields(s)
		got := withoutSizes(ws)
		if len(ws) > 0 && len(got) == 0 {
			t.Fatalf("withoutSizes(%q) left nothing", s)
		}
		j := 0
		for _, w := range got {
			for j < len(ws) && ws[j] != w {
				j++
			}
			if j == len(ws) {
				t.Fatalf("withoutSizes(%q) = %q: not a subsequence", s, got)
			}
			j++
		}
	})
}

// TestCountsAndPurposes: a count of the cards after "of the" and an ordinal
// in what a product is for name no card (issue 38 round 25).
func TestCountsAndPurposes(t *testing.T) {
	for _, tc := range []struct {
		in      string
		at      int
		set, of bool
	}{
		{"the cheapest one of the three", 5, true, false},
		{"the priciest of all 5 please", 4, true, false},
		{"the cheapest of these two of them", 4, true, false},
		{"the cheapest of the three hoodies", 4, false, false},
		{"the one of three", 3, false, false},
		{"a backpack for middle school", 3, false, true},
		{"a lunchbox for first grade", 3, false, true},
		{"the cap for the first one", 4, false, false},
		{"backpack for first one", 2, false, false},
	} {
		ws := strings.Fields(tc.in)
		if got := countsTheSet(ws, tc.at); got != tc.set {
			t.Errorf("countsTheSet(%q, %d) = %v, want %v", tc.in, tc.at, got, tc.set)
		}
		if got := ordinalOfAPurpose(ws, tc.at); got != tc.of {
			t.Errorf("ordinalOfAPurpose(%q, %d) = %v, want %v", tc.in, tc.at, got, tc.of)
		}
	}
}
