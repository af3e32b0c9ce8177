package nlu

import (
	"strings"
	"time"
)

var (
	reasonOpeners = dateAsideList("reason_opener")
	anchorOpeners = dateAsideList("anchor_opener")
	reasonVerbs   = dateAsideList("reason_verb")
	reasonRefuse  = dateAsideList("reason_refuse")
)

// maxReasonWords bounds a reason clause after a date answer.
const maxReasonWords = 10

// dateWithReason reads a date answer, a comma, and its reason in a clause of
// its own that may name another day (date_asides.txt: "the 2nd, after the
// new year's hangover", "thursday the 7th, round one is the 8th"): the date
// before the comma. A head of more than four words, or a tail that is no
// reason (reasonClause), reads nothing.
func dateWithReason(text string, now time.Time) (Date, bool) {
	return dateBeforeReason(text, now, readDate, 4)
}

// dateBeforeReason is dateWithReason with the head read by read, in at most
// headWords words (findDateIn reads a sentence's head: "need a seat from
// Denver to Chicago on the 2nd, commuting to base").
func dateBeforeReason(text string, now time.Time, read func(string, time.Time) (Date, bool), headWords int) (Date, bool) {
	var buf [24]sideWord
	words := sideWords(text, buf[:0])
	cut := 0
	for i := 1; i < len(words); i++ {
		if words[i].clause {
			cut = i
			break
		}
	}
	if cut == 0 || cut > headWords || len(words)-cut > maxReasonWords || strings.Contains(text, "?") {
		return Date{}, false
	}
	head, tail := text[:words[cut].start], text[words[cut].start:]
	d, ok := read(head, now)
	if !ok || !reasonClause(tail) || SaysUnsure(tail) || SaysChange(tail) {
		return Date{}, false
	}
	var hb [8]token
	anchor := anchorOpeners[firstKeyWord(tail)]
	if anchor && !hasDayNumber(appendTokens(hb[:0], key(head))) && namesADay(tail, now) {
		return Date{}, false // "friday, after the conference on the 10th": which Friday?
	}
	return d, true
}

// firstKeyWord is the first word of text's key.
func firstKeyWord(text string) string {
	var buf [4]token
	if toks := appendTokens(buf[:0], key(text)); len(toks) > 0 {
		return toks[0].text
	}
	return ""
}

// reasonClause reports whether tail (after a date and its comma) is a reason
// of its own: it opens with a reason_opener or says an event (words naming
// no day, then a reason_verb), holds a word that is neither a date word nor
// a number, and no reason_refuse word.
func reasonClause(tail string) bool {
	var buf [16]token
	toks := appendTokens(buf[:0], key(tail))
	if len(toks) < 2 {
		return false
	}
	opened, content := reasonOpens(toks[0].text), false
	for j, t := range toks {
		day, named := reasonWordKind(t.text)
		switch {
		case reasonRefuse[t.text]:
			return false
		case !opened && j > 0 && reasonVerbs[t.text]:
			opened = true // "round one is the 8th", "kids go back monday"
		case !opened && day:
			return false // "the 8th is better": a day before any verb
		}
		content = content || !named
	}
	return opened && content
}

// reasonOpens reports whether a reason clause's first word opens it: a
// reason_opener or an -ing word ("commuting to base").
func reasonOpens(first string) bool {
	return reasonOpeners[first] || len(first) > 5 && strings.HasSuffix(first, "ing") && !knownDateWord(first)
}

// reasonWordKind says whether w names a day (a date word, a digit, a
// holiday's word), and whether it is no content word: a day, a number, an
// opener, a verb or a date's filler.
func reasonWordKind(w string) (day, named bool) {
	day = knownDateWord(w) || strings.ContainsAny(w, "0123456789") || holidayWords[w]
	return day, day || IsNumberWord(w) || reasonOpeners[w] || reasonVerbs[w] || dateFillers[w]
}

// hasDayNumber reports whether toks hold a day of the month: digits or an
// ordinal.
func hasDayNumber(toks []token) bool {
	for _, t := range toks {
		if _, ok := ordinalDay(t.text); ok || isDigits(t.text) {
			return true
		}
		if _, ok := ordinalWords[t.text]; ok {
			return true
		}
	}
	return false
}
