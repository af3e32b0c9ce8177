package nlu

import "strings"

// A change of mind given with its reason (issue 38, helper flows2): "scrap
// it, the story got spiked", "drop the flight, I'm driving down instead".
// The reason is said in words no list could hold, so it is read by what it
// is not: a clause that names no value (no digit, no place, nothing the
// caller's readers find), asks nothing and requests nothing new
// (frame_words.txt withdraw_reason_not). Said beside a clause that is a
// cancel, such a clause is the reason for it; beside anything else, or
// holding a value ("forget it, make it Rome"), the message is no change of
// mind, and it is read as it would be without this.

var reasonNot = frameWords["withdraw_reason_not"]

// CancelsWithReason reports whether text is, clause by clause, a cancel
// (IsCancel of a clause) and, in each other clause, a frame or the reason for
// it (see above); hasValue reports whether a clause holds a value the caller
// reads (a slot's value), which makes it no reason.
func CancelsWithReason(text string, hasValue func(string) bool) bool {
	if !mayHoldClauses(text) || !hasWordIn(key(text), withdrawFirsts()) {
		return false
	}
	found := false
	return eachClause(text, func(c string, asks bool) bool {
		switch {
		case isCancel(c):
			found = true
		case !hasWord(c) || isWithdrawFrame(key(c)):
		case asks || !mayBeReason(c) || hasValue(c) && !complainsOfExcess(c):
			return false // "cancel it? what about Porto", "forget it, make it Rome"
		}
		return true
	}) && found
}

// mayBeReason reports whether a clause may be a reason for a change of mind:
// no digit, no place named, no word of a new request.
func mayBeReason(c string) bool {
	if strings.ContainsAny(c, "0123456789") {
		return false
	}
	if _, ok := FindCity(c); ok {
		return false
	}
	toks := tokenize(key(c))
	for _, p := range reasonNot {
		if findPhrase(toks, p, 0) >= 0 {
			return false
		}
	}
	return true
}
