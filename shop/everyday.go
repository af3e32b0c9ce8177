package shop

import (
	_ "embed"
	"encoding/json"
	"slices"
	"strings"

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
		kinds := everydayKinds(w)
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
