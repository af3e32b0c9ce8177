package nlu

import (
	"slices"
	"strings"
)

// shopMoreAlone are words asking for more that are also an ordinary word of
// another language or of English (Hebrew "od" is Polish "from", Dutch "meer"
// German "sea"): the "morealone" lines of shop_words.txt. They ask for more
// only as the whole message (asksMoreAlone); in a sentence they are neither a
// cue nor dropped.
var shopMoreAlone = map[string]bool{}

// shopMoreTypoWords are the English words asking for more that are read with
// two neighbouring letters swapped ("mroe", "nxet", "ohter") when they are the
// whole message: a swap keeps every letter, and no English word is a swap of
// one of them.
var shopMoreTypoWords = wordSet(`more next other others else extra another`)

// shopMoreOf are the words of "of them" and "of those" after a word asking
// for more ("mroe of them pls"): they name the cards shown, no product.
var shopMoreOf = wordSet(`of them those these`)

// asksMoreAlone reports whether the message asks for more and says nothing
// else but polite words: a word of shopMoreAlone ("od?", "meer pls"), or a
// word of shopMoreTypoWords typed with a swap ("mroe"), with more words,
// polite ones or "of them" (shopMoreOf) beside it. A message holding any other word is left to the
// content reader.
func asksMoreAlone(text string) bool {
	ws, _ := shopWords(key(text))
	if asksCourtesyMore(ws) {
		return true // "ýene", "tse dingwe": courtesy_words.txt's "more"
	}
	alone := false
	for _, w := range ws {
		switch {
		case shopMoreAlone[w] || swappedMoreWord(w):
			alone = true
		case shopMoreWords[w] || shopPoliteParticles[w] || shopMoreOf[w]:
		default:
			return false
		}
	}
	return alone
}

// swappedMoreWord reports whether w is a word of shopMoreTypoWords with two
// neighbouring letters swapped.
func swappedMoreWord(w string) bool {
	if len(w) < 4 || shopMoreWords[w] {
		return false
	}
	for m := range shopMoreTypoWords {
		if len(m) == len(w) && TypoDistance(w, m) == 1 && sameLetters(w, m) {
			return true
		}
	}
	return false
}

// sameLetters reports whether a and b hold the same letters, in any order.
func sameLetters(a, b string) bool {
	for _, r := range a {
		if strings.Count(a, string(r)) != strings.Count(b, string(r)) {
			return false
		}
	}
	return true
}

// shopHedgeWords say that what their clause names is wished, not required
// ("leather if you have it", "ideally black"): the "hedge" lines of
// shop_words.txt.
var shopHedgeWords = map[string]bool{}

// withoutWishClause returns the sought phrase without the words of a later
// clause of k (the normalized message) that holds a hedge: "a belt, leather
// if you have it" seeks a belt; the wished words stay search terms, kept only
// when the catalog knows them. A hedge in the first clause ("leather belt if
// possible") leaves the phrase as it is.
func withoutWishClause(sought []string, k string) []string {
	clauses := strings.FieldsFunc(k, func(r rune) bool { return strings.ContainsRune(",;", r) })
	for _, c := range clauses[min(1, len(clauses)):] {
		ws := strings.Fields(strings.Map(queryRune, c))
		if !slices.ContainsFunc(ws, func(w string) bool { return shopHedgeWords[w] }) {
			continue
		}
		kept := slices.DeleteFunc(slices.Clone(sought), func(w string) bool { return slices.Contains(ws, w) })
		if len(kept) > 0 {
			return kept
		}
	}
	return sought
}
