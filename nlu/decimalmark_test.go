package nlu

import (
	"fmt"
	"testing"

	"pgregory.net/rapid"
)

// TestDecimalNeverCut (issue 38 round 19): a number's decimals are read with
// it or the number is not read: ".5 km" is half a kilometre, a point glued
// to a word before it leaves the number unread, and a count is never the
// digits after a decimal mark.
func TestDecimalNeverCut(t *testing.T) {
	for _, tt := range []struct {
		text string
		want []Quantity
	}{
		{"swim .5 km", []Quantity{{0.5, "km"}}},
		{".75 mi", []Quantity{{0.75, "mi"}}},
		{"done.5 km", nil},
		{"1.5 km", []Quantity{{1.5, "km"}}},
		{"2,5 km", []Quantity{{2.5, "km"}}},
	} {
		got := ExtractQuantities(tt.text)
		if fmt.Sprint(got) != fmt.Sprint(tt.want) {
			t.Errorf("ExtractQuantities(%q) = %v, want %v", tt.text, got, tt.want)
		}
	}
	for _, text := range []string{".5 nights", "2.5 nights", "2,5 people", "about .5 rooms"} {
		if v, ok := ParseCount(text); ok {
			t.Errorf("ParseCount(%q) = %v, want none", text, v)
		}
	}
	for text, want := range map[string]float64{"3 nights": 3, "a couple": 2, "2.5": 2.5} {
		if v, ok := ParseCount(text); !ok || v != want {
			t.Errorf("ParseCount(%q) = %v %v, want %v", text, v, ok, want)
		}
	}
}

// TestCountWithDecimalsAbsent: "N.D WORD" and ".D WORD" read as a count
// give N.D or nothing, never N nor D.
func TestCountWithDecimalsAbsent(t *testing.T) {
	rapid.Check(t, func(rt *rapid.T) {
		whole := rapid.IntRange(0, 20).Draw(rt, "whole")
		frac := rapid.IntRange(1, 9).Draw(rt, "frac")
		mark := rapid.SampledFrom([]string{".", ","}).Draw(rt, "mark")
		noun := rapid.SampledFrom([]string{"nights", "people", "rooms", "tickets", "adults"}).Draw(rt, "noun")
		lead := rapid.SampledFrom([]string{"", "about ", "just "}).Draw(rt, "lead")
		num := fmt.Sprintf("%d%s%d", whole, mark, frac)
		if rapid.Bool().Draw(rt, "bare") {
			num = mark + fmt.Sprint(frac)
		}
		text := lead + num + " " + noun
		if v, ok := ParseCount(text); ok {
			t.Fatalf("ParseCount(%q) = %v", text, v)
		}
	})
}
