package shop

import (
	_ "embed"
	"slices"
	"strings"

	"github.com/parleyhq/parley/nlu"
)

// This file reads a pick among the cards shown said in more than one clause:
// a self-correction ("the cap, no wait, the belt"), a card wanted then one
// refused ("the plain beanie, not the logo one") and a card by a price bound
// with what it is not ("the one under 20 that isn't red").

// pickClausesText is lexicon/pick_clauses.txt.
//
//go:embed lexicon/pick_clauses.txt
var pickClausesText string

// pickClauses are the phrases of each kind of pickClausesText, as folded
// words (nlu.FoldWords), longest first.
var pickClauses = readPhraseKinds(pickClausesText)

// readPhraseKinds reads "kind: phrase" lines, "#" lines being comments.
func readPhraseKinds(text string) map[string][][]string {
	out := map[string][][]string{}
	for _, line := range strings.Split(text, "\n") {
		kind, phrase, ok := strings.Cut(line, ":")
		if !ok || strings.HasPrefix(strings.TrimSpace(line), "#") {
			continue
		}
		if ws := nlu.FoldWords(phrase); len(ws) > 0 {
			out[strings.TrimSpace(kind)] = append(out[strings.TrimSpace(kind)], ws)
		}
	}
	for _, list := range out {
		slices.SortStableFunc(list, func(a, b []string) int { return len(b) - len(a) })
	}
	return out
}

// phraseAt returns the length of the phrase of kind that ws hold at i, 0 when none.
func phraseAt(ws []string, i int, kind string) int {
	for _, p := range pickClauses[kind] {
		if len(ws)-i >= len(p) && slices.Equal(ws[i:i+len(p)], p) {
			return len(p)
		}
	}
	return 0
}

// afterCorrection returns the words after the last self-correction of text
// ("the cap, no wait, the belt": "the belt"); false when it has none or
// nothing follows it.
//
// A clause that is nothing but a no ("the first, no, the last one", "the cap
// - nope - the belt": correct_alone) corrects too: the no said by itself
// takes back what came before. A no that opens the clause it refuses ("el
// cinturón, no la gorra") is a refusal, read by beforeRefusal.
func afterCorrection(text string) (string, bool) {
	ws := nlu.FoldWords(text)
	for i := len(ws) - 1; i > 0; i-- {
		if n := phraseAt(ws, i, "correct"); n > 0 && i+n < len(ws) {
			return strings.Join(ws[i+n:], " "), true
		}
	}
	// A hyphen between spaces is a dash typed on a phone ("the belt - no - the cap").
	clauses := strings.FieldsFunc(strings.ReplaceAll(text, " - ", " , "), isCorrectionBreak)
	for i := len(clauses) - 2; i > 0; i-- {
		c := nlu.FoldWords(clauses[i])
		if len(c) > 0 && phraseAt(c, 0, "correct_alone") == len(c) {
			if rest := nlu.FoldWords(strings.Join(clauses[i+1:], " ")); len(rest) > 0 {
				return strings.Join(rest, " "), true
			}
		}
	}
	return "", false
}

// isCorrectionBreak reports whether r ends a clause a correction stands
// alone in: a clause break (isClauseBreak), a full stop or an ellipsis.
func isCorrectionBreak(r rune) bool { return isClauseBreak(r) || strings.ContainsRune(".…!", r) }

// beforeRefusal returns the clauses of text before one that opens with a
// refusal ("the plain beanie, not the logo one": "the plain beanie"); false
// when no later clause opens so.
func beforeRefusal(text string) (string, bool) {
	i, clauses := refusalAt(text)
	if i < 0 {
		return "", false
	}
	return strings.Join(clauses[:i], ","), true
}

// afterLeadingRefusal returns what follows the card refused when a message
// opens by refusing one and then names another ("not the belt, the
// sunglasses", "not the cap but the belt"): the clause after the first, or the
// words after an "instead" phrase ("but", "rather"), without that phrase. The
// refused words are returned too; false when the message does not open with a
// refusal or nothing follows it.
func afterLeadingRefusal(text string) (after, refused string, ok bool) {
	ws := nlu.FoldWords(text)
	if len(ws) == 0 || phraseAt(ws, 0, "refuse") == 0 {
		return "", "", false
	}
	if clauses := strings.FieldsFunc(text, isClauseBreak); len(clauses) > 1 {
		rest := nlu.FoldWords(strings.Join(clauses[1:], " "))
		return strings.Join(rest[phraseAt(rest, 0, "instead"):], " "), clauses[0], len(rest) > 0
	}
	for i := 1; i < len(ws); i++ {
		if n := phraseAt(ws, i, "instead"); n > 0 && i+n < len(ws) {
			return strings.Join(ws[i+n:], " "), strings.Join(ws[:i], " "), true
		}
	}
	return "", "", false
}

// isClauseBreak reports whether r ends a clause of a pick: a comma, a
// semicolon or a dash.
func isClauseBreak(r rune) bool { return strings.ContainsRune(",;،–—", r) }

// refusedClause returns the clauses of text from the one that opens with a
// refusal ("not the logo one"), "" when none does.
func refusedClause(text string) string {
	i, clauses := refusalAt(text)
	if i < 0 {
		return ""
	}
	return strings.Join(clauses[i:], ",")
}

// refusalAt returns the clauses of text and the index of the first after the
// first that opens with a refusal, -1 when none does.
func refusalAt(text string) (int, []string) {
	if !strings.ContainsAny(text, ",;،") {
		return -1, nil
	}
	clauses := strings.FieldsFunc(text, func(r rune) bool { return r == ',' || r == ';' || r == '،' })
	for i := 1; i < len(clauses); i++ {
		if phraseAt(nlu.FoldWords(clauses[i]), 0, "refuse") > 0 {
			return i, clauses
		}
	}
	return -1, clauses
}

// pickInClauses reads a pick said in clauses (afterCorrection, beforeRefusal)
// as the pick of the clause that counts, when that clause picks one card
// shown; anything else leaves the message as read.
func (t *turn) pickInClauses(parser *nlu.ShopParser) {
	if t.msg.Meaning != "" || len(t.st.PageProductIDs) == 0 {
		return
	}
	// A correction names two things ("the cap, no wait, the belt"): one
	// thing named is read as it is, without the cost of looking further.
	r := t.req
	if (len(r.Terms)+len(r.Mention) >= 2 || r.NamesSeveral() || t.picksThenSaysNo(parser)) && t.pickClause(parser, afterCorrection) {
		return
	}
	if t.pickAfterRefusal(parser) {
		return
	}
	if t.pickClause(parser, beforeRefusal) {
		// The refused clause's words narrow the pick ("the beanie, not the
		// one with the logo": not the beanie with the logo).
		t.refuseWords(parser.ParseContent(refusedClause(t.msg.Text)))
	}
}

// picksThenSaysNo reports whether a message read as a no opens with a pick of
// a card shown ("the second... no, the third"): the no takes that pick back,
// it refuses nothing pending, so the clause after it may be the pick.
func (t *turn) picksThenSaysNo(parser *nlu.ShopParser) bool {
	if t.req.Intent != nlu.ShopCancel {
		return false
	}
	clauses := strings.FieldsFunc(strings.ReplaceAll(t.msg.Text, " - ", " , "), isCorrectionBreak)
	if len(clauses) < 3 {
		return false // a pick, the no, the pick instead (afterCorrection)
	}
	alt := parser.ParseContent(clauses[0])
	return alt.Intent == nlu.ShopSelect && namesACard(alt) && !alt.NamesSeveral()
}

// refuseWords records the words of a refused clause as words no picked card
// may have, except those the pick names too.
func (t *turn) refuseWords(refused nlu.ShopRequest) {
	all := slices.Concat(refused.Mention, refused.Lacks, refused.Terms)
	for _, w := range all {
		if !slices.Contains(t.req.Mention, w) && !slices.Contains(t.refused, w) {
			t.refused = append(t.refused, w)
		}
	}
	if len(t.refused) == 0 {
		// "the cap, not the cap": what is refused is what is picked,
		// and every card it finds stays refused (asked which).
		t.refused = all
	}
}

// pickAfterRefusal reads a message that refuses a card and then names
// another ("not the belt, the sunglasses") as the pick of the one named, by
// its words or position, never one the refused words find; a second clause
// that names no card ("no, don't add it") leaves the message as read.
func (t *turn) pickAfterRefusal(parser *nlu.ShopParser) bool {
	after, refused, ok := afterLeadingRefusal(t.msg.Text)
	if !ok || nlu.SaysNot(after) || parser.Parse(after, "").Intent == nlu.ShopCancel {
		return false // "no, skip that one": the no said again, no pick
	}
	alt := parser.ParseContent(after)
	if alt.Intent != nlu.ShopSelect || len(alt.Mention) == 0 && alt.Ordinal == 0 || alt.NamesSeveral() {
		return false
	}
	t.req = alt
	t.refuseWords(parser.ParseContent(refused))
	return true
}

// pickClause reads the clause read finds as the message's pick, when it picks
// one card shown; it reports whether it did.
func (t *turn) pickClause(parser *nlu.ShopParser, read func(string) (string, bool)) bool {
	clause, ok := read(t.msg.Text)
	if !ok {
		return false
	}
	alt := parser.ParseContent(clause)
	if alt.Intent != nlu.ShopSelect || !namesACard(alt) || alt.NamesSeveral() || !t.findsAShownCard(alt) {
		return false
	}
	t.req = alt
	return true
}

// findsAShownCard reports whether a pick by words alone finds a card shown
// by one of them (widened: "the shades" finds the sunglasses): "las olla,
// no worries" is a no in Estonian, no pick of "olla" before a refusal. A pick
// by position, price or "the other" finds its card without words.
func (t *turn) findsAShownCard(r nlu.ShopRequest) bool {
	if r.Ordinal != 0 || r.PricePick != 0 || r.Other || len(r.Ordinals) > 0 || len(r.PricePicks) > 0 || len(r.Mention) == 0 {
		return true
	}
	for _, w := range r.Mention {
		if found, err := t.matchingWidened(w, t.st.PageProductIDs); err != nil || len(found) > 0 {
			return true
		}
	}
	return false
}

// priceBound is a pick among the cards shown by a price bound, without the
// cards the words of not name ("the one under 20 that isn't red").
type priceBound struct {
	price nlu.PriceRange
	not   []string
}

// maxPickOpener is how far into the message "the one" may open a pick by bound
// ("I'll take the one under 20").
const maxPickOpener = 3

// readPriceBound reads a search with a price bound that opens with "the one"
// while cards are shown as a pick among them by that bound, with the words
// the card is said not to be.
func (t *turn) readPriceBound() {
	r := t.req
	if t.msg.Meaning != "" || len(t.st.PageProductIDs) == 0 || r.Intent != nlu.ShopSearch && r.Intent != nlu.ShopSelect ||
		r.Category != "" || r.Price.Min == nil && r.Price.Max == nil {
		return
	}
	ws := nlu.FoldWords(t.msg.Text)
	opens := false
	for i := 0; i <= maxPickOpener && i < len(ws); i++ {
		if n := phraseAt(ws, i, "one"); n > 0 && (i == 0 || n > 1 || ws[i] != "one") {
			opens = true
			break
		}
	}
	if !opens {
		return
	}
	t.bound = &priceBound{price: r.Price, not: notWords(ws)}
	t.req = nlu.ShopRequest{Intent: nlu.ShopSelect}
}

// boundFiller are words after a negation that name nothing of a card.
var boundFiller = map[string]bool{"the": true, "a": true, "an": true, "one": true, "ones": true, "le": true,
	"la": true, "el": true, "un": true, "une": true, "una": true, "in": true, "en": true, "de": true}

// notWords are the words after the first negation of ws, filler and numbers
// aside ("that isn't red": red).
func notWords(ws []string) []string {
	for i := range ws {
		if n := phraseAt(ws, i, "not"); n > 0 {
			var out []string
			for _, w := range ws[i+n:] {
				if !boundFiller[w] && strings.Trim(w, "0123456789") != "" {
					out = append(out, w)
				}
			}
			return out
		}
	}
	return nil
}

// byBound returns the cards of the page within the bound's prices that none
// of its words finds.
func (t *turn) byBound(page []string) ([]string, error) {
	b := t.bound
	ids, err := t.cardsWhere(page, func(p Product) bool {
		return (b.price.Min == nil || p.Price >= *b.price.Min) && (b.price.Max == nil || p.Price <= *b.price.Max)
	})
	for _, w := range b.not {
		if err != nil || len(ids) == 0 {
			break
		}
		var found []string
		found, err = t.matchingWidened(w, ids)
		ids = slices.DeleteFunc(ids, func(id string) bool { return slices.Contains(found, id) })
	}
	return ids, err
}
