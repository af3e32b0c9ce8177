package nlu

import "testing"

// TestWithHumanNounTypos: a word one typo from a noun of a human is read as
// the noun; a key with none is kept as it is, without being cut into a slice.
func TestWithHumanNounTypos(t *testing.T) {
	for _, tt := range []struct {
		k, want string
		ok      bool
	}{
		{"an agnet please", "an agent please", true},
		{"a humna coach please", "a human coach please", true},
		{"real persn pls", "real person pls", true},
		{"i want to book a flight", "i want to book a flight", false},
		{"agents please", "agents please", false},                                                     // an ordinary word near a noun
		{"one two three four five six seven agnet", "one two three four five six seven agnet", false}, // too long
		{"", "", false},
	} {
		got, ok := withHumanNounTypos(tt.k)
		if got != tt.want || ok != tt.ok {
			t.Errorf("withHumanNounTypos(%q) = %q, %v, want %q, %v", tt.k, got, ok, tt.want, tt.ok)
		}
	}
	if n := testing.AllocsPerRun(100, func() { withHumanNounTypos("i want to book a flight") }); n != 0 {
		t.Errorf("withHumanNounTypos of a key without a typo allocates %v times, want 0", n)
	}
}
