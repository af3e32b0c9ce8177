package nlu

import (
	_ "embed"
	"slices"
	"strings"
)

// This file reads the tail a user says after an answer that holds no value:
// a courtesy ("just the one please and thanks"), a hedge condition ("a week,
// if that works", "book it, if that's ok") and who the answer is for ("3
// nights for us"). The tail is a grammar of parts (answer_tails.txt), never
// a list of whole phrases: a hedge is an opening word, a subject and a
// predicate ("if" + "that" + "suits"), optionally for someone ("for you");
// parts join with "and" or a comma. A tail is cut off only when it is wholly
// such parts; a word of any other kind (a number, a date word, a place, a
// question) leaves the message as written.

//go:embed answer_tails.txt
var answerTailsText string

// tailGrammar is answer_tails.txt's lists; lasts are the last words of every
// part, a cheap guard before the parse.
// addressed are the words of the address list that no other list holds:
// a tail holding one is a term of address or a particle ("tomorrow b'y"),
// which flows cut off only at a slot of a closed kind (CutAnswerTailOf).
var tailGrammar = func() struct {
	lists     map[string][][]string
	lasts     map[string]bool
	addressed map[string]bool
	// addressPhrases are the address list's phrases of several words none
	// of which is addressed alone ("n at", Pittsburgh's "n'at").
	addressPhrases [][]string
} {
	lists := readPhraseLists(answerTailsText)
	lasts := map[string]bool{}
	for _, name := range []string{"courtesy", "hedge_verb", "hedge_state", "hedge_for", "hedge_whole", "beneficiary", "address", "suffice"} {
		for _, p := range lists[name] {
			lasts[p[len(p)-1]] = true
		}
	}
	others := map[string]bool{}
	for name, phrases := range lists {
		if name != "address" {
			for _, w := range flatten(phrases) {
				others[w] = true
			}
		}
	}
	addressed := map[string]bool{}
	for _, w := range flatten(lists["address"]) {
		if !others[w] {
			addressed[w] = true
		}
	}
	var phrases [][]string
	for _, p := range lists["address"] {
		if len(p) > 1 && !slices.ContainsFunc(p, func(w string) bool { return addressed[w] }) {
			phrases = append(phrases, p)
		}
	}
	return struct {
		lists          map[string][][]string
		lasts          map[string]bool
		addressed      map[string]bool
		addressPhrases [][]string
	}{lists, lasts, addressed, phrases}
}()

// maxTailWords bounds the words a tail may hold.
const maxTailWords = 12

// CutAnswerTail is text without a tail of courtesy, hedge and beneficiary
// parts after its answer ("a week, if that works": "a week"; "3 nigths
// please and thanks": "3 nigths"), and true; text and false when it ends in
// no such tail or is nothing but one.
func CutAnswerTail(text string) (string, bool) {
	head, _, ok := CutAnswerTailOf(text)
	return head, ok
}

// CutAnswerTailOf is CutAnswerTail, and whether the tail cut off holds a
// term of address or a particle of answer_tails.txt's address list ("b'y",
// "boy", "self", "lah"): such a word may be a value's own word elsewhere (a
// product, a place), so a caller cuts it off only at a slot of a closed kind.
func CutAnswerTailOf(text string) (head string, addressed, ok bool) {
	var buf [32]sideWord
	ws := sideWords(text, buf[:0])
	if len(ws) < 2 || len(ws) == cap(buf) || !mayEndTail(text[ws[len(ws)-1].start:ws[len(ws)-1].end]) {
		return text, false, false
	}
	from := max(1, len(ws)-maxTailWords)
	toks := make([]string, len(ws)-from)
	for i := range toks {
		toks[i] = key(text[ws[from+i].start:ws[from+i].end])
	}
	for i := range toks {
		if tailFrom(toks, i, false) && !answersBefore(text, ws, from+i) {
			head := strings.TrimRight(text[:ws[from+i-1].end], " ,;:-–—")
			for _, t := range toks[i:] {
				addressed = addressed || tailGrammar.addressed[t]
			}
			return head, addressed || endsWithAddressPhrase(toks[i:]), true
		}
	}
	return text, false, false
}

// endsWithAddressPhrase reports whether toks end with one of the address
// list's phrases no word of which is addressed alone ("n at").
func endsWithAddressPhrase(toks []string) bool {
	for _, p := range tailGrammar.addressPhrases {
		if len(p) <= len(toks) && slices.Equal(toks[len(toks)-len(p):], p) {
			return true
		}
	}
	return false
}

// mayEndTail reports whether w, a message's last word, may end a tail: a
// guard before the parse that allocates nothing and leaves key's cache of
// the message as it is. A word of other than ASCII letters is looked up by
// its key.
func mayEndTail(w string) bool {
	var buf [24]byte
	if len(w) > len(buf) {
		return false
	}
	for i := 0; i < len(w); i++ {
		c := w[i]
		switch {
		case c >= 'A' && c <= 'Z':
			c += 'a' - 'A'
		case c >= 0x80:
			return tailGrammar.lasts[key(w)]
		}
		buf[i] = c
	}
	return tailGrammar.lasts[string(buf[:len(w)])]
}

// tailFrom reports whether toks[p:] is one or more tail parts, joined by a
// joiner word or nothing; joined says a joiner came just before p.
func tailFrom(toks []string, p int, joined bool) bool {
	if p == len(toks) {
		return !joined
	}
	if !joined && p > 0 && matchList(toks, p, "joiner", func(e int) bool { return tailFrom(toks, e, true) }) {
		return true
	}
	return tailPart(toks, p, func(e int) bool { return tailFrom(toks, e, false) })
}

// tailPart calls next with the end of each tail part at p, and reports
// whether one of them returned true.
func tailPart(toks []string, p int, next func(int) bool) bool {
	withFor := func(e int) bool {
		return next(e) || matchList(toks, e, "hedge_for", next)
	}
	return matchList(toks, p, "courtesy", next) ||
		matchList(toks, p, "address", next) ||
		matchList(toks, p, "suffice", next) ||
		matchList(toks, p, "hedge_whole", withFor) ||
		matchList(toks, p, "beneficiary_for", func(e int) bool { return matchList(toks, e, "beneficiary", next) }) ||
		matchList(toks, p, "hedge_open", func(e int) bool {
			return matchList(toks, e, "hedge_subject", func(e int) bool { return hedgePredicate(toks, e, withFor) })
		})
}

// hedgePredicate calls next with the end of a hedge's predicate at p: a verb
// ("works"), or a state after "is", "s", "would be" ("s ok").
func hedgePredicate(toks []string, p int, next func(int) bool) bool {
	if matchList(toks, p, "hedge_verb", next) {
		return true
	}
	for _, cop := range hedgeCopulas {
		if hasWordsAt(toks, p, cop) && matchList(toks, p+len(cop), "hedge_state", next) {
			return true
		}
	}
	return false
}

// hedgeCopulas join a hedge's subject to its state.
var hedgeCopulas = [][]string{{"is"}, {"s"}, {"would", "be"}, {"d", "be"}, {"were"}, {"was"}, {"seems"}, {"sounds"}}

// matchList calls next with the end of each phrase of the list name found at
// p, and reports whether one of them returned true.
func matchList(toks []string, p int, name string, next func(int) bool) bool {
	for _, ph := range tailGrammar.lists[name] {
		if hasWordsAt(toks, p, ph) && next(p+len(ph)) {
			return true
		}
	}
	return false
}

func hasWordsAt(toks []string, p int, ph []string) bool {
	if p+len(ph) > len(toks) {
		return false
	}
	for i, w := range ph {
		if toks[p+i] != w {
			return false
		}
	}
	return true
}

// answersBefore reports whether the word before a tail starting at word at
// of ws is a yes or a no after other words ("alfama garden, no thanks"):
// the tail is the answer's own, and the message is read as written. A yes or
// a no alone before it ("yes please") is the answer.
func answersBefore(text string, ws []sideWord, at int) bool {
	if at < 2 {
		return false
	}
	a, rest := leadingYesNo(key(text[ws[at-1].start:ws[at-1].end]))
	return a != Unknown && rest == ""
}

// HoldsAddressWord reports whether value, a slot's value as stored, holds a
// word of the address list that no other tail list holds ("Hugo Boss",
// "Isle of Man"): a tail of that word may be the value's own.
func HoldsAddressWord(value string) bool {
	for w := range strings.FieldsSeq(key(value)) {
		if tailGrammar.addressed[w] {
			return true
		}
	}
	return false
}
