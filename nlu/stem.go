package nlu

import (
	"github.com/kljensen/snowball/english"
)

// Stem returns the Snowball (Porter2) stem of an English word, folded as
// lexicon keys are: "booking", "booked" and "books" are "book", "flies" and
// "flying" are "fli", "pizzas" is "pizza". Stop words ("the", "was") and
// words of one or two letters are returned as they are. The stemmer is
// github.com/kljensen/snowball.
func Stem(word string) string {
	w := key(word)
	if !isASCII(w) {
		// Snowball's English rules are for English letters; a word in another
		// script is its own stem.
		return w
	}
	return english.Stem(w, false)
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}
