package nlu

import "testing"

// TestWithStandardSpelling: a word of no product typed with vowels left out,
// its -ing's g dropped or its -st's t dropped is read as that word; product
// words, known words and letters changed are left as they are.
func TestWithStandardSpelling(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"browsin", "browsing"},
		{"searchin", "searching"},
		{"anythng", "anything"},
		{"evrything", "everything"},
		{"jus", "just"},
		{"shipping", "shipping"}, // a letter changed: no spelling of "shopping"
		{"belt", "belt"},
		{"hoodie", "hoodie"},
		{"sunglasses", "sunglasses"},
		{"looking", "looking"},
		{"xy", "xy"},
		{"bes", "bes"}, // Turkish five, a card position after "number"
	} {
		if got := withStandardSpelling(c.in); got != c.want {
			t.Errorf("withStandardSpelling(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}
