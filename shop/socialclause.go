package shop

import (
	_ "embed"
	"slices"
	"strings"

	"github.com/parleyhq/parley/nlu"
)

// socialClauseText is lexicon/social_clause.txt: the prepositions whose
// object is never the thing asked for, and the words that ask for something.
//
//go:embed lexicon/social_clause.txt
var socialClauseText string

var socialClauseWords = func() map[string]map[string]bool {
	sets := map[string]map[string]bool{}
	for name, phrases := range nlu.WordLists(socialClauseText) {
		sets[name] = map[string]bool{}
		for _, p := range phrases {
			for _, w := range p {
				sets[name][w] = true
			}
		}
	}
	return sets
}()

// maxSocialClauseWords is the most words a greeting or thanks with a clause
// beside it is read in ("hello, just browsing before school starts").
const maxSocialClauseWords = 12

// socialBesideClause reads a typed message read as nothing, as a search for
// something the shop does not sell, or as a pick with no card shown, that
// opens or closes with a greeting or a thanks (nlu.SmallTalkOf) and says
// beside it only an ordinary clause that asks for nothing ("hello, smells
// like chiles here", "thanks, gotta get back to the truck", "hello from st
// helena": clauseAsksNothing), as that greeting or thanks read alone: a
// search needs a product word asked for. A clause naming a catalog word, a
// kind, or a thing asked for ("hello, do you have kayaks?") is read as
// before, and so is only looking with a thanks ("browsing, thanks": asked
// what for, onlyLooksWithThanks).
func (t *turn) socialBesideClause(clean turn, text string) {
	if t.msg.NLU != nil || clean.msg.Meaning != "" || t.state() == StateAwaitingConfirmation || !t.mayBeSocialClause() ||
		nlu.AsksForRecommendation(text) {
		return
	}
	talk, rest, ok := talkEdges(text)
	if !ok || t.onlyLooksWithThanks(talk, rest) || quotesTheTalk(rest) || !t.clauseAsksNothing(rest) {
		return
	}
	alt := clean
	alt.msg.Text = talk
	alt.understandFramed()
	switch alt.req.Intent {
	case nlu.ShopGreeting, nlu.ShopThanks, nlu.ShopSmallTalk:
	default:
		return
	}
	*t = alt
	t.msg.Text = clean.msg.Text
}

// onlyLooksWithThanks reports whether the clause beside a thanks (no
// greeting) says the shopper is only looking ("browsing, thanks", "I am
// just having a look, thank you."): a vague opening, asked what for (issue
// 38 round 25), no thanks to answer.
func (t *turn) onlyLooksWithThanks(talk, rest string) bool {
	if nlu.SmallTalkOf(talk) == nlu.Greeting {
		return false
	}
	return t.vague || slices.ContainsFunc(nlu.FoldWords(rest), func(w string) bool { return socialClauseWords["look"][w] })
}

// quotesTheTalk reports whether the clause before the greeting ends in a
// verb that quotes it ("just popping in to say hello"): the greeting is
// told of, the message read as before.
func quotesTheTalk(rest string) bool {
	ws := nlu.FoldWords(rest)
	return len(ws) > 0 && socialClauseWords["quote"][ws[len(ws)-1]]
}

// mayBeSocialClause reports whether the reading is none the shop acts on
// with a product: nothing read, an unsold search, or a pick with no card
// shown to pick.
func (t *turn) mayBeSocialClause() bool {
	switch t.req.Intent {
	case nlu.ShopAmbiguous:
		return true
	case nlu.ShopSearch:
		return t.unsold
	case nlu.ShopSelect:
		return !t.cardsShown()
	}
	return false
}

// talkEdges splits text into its greeting or thanks words at either edge
// ("hello" of "hello from st helena", "Good morning, thank you" of "Good
// morning, thank you for your help.", "thanks" closing "just off the field,
// thanks") and the words between, the longest talk first; ok when both are
// left.
func talkEdges(text string) (talk, rest string, ok bool) {
	toks := strings.Fields(text)
	n := len(toks)
	if n < 2 || n > maxSocialClauseWords {
		return "", "", false
	}
	for k := n - 1; k >= 1; k-- {
		if nlu.SmallTalkOf(strings.Join(toks[:k], " ")) != nlu.NoSmallTalk {
			return strings.Join(toks[:k], " "), strings.Join(toks[k:], " "), true
		}
	}
	for k := 1; k < n; k++ {
		if nlu.SmallTalkOf(strings.Join(toks[k:], " ")) != nlu.NoSmallTalk {
			return strings.Join(toks[k:], " "), strings.Join(toks[:k], " "), true
		}
	}
	return "", "", false
}

// clauseAsksNothing reports whether a clause beside a greeting or thanks
// asks the shop for nothing: an English clause (a word of another
// language only as a preposition's object: "from st helena"), no catalog word, kind word or typo of a
// catalog word, no slang for things to buy, no word that asks
// (social_clause.txt "ask"), read by the parser as no pick, category or
// price, and every word it would search, and every everyday thing it
// names, the object of a preposition (objectOfPlace: "like chiles", "to
// the truck").
func (t *turn) clauseAsksNothing(rest string) bool {
	ws := nlu.FoldWords(rest)
	if len(ws) == 0 || t.namesCatalogWord(rest) {
		return false
	}
	if slices.ContainsFunc(ws, func(w string) bool {
		return socialClauseWords["ask"][w] || socialClauseWords["unsure"][w] || vagueOpenings[w] ||
			len(w) >= minEnglishWord && !isEnglishWord(w) && !objectOfPlace(ws, w) || !isEnglishWord(w) && t.e.catalogTypo(w) != "" ||
			(len(everydayKinds(w)) > 0 || !isEnglishWord(w) && len(typoKinds(w)) > 0) && !objectOfPlace(ws, w)
	}) {
		return false
	}
	return t.parsedAsksNothing(rest, ws)
}

// parsedAsksNothing reports whether the parser reads the clause rest
// (words ws) as no pick, category or price, and every word it would
// search the object of a preposition (objectOfPlace); a pick or a yes
// with no card shown is none ("this morning", "alright my lover").
func (t *turn) parsedAsksNothing(rest string, ws []string) bool {
	r := t.parser().Parse(rest, "")
	switch r.Intent {
	case nlu.ShopSearch, nlu.ShopAmbiguous, nlu.ShopGreeting, nlu.ShopThanks, nlu.ShopSmallTalk:
	case nlu.ShopSelect, nlu.ShopConfirm:
		// "this morning", "alright my lover": no card shown to pick, nothing
		// pending to confirm.
		if t.cardsShown() {
			return false
		}
	default:
		return false
	}
	if r.Category != "" || r.Ordinal != 0 || len(r.Ordinals) > 0 || r.Price.Min != nil || r.Price.Max != nil || len(r.Mention) > 0 {
		return false
	}
	return !slices.ContainsFunc(r.Sought, func(s string) bool { return !objectOfPlace(ws, s) })
}

// objectOfPlace reports whether the word s of ws stands within three words
// after a preposition of place, time, likeness or purpose ("from st helena",
// "like chiles", "back to the truck"), or is an adverb of place ("get
// back"); "like" after a subject or a modal ("i'd like a kayak") is a verb
// of wanting.
func objectOfPlace(ws []string, s string) bool {
	if socialClauseWords["adverb"][s] {
		return true
	}
	i := slices.Index(ws, s)
	if i < 0 {
		return false
	}
	for j := i - 1; j >= 0 && j >= i-3; j-- {
		if !socialClauseWords["place"][ws[j]] {
			continue
		}
		if ws[j] == "like" && j > 0 && likeIsAVerb(ws[j-1]) {
			return false
		}
		return true
	}
	return false
}

// likeIsAVerb reports whether "like" after w is the verb ("i'd like", "we
// would like", "you like").
func likeIsAVerb(w string) bool {
	switch w {
	case "i", "we", "you", "they", "i'd", "id", "we'd", "you'd", "would", "wud", "wd", "d", "do", "dont", "don't", "really", "also", "might", "may":
		return true
	}
	return false
}
