package shop

import (
	_ "embed"
	"slices"
	"strings"

	"github.com/parleyhq/parley/nlu"
)

// answerTailsText is lexicon/answer_tails.txt: the discourse adverbs said at
// the end of an answer.
//
//go:embed lexicon/answer_tails.txt
var answerTailsText string

var answerTails = readWordList(answerTailsText)

// withoutAnswerTail returns text without the discourse adverb that ends it
// ("No, thank you, not today though." is "No, thank you, not today"), and
// whether it had one; a message of the adverb alone is kept.
func withoutAnswerTail(text string) (string, bool) {
	s := strings.TrimRight(text, " .!")
	i := strings.LastIndexFunc(s, func(r rune) bool { return r == ' ' || r == ',' })
	if i <= 0 || !answerTails[strings.ToLower(s[i+1:])] {
		return text, false
	}
	return strings.TrimRight(s[:i], " ,"), true
}

// pointerThenYes reports whether, with a card in question, the message is a
// phrase pointing at it and then a yes ("that one, yes", "this one - yes
// please"): every word before the last break stands for the card in question
// (pendingFillers), and what follows it is a yes (nlu.YesNo).
func pointerThenYes(text string) bool {
	i := strings.LastIndexAny(text, ",;–—-")
	if i <= 0 || nlu.YesNo(text[i+1:]) != nlu.Yes {
		return false
	}
	ws := nlu.FoldWords(text[:i])
	return len(ws) > 0 && !slices.ContainsFunc(ws, func(w string) bool { return !pendingFillers[w] })
}

// contractedStatement reports whether ws, a clause after a no, is a
// statement whose verb is a contracted "is" or "has" after its subject
// ("summer's over", "the weather's turned"): a noun the shop sells no kind
// of, the clitic, and a predicate: a reason for the no, never a request.
func (t *turn) contractedStatement(ws []string) bool {
	at := slices.Index(ws, "s")
	if at < 1 || at > 2 || at+1 >= len(ws) || at == 2 && !subjectOpeners[ws[0]] {
		return false
	}
	return !slices.ContainsFunc(ws, func(w string) bool { return t.namesAKind(w) || len(typoKinds(w)) > 0 }) &&
		!t.namesCatalogWord(strings.Join(ws, " "))
}
