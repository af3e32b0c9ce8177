package gates

import (
	"strings"

	"github.com/parleyhq/parley/nlu"
)

// This file reads a goal answer's present level said with a reason around
// it (issue 38 round 18): "squat 130 kg, lifting kegs got me to 105 kg",
// "deadlift 140 kg, clay bags keep me at 110 kg", "squat 100 kg, knee is
// better so at 80 kg", "deadlift 200 kg, hauling speaker stacks at 160 kg",
// "run 10 km, at 5 km walking the moor". The level clause is a grammar:
// REASON MARKER NUMBER UNIT [PARTICIPLE PHRASE], where MARKER is a reach
// phrase (levels.txt reach-verb, reach-object, reach-prep: "got me to",
// "keeps me at") or a reason frame ("at"), REASON is words with no number,
// no one else's, no other activity and none of reason-not (a wish, a modal,
// the past, a negation), and the participle phrase after the quantity
// ("walking the moor") is a reason too. Every word must be accounted for;
// a reach phrase that is not ("my brother got me to 105 kg", "this plan will
// get me to 130 kg") makes the goal asked again, never read with its roles
// guessed: "X gets me to Y" says where the user is, "to Y" is no target.

// reasonedLevelAsCue is text, a goal answer for node n, with its reasoned
// level clause written as the present level's cue and its number; text as
// it is when no such clause is there; ok is false when a reach phrase is
// there but not accounted for (the goal must be asked again).
func reasonedLevelAsCue(n *Node, text string) (string, bool) {
	level, cue := presentLevelExtractor(n)
	if level == nil || numberRuns(text) != 2 {
		return text, true
	}
	qs := nlu.ExtractQuantities(strings.ToLower(numbersText(text)))
	if len(qs) != 2 || qs[0].Unit == "" || qs[0].Unit != qs[1].Unit || !acceptsUnit(level, qs[0].Unit) {
		return text, true
	}
	c := lastNumberClause(text)
	if c == nil {
		return text, true
	}
	clause := text[c[0]:c[1]]
	words := ownerTokens(clause)
	reach := reachAt(words)
	prefix, suffix, ok := aroundQuantity(words)
	if !ok {
		return text, reach < 0
	}
	// A clause that frames its number as a level and says another number
	// fact's cue too ("used to be on 6 km", "want to be at 100 kg") has
	// its roles unaccounted for unless the grammar reads it whole.
	marked := reach >= 0 || reasonFrameLen(prefix) > 0 && otherCue(n, level, clause)
	goal, _ := activityOf(ownerTokens(text[:c[0]]))
	if !reasonedLevel(n, level, prefix, suffix, goal) || nlu.WithoutOthersClauses(clause) != clause {
		return text, !marked
	}
	end := strings.TrimRight(clause, ",;.!? ")
	return text[:c[0]] + " " + cue + " " + formatQuantity(qs[1]) + clause[len(end):] + text[c[1]:], true
}

// aroundQuantity splits a clause's words at its one quantity: the words
// before its number and those after its unit.
func aroundQuantity(words []string) (prefix, suffix []string, ok bool) {
	at := -1
	for i, w := range words {
		if startsWithDigit(w) {
			if at >= 0 {
				return nil, nil, false
			}
			at = i
		}
	}
	if at < 0 {
		return nil, nil, false
	}
	rest := words[at+1:]
	if strings.TrimLeft(words[at], "0123456789.,") == "" && len(rest) > 0 && unitOf(rest[0]) != "" {
		rest = rest[1:]
	}
	return words[:at], rest, true
}

// reachAt is where a reach phrase ("got me to") starts in words, -1 when
// none.
func reachAt(words []string) int {
	for i := range words {
		if reachLen(words[i:]) > 0 {
			return i
		}
	}
	return -1
}

// reachLen is the length of the reach phrase words start with, 0 when none.
func reachLen(words []string) int {
	v := phraseAt(words, 0, levelWords["reach-verb"])
	if v == 0 {
		return 0
	}
	o := phraseAt(words, v, levelWords["reach-object"])
	if o == 0 {
		return 0
	}
	p := phraseAt(words, v+o, levelWords["reach-prep"])
	if p == 0 {
		return 0
	}
	return v + o + p
}

// reasonedLevel reports whether prefix (the words before a level's number)
// ends in a marker with a reason before it, and suffix (the words after its
// unit) is none, a present marker or a participle phrase, every reason
// word accounted for (reasonWords). At least a reason, a reach phrase or a
// participle phrase must be there: a bare "at 80 kg" is presentLevelAsCue's.
func reasonedLevel(n *Node, level *Extractor, prefix, suffix []string, goal string) bool {
	marker := reachEndLen(prefix)
	reached := marker > 0
	if !reached {
		marker = reasonFrameLen(prefix)
	}
	if marker == 0 {
		return false
	}
	reason := prefix[:len(prefix)-marker]
	participle := len(suffix) > 0 && isParticiple(suffix[0])
	switch {
	case len(suffix) > 0 && !participle && !saysNow(suffix):
		return false
	case !reached && len(reason) == 0 && !participle:
		return false
	case len(reason) > 6 || len(suffix) > 6:
		return false
	}
	return reasonWords(n, level, reason, goal) && reasonWords(n, level, suffix, goal)
}

// reasonWords reports whether words may stand in a reason around a level:
// no number, none of reason-not nor aim, no other number fact's cue, no
// other activity than the goal's.
func reasonWords(n *Node, level *Extractor, words []string, goal string) bool {
	if len(words) == 0 {
		return true
	}
	if nlu.HoldsPhrase(words, levelWords["reason-not"]) || saysAny(words, "aim") {
		return false
	}
	for _, w := range words {
		if strings.ContainsAny(w, "0123456789") {
			return false
		}
	}
	if otherCue(n, level, strings.Join(words, " ")) {
		return false
	}
	if act, at := activityOf(words); act != "" && act != goal && (at != 0 || len(words) < 2 || !isParticiple(words[0])) {
		// another activity is no reason, but as a participle with its
		// object it is how the user got there ("at 5 km walking the moor")
		return false
	}
	return true
}

// isParticiple reports whether w is an "-ing" word, its g maybe dropped.
func isParticiple(w string) bool {
	return len(w) > 4 && (strings.HasSuffix(w, "ing") || strings.HasSuffix(w, "in'"))
}

// reasonFrameLen is the length of the reason frame prefix ends with, 0 when
// none.
func reasonFrameLen(prefix []string) int {
	for _, f := range levelWords["reason-frame"] {
		if len(f) <= len(prefix) && phraseAt(prefix, len(prefix)-len(f), [][]string{f}) == len(f) {
			return len(f)
		}
	}
	return 0
}

// otherCue reports whether clause says a cue of a number fact of node n
// other than level.
func otherCue(n *Node, level *Extractor, clause string) bool {
	for i := range n.Extract {
		if x := &n.Extract[i]; x != level && x.Kind == ExtractNumber && hasCue(x, clause) {
			return true
		}
	}
	return false
}

// lastNumberClause is the span of text's last clause with a digit, when a
// clause before it holds one too; nil otherwise.
func lastNumberClause(text string) []int {
	clauses := clauseRe.FindAllStringIndex(text, -1)
	last := -1
	for i, c := range clauses {
		if strings.ContainsAny(text[c[0]:c[1]], "0123456789") {
			last = i
		}
	}
	if last < 1 || !strings.ContainsAny(text[:clauses[last][0]], "0123456789") {
		return nil
	}
	return clauses[last]
}

// reachEndLen is the length of the reach phrase prefix ends with, 0 when
// none.
func reachEndLen(prefix []string) int {
	for i := range prefix {
		if k := reachLen(prefix[i:]); k > 0 && i+k == len(prefix) {
			return k
		}
	}
	return 0
}
