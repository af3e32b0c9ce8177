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
	"doesnt": true, "doesn't": true, "isnt": true, "isn't": true, "without": true, "except": true, "nothing": true,
	"arent": true, "wasnt": true, "werent": true, "wont": true, "cant": true, "didnt": true, "hasnt": true,
	"havent": true, "aint": true}

// contractionsJoined writes a negative contraction that folding split at its
// apostrophe ("isn't": "isn", "t") as one word ("isnt"), so that it reads as
// a negation and its "t" is no word the catalog may know (a "t" of
// "t-shirt").
func contractionsJoined(words []string) []string {
	out := make([]string, 0, len(words))
	for i := 0; i < len(words); i++ {
		if w := words[i]; i+1 < len(words) && words[i+1] == "t" && strings.HasSuffix(w, "n") {
			out = append(out, w+"t")
			i++
			continue
		}
		out = append(out, words[i])
	}
	return out
}

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
	if !ok || t.clauseTurnsRequest(clause) || holdsNegation(contractionsJoined(nlu.FoldWords(head))) || nlu.IsOnlyCourtesy(clause) {
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
//
// A polite word closing the request ("umbrela pls") is no part of it, and a
// made thing typed with one letter dropped, added or changed, from
// minEnglishTypo letters ("umbrela"), is that thing.
func namesAThing(head string, sought []string) bool {
	ws := nlu.FoldWords(head)
	for len(ws) > 1 && nlu.IsPolite(ws[len(ws)-1]) {
		ws = ws[:len(ws)-1]
	}
	return len(ws) > 0 && len(sought) > 0 && isThingNoun(ws[len(ws)-1]) && isThingNoun(sought[len(sought)-1])
}

// isThingNoun reports whether w is a made thing's noun (lexicon.IsArtifactNoun)
// or, from minEnglishTypo letters and no English word itself, one typo from
// one (a letter dropped, added, changed, or two swapped).
func isThingNoun(w string) bool {
	if lexicon.IsArtifactNoun(w) {
		return true
	}
	if len(w) < minEnglishTypo || !isLetters(w) || isEnglishWord(w) {
		return false
	}
	b := []byte(w)
	for i := 0; i+1 < len(b); i++ {
		b[i], b[i+1] = b[i+1], b[i]
		ok := lexicon.IsArtifactNoun(string(b))
		b[i], b[i+1] = b[i+1], b[i]
		if ok {
			return true // "lantren"
		}
	}
	for i := range len(w) + 1 {
		if i < len(w) && lexicon.IsArtifactNoun(w[:i]+w[i+1:]) {
			return true
		}
		for c := byte('a'); c <= 'z'; c++ {
			if lexicon.IsArtifactNoun(w[:i]+string(c)+w[i:]) || i < len(w) && c != w[i] && lexicon.IsArtifactNoun(w[:i]+string(c)+w[i+1:]) {
				return true
			}
		}
	}
	return false
}

// clauseTurnsRequest reports whether a clause after a request may change what
// is asked for: a negation, unless it is the verb's of a subject of the
// shopper's world (negatedAfterSubject), or a word the catalog knows.
func (t *turn) clauseTurnsRequest(clause string) bool {
	words := contractionsJoined(nlu.FoldWords(clause))
	return holdsNegation(words) && !negatedAfterSubject(words) || len(t.known(words)) > 0
}

// subjectOpeners open a noun phrase that is a clause's subject: articles,
// demonstratives and possessives (English grammar's determiners).
var subjectOpeners = map[string]bool{"the": true, "my": true, "our": true, "his": true, "her": true, "their": true,
	"this": true, "that": true, "these": true, "those": true}

// negatedAfterSubject reports whether words, a clause, open with a noun
// phrase (a determiner and a noun at least) and only then say a negation:
// "the heating isn't on yet", "my old pair doesn't fit" tell of the
// shopper's world (issue 38 round 24), where "not wool", "don't need one"
// and "i don't want wool" turn the request and are read as written.
func negatedAfterSubject(words []string) bool {
	if len(words) < 3 || !subjectOpeners[words[0]] {
		return false
	}
	for i, w := range words {
		if negationWords[w] {
			return i >= 2
		}
	}
	return false
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
