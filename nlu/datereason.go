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
	first := toks[0].text
	participle := len(first) > 5 && strings.HasSuffix(first, "ing") && !knownDateWord(first)
	opened, content := reasonOpeners[first] || participle, false // "commuting to base"
	for j, t := range toks {
		if reasonRefuse[t.text] {
			return false
		}
		day := knownDateWord(t.text) || strings.ContainsAny(t.text, "0123456789") || holidayWords[t.text]
		dateish := day || IsNumberWord(t.text)
		if !opened && j > 0 && reasonVerbs[t.text] {
			opened = true // "round one is the 8th", "kids go back monday"
		}
		if !opened && day {
			return false // "the 8th is better": a day before any verb
		}
		content = content || !dateish && !reasonOpeners[t.text] && !reasonVerbs[t.text] && !dateFillers[t.text]
	}
	return opened && content
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
