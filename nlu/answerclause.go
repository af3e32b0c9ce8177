package nlu

import (
	"slices"
	"strings"
	"sync"
)

// This file reads a yes or a no as a grammar over clauses: a leading answer
// (a yes or no phrase, or an exclamation of assent followed by an
// instruction: "yeehaw, book it", "sold, add it"), forms of address after it
// ("yes chef", "ok captain, add it"), then perhaps an instruction that
// carries the answer out ("book it") and a reason clause ("before the next
// commission", "the wheels can wait", "my rotation got changed"). The reason
// may hold "no", "not", "wait" or "changed" without turning the answer: it
// is the leading answer that answers. A reason that changes the request (a
// change word, a number; the engine checks it for its slots' values) leaves
// the message to the engine, which asks. The words are reader_words.txt's
// (assent_interjection_frames, vocatives, reason_openers, ...).

// clauseWords are reader_words.txt's lists of the answer clauses, read on
// first use.
type clauseWords struct {
	interjections                          [][]string
	vocatives, leads, openers, determiners map[string]bool
	modals, reports, objects               map[string]bool
}

var answerClauseWords = sync.OnceValue(func() clauseWords {
	return clauseWords{
		interjections: readerFrames("assent_interjection_frames"),
		vocatives:     readerWords("vocatives"),
		leads:         readerWords("vocative_leads"),
		openers:       readerWords("reason_openers"),
		determiners:   readerWords("reason_determiners"),
		modals:        readerWords("modal_verbs"),
		reports:       readerWords("change_reports"),
		objects:       readerWords("instruction_objects"),
	}
})

// assentInterjection is what follows an exclamation of assent k (a key)
// opens with, and whether it opens with one and something follows it.
func assentInterjection(k string) (string, bool) {
	toks := words(k)
	for _, f := range answerClauseWords().interjections {
		if len(toks) > len(f) && equalWords(toks[:len(f)], f) {
			return strings.Join(toks[len(f):], " "), true
		}
	}
	return "", false
}

// interjectedYes reads text as an exclamation of assent and an instruction
// after it that says yes on its own ("yeehaw, book it", "right on, go
// ahead"): Yes, or Unknown. The exclamation alone, or before anything that is
// no yes ("sweet, but change the date", "nice, cancel it"), is no answer.
func interjectedYes(text, question string) Answer {
	rest, ok := assentInterjection(replyKey(text))
	if !ok || strings.TrimSpace(rest) == "" {
		return Unknown
	}
	if yesNoTo(rest, question) == Yes {
		return Yes
	}
	return Unknown
}

// withoutVocatives is toks without the forms of address that open them
// ("chef", "there bot"), as said right after an answer or a greeting.
func withoutVocatives(toks []string) []string {
	w := answerClauseWords()
	i := 0
	for i < len(toks) && (w.vocatives[toks[i]] || (w.leads[toks[i]] && i+1 < len(toks) && w.vocatives[toks[i+1]])) {
		i++
	}
	return toks[i:]
}

// trailingVocatives is how many of toks's last words are forms of address
// ("hey there bot": "bot"; "hello there shop": "there shop"), leaving at
// least one word before them.
func trailingVocatives(toks []string) int {
	w := answerClauseWords()
	n := 0
	for i := len(toks) - 1; i > 0 && w.vocatives[toks[i]]; i-- {
		n++
	}
	if n > 0 && len(toks)-n > 1 && w.leads[toks[len(toks)-n-1]] {
		n++
	}
	return n
}

// reasonClauseAt is where a reason clause opens in toks (the words after an
// answer), after an instruction that carries the answer out; -1 when none
// does.
func reasonClauseAt(toks []string) int {
	opens := answerClauseWords().openers
	for i := range toks {
		if opens[toks[i]] {
			return i
		}
	}
	return -1
}

// changesAt reports whether toks[i], in a clause after the answer a, asks
// for a change: a change word or a number, unless the clause's grammar makes
// it part of a reason, a determiner inside a reason clause ("before the next
// commission"), a predicate after a modal ("the wheels can wait"), or, after
// a no, a change reported in a past form ("my rotation got changed").
func changesAt(toks []string, i int, a Answer, inReason bool) bool {
	w := toks[i]
	if hasDigit(w) {
		return true
	}
	if !changeWords[w] {
		return false
	}
	cw := answerClauseWords()
	switch {
	case inReason && cw.determiners[w] && i > 0 && determiners[toks[i-1]]:
		return !reasonNoun(toks, i+1) // "the next commission", not "the next day" nor "the next one"
	case cw.modals[wordBefore(toks, i)] && !negationWords[w]:
		return i == 1 // "can wait", "can't wait"; with no subject it asks ("wait, can wait?")
	case a == No && cw.reports[w] && i > 0:
		return false
	}
	return true
}

// wordBefore is the word before toks[i], a negation between them ("can't
// wait", "will not wait") passed over; "" when none is.
func wordBefore(toks []string, i int) string {
	j := i - 1
	if j > 0 && (toks[j] == "not" || toks[j] == "t") {
		j--
	}
	if j < 0 {
		return ""
	}
	return toks[j]
}

// reasonNoun reports whether toks[i] is a noun of a reason clause's own: a
// word the lexicons give no other role, and no word of a day or a span of
// days ("the next day", "the first week" name a date: the engine's to read).
func reasonNoun(toks []string, i int) bool {
	if i >= len(toks) {
		return false
	}
	w := toks[i]
	return !functionWords[w] && !fillerWords[w] && !changeWords[w] && !hasDigit(w) &&
		!weekdayOrUnit(w) && !relativeDayWord(w)
}

// determinerNo reports whether the rest of a yes opens with "no" as a
// determiner of the noun right after it ("yep, no grooming that day", "yes,
// no matinee then"): a reason, not the other answer. A no phrase of more
// words ("no way", "no thanks"), a mark after the "no" or a word the
// lexicons read (a pronoun, a verb, a reply word) make it the other answer.
func determinerNo(text string) bool {
	_, rest := LeadingYesNo(text)
	toks := words(rest)
	if len(toks) < 2 || toks[0] != "no" {
		return false
	}
	if n, _ := answerPhraseAt(toks, 0, No); n != 1 {
		return false
	}
	return noNoun(text, toks[1])
}

// noNoun reports whether next, the word after a "no" of text, is a noun that
// "no" determines in the same clause ("no rehearsal that day"): no mark
// between them and no word the lexicons give another role.
func noNoun(text, next string) bool {
	if functionWords[next] || fillerWords[next] || negationWords[next] || changeWords[next] ||
		isActionVerb(next, nil) || hasDigit(next) || isReplyWord(next) {
		return false
	}
	k := key(text)
	return strings.HasPrefix(k, "no "+next) || strings.Contains(k, " no "+next)
}

// noneBeforeNoun reports whether the answer phrase of text ends in a "no"
// that determines the noun after it (rest's first word): "yeah, no
// rehearsal that day" is a yes with a reason or a scornful no with a noun
// after it, and neither is read.
func noneBeforeNoun(text, rest string) bool {
	said := words(strings.TrimSuffix(key(text), rest))
	toks := words(rest)
	return len(said) > 0 && said[len(said)-1] == "no" && len(toks) > 0 && noNoun(text, toks[0])
}

// isReplyWord reports whether w opens a yes, a no or a polite phrase.
func isReplyWord(w string) bool {
	return len(replyByFirst()[w]) > 0
}

// instructionAndReason reads the words toks after the answer a as an
// instruction that carries it out and a reason clause: the reason's words,
// and whether they read so. A yes's instruction elaborates it ("book it");
// the reason opens with a reason opener ("before", "because", "since").
func instructionAndReason(toks []string, a Answer, asked map[string]bool) ([]string, bool) {
	at := reasonClauseAt(toks)
	if a != Yes || at < 0 || !elaborates(toks[:at], asked, false) {
		return nil, false
	}
	reason := toks[at:]
	for i := range reason {
		if changesAt(reason, i, a, true) {
			return nil, false
		}
	}
	return reason, true
}

// objectVariants is k, an instruction, with its last word, a pronoun other
// than "it" ("leave that", "skip this"), said as "it"; "" when it ends in
// none.
func objectVariants(k string) string {
	ws := strings.Fields(k)
	if len(ws) < 2 || !answerClauseWords().objects[ws[len(ws)-1]] {
		return ""
	}
	ws = slices.Clone(ws)
	ws[len(ws)-1] = "it"
	return strings.Join(ws, " ")
}
