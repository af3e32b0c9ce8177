package shop

import (
	"slices"
	"strings"

	"github.com/parleyhq/parley/nlu"
)

// productBeforeAside reads a message whose first clause names a product and
// whose later clauses only add an aside of the shopper's own, as that first
// clause: a reason ("the cap, keeps flour off", "the sunglasses, for the
// glare off the snow"), thanks in any language ("sunglasses, рәхмәт", "un
// cap, graciis") or anything else the catalog cannot place. With cards shown
// the clause is a pick of the card it names (several cards: asked which);
// without, the search of the product. A later clause that names a catalog
// word, a kind, a number, a refusal, a correction or asks a question says
// something about the product and leaves the message as read.
func (t *turn) productBeforeAside(parser *nlu.ShopParser) {
	r := t.req
	if t.msg.Meaning != "" || r.Intent != nlu.ShopSearch && r.Intent != nlu.ShopAmbiguous {
		return
	}
	clauses := strings.FieldsFunc(t.msg.Text, isCorrectionBreak)
	if len(clauses) < 2 {
		return
	}
	rest := strings.Join(clauses[1:], ", ")
	alt := parser.ParseContent(clauses[0])
	if !t.namesAProductOrCard(alt) {
		return
	}
	if !t.asideSaysNothing(parser, rest) && !t.reasonForACard(parser, alt, rest) {
		return
	}
	t.req = alt
}

// reasonForACard reports whether rest, the clauses after a first clause that
// picks a shown card (r), is a reason for that pick: it opens with a
// purpose or reason word (pick_clauses.txt "purpose": "for glare off the
// glass", "keeps sun out of my eyes") or is a story said without its subject
// (nlu.VerbStory), asks nothing, refuses or corrects nothing, holds no
// number and names no shown card by its words. Its other words (a catalog
// word, a kind: "glass", "sun") tell why, never what: a reason never starts
// a search.
func (t *turn) reasonForACard(parser *nlu.ShopParser, r nlu.ShopRequest, rest string) bool {
	if r.Intent != nlu.ShopSelect || len(t.st.PageProductIDs) == 0 {
		return false
	}
	ws := nlu.FoldWords(rest)
	if len(ws) < 2 || phraseAt(ws, 0, "purpose") == 0 && !nlu.VerbStory(rest) {
		return false
	}
	if strings.ContainsAny(rest, "?0123456789") || nlu.SaysNot(rest) || nlu.RefusesTheCard(rest) {
		return false
	}
	for _, kind := range []string{"instead", "refuse", "correct", "correct_alone"} {
		if phraseAt(ws, 0, kind) > 0 {
			return false
		}
	}
	if _, _, corrected := nlu.SplitCorrection(rest); corrected {
		return false
	}
	other := parser.ParseContent(rest)
	return !(other.Intent == nlu.ShopSelect && len(other.Mention) > 0 && t.findsAShownCard(other))
}

// namesAProductOrCard reports whether r, a first clause read alone, picks a
// shown card by its words (one or several: asked which) or searches a sold
// product (a category or a catalog word).
func (t *turn) namesAProductOrCard(r nlu.ShopRequest) bool {
	if r.Intent == nlu.ShopSelect && len(r.Mention) > 0 && r.Ordinal == 0 && !r.NamesSeveral() {
		return len(t.st.PageProductIDs) > 0 && t.findsAShownCard(r)
	}
	return r.Intent == nlu.ShopSearch && (r.Category != "" || len(t.known(r.Terms)) > 0)
}

// asideSaysNothing reports whether clause, a later clause of a message, says
// nothing the shop reads about a product: no catalog word, kind, number,
// refusal, correction, contrast or question (asideNamesSomething), and read
// alone no pick, price, category or intent other than a search of nothing,
// thanks, a greeting or chat.
func (t *turn) asideSaysNothing(parser *nlu.ShopParser, clause string) bool {
	if t.asideNamesSomething(clause) {
		return false
	}
	r := parser.ParseContent(clause)
	switch r.Intent {
	case nlu.ShopSearch, nlu.ShopAmbiguous, nlu.ShopThanks, nlu.ShopGreeting, nlu.ShopSmallTalk:
	default:
		return false
	}
	return r.Category == "" && r.Ordinal == 0 && len(r.Ordinals) == 0 && r.PricePick == 0 && !r.Other &&
		r.Price.Min == nil && r.Price.Max == nil && len(r.Mention) == 0 && !r.Exclude
}

// asideNamesSomething reports whether clause holds a word that says something
// about a product or the pick: a catalog word, a kind or a number, a refusal,
// a question mark, or it opens with a contrast or a correction
// (pick_clauses.txt: "the cap, but cheaper", "the cap, no wait").
func (t *turn) asideNamesSomething(clause string) bool {
	ws := nlu.FoldWords(clause)
	if len(ws) == 0 || strings.Contains(clause, "?") || t.namesCatalogWord(clause) || nlu.SaysNot(clause) || nlu.RefusesTheCard(clause) {
		return true
	}
	for _, kind := range []string{"instead", "refuse", "correct", "correct_alone"} {
		if phraseAt(ws, 0, kind) > 0 {
			return true
		}
	}
	if slices.ContainsFunc(ws, func(w string) bool { return len(everydayKinds(w)) > 0 || len(typoKinds(w)) > 0 }) {
		return true
	}
	_, _, corrected := nlu.SplitCorrection(clause)
	return corrected
}

// withShorthand spells the written shorthand of "with" and "without" out
// ("the beanie w/ the logo", "a hoodie w/o a logo"): "w/" and "w/o" as
// Merriam-Webster's abbreviations list them; hand data, no maintained list
// holds them. Another slash ("and/or", "1/2") is left as it is.
func withShorthand(text string) string {
	if !strings.Contains(text, "/") {
		return text
	}
	ws := strings.Fields(text)
	changed := false
	for i, w := range ws {
		lower := strings.ToLower(w)
		switch {
		case lower == "w/o":
			ws[i], changed = "without", true
		case lower == "w/":
			ws[i], changed = "with", true
		case strings.HasPrefix(lower, "w/o") && len(lower) > 3:
			ws[i], changed = "without "+w[3:], true
		case strings.HasPrefix(lower, "w/") && len(lower) > 2:
			ws[i], changed = "with "+w[2:], true
		}
	}
	if !changed {
		return text
	}
	return strings.Join(ws, " ")
}
