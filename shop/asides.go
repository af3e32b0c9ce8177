package shop

import (
	_ "embed"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/parleyhq/parley/nlu"
)

// asideClausesText is lexicon/aside_clauses.txt.
//
//go:embed lexicon/aside_clauses.txt
var asideClausesText string

// asidePhrases are aside_clauses.txt's phrases by kind, as folded words.
var asidePhrases = readPipeKinds(asideClausesText)

// readPipeKinds reads "kind: phrase|phrase" lines, "#" lines being comments.
func readPipeKinds(text string) map[string][][]string {
	out := map[string][][]string{}
	for line := range strings.Lines(text) {
		kind, list, ok := strings.Cut(line, ":")
		if !ok || strings.HasPrefix(strings.TrimSpace(line), "#") {
			continue
		}
		kind = strings.TrimSpace(kind)
		for _, p := range strings.Split(list, "|") {
			if ws := nlu.FoldWords(p); len(ws) > 0 {
				out[kind] = append(out[kind], ws)
			}
		}
	}
	return out
}

// withoutAsides returns text without its aside clauses (aside_clauses.txt):
// a later clause opening with a reason ("ski goggles, mine fogged up"), a
// clause naming what the shopper pays with when another says what is wanted
// ("i have a gift card, what should i get"). Text of one clause, or whose
// every clause is an aside, is returned as it is.
func withoutAsides(text string) string {
	if !strings.ContainsAny(text, ",;.–—") {
		return text
	}
	clauses := strings.FieldsFunc(text, isCorrectionBreak)
	if len(clauses) < 2 {
		return text
	}
	kept := slices.Clone(clauses[:0:0])
	for i, c := range clauses {
		ws := nlu.FoldWords(c)
		// A clause that is a yes or no is the answer, never an aside,
		// whatever word it shares with one ("me vale": Spanish "fine",
		// though "vale" is a voucher too).
		if len(ws) == 0 || i > 0 && opensWith(ws, asidePhrases["reason"]) || holdsPhrase(ws, asidePhrases["means"]) && nlu.YesNo(c) == nlu.Unknown {
			continue
		}
		kept = append(kept, c)
	}
	if len(kept) == 0 || len(kept) == len(clauses) {
		return text
	}
	return strings.TrimSpace(strings.Join(kept, ","))
}

// opensWith reports whether ws open with one of the phrases.
func opensWith(ws []string, phrases [][]string) bool {
	return slices.ContainsFunc(phrases, func(p []string) bool {
		return len(ws) >= len(p) && slices.Equal(ws[:len(p)], p)
	})
}

// holdsPhrase reports whether ws hold one of the phrases.
func holdsPhrase(ws []string, phrases [][]string) bool {
	for i := range ws {
		if opensWith(ws[i:], phrases) {
			return true
		}
	}
	return false
}

// withoutStory returns text without a later clause that is a story of the
// shopper's own, opened by a subject or a reason (nlu.AsideClause: "the
// shades, i keep losing mine", "hoodies, it's freezing", "a scarf, my neck
// gets cold"), when the clause asks nothing (tellsNothing) and the part
// before it names a catalog word: the request is read from that part. A clause that names a
// catalog word ("a cap, my son likes yellow") stays, read whole.
func (t *turn) withoutStory(text string) string {
	if !strings.ContainsAny(text, ",;–—-") {
		return text // a story is a clause of its own: the common message pays nothing
	}
	answer, story, ok := storyClause(text)
	if !ok {
		answer, story, ok = t.unreadClause(text)
	}
	told := ok && t.tellsNothing(story)
	if !told && t.cardsShown() {
		// "the sunglasses, the glare's killing me": its "s" is no word the
		// shop reads, and the clause reads as a pick by its words.
		if pick, reason := t.reasonAfterPick(text); reason && t.namesCatalogWord(pick) {
			return pick
		}
	}
	if !told {
		return text
	}
	if t.namesCatalogWord(answer) || greetsWithStory(answer, story) {
		return answer
	}
	return text
}

// storyClause splits text into its answer and a later clause that may be a
// story of the shopper's own: one opened by a subject or a reason
// (nlu.AsideClause), or a clause after the first break said without its
// subject (nlu.VerbStory: "a cap, going hiking", "the cap, fits under the
// helmet"); false when it has none.
func storyClause(text string) (answer, story string, ok bool) {
	at, kind := nlu.AsideClause(text)
	if kind == nlu.AsideSubject || kind == nlu.AsideReason {
		answer, _ = nlu.AnswerPart(text)
		return answer, text[at:], true
	}
	if i := strings.IndexAny(text, ",;–—"); i > 0 {
		_, size := utf8.DecodeRuneInString(text[i:])
		if rest := text[i+size:]; nlu.VerbStory(rest) && !namesAKind(rest) {
			return strings.TrimSpace(text[:i]), rest, true
		}
	}
	return "", "", false
}

// unreadClause splits text at its first break when the clause after it
// holds a word the shop cannot read (readsAsAWord: "a belt, zayt azoy gut"):
// a clause in a language the shop does not know, which the search cannot
// read either; false when there is no such clause. withoutStory keeps the
// answer only when it names a catalog word and the clause asks nothing.
func (t *turn) unreadClause(text string) (answer, story string, ok bool) {
	i := strings.IndexAny(text, ",;–—")
	if i <= 0 {
		return "", "", false
	}
	_, size := utf8.DecodeRuneInString(text[i:])
	rest := text[i+size:]
	unread := slices.ContainsFunc(nlu.FoldWords(rest), func(w string) bool {
		return !t.readsAsAWord(w) && !nlu.NamesNoProduct(w)
	})
	return strings.TrimSpace(text[:i]), rest, unread
}

// reasonAfterPick splits text, while cards are shown, at its first break
// when the clause after it is a reason said as a noun phrase ("the
// sunglasses, the sun at altitude"): every word of it an English word or
// one naming no product, one at least a content word ("asseblief", a
// please, is none), none naming a catalog word or a kind of product (a clause of another
// language, "die pet, asseblief", is read whole by its kind words), no
// question, and read alone it picks no card by position, price, "the other"
// or what a card lacks (namesNoCard). The answer before it is read alone
// when it names a catalog word (withoutStory); "the cap, the blue one", "the
// belt, the cheap one" are read whole.
func (t *turn) reasonAfterPick(text string) (answer string, ok bool) {
	i := strings.IndexAny(text, ",;–—")
	if i <= 0 {
		return "", false
	}
	_, size := utf8.DecodeRuneInString(text[i:])
	rest := strings.TrimSpace(text[i+size:])
	ws := withoutClitics(nlu.FoldWords(rest))
	content := slices.ContainsFunc(ws, func(w string) bool { return isEnglishWord(w) && !nlu.NamesNoProduct(w) })
	if !content || strings.ContainsAny(rest, "?,;–—") || t.namesCatalogWord(rest) {
		return "", false
	}
	if slices.ContainsFunc(ws, func(w string) bool {
		return !isEnglishWord(w) && !nlu.NamesNoProduct(w) || t.namesAKind(w) || len(typoKinds(w)) > 0
	}) {
		return "", false
	}
	return strings.TrimSpace(text[:i]), namesNoCard(t.parser().Parse(rest, ""))
}

// englishClitics are the contracted verbs and "not" English writes after an
// apostrophe ("the glare's killing me", "we're off", "it'll do"), which
// folding splits from their word as words of their own.
var englishClitics = map[string]bool{"s": true, "re": true, "ll": true, "m": true, "ve": true, "d": true, "t": true}

// withoutClitics returns ws without the contracted verbs folding split off
// the word before them (englishClitics): "glare", "s", "killing" is
// "glare", "killing", so that the clause reads as the English it is (issue
// 38 round 25). A clitic first is left as it is.
func withoutClitics(ws []string) []string {
	if !slices.ContainsFunc(ws, func(w string) bool { return englishClitics[w] }) {
		return ws
	}
	out := make([]string, 0, len(ws))
	for i, w := range ws {
		if i == 0 || !englishClitics[w] {
			out = append(out, w)
		}
	}
	return out
}

// namesNoCard reports whether a clause's reading asks nothing of the shop
// and picks no card but by words: a search, nothing understood, or a pick
// with no position, price, "the other", exclusion or lack ("the sun at
// altitude" reads as a pick by its words, none of them a card's).
func namesNoCard(r nlu.ShopRequest) bool {
	switch r.Intent {
	case nlu.ShopSearch, nlu.ShopAmbiguous:
	case nlu.ShopSelect:
		if picksBesideWords(r) {
			return false
		}
	default:
		return false
	}
	return r.Category == "" && r.Price.Min == nil && r.Price.Max == nil
}

// picksBesideWords reports whether a pick names its card otherwise than by
// words: a position, a price, "the other", an exclusion, plainness, an
// amount or what it lacks.
func picksBesideWords(r nlu.ShopRequest) bool {
	return r.Ordinal != 0 || len(r.Ordinals) > 0 || r.PricePick != 0 || len(r.PricePicks) > 0 || r.Other ||
		r.Exclude || r.Plain || r.Amount != nil || len(r.Lacks) > 0 || len(r.RefusedOrdinals) > 0 || len(r.RefusedPricePicks) > 0
}

// namesAKind reports whether clause opens with a word of a product kind
// (the everyday lexicon, a typo of one, a kind word of another language):
// "socks for the winter" is a product with its purpose, no story.
func namesAKind(clause string) bool {
	ws := nlu.FoldWords(clause)
	return len(ws) > 0 && (len(everydayKinds(ws[0])) > 0 || len(typoKinds(ws[0])) > 0 || kindOfWord(ws[0]) != "")
}

// greetsWithStory reports whether answer, a message's part before its story
// clause, is a greeting alone and the story, a past without its subject
// (nlu.PastStory), asks nothing ("hey, just saw your ad"): the message is the
// greeting, its story no search. A subject's clause ("Hello, I'm looking for
// a present") may be a request, and a story ending in a question mark is a
// question: both are read whole.
func greetsWithStory(answer, story string) bool {
	return nlu.SmallTalkAsTyped(answer) == nlu.Greeting && nlu.PastStory(story) && !strings.HasSuffix(strings.TrimSpace(story), "?")
}

// tellsNothing reports whether a clause, read alone, asks the shop nothing:
// it names no catalog word and reads as neither an intent of its own ("I'll
// take that", "no - the second one") nor a pick, only as words to search.
func (t *turn) tellsNothing(clause string) bool {
	if t.namesCatalogWord(clause) {
		return false
	}
	if _, _, corrected := nlu.SplitCorrection(clause); corrected {
		return false
	}
	switch r := t.parser().Parse(clause, ""); r.Intent {
	case nlu.ShopSearch, nlu.ShopAmbiguous:
		return r.Category == "" && r.Ordinal == 0 && len(r.Ordinals) == 0 && r.Price.Min == nil && r.Price.Max == nil
	}
	return false
}

// namesCatalogWord reports whether one of text's words is a word of the
// catalog, a kind word of another language or a number (a price, a size).
func (t *turn) namesCatalogWord(text string) bool {
	return slices.ContainsFunc(nlu.FoldWords(text), func(w string) bool {
		return t.e.catalogWords[w] || kindOfWord(w) != "" || strings.ContainsAny(w, "0123456789")
	})
}

// answerReasonsText is lexicon/answer_reasons.txt: the prepositions that
// open a yes's phrase of purpose or place.
//
//go:embed lexicon/answer_reasons.txt
var answerReasonsText string

var answerReasonOpeners = readWordList(answerReasonsText)

// answerWithReason reads, with a card in question, a yes or a no followed by
// a clause of the shopper's own (nlu.AnswerAside) as that answer's intent
// ("" when it is none): a yes before a phrase of purpose or place, or a
// clause, that asks the shop nothing ("yes, for the ski trip", "sure, in
// the cart"); a no before a negated clause ("no, hats don't suit me": a
// refusal, whatever kind it names) or a clause that seeks nothing ("nope, i
// have too many already", "nah, i'll pass on that one"). "no, the belt",
// "no, not the logo one" and "yes, the blue one" name what instead: read as
// before.
func (t *turn) answerWithReason() string {
	a, aside := nlu.AnswerAside(t.msg.Text, "")
	if a == nlu.Unknown || strings.ContainsAny(aside, ",;?") {
		return ""
	}
	_, kind := nlu.AsideClause(t.msg.Text)
	clause := kind == nlu.AsideSubject || kind == nlu.AsideReason || nlu.VerbStory(aside)
	switch {
	case a == nlu.Yes && t.yesReasonHolds(aside, clause):
		return nlu.ShopConfirm
	case a == nlu.No && t.noReasonHolds(aside, clause):
		return nlu.ShopCancel
	}
	return ""
}

// yesReasonHolds reports whether the aside after a yes (a clause, or not)
// leaves the yes to the card in question: a clause or a phrase of purpose or
// place (answer_reasons.txt) that asks the shop nothing.
func (t *turn) yesReasonHolds(aside string, clause bool) bool {
	ws := nlu.FoldWords(aside)
	return (clause || len(ws) > 1 && answerReasonOpeners[ws[0]]) && t.tellsNothing(aside)
}

// noReasonHolds reports whether the aside after a no leaves the no: a
// clause negated after its subject or verb ("caps don't fit me": "not the
// logo one" refuses a card to pick another), a clause that seeks nothing, or
// a statement with a contracted verb ("summer's over": contractedStatement),
// or only browsing ("no thanks, just looking").
func (t *turn) noReasonHolds(aside string, clause bool) bool {
	ws := nlu.FoldWords(aside)
	return len(ws) > 1 && !nlu.SaysNot(ws[0]) && nlu.SaysNot(aside) || clause && t.seeksNothing(aside) || ownedReason(ws) ||
		t.contractedStatement(ws) || saysOnlyBrowsing(aside)
}

// ownedText is lexicon/owned_reasons.txt: the verbs of having and the words
// of holding already or in plenty.
//
//go:embed lexicon/owned_reasons.txt
var ownedText string

var ownedWords = nlu.WordLists(ownedText)

// ownedReason reports whether ws, a clause after a no, says the thing is held
// already or in plenty ("the band already has caps", "we've got plenty"): a
// reason for the no, even naming a sold kind; its finite verb of having
// makes it a clause whatever its subject. A clause speaking to the shop
// ("you already have my address") is none.
func ownedReason(ws []string) bool {
	return nlu.HoldsPhrase(ws, ownedWords["have"]) && nlu.HoldsPhrase(ws, ownedWords["held"]) &&
		!slices.Contains(ws, "you")
}

// seeksNothing reports whether a clause after a no names no catalog word
// and seeks nothing when read alone, or ends in a word standing for the card
// in question (pending_words.txt): "i'll pass on that one" refuses it, "i
// want a scarf" asks for something instead.
func (t *turn) seeksNothing(clause string) bool {
	if t.namesCatalogWord(clause) {
		return false
	}
	if ws := nlu.FoldWords(clause); len(ws) > 0 && pendingWords[ws[len(ws)-1]] {
		return true
	}
	r := t.parser().Parse(clause, "")
	return len(r.Sought) == 0 && len(r.Mention) == 0 && !picksBesideWords(r)
}

// praiseText is lexicon/praise.txt: the words of praise said beside a thanks.
//
//go:embed lexicon/praise.txt
var praiseText string

var praiseWords = readWordList(praiseText)

// thanksWithPraise reports whether text is a thanks and, in clauses of their
// own, praise alone ("thanks a lot, really helpful", "cheers, you've been
// great"): a thanks, never a search for "helpful". Every clause is a thanks
// or praise words only, one at least a thanks, one at least praise. Only a
// message whose first or last clause is a thanks is split.
func thanksWithPraise(text string) bool {
	first, last := strings.IndexAny(text, ",;.!"), strings.LastIndexAny(text, ",;.!")
	if first < 0 || nlu.SmallTalkOf(text[:first]) != nlu.Thanks && nlu.SmallTalkOf(text[last+1:]) != nlu.Thanks {
		return false // the common message: no thanks clause at an end, nothing split
	}
	thanks, praise := false, false
	for _, clause := range strings.FieldsFunc(text, func(r rune) bool { return strings.ContainsRune(",;.!", r) }) {
		ws := nlu.FoldWords(clause)
		switch {
		case len(ws) == 0:
		case nlu.SmallTalkOf(clause) == nlu.Thanks:
			thanks = true
		case !slices.ContainsFunc(ws, func(w string) bool { return !praiseWords[w] }):
			praise = true
		default:
			return false
		}
	}
	return thanks && praise
}
