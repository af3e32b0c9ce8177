package nlu

import (
	"testing"

	"pgregory.net/rapid"
)

// TestVerbStoryClass: a clause said without its subject (a past, a
// participle, a five-letter participle of a vowel stem, a present in -s with
// its object) is a story; a noun in -ing, a plural without an object, a
// single word are none. A plural before its object ("socks for the
// winter") reads as a present: the shop checks the word names no product.
func TestVerbStoryClass(t *testing.T) {
	for text, want := range map[string]bool{
		"going hiking":          true,
		"doing a course":        true,
		"visiting my aunt":      true,
		"lost mine":             true,
		"fits under the helmet": true,
		"keeps the sun off":     true,
		"matches my jacket":     true,
		"thing for my son":      false,
		"swing set":             false,
		"glass lenses":          false,
		"going":                 false,
		"sunglasses":            false,
	} {
		if got := VerbStory(text); got != want {
			t.Errorf("VerbStory(%q) = %v, want %v", text, got, want)
		}
	}
	for text, want := range map[string]bool{"please": true, "thank you": true, "plis": true, "cap please": false, "": false} {
		if got := IsPolite(text); got != want {
			t.Errorf("IsPolite(%q) = %v, want %v", text, got, want)
		}
	}
}

// TestVerbStoryProperty: a present in -s before its object is a story; the
// same word with no object after it within two words is none.
func TestVerbStoryProperty(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		verb := rapid.SampledFrom([]string{"fits", "keeps", "goes", "matches", "looks", "works"}).Draw(t, "verb")
		object := rapid.SampledFrom([]string{"my", "the", "our", "her"}).Draw(t, "object")
		if !VerbStory(verb + " " + object + " bike") {
			t.Fatalf("%q with its object is no story", verb)
		}
		if VerbStory(verb + " quite nicely") {
			t.Fatalf("%q without an object is a story", verb)
		}
	})
}
