package shop

import (
	"strings"

	"github.com/parleyhq/parley/nlu"
	"github.com/parleyhq/parley/shop/lexicon"
)

// This file reads a request said before a clause that tells why ("gloves, i
// lost one shoveling", "umbrellas, the wind up here is brutal"): the shopper
// names the thing, then talks about their life. The reason clauses the
// lexicon lists (aside_clauses.txt: "mine ...", "for my ...") are read away
// before the parse; any other statement after the first comma left the whole
// message unread, and the shop asked what the shopper meant. The same shape
// is a remark as often ("snow day, school is closed", "payday, the rent is
// due"): the words before the comma are taken as a request only when they
// name what the catalog sells, or a thing one buys (a noun whose first sense
// is a made thing: lexicon.IsArtifactNoun, from WordNet), never a time, an
// event or an act.

// negationWords in a clause after a request may turn it ("gloves, not wool",
// "a hat, don't need one"): the message is read as written.
var negationWords = map[string]bool{"not": true, "no": true, "dont": true, "don't": true, "never": true, "nor": true,
	"doesnt": true, "doesn't": true, "isnt": true, "isn't": true, "without": true, "except": true, "nothing": true}

// readHeadBeforeReason reads again, alone, the words before the first comma of
// a typed message the shop read as nothing (it would ask), when the clause
// after them may be a reason (nlu.ReasonAfterAnswer: two words or more, no
// question, correction or change of mind), holds no negation and names nothing
// the catalog knows. The reading stands when it is a search for what the
// catalog sells, or for a thing one buys that it does not (seed 000: a noun the
// shop does not sell is a product search); otherwise the first reading is kept
// and the shop asks.
func (t *turn) readHeadBeforeReason(text string) {
	if t.req.Intent != nlu.ShopAmbiguous || t.msg.NLU != nil || !strings.Contains(text, ",") {
		return
	}
	head, clause, ok := nlu.ReasonAfterAnswer(text)
	if !ok || t.clauseTurnsRequest(clause) || holdsNegation(nlu.FoldWords(head)) || nlu.IsOnlyCourtesy(clause) {
		return // "the belt no, thank you" declines; no reason is said
	}
	first := *t
	t.msg.Text, t.req, t.unsold = head, nlu.ShopRequest{}, false
	t.understandText()
	if t.req.Intent != nlu.ShopSearch || t.unsold && !namesAThing(head, t.req.Sought) {
		*t = first
	}
}

// namesAThing reports whether the request before the comma ends in a made
// thing, and so does the product phrase read from it ("rain boots": boots;
// "road trip" is no thing, though "road" is).
func namesAThing(head string, sought []string) bool {
	ws := nlu.FoldWords(head)
	return len(ws) > 0 && len(sought) > 0 && lexicon.IsArtifactNoun(ws[len(ws)-1]) &&
		lexicon.IsArtifactNoun(sought[len(sought)-1])
}

// clauseTurnsRequest reports whether a clause after a request may change what
// is asked for: a negation, or a word the catalog knows.
func (t *turn) clauseTurnsRequest(clause string) bool {
	words := nlu.FoldWords(clause)
	return holdsNegation(words) || len(t.known(words)) > 0
}

// holdsNegation reports whether one of words is a negation.
func holdsNegation(words []string) bool {
	for _, w := range words {
		if negationWords[w] {
			return true
		}
	}
	return false
}
