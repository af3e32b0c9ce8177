package nlu

import "testing"

func TestAsksAboutConsequence(t *testing.T) {
	for _, c := range []struct {
		text string
		want bool
	}{
		{"is there a penalty to cancel my trip?", true},
		{"how much would it cost to cancel?", true},
		{"what happens if we cancel the flight?", true},
		{"is there a fee if i cancel?", true},
		{"is it possible to cancel my trip?", false},
		{"how do i cancel my trip?", false},
		{"can you cancel my trip?", false},
		{"i need to cancel my trip?", false},
		{"cancel my trip", false},
	} {
		if got := AsksAboutConsequence(c.text); got != c.want {
			t.Errorf("AsksAboutConsequence(%q) = %v, want %v", c.text, got, c.want)
		}
	}
}
