package shop

import (
	_ "embed"
	"slices"
	"strings"

	"github.com/parleyhq/parley/nlu"
)

// moreReasonsText is lexicon/more_reasons.txt.
//
//go:embed lexicon/more_reasons.txt
var moreReasonsText string

// moreReasons are the word sets of more_reasons.txt by kind.
var moreReasons = readWordKinds(moreReasonsText)

// readWordKinds reads "kind: word word" lines of folded words, "#" lines
// being comments.
func readWordKinds(text string) map[string]map[string]bool {
	out := map[string]map[string]bool{}
	for line := range strings.Lines(text) {
		kind, words, ok := strings.Cut(line, ":")
		if !ok || strings.HasPrefix(strings.TrimSpace(line), "#") {
			continue
		}
		kind = strings.TrimSpace(kind)
		if out[kind] == nil {
			out[kind] = map[string]bool{}
		}
		for _, w := range nlu.FoldWords(words) {
			out[kind][w] = true
		}
	}
	return out
}

// moreWithReason reads a request for more said with a reason about the
// cards shown ("more, none of these grab me", "not feeling these, show me
// others"): one clause asks for more as a whole message would, and every
// other clause is a reason (isMoreReason). Any other message is left as read.
func (t *turn) moreWithReason(parser *nlu.ShopParser) {
	if t.req.Intent == nlu.ShopShowMore || t.msg.Meaning != "" || !strings.ContainsAny(t.msg.Text, ",;.!–—") {
		return
	}
	clauses := strings.FieldsFunc(t.msg.Text, isCorrectionBreak)
	if len(clauses) < 2 {
		return
	}
	more := 0
	for _, c := range clauses {
		switch {
		case nlu.IsPolite(c):
			// "more, please, different colors": a clause of its own.
		case parser.Parse(c, "").Intent == nlu.ShopShowMore:
			more++
		case !t.isMoreReason(c):
			return
		}
	}
	if more == 1 {
		t.req = nlu.ShopRequest{Intent: nlu.ShopShowMore}
	}
}

// turnsDownTheCards reports whether a clause's words speak of the cards
// shown and say they do not suit, or ask for other values of an aspect of
// them, none named ("different colors").
func turnsDownTheCards(ws []string) bool {
	shown, dislike, variety, aspect := false, false, false, false
	for _, w := range ws {
		shown = shown || moreReasons["shown"][w]
		dislike = dislike || moreReasons["dislike"][w]
		variety = variety || moreReasons["variety"][w]
		aspect = aspect || moreReasons["aspect"][w]
	}
	return shown && dislike || variety && aspect && len(ws) <= maxVarietyWords
}

// maxVarietyWords is the most words a clause asking for other values of an
// aspect holds ("in different colors please").
const maxVarietyWords = 4

// isMoreReason reports whether a clause turns down the cards shown: it
// speaks of them (a "shown" word), says they do not suit (a "dislike"
// word) or asks for other values of an aspect of them ("different
// colors"), and names nothing the catalog knows, no position, no number.
func (t *turn) isMoreReason(clause string) bool {
	if !turnsDownTheCards(nlu.FoldWords(clause)) || strings.ContainsFunc(clause, func(r rune) bool { return r >= '0' && r <= '9' }) {
		return false
	}
	r := t.parser().ParseContent(clause)
	return r.Category == "" && r.Ordinal == 0 && len(r.Ordinals) == 0 && len(t.known(r.Terms)) == 0 && len(t.known(r.Mention)) == 0
}

// moreOfTheQuery reads a search said with a word asking for more ("what else
// is there in clothing", "more caps") as a request for more when it is the
// current search, the one the cards shown came from (same category, same
// terms, no price): seed 000 section 5.2 pages it on, where a new search
// would show its first page again.
func (t *turn) moreOfTheQuery() {
	r, q := t.req, t.st.Query
	if r.Intent != nlu.ShopSearch || !r.More || t.unsold || q == nil || q.MinPrice != nil || q.MaxPrice != nil {
		return
	}
	if !strings.EqualFold(r.Category, q.Category) || !slices.Equal(r.Terms, q.Terms) {
		return
	}
	t.req = nlu.ShopRequest{Intent: nlu.ShopShowMore}
}
