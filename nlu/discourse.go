package nlu

import (
	_ "embed"
	"strings"
	"sync"
)

// This file reads the discourse frame around an answer, one grammar for
// every engine:
//
//	message = opener* answer closer*
//
// An opener is a discourse marker before a comma or a stop ("right,", "quick
// one,", "sorry,") or a sound ("hmm", "oh"); a closer is "then", a courtesy
// or any thanks or polite word of the reply lexicon ("please", "cheers",
// "thank you kindly", "merci"). The words are data (discourse_frame.txt,
// answer_tails.txt's courtesy, the reply lexicon's thanks and polite words).
// The answer is read exactly as if it stood alone, and nothing is read from
// the frame: an engine reads the answer only when its bare readers read
// nothing in the message as typed (or read a word of the frame as a value),
// so the common path is unchanged but for a look-up of the first and last
// words. A message that is only frame words has no answer and stays as
// written; an answer the readers cannot read leaves the message not
// understood.

//go:embed discourse_frame.txt
var discourseFrameText string

// discourseGrammar is the frame's phrase lists: openers (need a mark after
// them), bare openers (need none) and closers, each indexed by the word a
// match is looked up by (an opener's first word, a closer's last).
type discourseGrammar struct {
	openers, bareOpeners, hesitations, closers, markedClosers map[string][][]string
	// closerEnds are the last words of every closer, marked or not: one
	// look-up in MayHaveDiscourseFrame.
	closerEnds map[string]bool
	// questionAux open a question by inversion.
	questionAux [][]string
}

var discourse = sync.OnceValue(func() discourseGrammar {
	lists := readPhraseLists(discourseFrameText)
	g := discourseGrammar{
		openers:     indexPhrases(lists["opener"], true),
		bareOpeners: indexPhrases(lists["opener_bare"], true),
		hesitations: indexPhrases(lists["hesitation"], true),
		questionAux: lists["question_aux"],
	}
	closers := append([][]string{}, lists["closer"]...)
	closers = append(closers, tailGrammar.lists["courtesy"]...)
	for _, kind := range []string{"thanks", "polite"} {
		for _, phrases := range replyWords[kind] {
			for _, p := range phrases {
				if ws := words(key(p)); len(ws) > 0 {
					closers = append(closers, ws)
				}
			}
		}
	}
	g.closers = indexPhrases(closers, false)
	g.markedClosers = indexPhrases(lists["closer_marked"], false)
	g.closerEnds = map[string]bool{}
	for _, index := range []map[string][][]string{g.closers, g.markedClosers} {
		for w := range index {
			g.closerEnds[w] = true
		}
	}
	return g
})

// indexPhrases indexes phrases by their first word (first) or last word,
// longest first.
func indexPhrases(phrases [][]string, first bool) map[string][][]string {
	out := map[string][][]string{}
	for _, p := range phrases {
		w := p[len(p)-1]
		if first {
			w = p[0]
		}
		out[w] = append(out[w], p)
	}
	for _, ps := range out {
		for i := 1; i < len(ps); i++ { // longest first (insertion sort: short lists)
			for j := i; j > 0 && len(ps[j]) > len(ps[j-1]); j-- {
				ps[j], ps[j-1] = ps[j-1], ps[j]
			}
		}
	}
	return out
}

// maxFrameWords bounds the words a framed message may hold: a frame is said
// around a short answer.
const maxFrameWords = 24

// MayHaveDiscourseFrame reports whether text's first word may open a frame
// or its last word may close one: two look-ups, no allocation, the guard
// every engine asks before CutDiscourseFrame.
func MayHaveDiscourseFrame(text string) bool {
	g := discourse()
	first, last := -1, -1
	var lastEnd int
	for start, end := nextWord(text, 0); start >= 0; start, end = nextWord(text, end) {
		if first < 0 {
			first = start
			if k, ok := frameKey(text[start:end]); ok && (g.openers[k] != nil || g.bareOpeners[k] != nil || g.hesitations[k] != nil) {
				return true
			}
		}
		last, lastEnd = start, end
	}
	if last < 0 {
		return false
	}
	k, ok := frameKey(text[last:lastEnd])
	return ok && g.closerEnds[k]
}

// frameKey is w folded as the lexicons fold it, for a look-up only.
func frameKey(w string) (string, bool) {
	var kb [48]byte
	k, ok := wordKey(kb[:0], w)
	return string(k), ok // a map index by string(k) does not allocate
}

// CutDiscourseFrame is text's answer without the openers before it and the
// closers after it ("right, more please": "more"; "a person, thanks": "a
// person"; "quick one, others?": "others?"; "help me then": "help me"), and
// true; text and false when text has no frame. When the frame is all there
// is after the openers ("ok, thanks"), the answer is the closers themselves
// ("thanks"); a message that is only closers ("ta, thanks") keeps its words
// and false. A question mark after the closers stays with the answer: a
// question framed is still a question.
func CutDiscourseFrame(text string) (string, bool) {
	if !MayHaveDiscourseFrame(text) {
		return text, false
	}
	var buf [maxFrameWords]sideWord
	ws, toks := frameTokens(text, buf[:0])
	if len(toks) == 0 {
		return text, false
	}
	g := discourse()
	from, hesitant := cutOpeners(g, toks, ws)
	to := cutClosers(g, toks, ws, from)
	switch {
	case from == len(toks):
		return text, false // "hmm, ok": only openers, no answer
	case from == 0 && (to == len(toks) || allClosers(g, toks)):
		return text, false // no frame, or only closers ("ta, thanks")
	case hesitant && allClosers(g, toks[from:]):
		return text, false // "hmm 🙏": a hesitation, no thanks
	case from > 0 && to < len(toks) && allClosers(g, toks[from:to]):
		to = len(toks) // "ok, thanks": the thanks is the answer
	}
	core := framedCore(text, ws, from, to)
	if hesitant && reluctant(core) {
		return text, false // "hmm fine", "uh ok": reluctant, no yes
	}
	return core, true
}

// framedCore is the answer of text between its words from and to (ws), with
// the marks after it when no closer follows, and the question mark of a
// question closed by one ("help me, thanks?").
func framedCore(text string, ws []sideWord, from, to int) string {
	if to == len(ws) {
		return strings.TrimRight(text[ws[from].start:], " \t")
	}
	core := text[ws[from].start:ws[to-1].end]
	if asksSomething(text) {
		core += "?"
	}
	return core
}

// frameTokens are text's words (sideWords, into buf) and their keys; none
// when text has no word or more than buf holds.
func frameTokens(text string, buf []sideWord) ([]sideWord, []string) {
	ws := sideWords(text, buf)
	if len(ws) == 0 || len(ws) == cap(buf) {
		return nil, nil
	}
	toks := make([]string, len(ws))
	for i, w := range ws {
		toks[i] = key(text[w.start:w.end])
	}
	return ws, toks
}

// cutOpeners is the index of the first word after the openers toks open
// with, and whether one of them is a hesitation.
func cutOpeners(g discourseGrammar, toks []string, ws []sideWord) (int, bool) {
	from, hesitant := 0, false
	for from < len(toks) {
		n, hesitation := openerAt(g, toks, ws, from)
		if n == 0 {
			break
		}
		from, hesitant = from+n, hesitant || hesitation
	}
	return from, hesitant
}

// cutClosers is the index just after the answer, before the closers toks end
// with, the answer starting at from and keeping a word at least.
func cutClosers(g discourseGrammar, toks []string, ws []sideWord, from int) int {
	to := len(toks)
	for to > from {
		n := closerBefore(g, toks, to, from)
		if n == 0 {
			n = markedCloserBefore(g, toks, ws, to, from)
		}
		if n == 0 || to-n <= from || to-n-1 > from && saysNo(toks[to-n-1]) {
			break // "the belt, no thanks": a no after a card keeps its thanks
		}
		to -= n
	}
	return to
}

// reluctant reports whether an answer after a hesitation is a yes or a
// thanks ("hmm fine", "hmm 🙏"): said reluctantly, it is neither.
func reluctant(core string) bool {
	a, _ := LeadingYesNo(core)
	return a == Yes || SmallTalkOf(core) == Thanks
}

// openerAt is the length of the longest opener at toks[i:] that leaves an
// answer after it, or 0, and whether it is a hesitation: an opener of the
// marked list needs a comma or a stop after it.
func openerAt(g discourseGrammar, toks []string, ws []sideWord, i int) (int, bool) {
	for _, p := range g.openers[toks[i]] {
		n := len(p)
		if i+n < len(toks) && ws[i+n].clause && hasWordsAt(toks, i, p) {
			return n, false
		}
	}
	for h, index := range []map[string][][]string{g.bareOpeners, g.hesitations} {
		for _, p := range index[toks[i]] {
			n := len(p)
			if i+n < len(toks) && hasWordsAt(toks, i, p) {
				return n, h == 1
			}
		}
	}
	return 0, false
}

// closerBefore is the length of the longest closer ending at toks[to-1] and
// starting after from, or 0.
func closerBefore(g discourseGrammar, toks []string, to, from int) int {
	for _, p := range g.closers[toks[to-1]] {
		n := len(p)
		if to-n >= from && hasWordsAt(toks, to-n, p) {
			return n
		}
	}
	return 0
}

// markedCloserBefore is the length of the longest closer of the marked list
// ending at toks[to-1], after a comma or a stop, and starting after from, or 0.
func markedCloserBefore(g discourseGrammar, toks []string, ws []sideWord, to, from int) int {
	for _, p := range g.markedClosers[toks[to-1]] {
		n := len(p)
		if to-n > from && ws[to-n].clause && hasWordsAt(toks, to-n, p) {
			return n
		}
	}
	return 0
}

// allClosers reports whether toks are closers and nothing else.
func allClosers(g discourseGrammar, toks []string) bool {
	to := len(toks)
	for to > 0 {
		n := closerBefore(g, toks, to, 0)
		if n == 0 {
			return false
		}
		to -= n
	}
	return true
}

// IsOnlyCourtesy reports whether text is closers and nothing else, one of
// them a thanks of some language ("ta, thanks", "cheers, thank you"): a
// thanks, whatever else one of its words means alone (Portuguese "tá" is a
// yes).
func IsOnlyCourtesy(text string) bool {
	if !MayHaveDiscourseFrame(text) || SmallTalkOf(text) != Thanks {
		return false
	}
	var buf [maxFrameWords]sideWord
	_, toks := frameTokens(text, buf[:0])
	return len(toks) > 0 && allClosers(discourse(), toks)
}

// IsThanksThenYes reports whether text is a thanks, a comma, then a yes
// ("thanks, yeah man", Belizean "tanks, yeah man"; the thanks closers alone,
// "tanks", or a thanks of some language): said with nothing to confirm, the
// yes agrees with the thanks and answers nothing.
func IsThanksThenYes(text string) bool {
	head, rest, ok := strings.Cut(text, ",")
	if !ok || YesNo(rest) != Yes {
		return false
	}
	if SmallTalkOf(head) == Thanks {
		return true
	}
	var buf [maxFrameWords]sideWord
	_, toks := frameTokens(head, buf[:0])
	g := discourse()
	return len(toks) == 1 && g.markedClosers[toks[0]] != nil
}

// saysNo reports whether the word w is a no of the reply lexicon alone
// ("no", "nah", "non"): a closer after it is part of a decline.
func saysNo(w string) bool {
	a, _ := LeadingYesNo(w)
	return a == No
}
