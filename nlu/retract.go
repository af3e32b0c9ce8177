package nlu

// A retraction followed by a new answer (issue 38): "never mind, the loft",
// "nvm, the cheaper one", "scratch that, Tuesday". The lead takes back what
// was said before, not the whole request: the clauses after it answer the
// question, and the message is a correction, never a cancel. The leads are
// data (frame_words.txt retract_lead); a lead naming the request ("cancel
// the booking, ...") stays a cancel, and so does a message whose later
// clauses hold no answer ("never mind, I'll do it later").

var retractLeads = frameWords["retract_lead"]

// RetractsThenAnswers reports whether text opens with a retraction clause
// (retract_lead phrases and frames only) and each later clause is a frame
// or an answer (answers reports whether a clause holds a value the caller
// reads), one at least, none of them a cancel of its own.
func RetractsThenAnswers(text string, answers func(string) bool) bool {
	if !mayHoldClauses(text) {
		return false
	}
	// Most messages open with no retraction: the first clause alone tells.
	if b := clauseBreak.FindStringIndex(text); b == nil || !isRetraction(key(text[:b[0]])) {
		return false
	}
	first, answered := true, false
	ok := eachClause(text, func(c string, asks bool) bool {
		k := key(c)
		if first {
			first = false
			return isRetraction(k)
		}
		switch {
		case !hasWord(c) || isWithdrawFrame(k):
			return true
		case asks || isCancel(c) || complainsOfExcess(c) || !answers(c):
			return false
		}
		answered = true
		return true
	})
	return ok && answered
}

// isRetraction reports whether a clause's key is a retract_lead phrase,
// frames around it allowed ("oh never mind", "nvm sorry").
func isRetraction(k string) bool {
	var buf [16]token
	toks := appendTokens(buf[:0], k)
	for i := range toks {
		if n := longestPhrase(toks[i:], retractLeads); n > 0 {
			before, after := joinTokens(toks[:i]), joinTokens(toks[i+n:])
			return (before == "" || isWithdrawFrame(before)) && (after == "" || isWithdrawFrame(after))
		}
	}
	return false
}

// joinTokens is the key the tokens were read from, spaced.
func joinTokens(toks []token) string {
	out := ""
	for i, t := range toks {
		if i > 0 {
			out += " "
		}
		out += t.text
	}
	return out
}

// excessWords say "too" ("too pricey", "trop cher", "demasiado caro", "zu
// teuer", "troppo caro"): after a change of mind a complaint, its reason,
// never the pick of a cheaper or nearer one a price or distance reader would
// make of it ("forget it, too pricey" ends the flow).
var excessWords = readerWords("excess")

// complainsOfExcess reports whether clause c is a short complaint of an
// excess: an excess word in its first two words, four words at most.
func complainsOfExcess(c string) bool {
	var buf [8]token
	toks := appendTokens(buf[:0], key(c))
	if len(toks) > 4 {
		return false
	}
	for i := 0; i < len(toks) && i < 2; i++ {
		if excessWords[toks[i].text] {
			return true
		}
	}
	return false
}
