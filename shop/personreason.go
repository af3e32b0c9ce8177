package shop

import (
	"slices"
	"strings"

	"github.com/parleyhq/parley/nlu"
)

// personWithReason reads a message whose first clause alone asks for a
// person ("a person", "an agent please") and whose later clauses give the
// reason ("a person, i have a question about an order") as the request for
// a person (seed 000 section 3.1, human requested): the reason is the
// shopper's own, for the person to hear, never a search. A later clause
// naming a product the catalog sells, or a kind of one ("a person, is the
// cap in stock?"), leaves the message as the parser read it.
func (t *turn) personWithReason() {
	if t.req.Intent != nlu.ShopSearch && t.req.Intent != nlu.ShopAmbiguous {
		return
	}
	at := strings.IndexAny(t.msg.Text, ",;:.!?")
	if at <= 0 {
		return
	}
	first, reason := t.msg.Text[:at], strings.TrimLeft(t.msg.Text[at+1:], " ,;:.!?")
	if reason == "" || socialIntent(first) != nlu.ShopHuman || t.namesCatalogWord(reason) ||
		slices.ContainsFunc(nlu.FoldWords(reason), t.namesAKind) {
		return
	}
	t.req, t.unsold = nlu.ShopRequest{Intent: nlu.ShopHuman}, false
}

// personThroughTypo reads a search for something unsold, or nothing
// understood, that asks for a person once a word beside a human noun is read
// as the word it is one typo from ("a reel person": "a real person";
// nlu.HumanThroughTypo) as the request for a person. A typed word the
// catalog knows or that names a kind of product is the shopper's own word,
// never a typo.
func (t *turn) personThroughTypo() {
	if !t.unsold && t.req.Intent != nlu.ShopAmbiguous {
		return
	}
	if typed, ok := nlu.HumanThroughTypo(t.msg.Text); ok && !t.namesAKind(typed) && len(typoKinds(typed)) == 0 {
		t.req, t.unsold = nlu.ShopRequest{Intent: nlu.ShopHuman}, false
	}
}
