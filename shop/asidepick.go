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
	if !t.asideSaysNothing(parser, rest) {
		return
	}
	alt := parser.ParseContent(clauses[0])
	switch {
	case alt.Intent == nlu.ShopSelect && len(alt.Mention) > 0 && alt.Ordinal == 0 && !alt.NamesSeveral():
		if len(t.st.PageProductIDs) == 0 || !t.findsAShownCard(alt) {
			return
		}
	case alt.Intent == nlu.ShopSearch && (alt.Category != "" || len(t.known(alt.Terms)) > 0):
	default:
		return
	}
	t.req = alt
}

// asideSaysNothing reports whether clause, a later clause of a message, says
// nothing the shop reads about a product: no catalog word, kind, number,
// refusal, correction, contrast or question, and read alone no pick, price, category or
// intent other than a search of nothing, thanks, a greeting or chat.
func (t *turn) asideSaysNothing(parser *nlu.ShopParser, clause string) bool {
	ws := nlu.FoldWords(clause)
	if len(ws) == 0 || strings.Contains(clause, "?") || t.namesCatalogWord(clause) || nlu.SaysNot(clause) || nlu.RefusesTheCard(clause) {
		return false
	}
	if phraseAt(ws, 0, "instead") > 0 || phraseAt(ws, 0, "refuse") > 0 || phraseAt(ws, 0, "correct") > 0 || phraseAt(ws, 0, "correct_alone") > 0 {
		// "the cap, but cheaper", "the cap, no wait": a contrast or a
		// correction (pick_clauses.txt), never an aside.
		return false
	}
	if slices.ContainsFunc(ws, func(w string) bool { return len(everydayKinds(w)) > 0 || len(typoKinds(w)) > 0 }) {
		return false
	}
	if _, _, corrected := nlu.SplitCorrection(clause); corrected {
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
