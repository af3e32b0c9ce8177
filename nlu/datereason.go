package nlu

import (
	"strings"
	"time"

	"github.com/parleyhq/parley/shop/lexicon"
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
	if !ok || !reasonClause(tail) || SaysUnsure(tail) || SaysChange(tail) && !changeIsSubject(tail) {
		return Date{}, false
	}
	if anchorAsks(d, head, tail, now) {
		return Date{}, false // "friday, after the conference on the 10th": which Friday?
	}
	return d, true
}

// anchorAsks reports whether tail, an anchor clause after head, a day said
// without its day number, names a day that head's day d does not follow
// (followsAnchor): which of the weekdays is meant is asked.
func anchorAsks(d Date, head, tail string, now time.Time) bool {
	var hb [8]token
	opener := firstKeyWord(tail)
	return anchorOpeners[opener] && !hasDayNumber(appendTokens(hb[:0], key(head))) &&
		(namesADay(tail, now) || namesASeason(tail)) && !followsAnchor(d, opener, tail, now)
}

// namesASeason reports whether the anchor clause tail names a holiday that
// is a season of days, no one day ("sunday, after ringing for advent",
// "friday, after easter"): the weekday may be the one of that season's
// first days or the next one, and which is asked.
func namesASeason(tail string) bool {
	var tb [16]token
	toks := appendTokens(tb[:0], key(tail))
	for i := range toks {
		if len(holidayGroupAt(toks, i, holidayCount{dir: 1})) > 0 {
			return true
		}
	}
	return false
}

// afterOpener is tail after its opening word opener ("after sunday's
// ringing": "sunday's ringing"), where the anchor's day is read: with the
// opener, "after sunday" would be no one day.
func afterOpener(tail, opener string) string {
	i := strings.Index(strings.ToLower(tail), opener)
	if i < 0 {
		return tail
	}
	return tail[i+len(opener):]
}

// followsAnchor reports whether d, a day read without its day number, is
// the one the anchor clause tail places it by: its day falls within the
// week after the anchor's day for "after" ("thursday, after the funeral on
// wednesday": the Thursday that follows that Wednesday), within the week
// before it for "before". Any other fit is asked: which one is meant?
func followsAnchor(d Date, opener, tail string, now time.Time) bool {
	a, ok := findDate(afterOpener(tail, opener), now)
	if !ok {
		return false
	}
	switch opener {
	case "after":
		return a.Before(d) && !a.AddDays(7).Before(d)
	case "before":
		return d.Before(a) && !d.AddDays(7).Before(a)
	}
	return false
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
// of its own: it opens with a reason_opener, a comparison ("cheaper than
// saturday"), a "no" and the thing there is none of ("no patients booked"),
// or says an event (words naming no day, then a reason_verb: "that's my
// first day off", "first match is the 21st"), holds a word that is neither a
// date word nor a number, and no reason_refuse word.
func reasonClause(tail string) bool {
	var buf [16]token
	k := key(tail)
	toks := appendTokens(buf[:0], k)
	if len(toks) < 2 {
		return false
	}
	opened := reasonOpens(toks[0].text) || comparisonOpens(toks) || noneOfOpens(toks) || purposeOpens(toks)
	return reasonWordsFit(k, toks, opened)
}

// reasonWordsFit is reasonClause's reading of toks word by word, opened
// when the first words opened the clause: no refusal (but the "no" of a
// none-of that opened it), no day before the clause's verb, a content word.
func reasonWordsFit(k string, toks []token, opened bool) bool {
	content := false
	for j, t := range toks {
		day, named := reasonWordKind(t.text)
		if day && designatorAt(k, toks, j) {
			day, named = false, false // "before the w-2s arrive": a form, no day
		}
		switch {
		case reasonRefuse[t.text] && !(j == 0 && opened && t.text == "no"):
			return false
		case !opened && clauseVerbAt(toks, j):
			opened = true
		case !opened && day && namesDayAt(toks, j):
			return false // "the 8th is better": a day before any verb
		}
		content = content || !named
	}
	return opened && content
}

// clauseVerbAt reports whether toks[j] is the verb of a reason's clause, or
// its particle: a reason_verb after the first word ("round one is the 8th",
// "kids go back monday") or a phrasal verb's particle ("the crews stand down
// sunday").
func clauseVerbAt(toks []token, j int) bool {
	return j > 0 && reasonVerbs[toks[j].text] || phrasalVerbAt(toks, j)
}

// verbParticles are the adverb particles of English phrasal verbs that
// never place a day themselves (Quirk et al., A Comprehensive Grammar of the
// English Language, 1985, §16.3; "on", "in", "by" and "through" are left out:
// they are prepositions before a day too).
var verbParticles = wordSet(`down off up out away over around`)

// phrasalVerbAt reports whether toks[j] is the particle of a phrasal verb
// whose verb follows the clause's subject ("the crews stand down sunday",
// "the close is signed off monday"): a determiner or pronoun opens the
// clause, and the word before the particle is an English word (wamerican)
// that names no day, number or reason word of its own.
func phrasalVerbAt(toks []token, j int) bool {
	if j < 2 || !verbParticles[toks[j].text] || !clauseSubjects[toks[0].text] {
		return false
	}
	v := toks[j-1].text
	_, named := reasonWordKind(v)
	return !named && !reasonRefuse[v] && lexicon.IsEnglishWord(v)
}

// clauseSubjects open a clause's subject: an article, a possessive or a
// subject pronoun ("the crews", "my shift", "we").
var clauseSubjects = wordSet(`the a an my our your his her their its i we they he she it`)

// reasonSubjects are the pronouns a reason's clause opens with ("we land that
// morning", "that's my day off"): never a day, whatever a calendar's
// abbreviations say.
var reasonSubjects = readerWords("reason_subject")

// namesDayAt reports whether toks[j], a date word, names a day by itself: no
// subject pronoun, no date filler or unit ("the", "day"), and no ordinal
// before the noun it counts ("first match", "second shift").
func namesDayAt(toks []token, j int) bool {
	w := toks[j].text
	if reasonSubjects[w] || dateFillers[w] {
		return false
	}
	if _, unit := dayUnits[w]; unit || w == "year" || w == "years" {
		return false // "the half-year close": a span's noun names no day
	}
	if _, ord := ordinalWords[w]; ord && j+1 < len(toks) {
		if _, named := reasonWordKind(toks[j+1].text); !named {
			return false
		}
	}
	return true
}

// comparisonOpens reports whether toks open with a comparison of the answer
// with something else ("cheaper than saturday", "less busy than friday"):
// "than" in the clause's first three words, after a word that is not a
// refusal ("rather than" stays the refusal it is).
func comparisonOpens(toks []token) bool {
	for j := 1; j < len(toks) && j < 3; j++ {
		if toks[j].text == "than" && !reasonRefuse[toks[j-1].text] {
			return true
		}
	}
	return false
}

// noneOfOpens reports whether toks open with "no" and the thing there is
// none of ("no patients booked", "no school that week"): a word that names no
// day, no number and refuses nothing; "no, the 6th" and "no wait" stay
// refusals.
func noneOfOpens(toks []token) bool {
	if len(toks) < 2 || toks[0].text != "no" {
		return false
	}
	next := toks[1].text
	_, named := reasonWordKind(next)
	return !named && !reasonRefuse[next] && !reasonSubjects[next]
}

// reasonOpens reports whether a reason clause's first word opens it: a
// reason_opener or an -ing word ("commuting to base").
func reasonOpens(first string) bool {
	return reasonOpeners[first] || len(first) > 5 && strings.HasSuffix(first, "ing") && !knownDateWord(first)
}

// purposeOpens reports whether toks open a clause of purpose, "to" and a
// verb (the infinitive of purpose: Quirk et al. 1985, A Comprehensive
// Grammar of the English Language, §15.48: "the 28th, to make a long
// weekend of memorial day"): the word after "to" an English word (wamerican)
// that is no date word, number, article or possessive ("to the 30th", "to
// june 3", "to 5" bound a range and are none).
func purposeOpens(toks []token) bool {
	if len(toks) < 3 || toks[0].text != "to" {
		return false
	}
	w := toks[1].text
	return !clauseSubjects[w] && !knownDateWord(w) && !hasDigit(w) && !IsNumberWord(w) && lexicon.IsEnglishWord(w)
}

// designatorAt reports whether toks[j] (in k) is part of a word with digits
// that names a form, a model or a flight, no day or count: letters then
// digits in one word ("a380", "ba117": an ICAO aircraft type or an IATA
// flight designator, IATA Resolution 762), letters and digits joined by a
// hyphen ("w-2", "i-9": US tax and immigration form names), or digits with a
// plural "s" ("the 1099s", "the w-2s": copies of a form, no day of a month).
// A word whose letters name a date ("jan5", "5th") is none.
func designatorAt(k string, toks []token, j int) bool {
	w := toks[j].text
	if lettersThenDigits(w) || pluralDigits(w) {
		return true
	}
	hyphenAt := func(a, b int) bool { // toks[a] and toks[b] joined by one hyphen
		return a >= 0 && b < len(toks) && toks[b].start == toks[a].end+1 && k[toks[a].end] == '-'
	}
	if isDigits(w) || pluralDigits(w) {
		return hyphenAt(j-1, j) && shortLetters(toks[j-1].text)
	}
	return shortLetters(w) && hyphenAt(j, j+1) && (isDigits(toks[j+1].text) || pluralDigits(toks[j+1].text))
}

// lettersThenDigits reports whether w is one to three letters, none a date
// word's, then one to four digits and an optional plural "s".
func lettersThenDigits(w string) bool {
	i := 0
	for i < len(w) && w[i] >= 'a' && w[i] <= 'z' {
		i++
	}
	rest := strings.TrimSuffix(w[i:], "s")
	return i >= 1 && i <= 3 && len(rest) >= 1 && len(rest) <= 4 && isDigits(rest) && !knownDateWord(w[:i])
}

// pluralDigits reports whether w is digits and a plural "s" ("1099s", "2s").
func pluralDigits(w string) bool {
	return len(w) >= 2 && w[len(w)-1] == 's' && isDigits(w[:len(w)-1])
}

// shortLetters reports whether w is one to three ASCII letters: a form's
// series letter ("w", "i", "ds").
func shortLetters(w string) bool {
	if len(w) < 1 || len(w) > 3 {
		return false
	}
	for i := 0; i < len(w); i++ {
		if w[i] < 'a' || w[i] > 'z' {
			return false
		}
	}
	return true
}

// reasonWordKind says whether w names a day (a date word, a digit, a
// holiday's word), and whether it is no content word: a day, a number, an
// opener, a verb or a date's filler.
func reasonWordKind(w string) (day, named bool) {
	day = knownDateWord(w) || strings.ContainsAny(w, "0123456789") || holidayWords()[w]
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

// changeIsSubject reports whether the change word of a reason is the noun its
// clause is about ("crew change is the 10th", "the shift change starts
// monday"): a change word just before a reason_verb changes nothing asked.
func changeIsSubject(tail string) bool {
	var buf [16]token
	toks := appendTokens(buf[:0], key(tail))
	for j := 0; j+1 < len(toks); j++ {
		if changeNouns[toks[j].text] && reasonVerbs[toks[j+1].text] {
			return true
		}
	}
	return false
}

// changeNouns are the change words that are also nouns of an event.
var changeNouns = readerWords("change_noun")
