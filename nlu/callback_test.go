package nlu

import (
	"testing"

	"pgregory.net/rapid"
)

// TestCallBackRequests (issue 38 round 14): a human asked to call the user
// back is a request for a person; a callback said of the past, denied, or
// asked of the bot is not.
func TestCallBackRequests(t *testing.T) {
	for _, c := range []struct {
		text string
		want bool
	}{
		{"get a trainer to phone me tonight", true},
		{"have somebody ring me", true},
		{"could a person call me back", true},
		{"ask an agent to get back to me", true},
		{"can someone give me a call", true},
		{"que un entrenador me llame", true},
		{"did someone call me?", false},
		{"a coach called me yesterday", false},
		{"no need for anyone to call me", false},
		{"my coach will call me", false},
		{"can you call me", false},
		{"i want a coach to help me run faster", false},
	} {
		if got := IsHumanRequest(c.text); got != c.want {
			t.Errorf("IsHumanRequest(%q) = %v, want %v", c.text, got, c.want)
		}
	}
}

// TestCallBackRequestProperty: an opener, a human noun and a callback frame
// always ask for a person; "did" before them never does.
func TestCallBackRequestProperty(t *testing.T) {
	rapid.Check(t, func(rt *rapid.T) {
		noun := rapid.SampledFrom([]string{"someone", "a person", "a human", "an agent", "somebody", "a real person"}).Draw(rt, "noun")
		verb := rapid.SampledFrom([]string{"call", "ring", "phone", "contact"}).Draw(rt, "verb")
		opener := rapid.SampledFrom([]string{"get", "have", "can", "could", "please have"}).Draw(rt, "opener")
		if text := opener + " " + noun + " " + verb + " me"; !IsHumanRequest(text) {
			t.Fatalf("%q: no request", text)
		}
		// "a real person" asks for one wherever it stands (a contrast with
		// the bot), as before this rule: the past is checked without it.
		plain := rapid.SampledFrom([]string{"someone", "a person", "somebody", "a coach"}).Draw(rt, "plain")
		if text := "did " + plain + " " + verb + " me?"; IsHumanRequest(text) {
			t.Fatalf("%q: read as a request", text)
		}
	})
}
