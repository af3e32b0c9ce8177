package nlu

import (
	"maps"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/parleyhq/parley/shop/lexicon"
)

// ReadDate reads an answer to a date question as one date, relative to now (the
// message's sent_at). It returns a date only when the whole answer is accounted
// for: the date expressions it holds all say the same day (a weekday said with
// a date must be that date's), and every other word is a time of day ("tomorrow
// morning", "thursday at 7am") or carries no value ("on", "please", "I want to
// go"). Two dates, a date word it cannot place ("sometime next week", "in 3 or
// 4 days"), or any other content word mean no date: the bot asks again. A
// weekday or month name mistyped by one letter, or two in a long word
// ("thrusday", "wendesday"), is read as the name; a bare day number ("20")
// is a day of the month.
func ReadDate(text string, now time.Time) (Date, bool) {
	text, ok := DropRestatedDigits(text) // "the twenty-seventh (27th)"
	if !ok {
		return Date{}, false
	}
	d, ok := readDateAnswer(text, now)
	if !ok {
		if joined := joinSpacedOrdinals(text); joined != text {
			d, ok = readDateAnswer(joined, now) // "may 27 th"
		}
	}
	return d, ok && !deniesDate(text) && !offersAnotherDay(text, now) && !hourPassedToday(text, d, now) && !saysInTimeFor(text) && // "Friday is no good", "Friday or Saturday"
		!saysApproximately(text, now, true) // "around the 20th"
}

// saysInTimeFor reports whether text says "in time for" a day ("in time for
// Pentecost"): early enough for it, some day before it, not the day itself;
// the bot asks which.
func saysInTimeFor(text string) bool {
	if !containsFold(text, "in time") {
		return false // most messages: no key made, nothing allocated
	}
	var buf [24]token
	toks := appendTokens(buf[:0], key(text))
	for j := 0; j+2 < len(toks); j++ {
		if toks[j].text == "in" && toks[j+1].text == "time" && toks[j+2].text == "for" {
			return true
		}
	}
	return false
}

// hourPassedToday reports whether d is today and text says it at a clock
// time already past when sent ("the 26th of may at 8am" sent at 9:10 on 26
// May): a day gone by, or the date or the hour mistyped; the bot asks again.
// Only the time said after "at" counts: a day's number beside a part of the
// day ("January 1 in the morning") is no hour.
func hourPassedToday(text string, d Date, now time.Time) bool {
	if d != DateOf(now) {
		return false
	}
	k := key(text)
	at := strings.LastIndex(k, " at ")
	if at < 0 {
		return false
	}
	said, ok := ParseTime(k[at+len(" at "):])
	return ok && said < now.Format("15:04")
}

// readDateAnswer is ReadDate of text without restated digits.
func readDateAnswer(text string, now time.Time) (Date, bool) {
	if d, ok := readDate(text, now); ok {
		return d, true
	}
	// "July 6th, coming back the 12th", "Wednesday the 1st, that's when my
	// flight lands": the answer is what comes before a side clause.
	if cut := SideClause(text); cut > 0 {
		return readDate(text[:cut], now)
	}
	// "mulembe, march 29th", "kia ora, tuesday": a greeting or a name the
	// lexicons do not hold, alone before a comma, then the date.
	if d, ok := dateAfterUnknownWord(text, now); ok {
		return d, true
	}
	// "when half-term starts, Monday 26th": a reason before the answer that
	// names no day of its own.
	if cut := ReasonFirst(text); cut > 0 && !namesADay(text[:cut], now) {
		return readDate(text[cut+1:], now)
	}
	// "Saturday is best.", "Friday, tidy", "the 9th, day after we dock": the
	// date and an aside about it.
	if d, ok := dateWithAside(text, now); ok {
		return d, true
	}
	// "monday, hmm, tuesday is better": a hesitation, then the day preferred.
	if d, ok := hedgedChange(text, now); ok {
		return d, true
	}
	// "the 29th, wait, the day after": counted from the day said first.
	if d, ok := shiftedCorrection(text, now, maxAsideAnswerWords); ok {
		return d, true
	}
	// "the 2nd, after the new year's hangover": a reason naming another day.
	if d, ok := dateWithReason(text, now); ok {
		return d, true
	}
	return dayBesideOffDay(text, now, readDate) // "workout monday, rest day sunday"
}

// dateAfterUnknownWord reads text as a courtesy phrase of any language the
// lexicons hold (courtesyTail: "mulembe, march 29th", "mogethin, tuesday"),
// or a word no list knows ("tubwa, the 31st"), then a comma and a date
// answer: a greeting, a thanks or a name said before the answer, as an agent
// would pass over it. An unknown word
// must be no word of the English list (wamerican) nor of the lexicons, no
// date word of any language the readers know, nor one a typo of it, no
// number and no digit: a word that may say a day or a count is asked.
func dateAfterUnknownWord(text string, now time.Time) (Date, bool) {
	head, tail, ok := strings.Cut(text, ",")
	if !ok {
		return Date{}, false
	}
	if courtesyTail(strings.TrimSpace(head)) {
		return readDate(tail, now) // "mulembe, march 29th": a greeting the lexicons hold
	}
	w := strings.ToLower(strings.TrimSpace(head))
	if w == "" || strings.ContainsAny(w, " .!?'-") || strings.IndexFunc(w, func(r rune) bool { return !unicode.IsLetter(r) }) >= 0 {
		return Date{}, false
	}
	if lexicon.IsEnglishWord(w) || lexiconKnows(w) || knownDateWord(w) || IsNumberWord(w) || IsPoliteParticle(w) {
		return Date{}, false
	}
	if _, typo := dateTypoFor(w); typo || namesADay(w, now) {
		return Date{}, false
	}
	if _, ok := readDate(w, now); ok {
		return Date{}, false // a day word of another language ("kal", "mañana")
	}
	if _, _, ok := ReadTwoWayDay(w, now); ok {
		return Date{}, false
	}
	return readDate(tail, now)
}

// namesADay reports whether text holds a date or a word of one.
func namesADay(text string, now time.Time) bool {
	if _, ok := findDate(text, now); ok {
		return true
	}
	var buf [16]token
	toks := appendTokens(buf[:0], key(text))
	for j := range toks {
		if strayDateWord(toks, j) || relativeDayWord(toks[j].text) && toks[j].text != "the" {
			return true
		}
	}
	return false
}

func readDate(text string, now time.Time) (Date, bool) {
	if d, ok := readDateRelated(text, now, false); ok {
		return d, true
	}
	return readDateRelated(text, now, true) // Limburgish "vriedag", Dutch "vrijdag" (relatedspelling.go)
}

// readDateRelated is readDate, reading the related spellings of day words
// when related is set; with it set and no word so read, no date.
func readDateRelated(text string, now time.Time, related bool) (Date, bool) {
	var tokBuf [24]token
	k := dateKey(text, true)
	toks := appendTokens(tokBuf[:0], k)
	readSupportedCollisions(toks) // Kurmanji "şemî sibê": "şemî" alone is English "semi"
	readAloneCollision(toks)      // Bambara "sini" answering a date question: Sini, the town, is read only at a place question
	correctDateTypos(toks)
	readDialectArticles(toks) // "fryday di 21st"
	correctHolidayTypos(toks) // "leep day"
	if related && !readRelatedSpellings(toks) {
		return Date{}, false
	}
	correctCountedTypos(toks) // "in 10 dyas", "mya 2"
	spans, ok := dateSpansOf(k, toks, DateOf(now), true)
	d, covered, ok := oneDate(spans, ok, len(toks))
	if !ok {
		return Date{}, false
	}
	markTimeWords(k, toks, covered)
	for j := 0; j < len(toks); j++ {
		if lead := dayNumberLeadAt(toks, covered, j); lead > 0 {
			j += lead - 1 // "ngày 20/5", "tanggal 28 Mei"
			continue
		}
		if t := toks[j]; !covered[j] && (!dateFillers[t.text] || leftoverSpan(toks, covered, j)) && (j > 0 || !answerOpeners[t.text]) {
			return Date{}, false // "a day on Friday": the count is read by none
		}
	}
	return d, true
}

// dateKey is key(text) keeping a closing dot after final digits, which key
// trims: it ends the German day.month. ("am 22.10."), never a decimal. In a
// sentence (answer false) only after a word that leads a date ("on 21.10.",
// "am 21.10."): "the total is 22.10." is a price. National numeric dates
// are rewritten to the forms the readers know (nationalDates: "20. 5." is
// "20.5.").
func dateKey(text string, answer bool) string {
	return nationalDates(closedDateKey(text, answer))
}

// closedDateKey is key(text) with the closing dot dateKey keeps.
func closedDateKey(text string, answer bool) string {
	k := key(text)
	t := strings.TrimRight(text, " \t\n")
	n := len(t)
	if n < 2 || t[n-1] != '.' || t[n-2] < '0' || t[n-2] > '9' || len(k) == 0 || k[len(k)-1] < '0' || k[len(k)-1] > '9' {
		return k
	}
	if !answer {
		sp := strings.LastIndexByte(k, ' ')
		if sp < 0 || !closingDotLeads[k[strings.LastIndexByte(k[:sp], ' ')+1:sp]] {
			return k
		}
	}
	return k + "."
}

// closingDotLeads lead a German day.month. said in a sentence.
var closingDotLeads = wordSet(`on am ab bis from until till by for the starting commencing effective`)

// answerOpeners may open an answer and carry no value ("and tomorrow",
// Arabic "وغدا" glossed "and غدا", Darija "w ghda"); inside it, "and" joins
// two things, and two dates are none.
var answerOpeners = wordSet(`and و w`)

// oneDate is the date the spans read (ok from dateSpansOf), when they all read the
// same one, and which of the n tokens they cover; false when they read none or two.
func oneDate(spans []dateSpan, ok bool, n int) (Date, []bool, bool) {
	if !ok || len(spans) == 0 {
		return Date{}, nil, false
	}
	i := slices.IndexFunc(spans, func(s dateSpan) bool { return !s.attribute })
	if i < 0 {
		return Date{}, nil, false
	}
	d := spans[i].date
	covered := make([]bool, n)
	for _, s := range spans {
		if s.date != d && !s.attribute { // an event's holiday names no day: its words are read
			return Date{}, nil, false
		}
		for j := s.first; j <= s.last; j++ {
			covered[j] = true
		}
	}
	return d, covered, true
}

// FindDate finds the one date a sentence says ("I want to fly from Chicago to
// Seattle on the 2nd Tuesday in April"). The other words may say anything but
// another date: two dates that differ, or a date word left over beside the one
// read ("the third Monday of next month" read only in part), mean none.
func FindDate(text string, now time.Time) (Date, bool) {
	text, ok := DropRestatedDigits(text)
	if !ok {
		return Date{}, false
	}
	d, ok := findDateIn(text, now)
	if !ok {
		if joined := joinSpacedOrdinals(text); joined != text {
			d, ok = findDateIn(joined, now) // "on may 27 th"
		}
	}
	return d, ok && !deniesDate(text) && !offersAnotherDay(text, now) && !hourPassedToday(text, d, now) && !saysInTimeFor(text) && // "Friday is no good", "Friday or Saturday"
		!seasonAnchoredAnswer(text) && // "sunday, after ringing for advent"
		!saysApproximately(text, now, false) && // "around the 20th"
		!saysWeekOf(text) // "the week of the 24th"
}

// asciiLetter reports whether b is an ASCII letter.
func asciiLetter(b byte) bool { return b|0x20 >= 'a' && b|0x20 <= 'z' }

// saysWeekOf reports whether text names a week by a day in it ("the week of
// the 24th", "week of june 3"): a span of seven days (Duckling reads "the
// week of <date>" as an interval of grain week), no one day; the day said
// is no answer to a date question, which is asked again.
func saysWeekOf(text string) bool {
	for i := 0; i+7 <= len(text); i++ {
		if text[i]|0x20 == 'w' && strings.EqualFold(text[i:i+7], "week of") &&
			(i == 0 || !asciiLetter(text[i-1])) && (i+7 == len(text) || !asciiLetter(text[i+7])) {
			return true
		}
	}
	return false
}

// findDateIn is FindDate of text without restated digits.
func findDateIn(text string, now time.Time) (Date, bool) {
	if d, ok := findDate(text, now); ok {
		// "Fri 3 Jul? no wait, I'm not sure yet": the day is taken back.
		return d, !SaysUnsure(text)
	}
	if cut := SideClause(text); cut > 0 {
		return findDate(text[:cut], now) // "on the 6th, coming back the 12th"
	}
	// "the 9th, the day after we dock": a date and an aside about it.
	if d, ok := dateWithAside(text, now); ok {
		return d, true
	}
	if d, ok := hedgedChange(text, now); ok {
		return d, true // "monday, hmm, tuesday is better"
	}
	if d, ok := shiftedCorrection(text, now, 4); ok {
		return d, true // "the 29th, wait, the day after"
	}
	// "on the 2nd, commuting to base": a reason after the sentence's date.
	if d, ok := dateBeforeReason(text, now, findDate, 16); ok {
		return d, true
	}
	return dayBesideOffDay(text, now, findDate) // "workout monday, rest day sunday"
}

func findDate(text string, now time.Time) (Date, bool) {
	var tokBuf [32]token
	k := dateKey(text, false)
	toks := appendTokens(tokBuf[:0], k)
	correctDateTyposInContext(toks)
	readDialectArticles(toks)
	correctHolidayTypos(toks)
	correctCountedTypos(toks)
	spans, ok := dateSpansOf(k, toks, DateOf(now), false)
	d, covered, ok := oneDate(spans, ok, len(toks))
	if !ok {
		return concludedDeparture(k, toks, now)
	}
	for j := range toks {
		if !covered[j] && (strayDateWord(toks, j) || leftoverSpan(toks, covered, j)) {
			return Date{}, false
		}
	}
	if qualifiedDay(toks, spans) {
		return Date{}, false
	}
	shift, ok := shiftAfter(toks, covered)
	if !ok {
		return Date{}, false
	}
	// "the day after the big game on Saturday", "two days before the race on
	// Sunday": the date said is an anchor, the day meant is moved from it.
	before, said, ok := shiftBefore(toks, covered)
	if !ok || said && shift != 0 {
		return Date{}, false
	}
	return d.AddDays(shift + before), true
}

// shiftBefore is the days an offset said before the first date read moves it
// by ("the day after <event> on Saturday": 1; "2 days before": -2; "the
// night before": -1), said is whether one is said. A day word before
// "after"/"before" that no offset names ("the weekend after the 12th") gives
// no day: ok is false. Words folded.
func shiftBefore(toks []token, covered []bool) (days int, said, ok bool) {
	for j := 0; j < len(toks) && !covered[j]; j++ {
		if days, said, ok := offsetAt(toks, covered, j); said {
			return days, said, ok
		}
	}
	return 0, false, true
}

// offsetAt reads an offset from an anchor at toks[j], none of its words
// covered by a date: an anchorShifts phrase ending in after/before, or a
// count of days (countedShift).
func offsetAt(toks []token, covered []bool, j int) (days int, said, ok bool) {
	for _, a := range anchorShifts {
		// Only "... after"/"... before" take the anchor that follows:
		// "the next day I'm free is Tuesday" says Tuesday.
		w := a.words
		if anchorDirections[w[len(w)-1]] == 0 || a.days >= 7 || a.days <= -7 {
			continue // "the week after the race on the 24th" is a week, no day
		}
		if w[0] == "the" && j == 0 && toks[j].text != "the" {
			w = w[1:] // "day after the final on Saturday"
		}
		if startsWithPhrase(toks[j:], w) && !coveredAny(covered, j, j+len(w)) {
			return a.days, true, true
		}
	}
	return countedShift(toks, covered, j)
}

// startsWithOffset reports whether toks open with an offset from an anchor
// said after it ("the day after ...", "two days before ...").
func startsWithOffset(toks []token) bool {
	var buf [24]bool
	covered := buf[:0]
	for range toks {
		covered = append(covered, false)
	}
	days, said, ok := offsetAt(toks, covered, 0)
	return said && ok && days != 0
}

// countedShift reads an offset at toks[j] of a count, a unit and a direction
// ("2 days before", "three days after"); a unit other than days, or no count,
// before "after"/"before" ("the weekend after", "a week before") is said but
// not read: ok is false.
func countedShift(toks []token, covered []bool, j int) (days int, said, ok bool) {
	if j+2 >= len(toks) || covered[j+1] || covered[j+2] {
		return 0, false, true
	}
	dir := anchorDirections[toks[j+2].text]
	if dir == 0 || !weekdayOrUnit(toks[j+1].text) {
		return 0, false, true
	}
	n, isCount := countWord(toks[j].text)
	if !isCount || toks[j+1].text != "days" && toks[j+1].text != "day" {
		return 0, true, false
	}
	return dir * n, true, true
}

// anchorDirections are the words that move a day from an anchor said after
// them.
var anchorDirections = map[string]int{"after": 1, "before": -1}

// weekdayOrUnit reports whether w names a weekday or a span of days
// ("weekend", "week", "night"): one said before "after"/"before" counts from
// the date that follows.
func weekdayOrUnit(w string) bool {
	_, wd := weekdayNames[w]
	return wd || anchorUnits[w]
}

// anchorUnits name a span said before "after"/"before" and an anchor date.
var anchorUnits = wordSet(`day days night nights week weeks weekend morning evening`)

// countWord reads a small count in digits or in words ("2", "two").
func countWord(w string) (int, bool) {
	if isDigits(w) && len(w) <= 2 {
		return atoi(w), true
	}
	if v, ok := numberWords[w]; ok && v >= 1 && v <= 31 && v == float64(int(v)) {
		return int(v), true
	}
	return 0, false
}

// anchorShifts count from a date said before them in the same message ("on
// the 3rd, so the day after that"): the day they name is that date moved by
// their days. Words folded; "that", "it" may follow.
var anchorShifts = []struct {
	words []string
	days  int
}{
	{phraseWords("the day after"), 1}, {phraseWords("the next day"), 1}, {phraseWords("the following day"), 1},
	{phraseWords("the day before"), -1}, {phraseWords("the previous day"), -1}, {phraseWords("the week after"), 7},
	{phraseWords("the night before"), -1}, {phraseWords("the morning after"), 1}, {phraseWords("the week before"), -7},
	{phraseWords("le lendemain"), 1}, {phraseWords("la veille"), -1}, {phraseWords("el dia siguiente"), 1}, {phraseWords("al dia siguiente"), 1},
}

// shiftAfter is the days an anchorShifts phrase, left out of every date read
// and said after one, moves that date by; 0 when none is said. One offered as
// a choice or an exception ("the 5th or the day before": choiceWords) gives
// no day: ok is false. One that counts from an anchor of its own
// ("november 1, the day after the big rush": explainsDate) moves nothing.
func shiftAfter(toks []token, covered []bool) (days int, ok bool) {
	seenDate := false
	for j := range toks {
		if covered[j] {
			seenDate = true
			continue
		}
		if !seenDate {
			continue
		}
		for _, a := range anchorShifts {
			if startsWithPhrase(toks[j:], a.words) && !coveredAny(covered, j, j+len(a.words)) {
				if explainsDate(toks, covered, j+len(a.words), a.words) {
					return 0, true
				}
				return a.days, j == 0 || !choiceWords[toks[j-1].text]
			}
		}
		if days, ok := anchoredCount(toks, covered, j); ok {
			return days, !choiceWords[toks[j-1].text]
		}
	}
	return 0, true
}

// explainsDate reports whether an anchorShifts phrase ending in "after" or
// "before" before toks[e] is followed by an anchor of its own that no date
// read covers ("november 1, the day after the big rush", "the 19th, the
// night before the fair"): the phrase says what the date said is, the day
// after that event, and moves it nothing. The anchor is words, not a date
// the readers know (a holiday's or a date's words are read as a date, and
// two dates that differ are none: "november 2, the day after halloween" is
// asked), nor one that points back at the date said ("the day after that").
func explainsDate(toks []token, covered []bool, e int, phrase []string) bool {
	if anchorDirections[phrase[len(phrase)-1]] == 0 || e >= len(toks) || covered[e] || anchorBacks[toks[e].text] {
		return false
	}
	return !coveredAny(covered, e, len(toks))
}

// anchoredCount reads at toks[j], after a date read and a correction's word
// (correctionEnds), a count of days or weeks moving that date ("tomorrow, actually two days after that", "Friday, make
// it a day later", "the 3rd, no, a week before"): COUNT UNIT DIRECTION, then
// "that", "it" or "then", or nothing. A unit of months moves no day here:
// not read.
func anchoredCount(toks []token, covered []bool, j int) (days int, ok bool) {
	n, u, ok := countUnitAt(toks, j)
	if !ok || j == 0 || !correctionEnds[toks[j-1].text] || u.months != 0 || j+2 >= len(toks) || coveredAny(covered, j, j+3) || !coveredAny(covered, 0, j) {
		return 0, false
	}
	dir := laterDirections[toks[j+2].text]
	if dir == 0 || j+3 < len(toks) && !(j+4 == len(toks) && anchorBacks[toks[j+3].text]) {
		return 0, false
	}
	return dir * n * u.days, true
}

// correctionEnds are the last words of a correction before the count it
// moves the date by ("actually", "or rather", "make it", "make that", "no"):
// after any other word ("Friday, leaving 2 days later") the count is
// another day's, not the date's.
var correctionEnds = wordSet(`actually rather it that no nope wait sorry mean meant instead`)

// laterDirections move a date said before them by the count said with them.
var laterDirections = map[string]int{"after": 1, "later": 1, "before": -1, "earlier": -1}

// anchorBacks point back at the date an anchored count moves.
var anchorBacks = wordSet(`that it then`)

// leftoverSpan reports whether toks[j] opens a count of units that no date
// read took ("one week on from ..." read in part, "tomorrow plus two
// weeks", "10 days and Friday"): the date read alone may be another day than
// the one meant, so none is. A count said as a stay's length ("for 2 weeks",
// durationLeads) or an offset a reader takes (countedShift, anchoredCount)
// is no leftover.
func leftoverSpan(toks []token, covered []bool, j int) bool {
	if _, _, ok := countUnitAt(toks, j); !ok || covered[j+1] || j > 0 && durationLeads[toks[j-1].text] {
		return false
	}
	if _, said, _ := countedShift(toks, covered, j); said {
		return false
	}
	if _, anchored := anchoredCount(toks, covered, j); anchored {
		return false
	}
	// "a day to pack", "a week off": the article counts only when the
	// words after it link it to a day ("a week on from Monday").
	return toks[j].text != "a" && toks[j].text != "an" || j+2 < len(toks) && (covered[j+2] || leftoverLinks[toks[j+2].text])
}

// leftoverLinks, said after a count of units, count it from or to a day.
var leftoverLinks = wordSet(`on from after past before later earlier since plus and`)

// coveredAny reports whether a date read covers one of toks[a:b].
func coveredAny(covered []bool, a, b int) bool {
	for j := a; j < b && j < len(covered); j++ {
		if covered[j] {
			return true
		}
	}
	return false
}

// qualifiedDay reports whether a date read is qualified into no day: a bound
// before it ("sometime after the 20th"), a possessive before a relative day
// ("my tomorrow, I'm in Sydney": whose day is unsaid), or a relative day
// restated after a hedge.
func qualifiedDay(toks []token, spans []dateSpan) bool {
	for _, s := range spans {
		if s.first > 0 && dateBounds[toks[s.first-1].text] && !offsetEndsAt(toks, s.first) {
			return true
		}
		if s.first > 0 && possessives[toks[s.first-1].text] && relativeDaysByFirst[toks[s.first].text] != nil {
			return true
		}
		if weekdayCountedFrom(toks, s) {
			return true
		}
	}
	return restatedRelativeDay(toks, spans)
}

// offsetEndsAt reports whether an anchorShifts phrase of a day ends just
// before toks[e] ("the day after the 4th", "the day before the 29th"): its
// "after" or "before" moves the date by a day (shiftBefore), it bounds no
// span ("sometime after the 20th").
func offsetEndsAt(toks []token, e int) bool {
	for _, a := range anchorShifts {
		w := a.words
		if a.days != 1 && a.days != -1 || anchorDirections[w[len(w)-1]] == 0 {
			continue
		}
		if w[0] == "the" && e == len(w)-1 {
			w = w[1:] // "day after the 4th"
		}
		if e >= len(w) && startsWithPhrase(toks[e-len(w):e], w) {
			return true
		}
	}
	return false
}

// weekdayCountedFrom reports whether the span is "the WEEKDAY" counted from
// an anchor after it ("the Monday after Easter", "the Friday before my
// exam"): the weekday alone is another day, and the anchor is not read.
func weekdayCountedFrom(toks []token, s dateSpan) bool {
	if s.last+1 >= len(toks) || toks[s.last+1].text != "after" && toks[s.last+1].text != "before" {
		return false
	}
	_, ok := englishWeekdays[toks[s.last].text]
	return ok && s.last > 0 && toks[s.last-1].text == "the"
}

// restatedRelativeDay reports whether a relative day is said again after a
// hedge ("today, well, today in Auckland", "tomorrow, I mean tomorrow
// where I am"): the second says whose clock it counts by, which is not ours.
func restatedRelativeDay(toks []token, spans []dateSpan) bool {
	if len(spans) < 2 || relativeDaysByFirst[toks[spans[0].first].text] == nil {
		return false
	}
	for _, s := range spans[1:] {
		if toks[s.first].text != toks[spans[0].first].text {
			continue
		}
		for j := spans[0].last + 1; j < s.first; j++ {
			if restateHedges[toks[j].text] {
				return true
			}
		}
	}
	return false
}

// restateHedges before a relative day said again qualify it.
var restateHedges = wordSet(`well mean rather technically`)

// possessives before a relative day make it someone's clock's ("my
// tomorrow", "their today"): which day that is here is not said.
var possessives = wordSet(`my our your his her their`)

// dateBounds before a date make it a bound or an approximation, not the day.
var dateBounds = wordSet(`after before by until till til sometime between except not than`)

// strayDateWord reports whether toks[j], left out of every date read, is a
// word of a date: a weekday or a full month name, an ordinal day ("12th"), or
// an ordinal word before a weekday ("third Monday").
func strayDateWord(toks []token, j int) bool {
	w := toks[j].text
	if _, ok := weekdayNames[w]; ok || onlyWeekdayAbbreviations[w] {
		return true // "friday, thurs is better": another day said short
	}
	if m, ok := monthNames[w]; ok && (len(w) > 3 && m != time.May && m != time.March && !generatedMonthOnly(w) || besideDayOfMonth(toks, j)) {
		return true
	}
	if len(w) > 2 && !isDigits(w) {
		if _, ok := ordinalDay(w); ok {
			return true
		}
	}
	if _, ok := ordinalWords[w]; ok && j+1 < len(toks) {
		// "third Monday"; not "an intro call first, Tuesday the 17th".
		_, next := weekdayNames[toks[j+1].text]
		return next && toks[j+1].start == toks[j].end+1
	}
	return false
}

// besideDayOfMonth reports whether the word at j (a month name that is also an
// English word: "march", "may") stands beside a day of the month, "the" or "of"
// between them ("March the 1st", "1st of March"): then it is the month, and a day
// read without it (a date just passed, refused) is no answer.
func besideDayOfMonth(toks []token, j int) bool {
	isDay := func(k int) bool {
		if k < 0 || k >= len(toks) {
			return false
		}
		w := toks[k].text
		if _, ok := ordinalDay(w); ok {
			return true
		}
		n, err := strconv.Atoi(w)
		return err == nil && isDigits(w) && n >= 1 && n <= 31
	}
	next, prev := j+1, j-1
	if next < len(toks) && toks[next].text == "the" {
		next++
	}
	if prev >= 0 && (toks[prev].text == "of" || toks[prev].text == "the") {
		prev--
	}
	return isDay(next) || isDay(prev)
}

// dateSpansOf finds the dates said in toks, left to right, each the longest
// reading at its first word, with the numeric ones (2026-04-15, 04/15/2026) of
// the key k. A bare weekday beside a date merges with it when it names that
// date's day; ok is false when it names another.
func dateSpansOf(k string, toks []token, today Date, answer bool) ([]dateSpan, bool) {
	var spans []dateSpan
	used := make([]bool, len(toks))
	numericOK := true
	if digitBeforeSeparator(k) {
		spans, numericOK = numericSpans(k, toks, today, spans, used, answer)
	}
	for i := 0; i < len(toks); i++ {
		if used[i] || !mayStartDate(toks[i].text) {
			continue // taken, or a word no date starts with (datelead.go)
		}
		s, ok := longestDateAt(toks, i, today, answer && len(toks) <= 3)
		if !ok || overlaps(used, s) || leftUnread(toks, s, len(spans) > 0, answer) {
			continue
		}
		for j := s.first; j <= s.last; j++ {
			used[j] = true
		}
		spans = append(spans, s)
		i = s.last
	}
	spans, ok := mergeWeekdays(toks, sortSpans(spans))
	return theWeekdayOf(toks, spans), ok && numericOK && !anyNoDay(spans)
}

// leftUnread reports whether a span read at its first word is left to the
// other readers: a one-word homograph in a sentence ("portland maine": the
// state, never Romanian "mâine"), or "N units later" after a date
// ("Friday, make it a day later": counted from Friday, anchoredCount).
func leftUnread(toks []token, s dateSpan, afterDate, answer bool) bool {
	if !answer && s.first == s.last && englishHomographs[toks[s.first].text] {
		return true
	}
	return afterDate && toks[s.last].text == "later"
}

// anyNoDay reports whether a span read is a date's form that names no day. A
// holiday qualifying a noun ("the cinco de mayo party") names an event, not
// a day: beside a date that names one ("may 5th for the ... party") it is
// no obstacle.
func anyNoDay(spans []dateSpan) bool {
	dated := slices.ContainsFunc(spans, func(s dateSpan) bool { return !s.noDay })
	for _, s := range spans {
		if s.noDay && !(s.attribute && dated) {
			return true
		}
	}
	return false
}

// theWeekdayOf reads "the Sunday of the marathon, the 25th": a weekday said
// with "the", apart from the one date it is said with, names that date when
// the date falls on it (the spans then agree); any other weekday stays its
// own day, and two days are none.
func theWeekdayOf(toks []token, spans []dateSpan) []dateSpan {
	if len(spans) != 2 || spans[0].weekdayOnly == spans[1].weekdayOnly {
		return spans
	}
	wd, date := 0, 1
	if spans[1].weekdayOnly {
		wd, date = 1, 0
	}
	first := spans[wd].first
	named, ok := weekdayNames[toks[spans[wd].last].text]
	if first == 0 || toks[first-1].text != "the" || !ok || spans[date].date.Weekday() != named {
		return spans
	}
	spans[wd].date, spans[wd].noDay = spans[date].date, false
	return spans
}

// numericSpans adds the ISO and numeric dates of k as spans of toks: with
// a weekday said after one, the reading that falls on it (4/3(Fri)); day.month
// without a year by yearlessNumeric. ok is false when a numeric date's
// weekday fits none of its readings, or a dotted day.month gives no day.
func numericSpans(k string, toks []token, today Date, spans []dateSpan, used []bool, answer bool) ([]dateSpan, bool) {
	add := func(start, end int, d Date) {
		s, ok := spanOf(toks, dateCandidate{start, end, d}, true)
		if ok && !overlaps(used, s) {
			for j := s.first; j <= s.last; j++ {
				used[j] = true
			}
			spans = append(spans, s)
		}
	}
	var b bestDate
	b.isoDates(k)
	if b.found {
		add(b.best.start, b.best.end, b.best.date)
	}
	ok := true
	for m, found := nextNumericDate(k, 0); found; m, found = nextNumericDate(k, m[1]) {
		d, read := numericDate(k, m[:], today)
		if !read {
			var noDay bool
			d, read, noDay = yearlessNumeric(k, toks, m[:], today, answer)
			ok = ok && !noDay
		}
		end := m[1]
		if wd, j, said := weekdayAfterNumeric(k, toks, m[1]); said {
			d, read = numericWithWeekday(k, m[:], today, wd)
			ok, end = ok && read, toks[j].end
		}
		if read {
			add(m[0], end, d)
		}
	}
	return spans, ok
}

func overlaps(used []bool, s dateSpan) bool {
	for j := s.first; j <= s.last; j++ {
		if used[j] {
			return true
		}
	}
	return false
}

// sortSpans orders spans by their first word (few: insertion sort).
func sortSpans(spans []dateSpan) []dateSpan {
	for i := 1; i < len(spans); i++ {
		for j := i; j > 0 && spans[j].first < spans[j-1].first; j-- {
			spans[j], spans[j-1] = spans[j-1], spans[j]
		}
	}
	return spans
}

// mergeWeekdays joins a bare weekday to the date next to it ("Friday the 13th",
// "Wed 15 April", "Friday, May 1st"): one span when the date falls on it;
// false when it does not ("Friday the 14th" when the 14th is a Saturday).
func mergeWeekdays(toks []token, spans []dateSpan) ([]dateSpan, bool) {
	out := spans[:0]
	for i := 0; i < len(spans); i++ {
		s := spans[i]
		if i+1 < len(spans) && adjacent(toks, s, spans[i+1]) && (s.ahead != modeBare) != (spans[i+1].ahead != modeBare) &&
			!s.weekdayOnly && !spans[i+1].weekdayOnly {
			d, ok := aheadWeekdayDate(s, spans[i+1])
			if !ok {
				return nil, false // "next friday the 10th" on no Friday: asked
			}
			out = append(out, dateSpan{first: s.first, last: spans[i+1].last, date: d})
			i++
			continue
		}
		if i+1 < len(spans) && adjacent(toks, s, spans[i+1]) && (s.weekdayOnly != spans[i+1].weekdayOnly) {
			wd, date := s, spans[i+1]
			if date.weekdayOnly {
				wd, date = date, s
			}
			named, _ := weekdayNames[toks[wd.last].text]
			if abbr, ok := weekdayAbbreviations[toks[wd.last].text]; ok {
				named = abbr
			}
			if date.date.Weekday() != named {
				return nil, false
			}
			// A day just gone with the weekday of next month's is next
			// month's ("wednesday the 6th": slipDaySpan).
			out = append(out, dateSpan{first: s.first, last: spans[i+1].last, date: date.date})
			i++
			continue
		}
		out = append(out, s)
	}
	return out, true
}

// aheadWeekdayDate is the one date a weekday said with "next" or "this" and
// a date beside it both name ("next friday the 8th"): "next" is the coming
// such day to some and the one a week on to others, so the date says which;
// "this" is the coming one only, but for today's weekday ("this friday"
// sent on a Friday), today or a week on. ok is false when they disagree.
func aheadWeekdayDate(a, b dateSpan) (Date, bool) {
	wd, date := a, b
	if b.ahead != modeBare {
		wd, date = b, a
	}
	if date.noDay || date.date.Weekday() != wd.date.Weekday() {
		return Date{}, false
	}
	// "this friday" sent on a Friday (noDay: today or a week on) is either.
	if date.date == wd.date || (wd.ahead == modeNext || wd.noDay) && date.date == wd.date.AddDays(7) {
		return date.date, true
	}
	return Date{}, false
}

// adjacent reports whether span b follows span a with at most an article or
// "on" between them ("Friday the 3rd", "vendredi le 3 juillet", "viernes el 3").
func adjacent(toks []token, a, b dateSpan) bool {
	gap := b.first - a.last - 1
	return gap == 0 || gap == 1 && dayJoiners[toks[a.last+1].text]
}

// dayJoiners may stand between a weekday and its date.
var dayJoiners = wordSet(`the on le el`)

// dateFillers are the words an answer to a date question may hold besides
// the date: they carry no value of their own.
var dateFillers = wordSet(`a an the on for at in of from starting start commencing effective around about please pls plz thanks thx ty cheers thank you ok okay so then well um uh hmm i id im d m s ll we were re it its is be he she they arrives leaves departs flies travels goes comes gets lands that would will could can like want wanna need to go going leave leaving depart departing departure fly flying flight travel traveling travelling arrive arriving arrival come coming check checking stay staying date day if possible ideally preferably asap earliest time sure yes yeah yep just there back out book booked le el la las de du para pour por favor je j nous pars part partons partir salgo sale salimos salir me voy vamos plait merci gracias`)

// markTimeWords marks the words of a time of day said with the date: parts of
// the day ("morning", "tonight"), clock times ("7am", "11 pm", "at 7", "7:30",
// "noon", a 24-hour "07:45" or "14h30" pasted after the date) and what
// introduces them. k is the key the tokens were cut from.
func markTimeWords(k string, toks []token, covered []bool) {
	for j := range toks {
		if timeWordAt(toks, j) {
			covered[j] = true
			continue
		}
		if n := colonClock(k, toks, j); n > 0 {
			for c := j; c < j+n; c++ {
				covered[c] = true
			}
			continue
		}
		if !covered[j] && clockDigits(toks, j) {
			covered[j] = true
		}
	}
}

// timeWordAt reports whether toks[j] is a word of a time of day: a part of
// the day, a named time, a clock time glued to am/pm or with an h, o'clock,
// or how early or late.
func timeWordAt(toks []token, j int) bool {
	w := toks[j].text
	_, meridiem := meridiemWords[w]
	_, named := namedTimes[w]
	_, _, glued := gluedMeridiem(w)
	next := ""
	if j+1 < len(toks) {
		next = toks[j+1].text
	}
	return meridiem || named || glued || hourH(w) || w == "oclock" || w == "o" && next == "clock" ||
		dayPartQualifiers[w] || w == "first" && next == "thing"
}

// dayPartQualifiers say how early or late in the day, beside a date or a
// part of the day ("tomorrow morning, early", "late tonight", "first thing
// tomorrow"): no other day.
var dayPartQualifiers = wordSet(`early late earlier later tot tard temprano bekri bkri thing`)

// colonClock is the count of tokens from toks[j] that write a clock time with
// colons ("07:45", "18:30:00"): an hour of 0 to 23 and minutes (and seconds)
// of two digits each, 0 when toks[j] starts none.
func colonClock(k string, toks []token, j int) int {
	h := toks[j].text
	if !isDigits(h) || len(h) > 2 || atoi(h) > 23 {
		return 0
	}
	n := 1
	for c := j; c+1 < len(toks) && n < 3; c++ {
		m := toks[c+1].text
		if toks[c].end >= len(k) || k[toks[c].end] != ':' || toks[c+1].start != toks[c].end+1 || len(m) != 2 || !isDigits(m) || atoi(m) > 59 {
			break
		}
		n++
	}
	if n == 1 {
		return 0
	}
	return n
}

// hourH reports whether w is a French or Spanish clock time written with an h
// ("14h", "14h30", "9h05").
func hourH(w string) bool {
	h, m, ok := strings.Cut(w, "h")
	return ok && h != "" && len(h) <= 2 && isDigits(h) && atoi(h) <= 23 &&
		(m == "" || len(m) == 2 && isDigits(m) && atoi(m) <= 59)
}

// atoi is the value of a short run of ASCII digits.
func atoi(digits string) int {
	n, _ := strconv.Atoi(digits)
	return n
}

// clockDigits reports whether the digits at toks[j] are an hour or its
// minutes: after "at", "around", "by", before am/pm, or after an hour ("7 30").
func clockDigits(toks []token, j int) bool {
	w := toks[j].text
	if !isDigits(w) || len(w) > 2 {
		return false
	}
	if j > 0 {
		if hourLeads[toks[j-1].text] || hedgedHour(toks, j) {
			return true
		}
		if isDigits(toks[j-1].text) && len(w) == 2 && j > 1 && (toks[j-2].text == "at" || toks[j-2].text == "around") {
			return true
		}
	}
	if j+1 < len(toks) {
		_, meridiem := meridiemWords[toks[j+1].text]
		return meridiem && !IsCountUnit(toks[j+1].text) || toks[j+1].text == "oclock"
	}
	return false
}

// hourLeads say an hour follows ("at 7", "around 8").
var hourLeads = wordSet(`at around about before after`)

// hourHedges may stand between an hour's lead and the hour ("at like 7",
// "around maybe 8").
var hourHedges = wordSet(`like roughly approx approximately maybe`)

// hedgedHour reports whether toks[j] follows an hour's lead and a hedge.
func hedgedHour(toks []token, j int) bool {
	return j > 1 && hourHedges[toks[j-1].text] && hourLeads[toks[j-2].text]
}

// weekdayWords are the weekdays' full names, which typos are read as.
var weekdayWords = []string{"monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"}

// dateTypoTargets are the words of dates a mistyped word is read as.
var dateTypoTargets = append(slices.Clip(weekdayWords), []string{
	"january", "february", "march", "april", "june", "july", "august", "september",
	"october", "november", "december", "tomorrow", "tonight", "fortnight",
}...)

// correctDateTypos replaces each word that is no known word but is within a
// small edit distance of one date word (one edit for words of four or five
// letters, two for longer ones; a swap of two letters counts one), with the
// same first letter, by that word.
func correctDateTypos(toks []token) {
	for j, t := range toks {
		if z, ok := letterOZero(t.text); ok && monthBeside(toks, j) {
			toks[j].text = z // "dec 2oth"
			continue
		}
		if len(t.text) <= 3 {
			if full, ok := dateChatWords[t.text]; ok {
				toks[j].text = full // "nxt wk tues"
			}
			continue
		}
		if best, ok := dateTypoFor(t.text); ok {
			toks[j].text = best
		} else if best, ok := fillerTypoFor(t.text); ok {
			toks[j].text = best // "chek in", "arrivng"
		}
	}
}

// fillerTypoFor is the word of five letters or more of dateFillers that w,
// a word of four letters or more that is no word of the English list
// (wamerican) nor of the lexicons, is one edit from (a letter left out,
// added, changed, or two swapped: Damerau 1964), when only one is and it
// starts with w's letter ("chek in", "arrivng", "departng"): a date
// answer's own words mistyped carry no value, as they do spelled right.
func fillerTypoFor(w string) (string, bool) {
	if len(w) < 4 || !lowerASCIILetters(w) || lexicon.IsEnglishWord(w) || lexiconHolds(w) {
		return "", false
	}
	best, n := "", 0
	for f := range dateFillers {
		if len(f) >= 5 && f[0] == w[0] && !apartByTwo(w, f) && typoDistance(w, f) == 1 {
			best, n = f, n+1
		}
	}
	return best, n == 1
}

// letterOZero reads a number typed with the letter o for a zero ("2oth",
// "3o1"): a word that starts with a digit, whose o's read
// as zeros leave digits, or a day's digits and an English ordinal ending;
// never a word ending in o (Romance "1o", "2o": first, second).
func letterOZero(w string) (string, bool) {
	if len(w) < 3 || w[0] < '0' || w[0] > '9' || strings.IndexByte(w, 'o') < 0 || w[len(w)-1] == 'o' {
		return "", false // "1o" is a Romance ordinal (1º), no ten
	}
	if _, ok := ordinalDay(w); ok {
		return "", false
	}
	z := strings.ReplaceAll(w, "o", "0")
	if isDigits(z) {
		return z, true
	}
	d, ok := ordinalDay(z)
	return z, ok && d > 0 && isDigits(strings.TrimRight(z, "stndrh"))
}

// monthBeside reports whether a month's name stands next to toks[j], "of"
// or "the" between them ("dec 2oth", "2oth of dec"): with its month said, a
// number typed with an o is that month's day; alone ("teh 3oth") it may be a
// 30th or a 3rd mistyped, and is asked again.
func monthBeside(toks []token, j int) bool {
	month := func(k int) bool {
		if k < 0 || k >= len(toks) {
			return false
		}
		_, ok := monthNames[toks[k].text]
		return ok
	}
	prev, next := j-1, j+1
	if prev >= 0 && toks[prev].text == "the" {
		prev--
	}
	if next < len(toks) && toks[next].text == "of" {
		next++
	}
	return month(prev) || month(next)
}

// dateChatWords are short chat spellings of the words that make a date
// ("nxt wk tues", "nxt fri"); the gloss files' chat entries rewrite sentences,
// a date answer is read from its own words.
var dateChatWords = map[string]string{"nxt": "next", "wk": "week", "wks": "weeks"}

// dateTypoFor is the date word w is a typo of (see correctDateTypos).
func dateTypoFor(w string) (string, bool) {
	if len(w) < 4 || isDigits(w) || knownDateWord(w) || IsNumberWord(w) || ordinaryNearDate[w] {
		return "", false
	}
	best, bestD, tie := "", 3, false
	for _, target := range calendarTypoTargets {
		if target[0] != w[0] {
			continue
		}
		// A swap of two neighbouring letters counts one edit, beside
		// another ("satrudy": a swap and a dropped a, saturday).
		d := osaDistance(w, target)
		switch {
		case d < bestD:
			best, bestD, tie = target, d, false
		case d == bestD:
			tie = true
		}
	}
	limit := 1
	if len(w) >= 6 {
		limit = 2
	}
	return holidayOrCalendarTypo(w, best, bestD, tie, limit)
}

// holidayOrCalendarTypo is dateTypoFor's answer: a holiday's word one edit
// from w when no calendar word is as near ("chrstmas", "haloween"), else the
// nearest calendar word best, bestD edits away, when it is the only one
// within limit.
func holidayOrCalendarTypo(w, best string, bestD int, tie bool, limit int) (string, bool) {
	if h, ok := holidayTypoFor(w); ok && (bestD > 1 || best == "") {
		return h, true
	}
	return best, best != "" && !tie && bestD <= limit
}

// holidayTypoFor is the long word of a holiday's name (holidays.txt, seven
// letters or more) w is one edit from ("chrstmas" christmas, "thanksgving"
// thanksgiving): one only, the same first letter.
func holidayTypoFor(w string) (string, bool) {
	if len(w) < 6 {
		return "", false
	}
	best, n := "", 0
	for _, target := range holidayTypoTargets() {
		if target[0] == w[0] && !apartByTwo(w, target) && typoDistance(w, target) == 1 {
			best, n = target, n+1
		}
	}
	return best, n == 1
}

// holidayTypoTargets are the words of seven letters or more of holidays.txt's
// names, in lower-case ASCII, built on the first typo read.
var holidayTypoTargets = sync.OnceValue(func() []string {
	var out []string
	for w := range holidayWords() {
		if len(w) >= 7 && lowerASCIILetters(w) {
			out = append(out, w)
		}
	}
	slices.Sort(out)
	return out
})

// knownDateWord reports whether w is a word of the date lexicon or a filler.
func knownDateWord(w string) bool {
	if _, ok := dateWordKeys()[w]; !ok && !dateFillers[w] {
		return false
	}
	if _, ok := weekdayNames[w]; ok {
		return true
	}
	if _, ok := monthNames[w]; ok {
		return true
	}
	rel := relativeDayWord(w)
	_, unit := dayUnits[w]
	_, ord := ordinalWords[w]
	return rel || unit || ord || dateFillers[w] || holidayWords()[w]
}

// dateWordKeys holds every key of the tables knownDateWord and IsDateWord look
// a word up in (built once, on first use): a word not in it is in none
// of them, one look-up where a word that is no date word took six or seven.
// dateFillers is not in it: an init adds to it, and this may be built before
// (a table built at start-up may read a date word).
var dateWordKeys = sync.OnceValue(func() map[string]struct{} {
	out := map[string]struct{}{"weekend": {}}
	add := func(keys func(func(string) bool)) {
		for k := range keys {
			out[k] = struct{}{}
		}
	}
	add(maps.Keys(weekdayNames))
	add(maps.Keys(weekdayAbbreviations))
	add(maps.Keys(monthNames))
	add(maps.Keys(relativeDaysByFirst))
	add(maps.Keys(meridiemWords))
	add(maps.Keys(namedTimes))
	add(maps.Keys(dayUnits))
	add(maps.Keys(ordinalWords))
	add(maps.Keys(holidayWords()))
	return out
})

// apartByTwo reports whether a and b differ in length by two letters or more:
// then their edit distance is two or more, and typoDistance (which counts a swap
// as one only between words of one length) need not run to say they are no
// typo of each other. Byte lengths less than two apart say nothing, and it
// returns false.
func apartByTwo(a, b string) bool {
	if d := len(a) - len(b); d > -2 && d < 2 {
		return false
	}
	d := utf8.RuneCountInString(a) - utf8.RuneCountInString(b)
	return d <= -2 || d >= 2
}

// typoDistance is the edit distance of a and b, a swap of two neighbouring
// letters counting one.
func typoDistance(a, b string) int {
	d := Levenshtein(a, b)
	if d == 2 && len(a) == len(b) {
		diff := -1
		for i := 0; i < len(a); i++ {
			if a[i] != b[i] {
				diff = i
				break
			}
		}
		if diff >= 0 && diff+1 < len(a) && a[diff] == b[diff+1] && a[diff+1] == b[diff] && a[diff+2:] == b[diff+2:] {
			return 1
		}
	}
	return d
}

// dayTypo reports whether w (a key) is a weekday, "tomorrow" or "tonight"
// mistyped by one letter or a swap (IsDateWord).
func dayTypo(w string) bool {
	for _, target := range weekdayWords {
		if target[0] == w[0] && !apartByTwo(w, target) && typoDistance(w, target) <= 1 {
			return true
		}
	}
	return w[0] == 't' && (withinOneTypo(w, "tomorrow") || withinOneTypo(w, "tonight"))
}

// withinOneTypo is typoDistance(w, target) <= 1, not run for words two letters
// apart in length.
func withinOneTypo(w, target string) bool {
	return !apartByTwo(w, target) && typoDistance(w, target) <= 1
}

// IsDateWord reports whether a word (any case) belongs to dates or times of
// day: a weekday or month name or its abbreviation, a weekday, "tomorrow" or
// "tonight" mistyped by one letter or a swap ("Thrusday"), a relative day, a
// part of the day ("morning"), "noon", "weekend". No place is named by one: a
// place reader that meets one has met a date ("a week from Monday"), not an
// origin. Months are not taken with typos: "Augusta" and "Juneau" are places.
func IsDateWord(word string) bool {
	var buf [2]token
	toks := appendTokens(buf[:0], key(word))
	if len(toks) != 1 {
		return false
	}
	w := toks[0].text
	if len(w) >= 5 && dayTypo(w) {
		return true
	}
	if _, ok := dateWordKeys()[w]; !ok {
		return false
	}
	_, weekday := weekdayNames[w]
	_, abbr := weekdayAbbreviations[w]
	month := monthWordAlone(w)
	rel := relativeDayWord(w)
	_, meridiem := meridiemWords[w]
	_, named := namedTimes[w]
	return weekday || abbr || month || rel || meridiem || named || w == "weekend"
}

// dialectArticles are the definite articles of English-lexicon creoles, said
// where English says "the" ("fryday di 21st"): Belize Kriol Project,
// Kriol-Inglish Dikshineri (2007), and Cassidy and Le Page, Dictionary of
// Jamaican English (1980), "di" (issue 38, helper hedge27). Read as "the"
// only between a weekday and a day's number (readDialectArticles): Italian
// "di" (of) stands between a day's number and a month.
var dialectArticles = wordSet(`di`)

// readDialectArticles reads a dialect article between a weekday and a day's
// number as "the" ("friday di 21st" is "friday the 21st").
func readDialectArticles(toks []token) {
	for j := 1; j+1 < len(toks); j++ {
		if len(toks[j].text) != 2 || !dialectArticles[toks[j].text] {
			continue
		}
		if _, wd := weekdayNames[toks[j-1].text]; !wd {
			continue
		}
		if _, ok := ordinalDay(toks[j+1].text); ok {
			toks[j].text = "the"
		}
	}
}
