package nlu

import (
	"strings"
	"unicode"

	"github.com/parleyhq/parley/shop/lexicon"
)

// UnitModifiesPlural reports whether the word of text that ends at end, a
// unit said in the singular ("night"), is the first noun of a compound whose
// head is the plural noun after it ("three night shifts", "two night buses",
// "after four night classes"): the count before it agrees with that plural
// and counts it, so it is no count of the unit. A singular head ("a two
// night stay") leaves the count the unit's. The plural is a word of the
// dictionary (wamerican) of four letters or more ending in one s, that is
// no date word, number or unit of its own.
func UnitModifiesPlural(text string, end int) bool {
	if end <= 0 || end > len(text) || strings.HasSuffix(strings.ToLower(text[:end]), "s") {
		return false
	}
	next, _, _ := strings.Cut(strings.TrimLeftFunc(text[end:], unicode.IsSpace), " ")
	if end < len(text) && !unicode.IsSpace(rune(text[end])) {
		return false
	}
	next = strings.ToLower(strings.TrimRightFunc(next, unicode.IsPunct))
	if len(next) < 4 || !strings.HasSuffix(next, "s") || strings.HasSuffix(next, "ss") || !lowerASCIILetters(next) {
		return false
	}
	if knownDateWord(next) || IsNumberWord(next) || IsCountUnit(next) {
		return false
	}
	return lexicon.IsEnglishWord(next)
}
