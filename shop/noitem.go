package shop

import (
	_ "embed"
	"slices"
	"strings"

	"github.com/parleyhq/parley/nlu"
)

// noItemText is lexicon/no_item.txt: the words of a gift or of what is popular,
// which name no product.
//
//go:embed lexicon/no_item.txt
var noItemText string

// pendingWordsText is lexicon/pending_words.txt: the words that stand for
// the product in question in a question about it.
//
//go:embed lexicon/pending_words.txt
var pendingWordsText string

// pendingWords are the words of pendingWordsText, folded.
var pendingWords = readWordList(pendingWordsText)

// asksAboutThePending reports whether, with a confirmation pending, the
// message is a question about the product in question rather than a yes, a
// no or a new request ("does it come in blue?", "is this one in stock?"):
// read as a search or as nothing, it asks, and a word of pendingWords stands
// for the product. It is answered by asking the confirmation again.
func (t *turn) asksAboutThePending() bool {
	switch t.req.Intent {
	case nlu.ShopSearch, nlu.ShopAmbiguous:
	default:
		return false
	}
	if !nlu.AsksQuestion(t.msg.Text) {
		return false
	}
	ws := nlu.FoldWords(t.msg.Text)
	return slices.ContainsFunc(ws, func(w string) bool { return pendingWords[w] }) || t.namesThePendingDefinitely(ws)
}

// definiteWords are the words that point at a thing already in view before
// its name ("the cap", "this cap", "your cap").
var definiteWords = map[string]bool{"the": true, "this": true, "that": true, "your": true, "ur": true}

// namesThePendingDefinitely reports whether ws name the product in question
// by a word of its name after a definite word ("does the cap come in
// blue?", "is the strap on the cap adjustable?"): the card already in view,
// no new search.
func (t *turn) namesThePendingDefinitely(ws []string) bool {
	p := t.st.Conversation.PendingConfirmation.TargetID
	if p == nil {
		return false
	}
	prod, err := t.e.catalog.Product(t.ctx, *p)
	if err != nil {
		return false
	}
	name := nlu.FoldWords(prod.Name)
	for i := 1; i < len(ws); i++ {
		if definiteWords[ws[i-1]] && !nameJoiners[ws[i]] && slices.Contains(name, ws[i]) {
			return true
		}
	}
	return false
}

// noItemWords are the words of noItemText, folded as nlu.FoldWords folds.
var noItemWords = readWordList(noItemText)

// readWordList reads a word list: words separated by spaces, lines starting
// with "#" comments.
func readWordList(text string) map[string]bool {
	set := map[string]bool{}
	for _, line := range strings.Split(text, "\n") {
		if strings.HasPrefix(strings.TrimSpace(line), "#") {
			continue
		}
		for _, w := range nlu.FoldWords(line) {
			set[w] = true
		}
	}
	return set
}

// namesNoItem reports whether a search asks only for a budget on a gift or on
// what is popular ("a gift under 30", "un regalo de menos de 20"): no product,
// no category, a price, and a word of noItemWords. Such a budget alone is no
// item: the shopper is asked what they are looking for. With a search under
// way a price alone refines it ("what about under 50 then") and is read so.
func (t *turn) namesNoItem() bool {
	r := t.req
	if r.Intent != nlu.ShopSearch || len(r.Terms) > 0 || r.Category != "" || t.queryContextValid() {
		return false
	}
	return slices.ContainsFunc(nlu.FoldWords(t.msg.Text), func(w string) bool { return noItemWords[w] })
}
