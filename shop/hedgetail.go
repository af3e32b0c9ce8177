package shop

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/parleyhq/parley/nlu"
)

// withoutHedgeTail leaves out of text a hedge that ends it ("winter coat,
// if that works", "a hoodie, maybe", "the belt, I guess"): nlu's frame
// words, which carry nothing of the request. Only a tail of an English
// message is left out (allEnglishBut): text whose gloss changes anything
// else, is nothing but a hedge, is a yes or a no as a whole ("na so"), or holds a word of another language ("так,
// будь ласка", whose polite tail the gloss also drops) is returned as it is.
func withoutHedgeTail(text string) string {
	if !allEnglishBut(strings.Fields(text), -1) {
		return text
	}
	g := nlu.Gloss(text)
	if g == "" || len(g) >= len(text) || !strings.HasPrefix(text, g) {
		return text
	}
	if r, _ := utf8.DecodeRuneInString(text[len(g):]); unicode.IsLetter(r) || unicode.IsDigit(r) {
		return text // cut inside a word
	}
	if nlu.YesNo(text) != nlu.Unknown {
		return text // "na so" is Nigerian Pidgin's yes as a whole, not "na" and a hedge
	}
	return g
}
