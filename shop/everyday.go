package shop

import (
	_ "embed"
	"encoding/json"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/parleyhq/parley/nlu"
)

// everydayJSON is the lexicon of everyday words shoppers use for kinds of products
// that catalogs name more narrowly ("hats" for caps and beanies, "shades" for
// sunglasses): lexicon/everyday.json, kept by hand.
//
//go:embed lexicon/everyday.json
var everydayJSON []byte

// everyday maps the stem of an everyday word (nlu.Stem) to the kinds it names.
// Built once, never written afterwards.
var everyday = buildEveryday(everydayJSON)

// buildEveryday reads the lexicon; keys starting with "_" are comments. An
// unreadable lexicon is empty (TestEverydayLexicon refuses one).
func buildEveryday(data []byte) map[string][]string {
	var raw map[string]json.RawMessage
	if json.Unmarshal(data, &raw) != nil {
		return nil
	}
	out := make(map[string][]string, len(raw))
	for word, v := range raw {
		var kinds []string
		if strings.HasPrefix(word, "_") || json.Unmarshal(v, &kinds) != nil {
			continue
		}
		out[nlu.Stem(strings.ToLower(word))] = kinds
	}
	return out
}

// everydayKinds returns the kinds an everyday word names, or nil.
func everydayKinds(word string) []string {
	return everyday[nlu.Stem(strings.ToLower(word))]
}

// everydayWords indexes every word of the lexicon, its everyday words and the
// kinds they name, for typos: the shop's everyday vocabulary.
var everydayWords = buildEverydayWords(everydayJSON)

// buildEverydayWords is the typo index of the lexicon's words, each once.
func buildEverydayWords(data []byte) *nlu.Fuzzy {
	var raw map[string]json.RawMessage
	if json.Unmarshal(data, &raw) != nil {
		return nlu.NewFuzzy(nil)
	}
	var words []string
	for word, v := range raw {
		var kinds []string
		if strings.HasPrefix(word, "_") || json.Unmarshal(v, &kinds) != nil {
			continue
		}
		words = append(words, word)
		words = append(words, kinds...)
	}
	slices.Sort(words)
	return nlu.NewFuzzy(slices.Compact(words))
}

// minTypoLength is the shortest word read as a typo of a lexicon word: shorter
// ones ("cop", "bap") are as often other words.
const minTypoLength = 5

// typoKinds reads a word the catalog does not know as a typo of one word of the
// everyday vocabulary ("sunglases", "beenie", "hoddie"): the one word nearest,
// within nlu.FuzzyTolerance, with the kinds it names. Two words equally near is
// no reading (nil), never a guess.
func typoKinds(word string) []string {
	w := strings.ToLower(word)
	if utf8.RuneCountInString(w) < minTypoLength {
		return nil
	}
	var best []nlu.FuzzyMatch
	for _, m := range everydayWords.Near(nil, w, nlu.FuzzyTolerance(w)) {
		switch {
		case m.Distance == 0 || m.Distance > nlu.FuzzyTolerance(m.Entry):
		case len(best) == 0 || m.Distance < best[0].Distance:
			best = []nlu.FuzzyMatch{m}
		case m.Distance == best[0].Distance:
			best = append(best, m)
		}
	}
	if len(best) != 1 {
		return nil
	}
	return append([]string{best[0].Entry}, everydayKinds(best[0].Entry)...)
}

// widen replaces the words of the message the catalog does not know by the kinds
// of the everyday lexicon it does know ("hats": cap, beanie), so that a shopper's
// own word finds what the catalog holds under other names. It returns the search
// terms and the shopper's words they stand for, in message order; asked is nil
// when nothing was widened.
func (t *turn) widen(words, known []string) (terms, asked []string) {
	terms = slices.Clone(known)
	widened := false
	for _, w := range words {
		if slices.Contains(known, w) {
			asked = append(asked, w)
			continue
		}
		kinds := t.kindsOf(w)
		if len(kinds) == 0 {
			continue
		}
		found := t.known(kinds)
		if len(found) == 0 {
			continue
		}
		widened = true
		asked = append(asked, w)
		for _, k := range found {
			if !slices.Contains(terms, k) {
				terms = append(terms, k)
			}
		}
	}
	if !widened {
		return known, nil
	}
	return terms, asked
}

// kindsOf returns what a word the catalog does not know stands for: the kinds
// of the everyday word it is or is a typo of, or the compound it writes as one
// word; nil for none.
func (t *turn) kindsOf(w string) []string {
	kinds := everydayKinds(w)
	if len(kinds) == 0 {
		kinds = typoKinds(w)
	}
	if len(kinds) == 0 && t.isSoughtHead(w) {
		kinds = t.compoundOf(w)
	}
	return kinds
}

// maxCompoundLength bounds the words read as a compound written as one
// (compoundOf): each split is a question to the catalog.
const maxCompoundLength = 14

// isSoughtHead reports whether w is the thing the message's product phrase
// seeks (its last word): the one word worth more questions to the catalog.
func (t *turn) isSoughtHead(w string) bool {
	s := t.req.Sought
	return len(s) > 0 && s[len(s)-1] == w
}

// compoundOf reads a word the catalog does not know as a compound written
// without its hyphen or space ("vneck": v-neck, "crewneck", "beltbag"): the
// one split of it into two words that the catalog holds side by side, or
// nil. Two splits held is no reading; never a guess.
func (t *turn) compoundOf(w string) []string {
	if len(w) < 3 || len(w) > maxCompoundLength || strings.ContainsFunc(w, func(r rune) bool { return r < 'a' || r > 'z' }) {
		return nil
	}
	splits := make([]string, 0, len(w)-1)
	for i := 1; i < len(w); i++ {
		splits = append(splits, w[:i]+"-"+w[i:])
	}
	if known := t.known(splits); len(known) == 1 {
		return known
	}
	return nil
}
