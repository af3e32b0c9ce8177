package shop

import (
	_ "embed"
	"strings"

	"github.com/parleyhq/parley/nlu"
	"github.com/parleyhq/parley/shop/lexicon"
)

// A product search needs a word the shop can name (issue 38 round 27): a
// word of the catalog or of the everyday lexicon (a form of one, or a close
// typo of one), a kind word of another language, a made thing's noun, or an
// ordinary English word (lexicon/english_words.txt, Debian's wamerican,
// NOTICE entry 8), which may be a thing the shop does not sell. A word that
// is none of these ("chamgei", "bua", "kuch", "len") is no item: beside a
// greeting, a thanks or a vague opening it is that message's word of
// another language, never a search for it.

// socialBesideUnnamed reads again a typed message read as a search for
// something unsold, as nothing, or as a search of a word the shop reaches
// only through a stem ("len" of "lens"), without its unnamed words
// (unnamedWord): when what is left is a greeting, a thanks, small talk, a
// question about the shop or a vague opening ("chamgei, hello", "salaam
// sain, hello", "kuch for my brother, a gift"), that is the reading. What
// is left read as anything else leaves the message as read ("veshti
// available?" searches the veshti the shop does not sell).
func (t *turn) socialBesideUnnamed(clean turn, text string) {
	if t.msg.NLU != nil || t.state() == StateAwaitingConfirmation || !t.mayBeUnnamedSearch() {
		return
	}
	rest, ok := t.withoutUnnamedWords(text)
	if !ok {
		return
	}
	alt := clean
	alt.msg.Text = rest
	alt.understandFramed()
	switch alt.req.Intent {
	case nlu.ShopGreeting, nlu.ShopThanks, nlu.ShopSmallTalk, nlu.ShopAboutBot, nlu.ShopQuestion:
	case nlu.ShopAmbiguous:
		if !alt.vague && !endsInGiftFor(rest) {
			return
		}
	default:
		return
	}
	*t = alt
	t.msg.Text = clean.msg.Text
}

// mayBeUnnamedSearch reports whether the reading may hold an unnamed word
// read as an item: nothing read, an unsold search, or a search of terms
// reached only through the everyday lexicon (asked).
func (t *turn) mayBeUnnamedSearch() bool {
	switch {
	case t.req.Intent == nlu.ShopAmbiguous:
		return true
	case t.req.Intent != nlu.ShopSearch:
		return false
	}
	return t.unsold || len(t.asked) > 0
}

// withoutUnnamedWords returns text without its unnamed words, the marks
// after them kept ("chamgei, hello" gives ", hello"), and whether a word
// was cut and a word is left.
func (t *turn) withoutUnnamedWords(text string) (string, bool) {
	toks := strings.Fields(text)
	words := make([]string, len(toks))
	drop := make([]bool, len(toks))
	cut := false
	for i, tok := range toks {
		words[i] = strings.ToLower(strings.Trim(tok, ".,!?;:'\"’()"))
		drop[i] = t.unnamedWord(words[i])
		cut = cut || drop[i]
	}
	if !cut {
		return text, false
	}
	// A two-letter word beside an unnamed one, in the same clause ("len
	// wo"), is of its language unless English has it (twoLetterWords).
	for i, w := range words {
		if drop[i] || !t.unnamedShortWord(w) {
			continue
		}
		before := i > 0 && drop[i-1] && !strings.ContainsAny(toks[i-1], ",;.!?")
		after := i+1 < len(toks) && drop[i+1] && !strings.ContainsAny(toks[i], ",;.!?")
		drop[i] = before || after
	}
	kept := make([]string, 0, len(toks))
	for i, tok := range toks {
		if !drop[i] {
			kept = append(kept, tok)
		} else if m := strings.TrimLeft(tok, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'’"); m != "" {
			kept = append(kept, m)
		}
	}
	rest := strings.Join(kept, " ")
	return rest, strings.ContainsFunc(rest, isLetterRune)
}

// twoLetterWordsText is lexicon/two_letter_words.txt: wamerican's words of
// two letters.
//
//go:embed lexicon/two_letter_words.txt
var twoLetterWordsText string

var twoLetterWords = readWordList(twoLetterWordsText)

// unnamedShortWord reports whether w is a word of two letters English does
// not have, no word of the catalog and no greeting, thanks or polite word.
func (t *turn) unnamedShortWord(w string) bool {
	return len(w) == 2 && isLetters(w) && !twoLetterWords[w] && !t.e.catalogWords[w] &&
		nlu.BuiltinIntent(w).Intent == "" && !nlu.IsPolite(w)
}

// isLetterRune reports whether r is an ASCII letter.
func isLetterRune(r rune) bool { return r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' }

// unnamedWord reports whether w, a word of three or more ASCII letters, is
// one the shop cannot name (see above): no English word, no word of the
// catalog or the everyday lexicon nor a typo of one, no kind word, no made
// thing, no word the gloss layer reads, no greeting, thanks or polite word
// of the built-in intents. A typo of an English word counts only from
// minEnglishTypo letters ("umbrela"): a shorter one ("sain") is as often a
// word of another language. A bare stem of the everyday lexicon ("len" of
// "lens") is no word.
func (t *turn) unnamedWord(w string) bool {
	if len(w) < minEnglishWord || strings.ContainsFunc(w, func(r rune) bool { return r < 'a' || r > 'z' }) {
		return false
	}
	if isEnglishWord(w) || len(w) >= minEnglishTypo && isEnglishTypo(w) || t.e.catalogWords[w] || t.e.catalogTypo(w) != "" {
		return false
	}
	// "smth", "na": a word the parser reads as naming no product, or slang
	// for things to buy ("loot"), is a word of the shop's, no unnamed one.
	if nlu.NamesNoProduct(w) || vagueOpenings[w] {
		return false
	}
	return !namesAKindElsewhere(w) && nlu.BuiltinIntent(w).Intent == "" && !nlu.IsPolite(w)
}

// namesAKindElsewhere reports whether w is a word of the everyday lexicon
// (a form of one: a bare stem is none) or a typo of one, a kind word of
// another language, a made thing's noun or a word the gloss reads.
func namesAKindElsewhere(w string) bool {
	if kinds := everydayKinds(w); len(kinds) > 0 && (nlu.Stem(w) != w || len(everydayWords.Near(nil, w, 0)) > 0) {
		return true
	}
	return len(typoKinds(w)) > 0 || kindOfWord(w) != "" || lexicon.IsArtifactNoun(w) || nlu.Gloss(w) != w
}

// endsInGiftFor reports whether text says a gift or whom it is for and
// nothing read ("for my brother, a gift"): a vague opening, asked what.
func endsInGiftFor(text string) bool {
	ws := nlu.FoldWords(text)
	return len(ws) > 0 && (ws[0] == "for" || ws[len(ws)-1] == "gift" || ws[len(ws)-1] == "present")
}

// participleParticles are the particles that may close a participle
// describing a card's feature ("stitched on", "printed across").
var participleParticles = map[string]bool{"on": true, "in": true, "onto": true, "into": true, "up": true, "over": true, "across": true, "through": true, "down": true, "out": true}

// irregularMakingParticiples are the past participles of the verbs of
// making a garment's feature that do not end in "-ed" (Merriam-Webster's
// principal parts of sew, weave, knit, draw, write).
var irregularMakingParticiples = map[string]bool{"sewn": true, "woven": true, "knit": true, "drawn": true, "written": true}

// withoutFeatureParticiple returns text without a past participle (and its
// particle) that closes it right after a catalog word while cards are
// shown ("the beanie that has the logo stitched on", "the cap with the
// logo printed"): the participle says how the feature is made, and the
// words before it name the card.
func (t *turn) withoutFeatureParticiple(text string) string {
	if len(t.st.PageProductIDs) == 0 {
		return text
	}
	toks := strings.Fields(text)
	n := len(toks)
	if n < 3 {
		return text
	}
	key := func(i int) string { return strings.ToLower(strings.Trim(toks[i], ".,!?;:'\"’()")) }
	end := n - 1
	if participleParticles[key(end)] {
		end--
	}
	p := key(end)
	if end < 1 || !(irregularMakingParticiples[p] || len(p) > 4 && strings.HasSuffix(p, "ed") && isEnglishWord(p)) || !t.e.catalogWords[nlu.Stem(key(end-1))] && !t.e.catalogWords[key(end-1)] {
		return text
	}
	return strings.Join(toks[:end], " ") + trailingMark(toks[n-1])
}

// trailingMark is the sentence mark ending tok, if any.
func trailingMark(tok string) string {
	if i := strings.LastIndexFunc(tok, func(r rune) bool { return !strings.ContainsRune(".!?", r) }); i+1 < len(tok) {
		return tok[i+1:]
	}
	return ""
}
