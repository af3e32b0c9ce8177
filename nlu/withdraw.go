package nlu

import (
	"strings"
	"sync"
)

// A change of mind said with its frame (issue 38 round 5): "nah, forget the
// flight", "hmm, maybe not, never mind", "actually scratch that, no flight
// for now", and a cancel taken back the same way, "oh wait, no, don't cancel
// anything". The grammar reads a sentence whole; such a message is read clause
// by clause instead: one clause is a change of mind (or a cancel taken back),
// each other one is only a frame (frame_words.txt withdraw_frame,
// interjections, or "no" and what the flow is for: "no flight for now"). A
// clause naming anything else ("Paris, never mind the date") keeps the
// message from being read so.

var (
	withdrawFrames = frameWords["withdraw_frame"]
	withdrawThings = wordSet(strings.Join(flatten(frameWords["withdraw_thing"]), " "))
	// declineFirsts are the words a decline may open with: a frame's, a
	// lead's ("no", "pas") or an interjection.
	declineFirsts = func() map[string]bool {
		out := firstWords(withdrawFrames, declineLeads)
		for w := range frameLeadIns {
			out[w] = true
		}
		return out
	}()
)

// withdrawFirsts are the first words of the grammar's cancel and keep
// sentences and of the cancel phrases: a message holding none is no change
// of mind, clause by clause or whole.
var withdrawFirsts = sync.OnceValue(func() map[string]bool {
	out := map[string]bool{}
	maps := []map[string]bool{cancelFirstWords}
	g := loadedGrammar()
	for w, ts := range g.byFirst {
		for _, i := range ts {
			if t := g.templates[i]; t.intent == IntentCancel || t.keep {
				out[w] = true
			}
		}
	}
	for _, m := range maps {
		for w := range m {
			out[w] = true
		}
	}
	return out
})

// byClauses reports whether text is, clause by clause, one clause or more
// that reads (read, given a clause as typed) and frames only around them, and
// not wholly a no ("no, mejor no": the yes/no rule's). Text of one clause
// gives false: its reading is the caller's.
func byClauses(text string, read func(string) bool) bool {
	if !clausesRead(text, read) {
		return false
	}
	a, rest := LeadingYesNo(text)
	return a == Unknown || rest != ""
}

// WithdrawsAnswer reports whether text, said at a question for a value (not a
// yes/no question), is a change of mind: IsCancel, or a message wholly a no
// whose clauses hold one ("hmm, maybe not, never mind"). At a yes/no question
// the same message is the no it says, so IsCancel leaves it out.
func WithdrawsAnswer(text string) bool {
	// clausesRead holds byClauses: one reading of the clauses does for both.
	return cancelOrClauses(text, clausesRead)
}

// clausesRead is byClauses without the yes/no rule's exception.
func clausesRead(text string, read func(string) bool) bool {
	if !mayHoldClauses(text) || !hasWordIn(key(text), withdrawFirsts()) {
		return false
	}
	found := false
	return eachClause(text, func(c string, _ bool) bool {
		switch {
		case declines(key(c)) || read(c):
			found = true
		case !hasWord(c) || isWithdrawFrame(key(c)):
		default:
			return false
		}
		return true
	}) && found
}

// eachClause calls f with each clause of text (between clauseBreak's breaks)
// and whether a question mark ends it, until f returns false; false when it
// does, or when text is one clause.
func eachClause(text string, f func(c string, asks bool) bool) bool {
	breaks := clauseBreak.FindAllStringIndex(text, -1)
	if len(breaks) == 0 {
		return false
	}
	start := 0
	for i := 0; i <= len(breaks); i++ {
		end, asks := len(text), false
		if i < len(breaks) {
			end = breaks[i][0]
			asks = strings.ContainsAny(text[breaks[i][0]:breaks[i][1]], "?؟")
		}
		c := text[start:end]
		if i < len(breaks) {
			start = breaks[i][1]
		}
		if !f(c, asks) {
			return false
		}
	}
	return true
}

// mayHoldClauses is mayBreak without the dash inside a word or a date
// ("2026-12-12", "BK-12345"): a clause break's dash has a space beside it.
func mayHoldClauses(text string) bool {
	// One pass over the bytes (mayHoldClausesSpec in the tests is the rule as
	// written with strings.ContainsAny): with no dash, mayBreak decides.
	dash := false
	for i := 0; i < len(text); i++ {
		switch text[i] {
		case ',', ';', '.', '!', '?':
			return true
		case 0xD8: // ؟ (D8 9F), ، (D8 8C)
			if i+1 < len(text) && (text[i+1] == 0x9F || text[i+1] == 0x8C) {
				return true
			}
		case '-', 0xE2:
			d, spaced := dashAt(text, i)
			if spaced {
				return true
			}
			dash = dash || d
		}
	}
	return !dash && mayBreak(text)
}

// dashAt reports whether a dash (-, – or —) starts at byte i of text, and
// whether it is spaced as a clause break's: " -", "- ", " –", " —".
func dashAt(text string, i int) (dash, spaced bool) {
	spaceBefore := i > 0 && text[i-1] == ' '
	if text[i] == '-' {
		return true, spaceBefore || i+1 < len(text) && text[i+1] == ' '
	}
	// – is E2 80 93, — is E2 80 94.
	if i+2 < len(text) && text[i+1] == 0x80 && (text[i+2] == 0x93 || text[i+2] == 0x94) {
		return true, spaceBefore
	}
	return false, false
}

// isWithdrawFrame reports whether a clause's key is only frame words: the
// phrases of withdraw_frame and interjections, or "no" and what a flow is
// for, then such phrases ("no flight for now").
func isWithdrawFrame(k string) bool {
	var buf [16]token
	toks := appendTokens(buf[:0], k)
	if len(toks) == 0 || len(toks) == cap(buf) {
		return false
	}
	if n := noThing(toks); n > 0 {
		toks = toks[n:]
	}
	return framesOnly(toks)
}

// declineLeads are the words before the thing declined ("no flight", "pas de
// vol", "ningun vuelo").
var declineLeads = [][]string{{"no"}, {"no", "more"}, {"pas", "de"}, {"pas", "d"}, {"plus", "de"}, {"ningun"}, {"ninguna"}, {"sin"}}

// noThing is the number of words of a decline's lead and thing that toks
// start with ("no flight", "no more hotels"), 0 when they start with none.
func noThing(toks []token) int {
	n := longestPhrase(toks, declineLeads)
	if n == 0 {
		return 0
	}
	if n < len(toks) && (toks[n].text == "the" || toks[n].text == "a") {
		n++
	}
	if n < len(toks) && withdrawThings[toks[n].text] {
		return n + 1
	}
	return 0
}

// declines reports whether a clause's key is a thing declined for a while:
// "no flight for now", "pas de vol pour l'instant", then frames only, one
// at least.
func declines(k string) bool {
	var buf [16]token
	toks := appendTokens(buf[:0], k)
	if len(toks) == 0 || !declineFirsts[toks[0].text] {
		return false // most answers: "2026-12-12", "Boston"
	}
	n := noThing(toks)
	for n == 0 && len(toks) > 0 {
		// "actually no flight for now": frames before it.
		lead := longestPhrase(toks, withdrawFrames)
		if lead == 0 && frameLeadIns[toks[0].text] {
			lead = 1
		}
		if lead == 0 {
			return false
		}
		toks = toks[lead:]
		n = noThing(toks)
	}
	return n > 0 && n < len(toks) && framesOnly(toks[n:])
}

// framesOnly reports whether toks are withdraw_frame phrases and
// interjections only.
func framesOnly(toks []token) bool {
	if len(toks) == 0 {
		return false
	}
	for len(toks) > 0 {
		n := longestPhrase(toks, withdrawFrames)
		if n == 0 && frameLeadIns[toks[0].text] {
			n = 1
		}
		if n == 0 {
			return false
		}
		toks = toks[n:]
	}
	return true
}

// longestPhrase is the number of words of the longest of phrases toks start
// with, 0 when none.
func longestPhrase(toks []token, phrases [][]string) int {
	n := 0
	for _, p := range phrases {
		if len(p) > n && startsWithPhrase(toks, p) {
			n = len(p)
		}
	}
	return n
}

// ClausesBefore is the part of text before its first clause that read says
// is one (by the clause breaks of SetAside: punctuation, a dash, "but"):
// "San Diego" of "San Diego, and hurry up or get me an agent". ok is false
// when no clause after the first is one.
func ClausesBefore(text string, read func(string) bool) (string, bool) {
	if !mayBreak(text) {
		return "", false
	}
	start, cut := 0, 0 // the clause starts at start, after a break at cut
	for _, m := range clauseBreak.FindAllStringIndex(text, -1) {
		if start > 0 && read(text[start:m[0]]) {
			return strings.TrimSpace(text[:cut]), true
		}
		start, cut = m[1], m[0]
	}
	if start > 0 && read(text[start:]) {
		return strings.TrimSpace(text[:cut]), true
	}
	return "", false
}
