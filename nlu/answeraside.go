package nlu

import "strings"

// This file reads a yes or a no followed by a clause of the user's own life
// ("yep, that's my week off", "no, I'm on call that day", "sure, that works
// with my days off"): the clause is an aside, a reason, and neither carries
// the answer out nor changes it. YesNoTo leaves such a message Unknown (its
// words are not a carrying-out); AnswerAside gives the answer and the aside,
// and the engine, which knows its slots, keeps the answer only when the aside
// names no value of them ("no, the 5th" is a correction, never a no).

// AnswerAside reads text as a yes or a no phrase and an aside after it: the
// answer, and the aside's words as keyed. It is Unknown when text opens with
// no answer, opens with both, or when the aside asks something, changes the
// request (a change word, a number: "yes but friday", "no, 3 nights"),
// refuses what a yes accepts (a negation with an action verb: "yes, don't
// book yet"), or carries out what a no refuses (the question's verb not
// negated: "no, book it"), or when the answer phrase ends in a negation whose
// verb the rest is ("I don't know").
func AnswerAside(text, question string) (Answer, string) {
	text = WithoutSignOff(text)
	if asksSomething(text) || isUnreadReply(text) {
		return Unknown, ""
	}
	a, rest := LeadingYesNo(text)
	if a == Unknown {
		a, rest = copulaAnswer(replyKey(text))
	}
	if a == Unknown || rest == "" || !ownClause(text, rest, a) || noneBeforeNoun(text, rest) {
		return Unknown, ""
	}
	asked := questionVerbs(question)
	if !asideKeeps(a, words(rest), asked) {
		// "yes, book it before the next commission": an instruction, then
		// a reason clause, the aside.
		if reason, ok := instructionAndReason(words(rest), a, asked); ok {
			return a, strings.Join(reason, " ")
		}
		return Unknown, ""
	}
	return a, rest
}

// ownClause reports whether rest, after the answer a that text opens with,
// is a clause of its own: marked off (clauseMarked), no shrug, not the other
// answer, and not the verb of a negation the answer phrase ends in ("no sé",
// "yes and no", "ah, I dunno", "I don't" + "know").
func ownClause(text, rest string, a Answer) bool {
	if (saysTheOpposite(text, a) && (a != Yes || !determinerNo(text))) || !clauseMarked(text) || SaysUnsure(rest) || IsNonAnswer(rest) {
		return false
	}
	said := words(strings.TrimSuffix(key(text), rest))
	return len(said) == 0 || said[len(said)-1] == "no" || !negationWords[said[len(said)-1]]
}

// asideKeeps reports whether the aside's words toks leave the answer a as it
// is: no change word or number, no refusal of a yes's act, no carrying out of
// what a no refuses.
func asideKeeps(a Answer, toks []string, asked map[string]bool) bool {
	neg := negationAt(toks) >= 0
	for i, w := range toks {
		switch {
		case changesAt(toks, i, a, false):
			return false
		case a == Yes && neg && isActionVerb(w, asked):
			return false
		case a == No && !neg && asked[Stem(w)] && !fillerWords[w]:
			return false
		}
	}
	return true
}

// clauseMarked reports whether text holds a clause's mark before its end (a
// comma, a full stop, a dash between spaces): an aside is a clause of its
// own, never the words a no negates ("no sé", "wala ko kabalo").
func clauseMarked(text string) bool {
	t := strings.TrimRight(text, " .!?…")
	return strings.ContainsAny(t, ",;:.!…") || strings.Contains(t, " - ") || strings.Contains(t, " – ") || strings.Contains(t, " — ")
}

// copulaFrames stand before an answer phrase as its subject and verb ("that
// is all correct", "it's all fine", "everything is right"): the phrase after
// them is the answer.
var copulaFrames = readerFrames("copula_frames")

// copulaAnswer reads k (a reply key) as a copula frame and an answer phrase
// after it: the answer and what follows the phrase.
func copulaAnswer(k string) (Answer, string) {
	toks := words(k)
	for _, f := range copulaFrames {
		if len(toks) <= len(f) || !equalWords(toks[:len(f)], f) {
			continue
		}
		rest := strings.Join(toks[len(f):], " ")
		if a, r := leadingYesNo(rest); a != Unknown {
			return a, r
		}
	}
	return Unknown, ""
}

func equalWords(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// imperativeYes reports whether toks, a whole message opening with no answer
// phrase, are the question's own verb said as an order with at most a
// pronoun and polite words ("book it", "book it please", "renew it now"): a
// yes. Another verb ("cancel it", "book a hotel") is no answer to this
// question.
func imperativeYes(toks []string, asked map[string]bool) bool {
	if len(toks) == 0 || fillerWords[toks[0]] || !asked[Stem(toks[0])] {
		return false
	}
	for _, w := range toks[1:] {
		if !fillerWords[w] || changeWords[w] || negationWords[w] {
			return false
		}
	}
	return true
}
