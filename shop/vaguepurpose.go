package shop

import (
	"slices"

	"github.com/parleyhq/parley/nlu"
	"github.com/parleyhq/parley/shop/lexicon"
)

// purposeHeads open a request that names no product, only what it is for
// ("a gift for a grad", "something to wear for work"): a thing or a gift.
var purposeHeads = map[string]bool{"something": true, "anything": true, "gift": true, "gifts": true, "present": true, "presents": true}

// purposePrepositions may follow the verb of a use that has no object
// ("something to wear for work", "something to wear to a wedding").
var purposePrepositions = map[string]bool{"for": true, "to": true, "at": true, "on": true, "in": true}

// purposeArticles may stand before a purpose head ("a gift", "some gifts").
var purposeArticles = map[string]bool{"a": true, "an": true, "some": true}

// readVaguePurpose reads a search for something unsold that is a thing or a
// gift and then only who or what it is for ("a gift for a grad", "a present
// for a nurse") or an infinitive of its use ("something to wear for work"):
// every word after "for" or "to" is an English word that names no kind the
// shop knows and no made thing (lexicon.IsArtifactNoun: "something for my
// kayak" stays a search). It names no product: a vague opening, asked what
// the shopper is after, never a search for "grad" or "wear".
func (t *turn) readVaguePurpose(text string) {
	if !t.unsold {
		return
	}
	rest, ok := purposeAfterHead(nlu.FoldWords(text))
	if !ok || slices.ContainsFunc(rest, func(w string) bool {
		return t.namesAKind(w) || lexicon.IsArtifactNoun(w) || !isEnglishWord(w) && (!nlu.NamesNoProduct(w) || len(typoKinds(w)) > 0)
	}) {
		return
	}
	t.req, t.unsold, t.vague = nlu.ShopRequest{Intent: nlu.ShopAmbiguous}, false, true
}

// purposeAfterHead returns the words after a purpose head and its "for" or
// "to" ("a gift for a grad": "a", "grad"), and whether ws open so; a use
// with its object ("something to keep tea warm") is none.
func purposeAfterHead(ws []string) ([]string, bool) {
	if len(ws) > 0 && purposeArticles[ws[0]] {
		ws = ws[1:]
	}
	if len(ws) < 3 || !purposeHeads[ws[0]] || ws[1] != "for" && ws[1] != "to" {
		return nil, false
	}
	if ws[1] == "to" && len(ws) > 3 && !purposePrepositions[ws[3]] {
		return nil, false // "something to keep tea warm": a use with its object, searched
	}
	return ws[2:], true
}
