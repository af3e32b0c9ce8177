package nlu

import "testing"

// TestPutSomeoneOn: "put someone on" asks for a person to speak, as "put me
// through to" does; a thing put on is no person.
func TestPutSomeoneOn(t *testing.T) {
	for _, c := range []struct {
		text string
		want bool
	}{
		{"can you put someone on please", true},
		{"would you put a manager on", true},
		{"put a real person on", true},
		{"could you put an agent on instead", true},
		{"can you put it on sale", false},
		{"put on a hat", false},
	} {
		if got := IsHumanRequest(c.text); got != c.want {
			t.Errorf("IsHumanRequest(%q) = %v, want %v", c.text, got, c.want)
		}
	}
}
