package nlu

import "testing"

// TestPersonThenReason: a clause that alone asks for a person, then a
// statement of why, asks for a person in every engine; a reason that asks
// something, refuses or cancels leaves it no request.
func TestPersonThenReason(t *testing.T) {
	cases := []struct {
		text string
		want bool
	}{
		{"a person, the website is confusing", true},
		{"a real coach, i'm driving", true},
		{"a human, this order is complicated", true},
		{"a person; my case is odd", true},
		{"a person, i'm stuck", true},
		{"a person, no thanks", false},
		{"a person, never mind", false},
		{"a person? no", false},
		{"a person, is the order shipped?", false},
		{"the person, on the phone told me", false},
	}
	for _, tc := range cases {
		if got := IsHumanRequest(tc.text); got != tc.want {
			t.Errorf("IsHumanRequest(%q) = %v, want %v", tc.text, got, tc.want)
		}
	}
}
