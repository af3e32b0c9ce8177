package nlu

import "strings"

// A clause after the answer may tell of the user's life and date it ("from
// columbus, school let out thursday", "out of reno, after the last show on
// the 4th"): the day is the event's, told in the past or counted from, never
// said as the day of travel. At the date's own question such a second day
// is asked about (a reason naming another date); elsewhere it is not stored.

var (
	pastSame         = readerWords("past_same")
	lifeAnchors      = readerWords("life_anchor")
	eventDeterminers = readerWords("event_determiner")
)

// DateInLifeClause reports whether a clause of text after its first (after a
// comma or a semicolon) dates an event of the user's life (lifeEventClause):
// its day is no value volunteered for the trip.
func DateInLifeClause(text string) bool {
	first := true
	for clause := range strings.FieldsFuncSeq(text, func(r rune) bool { return r == ',' || r == ';' }) {
		if first {
			first = false
			continue
		}
		var buf [32]token
		if lifeEventClause(appendTokens(buf[:0], key(clause))) {
			return true
		}
	}
	return false
}

// lifeEventClause reports whether toks, a clause after the answer, date an
// event of the user's life: one a subordinate word anchors a day on
// (anchoredEvent) or one told in the past (pastEventClause).
func lifeEventClause(toks []token) bool {
	return anchoredEvent(toks) || pastEventClause(toks)
}

// anchoredEvent reports whether toks open with an anchor word (life_anchor)
// and an event's noun before any day's word, a day named after it ("after
// the last show on the 4th"); "after the 4th" and "before noon friday" name
// no event, their day is a bound the date's readers weigh.
func anchoredEvent(toks []token) bool {
	if len(toks) < 3 || !lifeAnchors[toks[0].text] {
		return false
	}
	for i := 1; i < len(toks); i++ {
		w := toks[i].text
		if namesDayIn(toks[i:i+1]) || isNumberToken(w) {
			return false
		}
		if eventWord(w) {
			return namesDayIn(toks[i+1:])
		}
	}
	return false
}

// pastEventClause reports whether toks are a subject and a past verb that a
// day follows ("school let out thursday", "the campers went home today",
// "we wrapped the season on the 2nd"): the subject a pronoun or up to three
// words with an event's noun among them.
func pastEventClause(toks []token) bool {
	for k := 1; k <= 3 && k < len(toks); k++ {
		w := toks[k].text
		pronoun := k == 1 && reasonSubjects[toks[0].text]
		if !pronoun && !eventSubject(toks[:k]) {
			continue
		}
		if pastVerbs[w] || regularPast(w) || pastSame[w] && !pronoun {
			return namesDayIn(toks[k+1:])
		}
	}
	return false
}

// regularPast reports whether w has a regular past's form (-ed, not -eed:
// "finished", never "need").
func regularPast(w string) bool {
	return len(w) > 4 && strings.HasSuffix(w, "ed") && !strings.HasSuffix(w, "eed")
}

// eventSubject reports whether toks are determiners and event words, one
// event word at least ("the kids", "school").
func eventSubject(toks []token) bool {
	nouns := 0
	for _, t := range toks {
		switch {
		case eventDeterminers[t.text]:
		case eventWord(t.text):
			nouns++
		default:
			return false
		}
	}
	return nouns > 0
}

// eventWord reports whether w may be an event's own noun: no word of dates
// (a filler among them), no number, none of event_not_noun, no -ly adverb.
func eventWord(w string) bool {
	if eventDeterminers[w] || eventNotNouns[w] || knownDateWord(w) || IsDateWord(w) || isNumberToken(w) || strings.HasSuffix(w, "ly") {
		return false
	}
	_, abbr := weekdayAbbreviations[w]
	return !abbr && !pastVerbs[w] && !regularPast(w)
}
