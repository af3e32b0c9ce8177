package shop

import (
	"slices"
	"strings"

	"github.com/parleyhq/parley/nlu"
)

// parser is the rule-based parser of this turn's catalog.
func (t *turn) parser() *nlu.ShopParser {
	if t.e.parser != nil {
		return t.e.parser
	}
	return t.e.parserFor(t.categories())
}

// readGloss reads, through the gloss layer (nlu.Gloss: nlu/gloss/*.txt), a
// message whose words the shop's vocabulary left unread: "عندكم نظارات
// شمسية؟" is a search for sunglasses, as the flows' readers read it. Only
// then is a word the catalog does not know a search for something unsold
// (issue 38 item 5). The glossed reading is kept when it searches for what
// the catalog knows or picks a card; otherwise the message stays as read.
// With cards shown, a search or a pick by words is read through the gloss
// too, and its glossed reading kept only when it picks a card ("las gafas de
// sol", "los lentes de sol").
func (t *turn) readGloss() {
	read, ok := t.glossMayRead()
	if !ok {
		return
	}
	g := nlu.Gloss(t.msg.Text)
	if g == t.msg.Text {
		return
	}
	prev, prevUnsold, prevAsked := t.req, t.unsold, t.asked
	t.unsold, t.asked = false, nil
	t.req = t.parser().Parse(g, "")
	t.productOverTypo(t.parser()) // "hoody pls" is no "howdy please"
	t.req.Price = priceInDomain(t.req.Price)
	switch t.req.Intent {
	case nlu.ShopHuman, nlu.ShopGreeting, nlu.ShopThanks, nlu.ShopAboutBot, nlu.ShopShowMore:
		return // a chat spelling ("gimme a human", "moar pls")
	case nlu.ShopSearch, nlu.ShopSelect:
	default:
		t.req, t.unsold, t.asked = prev, prevUnsold, prevAsked
		return
	}
	t.respell() // as the message as typed is: "the cpa pls" glossed keeps its cap
	t.keepKnownTerms()
	if t.req.Intent == nlu.ShopAmbiguous || t.unsold || (t.req.Intent == nlu.ShopSelect && len(t.req.Mention) == 0) ||
		read && t.req.Intent != nlu.ShopSelect {
		// A search or pick the shop understood stays as read unless its
		// gloss picks a card shown ("las gafas de sol": the sunglasses).
		t.req, t.unsold, t.asked = prev, prevUnsold, prevAsked
	}
}

// glossMayRead reports whether the gloss may read the message better (ok): a
// message left unread, a search for what is not sold, or, with cards shown,
// a search or a pick by words; read says the message was understood (a
// search of what is sold, a pick), so that only a glossed pick replaces it.
func (t *turn) glossMayRead() (read, ok bool) {
	cardsShown := len(t.st.PageProductIDs) > 0
	switch r := t.req; {
	case r.Intent == nlu.ShopAmbiguous, r.Intent == nlu.ShopSearch && t.unsold:
		return false, true
	case r.Intent == nlu.ShopSearch && cardsShown, r.Intent == nlu.ShopSelect && cardsShown && len(r.Mention) > 0:
		return true, true
	}
	return false, false
}

// bareNameOfACard reads a product's name on its own ("belt pls", "beanie
// with logo") while cards are shown as a pick of the card it names: the
// catalog holds one product that every word of the name finds, and it is on
// the page. A name several products answer to ("hoodie") or a plural
// ("belts": the kind, not the card) stays a search.
func (t *turn) bareNameOfACard() {
	if !t.mayNameACard() {
		return
	}
	fits, ok := t.productsNamedByAll(t.req.Sought)
	if !ok || len(fits) != 1 || !slices.Contains(t.st.PageProductIDs, fits[0]) || !t.namesInSingular(fits[0]) {
		return
	}
	t.req = nlu.ShopRequest{Intent: nlu.ShopSelect, ProductID: fits[0]}
}

// everydayNameOfACard reads an everyday word for a shown card's kind said on
// its own ("shades" for the sunglasses, everyday.json) while cards are shown
// as a pick of that card, when exactly one card of the page is of a kind the
// word names and the word is plural only where that kind is ("hats" is the
// kind, never the cap). Several cards, or none, leave the search as read.
func (t *turn) everydayNameOfACard() {
	r := t.req
	if r.Intent != nlu.ShopSearch || !r.Bare || len(r.Sought) != 1 || len(t.st.PageProductIDs) == 0 {
		return
	}
	if s := t.state(); s != StateRecommending && s != StateAwaitingConfirmation {
		return
	}
	word := r.Sought[0]
	var fits []string
	for _, kind := range everydayKinds(word) {
		if nlu.Stem(word) != word && nlu.Stem(kind) == kind {
			continue // "hats": the kind, not a card
		}
		ids, err := t.matching(kind, t.st.PageProductIDs)
		if err != nil {
			return
		}
		for _, id := range ids {
			if !slices.Contains(fits, id) {
				fits = append(fits, id)
			}
		}
	}
	if len(fits) == 1 {
		t.req, t.unsold = nlu.ShopRequest{Intent: nlu.ShopSelect, ProductID: fits[0]}, false
	}
}

// mayNameACard reports whether the message can name a card on its own: a bare
// search of a sold product while cards are shown.
func (t *turn) mayNameACard() bool {
	r := t.req
	if r.Intent != nlu.ShopSearch || !r.Bare || t.unsold || len(t.st.PageProductIDs) == 0 || len(r.Sought) == 0 {
		return false
	}
	s := t.state()
	return s == StateRecommending || s == StateAwaitingConfirmation
}

// productsNamedByAll returns the products that every word of sought (but those
// naming no product) finds; ok is false when the catalog cannot be read or none
// fits.
func (t *turn) productsNamedByAll(sought []string) (fits []string, ok bool) {
	for _, w := range sought {
		if nlu.NamesNoProduct(w) {
			continue
		}
		all, err := t.allMatching(w)
		if err != nil {
			t.warn("catalog unavailable", err)
			return nil, false
		}
		if fits != nil {
			all = slices.DeleteFunc(all, func(id string) bool { return !slices.Contains(fits, id) })
		}
		if fits = all; len(fits) == 0 {
			return nil, false
		}
	}
	return fits, true
}

// maxNameMatches bounds the products a name is looked up against: a name
// that finds more is no card's own.
const maxNameMatches = 3

// allMatching returns the catalog's products that word finds, at most
// maxNameMatches.
func (t *turn) allMatching(word string) ([]string, error) {
	pg, err := t.e.catalog.Search(t.ctx, Query{Text: word, Terms: []string{word}, Limit: maxNameMatches})
	if err != nil {
		return nil, err
	}
	var out []string
	for _, p := range pg.Products {
		out = append(out, p.ID)
	}
	return out, nil
}

// namesInSingular reports whether every word of the name the shopper said is
// as the product's name writes it or in the singular: "belts" asks for the
// kind, "belt" or "sunglasses" (a name in the plural) for the card.
func (t *turn) namesInSingular(id string) bool {
	p, err := t.e.catalog.Product(t.ctx, id)
	if err != nil {
		return false
	}
	name := nameWords(p.Name)
	return !slices.ContainsFunc(t.req.Sought, func(w string) bool {
		return nlu.Stem(w) != w && !slices.Contains(name, w)
	})
}

// severalNamed returns the cards of the page a message naming several
// ("the second or third", "the cheapest and the dearest") names, in page
// order; the page when they are fewer than two. The shopper is asked which.
func (t *turn) severalNamed(page []string) ([]string, error) {
	var named []string
	add := func(ids ...string) {
		for _, id := range ids {
			if !slices.Contains(named, id) {
				named = append(named, id)
			}
		}
	}
	for _, o := range t.req.Ordinals {
		add(byPosition(page, o)...)
	}
	for _, p := range t.req.PricePicks {
		ids, err := t.byPrice(page, p)
		if err != nil {
			return nil, err
		}
		add(ids...)
	}
	if len(named) < 2 {
		return page, nil
	}
	slices.SortStableFunc(named, func(a, b string) int { return slices.Index(page, a) - slices.Index(page, b) })
	return named, nil
}

// plainOnes keeps, of ids, the product that is the others without extras
// ("the plain beanie", "the plain one": "Beanie", not "Beanie with Logo"):
// the one whose name's words are all in every other's name; ids when no one
// is.
func (t *turn) plainOnes(ids []string) []string {
	names := make([][]string, len(ids))
	for i, id := range ids {
		p, err := t.e.catalog.Product(t.ctx, id)
		if err != nil {
			return ids
		}
		for _, w := range nameWords(p.Name) {
			names[i] = append(names[i], nlu.Stem(w))
		}
	}
	var plain []string
	for i, id := range ids {
		base := len(names[i]) > 0
		for j := range ids {
			if j != i && (len(names[j]) <= len(names[i]) || slices.ContainsFunc(names[i], func(w string) bool { return !slices.Contains(names[j], w) })) {
				base = false
			}
		}
		if base {
			plain = append(plain, id)
		}
	}
	if len(plain) == 1 {
		return plain
	}
	return ids
}

// nameWords are the content words of a product's name, lower case: "Beanie
// with Logo" is "beanie" and "logo".
func nameWords(name string) []string {
	var out []string
	for _, w := range strings.FieldsFunc(strings.ToLower(name), func(r rune) bool {
		return r == ' ' || r == '-' || r == ',' || r == '(' || r == ')' || r == '/'
	}) {
		if !nlu.NamesNoProduct(w) {
			out = append(out, w)
		}
	}
	return out
}

// excludesAShownCard reports whether r refuses cards of the page by words
// that find some of them, and leaves some ("not the one with the logo"); "not
// this time" finds none and refuses no card.
func (t *turn) excludesAShownCard(r nlu.ShopRequest) bool {
	page := t.st.PageProductIDs
	if !r.Exclude || len(page) == 0 {
		return false
	}
	saved := t.req
	t.req = r
	left, err := t.notMentioned(page)
	t.req = saved
	return err == nil && len(left) > 0 && len(left) < len(page)
}

// namesACard reports whether a typed selection names a card: by words, a
// position, its price or as the other one.
func namesACard(r nlu.ShopRequest) bool {
	return len(r.Mention) > 0 || r.Ordinal != 0 || r.PricePick != 0 || r.Other || r.NamesSeveral() || r.Refuses()
}

// notRefused returns the cards of the page other than those refused by
// position or price ("not the first one", "not the cheapest"), and other
// than the one awaiting confirmation, when one is.
func (t *turn) notRefused(page []string) ([]string, error) {
	r := t.req
	var out []string
	for i, id := range page {
		refused := false
		for _, o := range r.RefusedOrdinals {
			at, ok := positionIndex(len(page), o)
			refused = refused || ok && at == i
		}
		if !refused {
			out = append(out, id)
		}
	}
	for _, p := range r.RefusedPricePicks {
		ids, err := t.byPrice(page, p)
		if err != nil {
			return nil, err
		}
		out = slices.DeleteFunc(out, func(id string) bool { return slices.Contains(ids, id) })
	}
	return out, nil
}
