package nlu

import (
	"slices"

	"github.com/parleyhq/parley/shop/lexicon"
)

// Calendar words spelled by ear or mistyped ("wensday", "thursdy", "febuary",
// "secound", "twelth"): a word no table knows, within a small edit distance of
// one date word alone, is read as it (dateTypoFor); two near readings
// ("fourty": forty or fourth) are none. An answer to a date question is
// corrected word by word (correctDateTypos); a sentence only where a date word
// is expected (correctDateTyposInContext), so that "fridge" is no Friday.

// calendarTypoTargets are the words of dates a mistyped word is read as: the
// weekdays, the months, the relative days, the ordinal days and the tens that
// begin them ("twenty secound"); the tens are there so that a typo near both
// a ten and an ordinal ("fourty") reads as neither.
var calendarTypoTargets = append(slices.Clip(dateTypoTargets), []string{
	"second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth", "eleventh",
	"twelfth", "thirteenth", "fourteenth", "fifteenth", "sixteenth", "seventeenth", "eighteenth",
	"nineteenth", "twentieth", "thirtieth", "twenty", "thirty", "forty", "fifty", "sixty", "seventy",
	"eighty", "ninety",
}...)

// dateTypoLeads are the words after which a sentence says a date: a weekday,
// a month or an ordinal day.
var dateTypoLeads = wordSet(`on next this last coming every until till by from before after`)

// correctDateTyposInContext corrects, in a sentence, the typos of date words
// (dateTypoFor) said where a date word is expected: after a word that leads a
// date ("on wensday", "next thursdy"), or beside a day number, a month or an
// ordinal ("febuary 3", "the twenty secound of march", "3rd of febuary");
// a word of fewer than seven letters only one edit away ("fridge" is no
// Friday).
func correctDateTyposInContext(toks []token) {
	for j, t := range toks {
		if z, ok := letterOZero(t.text); ok && monthBeside(toks, j) {
			toks[j].text = z // "dec 2oth"
			continue
		}
		dropped := len(t.text) >= 6 && weekdayLetterDropped(t.text)
		if len(t.text) < 4 || !dateTypoContext(toks, j) && !dropped {
			continue
		}
		if best, ok := dateTypoFor(t.text); ok && (len(t.text) >= 7 || Levenshtein(t.text, best) <= 1 || dropped) {
			toks[j].text = best
		}
	}
}

// weekdayLetterDropped reports whether w is a weekday's name with one
// letter left out ("thurday", "wednsday", "saturay", "tusday") or two
// neighbouring letters swapped ("thrusday", "mondya"), the commonest
// single-error misspellings with a letter changed and one added (Damerau,
// "A technique for computer detection and correction of spelling errors",
// CACM 7(3), 1964): the weekday anywhere in a sentence ("workout thurday",
// "tusday pls if u can"), when w has six letters or more and is no word of
// the English list (wamerican) nor of the lexicons (issue 38, dates28: no
// English word turns into a weekday). A letter added ("saturdays", every
// Saturday) or changed is read only where a date is expected.
func weekdayLetterDropped(w string) bool {
	if len(w) < 6 || len(w) > 9 || !isWeekdayInitial(w[0]) || ordinaryNearDate[w] {
		return false
	}
	for _, target := range weekdayWords {
		if target[0] != w[0] || target == w || !(len(target) == len(w)+1 || len(target) == len(w) && swapOf(w, target)) {
			continue
		}
		if typoDistance(w, target) == 1 {
			return len(w) >= 7 && len(target) == len(w)+1 || !lexicon.IsEnglishWord(w) && !lexiconHolds(w)
		}
	}
	return false
}

// swapOf reports whether a is b with two neighbouring letters swapped.
func swapOf(a, b string) bool {
	for i := 0; i+1 < len(a); i++ {
		if a[i] != b[i] {
			return a[i] == b[i+1] && a[i+1] == b[i] && a[i+2:] == b[i+2:]
		}
	}
	return false
}

// isWeekdayInitial reports whether c begins an English weekday's name.
func isWeekdayInitial(c byte) bool { return c == 'm' || c == 't' || c == 'w' || c == 'f' || c == 's' }

// ordinaryNearDate are ordinary words near a date word that a sentence says
// where a date could stand ("this sundae", "on fridays"): never corrected.
var ordinaryNearDate = wordSet(`sundae sundaes fridge fridges monda mondo marches marched matches mayday junes julys augusts octobers tonite`)

// dateTypoContext reports whether toks[j] stands where a date word is expected.
func dateTypoContext(toks []token, j int) bool {
	if j > 0 && (dateTypoLeads[toks[j-1].text] || dateContextWord(toks[j-1].text)) {
		return true
	}
	if j+1 < len(toks) && dateContextWord(toks[j+1].text) {
		return true
	}
	return j+2 < len(toks) && toks[j+1].text == "of" && monthNames[toks[j+2].text] > 0
}

// dateContextWord reports whether w is a day number, an ordinal or a ten, or
// a month name.
func dateContextWord(w string) bool {
	if isDigits(w) && len(w) <= 2 {
		return true
	}
	if _, ok := ordinalDay(w); ok {
		return true
	}
	if _, ok := ordinalWords[w]; ok {
		return true
	}
	if _, ok := tensOfOrdinals[w]; ok {
		return true
	}
	_, month := monthNames[w]
	return month
}
