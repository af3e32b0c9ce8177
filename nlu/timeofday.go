package nlu

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"
)

// englishMeridiem say whether an hour of 1 to 12 is before (am) or after (pm)
// noon, with the short forms people type ("thurs eve", "sat morn", "fri
// aft", "sun nite"); the other languages' parts of the day are data, [word]
// entries of the gloss files meaning one of these ("soir = evening [word]").
var englishMeridiem = map[string]bool{
	"am": false, "morning": false, "morn": false, "mornin": false,
	"pm": true, "afternoon": true, "evening": true, "night": true, "tonight": true,
	"eve": true, "evng": true, "aft": true, "aftn": true, "nite": true,
}

// meridiemWords are the parts of the day of every language.
var meridiemWords = withCLDRParts(withGlossed(englishMeridiem, glosses.asWord, wordIn(englishMeridiem)), generatedDates.parts)

// minuteWords are the fractions of an hour said with "past" or "to".
var minuteWords = map[string]int{"quarter": 15, "half": 30}

// timeSpellings write am, pm and o'clock as one word each.
var timeSpellings = strings.NewReplacer("a.m.", "am", "p.m.", "pm", "o'clock", "oclock", "o’clock", "oclock", `o"clock`, "oclock", "o clock", "oclock")

// ParseTime finds a time of day in text and returns it as 24-hour "HH:MM":
// "18:30", "6:30 pm", "6.30pm", "evening 6:30", "half past 11 in the morning",
// "quarter to 5 pm", "ten am", "5 o'clock in the evening", "noon", "midnight".
// An hour of 1 to 12 without am, pm or a part of the day is taken as written.
// A bare number without any of those ("5") is no time: it may be a count.
func ParseTime(text string) (string, bool) {
	k := timeSpellings.Replace(key(text))
	ws := words(k)
	pm, hasMeridiem, night := meridiemOf(ws)
	// Explicit clock forms first ("6:30", "half past 6", "6pm"), then the hour
	// said nearest the part of the day ("five in the evening", "three pm",
	// "tonight at 8").
	bestH, bestM, bestDist := -1, 0, 4
	for i, w := range ws {
		if t, ok := namedTimes[w]; ok {
			return t, true
		}
		h, m, used, ok := clockAt(ws, i)
		if !ok {
			continue
		}
		if used {
			return clock(h, m, pm, hasMeridiem, night)
		}
		if dayOfMonthWord(ws, i) {
			continue // "november 1, the morning after": the 1st, no hour
		}
		if d := meridiemDistance(ws, i); hasMeridiem && d < bestDist {
			bestH, bestM, bestDist = h, m, d
		}
	}
	if bestH < 0 {
		return "", false
	}
	return clock(bestH, bestM, pm, hasMeridiem, night)
}

// dayOfMonthWord reports whether the number ws[i], said with no clock form
// of its own, is the day of a month named beside it ("november 1", "1
// november", "3 of june"): a date's day, never an hour read from a part of
// the day said near it ("november 3, morning" is no 03:00, "5 march,
// morning" no 05:00). An hour that is the day of a month is then not read:
// the time is asked, never guessed.
func dayOfMonthWord(ws []string, i int) bool {
	if i > 0 {
		if _, ok := monthNames[ws[i-1]]; ok {
			return true
		}
	}
	j := i + 1
	if j+1 < len(ws) && ws[j] == "of" {
		j++
	}
	if j >= len(ws) {
		return false
	}
	_, ok := monthNames[ws[j]]
	return ok
}

// namedTimes are the times of day said by name.
var namedTimes = map[string]string{
	"noon": "12:00", "midday": "12:00", "midi": "12:00", "mediodia": "12:00",
	"midnight": "00:00", "minuit": "00:00", "medianoche": "00:00",
}

// clock writes a time of day, moving an hour of 1 to 12 by am or pm. An hour
// said with the night (night words) is an evening hour from 5 to 11, midnight
// at 12; from 1 to 4 it may be either side of midnight's day ("3 at night"
// is 03:00 to most, "tonight at 3" 15:00 to some): no time, asked again.
func clock(h, m int, pm, hasMeridiem, night bool) (string, bool) {
	if h > 23 || m > 59 {
		return "", false
	}
	if night && h >= 1 && h <= 4 {
		return "", false
	}
	if night && h == 12 {
		return fmt.Sprintf("00:%02d", m), true
	}
	if hasMeridiem {
		h = meridiemHour(h, pm)
	}
	return fmt.Sprintf("%02d:%02d", h, m), true
}

// meridiemHour moves an hour of 0 to 12 by am or pm: 12 am is 0, 5 pm is 17,
// and "quarter to 1 in the afternoon" (hour 0) is 12:45.
func meridiemHour(h int, pm bool) int {
	switch {
	case h < 0 || h > 12:
		return h
	case pm:
		return 12 + h%12
	}
	return h % 12
}

// meridiemDistance is how many words separate the hour at ws[i] from the part
// of the day: after it within three words ("five in the evening"), or before it
// within two ("tonight at 8"); 4 when it is further.
func meridiemDistance(ws []string, i int) int {
	best := 4
	for j := max(0, i-2); j < len(ws) && j <= i+3; j++ {
		if _, ok := meridiemWords[ws[j]]; ok && j != i {
			best = min(best, max(j-i, i-j))
		}
	}
	return best
}

// meridiemOf finds am, pm or a part of the day among the words ("3pm" too),
// and whether it is the night.
func meridiemOf(ws []string) (pm, ok, night bool) {
	for i, w := range ws {
		if i > 0 && IsCountUnit(w) && isCount(ws[i-1]) {
			continue // "2 nights, at 1:30 pm": what is counted, not the part of the day
		}
		if v, found := meridiemWords[w]; found {
			return v, true, nightWords[w]
		}
		if _, pm, glued := gluedMeridiem(w); glued {
			return pm, true, false
		}
	}
	return false, false, false
}

// isCount reports whether w is a number a unit after it may count.
func isCount(w string) bool {
	_, ok := hourValue(w)
	return ok || IsNumberWord(w)
}

// nightWords are the parts of the day that are the night.
var nightWords = withGlossed(wordSet(`night tonight`), glosses.asWord, wordIn(wordSet(`night tonight`)))

// clockAt reads a clock time starting at ws[i]: "6:30" (one word after key: "6",
// "30" when the colon splits them), "quarter past 5", "half past 11", "ten to 6",
// "5 oclock", "3pm", "ten". used reports whether the form itself says it is a time
// (minutes, past/to, o'clock, am/pm glued to the digits).
func clockAt(ws []string, i int) (h, m int, used, ok bool) {
	if q, isMinutes := minutesWord(ws[i]); isMinutes && i+2 < len(ws) && pastOrTo[ws[i+1]] {
		return minutesFromHour(q, ws[i+1], ws[i+2])
	}
	if _, isFrac := minuteWords[ws[i]]; isFrac {
		return 0, 0, false, false // "half" without past or to is no time
	}
	return hourAt(ws, i)
}

// pastOrTo are the words between the minutes and the hour ("quarter past 5",
// "ten to 6").
var pastOrTo = map[string]bool{"past": true, "after": true, "to": true}

// minutesWord reads the minutes said before past or to: a fraction of an hour
// ("quarter", "half") or a number word up to twelve ("ten").
func minutesWord(w string) (int, bool) {
	if q, ok := minuteWords[w]; ok {
		return q, true
	}
	if isHourWord(w) {
		return hourValue(w)
	}
	return 0, false
}

// minutesFromHour is the time q minutes past (rel "past" or "after") or to (rel
// "to") the hour said in w.
func minutesFromHour(q int, rel, w string) (h, m int, used, ok bool) {
	hour, ok := hourValue(w)
	if !ok {
		return 0, 0, false, false
	}
	if rel == "to" {
		return (hour + 23) % 24, 60 - q, true, true
	}
	return hour, q, true, true
}

// hourAt reads an hour at ws[i] with what follows it: "3pm", "5 oclock", "6 30"
// (used), or the hour alone ("ten", "6").
func hourAt(ws []string, i int) (h, m int, used, ok bool) {
	digits, _, glued := gluedMeridiem(ws[i])
	hour, ok := hourValue(digits)
	if !ok {
		return 0, 0, false, false
	}
	next := ""
	if i+1 < len(ws) {
		next = ws[i+1]
	}
	if IsCountUnit(next) {
		return 0, 0, false, false // "3 night", "2 people": a count, never an hour
	}
	switch {
	case glued, next == "oclock":
		return hour, 0, true, true
	case len(next) == 2 && isDigits(next) && isDigits(ws[i]):
		mins, _ := strconv.Atoi(next)
		return hour, mins, true, true
	}
	return hour, 0, false, true
}

// gluedMeridiem splits am or pm glued to an hour's digits ("3pm"): the digits,
// and whether it is pm. ok is false, and digits the word, when it is not such a word.
func gluedMeridiem(w string) (digits string, pm, ok bool) {
	if n := len(w); n > 2 && (strings.HasSuffix(w, "am") || strings.HasSuffix(w, "pm")) && isDigits(w[:n-2]) {
		return w[:n-2], strings.HasSuffix(w, "pm"), true
	}
	return w, false, false
}

// hourValue reads an hour: digits 0 to 23 or a number word up to twelve.
func hourValue(w string) (int, bool) {
	if isDigits(w) && len(w) <= 2 {
		h, _ := strconv.Atoi(w)
		return h, h <= 23
	}
	if v, ok := numberWords[w]; ok && v >= 1 && v <= 12 {
		return int(v), true
	}
	return 0, false
}

func isHourWord(w string) bool {
	v, ok := numberWords[w]
	return ok && v >= 1 && v <= 12
}

// ParseDayOfMonth reads a day of the month said without its month: "the 10th",
// "on the 1st", "14th of this month", "the 3rd of next month". A day of this month
// that has passed means next month's, as a day said without a month looks ahead.
func ParseDayOfMonth(text string, now time.Time) (Date, bool) {
	return dayOfMonth(tokenize(key(text)), DateOf(now))
}

// dayOfMonth is ParseDayOfMonth of a key's words.
func dayOfMonth(toks []token, today Date) (Date, bool) {
	for i := range toks {
		if out, ok := dayOfMonthAt(toks, i, today); ok {
			return out, true
		}
	}
	return Date{}, false
}

// bareDigits reports whether toks[i] is digits without "the" before them: a
// number, not a day ("the 10" is a day, "10" alone is not; "10th" is one
// anyway).
func bareDigits(toks []token, i int) bool {
	return isDigits(toks[i].text) && (i == 0 || toks[i-1].text != "the")
}

// dayOfMonthAt reads a day of the month said at toks[i] (digits only after
// "the") with the month the words after it give.
func dayOfMonthAt(toks []token, i int, today Date) (Date, bool) {
	t := toks[i]
	d, ok := ordinalDay(t.text)
	if !ok || bareDigits(toks, i) {
		return Date{}, false
	}
	month, ok := monthOfDay(toks[i+1:], today)
	if !ok || !validDate(month.Year, month.Month, d) {
		return Date{}, false
	}
	out := Date{month.Year, month.Month, d}
	if month == today && out.Before(today) {
		out = today.addMonths(1)
		out.Day = d
		return out, validDate(out.Year, out.Month, d)
	}
	return out, true
}

// monthOfDay reads the month of a day from the words after it: "of next month"
// is next month's, "of this month" or nothing is today's; another "of ... month"
// is none (false), and so is a named month, which ParseDate reads.
func monthOfDay(rest []token, today Date) (Date, bool) {
	if len(rest) >= 3 && rest[0].text == "of" && rest[2].text == "month" {
		return ofMonth(rest[1].text, today)
	}
	if namesMonth(rest) {
		return Date{}, false // a month is named: ParseDate reads it
	}
	return today, true
}

// ofMonth is the month of "of next month" or "of this month" (w the word
// between); another word is none.
func ofMonth(w string, today Date) (Date, bool) {
	switch w {
	case "next":
		return today.addMonths(1), true
	case "this":
		return today, true
	}
	return Date{}, false
}

// namesMonth reports whether the words after a day name its month ("may", "of
// may").
func namesMonth(rest []token) bool {
	return len(rest) > 0 && monthNames[rest[0].text] > 0 || len(rest) > 1 && rest[0].text == "of" && monthNames[rest[1].text] > 0
}

// ParseDateValue reads a date as a slot value: ParseDate's forms, then a day of
// the month said alone (ParseDayOfMonth).
func ParseDateValue(text string, now time.Time) (Date, bool) {
	// Both read the same key and words: computed once, the words in a stack
	// array (a slot's answer is short).
	var tokBuf [16]token
	k := key(text)
	toks := appendTokens(tokBuf[:0], k)
	today := DateOf(now)
	if d, ok := parseDateKey(k, toks, today); ok {
		return d, true
	}
	return dayOfMonth(toks, today)
}

// countWords are informal counts a slot answer may give (fillers removed).
//
// "A few", "several" and "some" are no number: a count said with them is not
// read, and the question is asked again (a careful agent asks "how many?").
var countWords = map[string]float64{"couple": 2, "pair": 2, "single": 1, "me": 1, "myself": 1}

// countFiller are words around a count that say nothing of it ("a couple of",
// "just me", "about three").
var countFiller = map[string]bool{"a": true, "of": true, "just": true, "about": true, "around": true, "only": true, "maybe": true}

// ParseCount reads a count: a number (ParseNumber), an informal count ("a
// couple of", "just me"), or a number followed by what it counts ("2 tickets",
// "three people").
func ParseCount(text string) (float64, bool) {
	if v, ok := ParseNumber(text); ok {
		return v, true
	}
	if hasDecimalMark(text) {
		// The words below split ".5" or "2,5" at the mark: the count
		// read from them would be a part of the number said, not it.
		return 0, false
	}
	ws := slices.DeleteFunc(words(key(text)), func(w string) bool { return countFiller[w] })
	if v, ok := countAtEnd(ws); ok {
		return v, true
	}
	// Or before what it counts ("2 tickets", "three people", "vingt et une
	// nuits").
	// What it counts is no number word: "quatre vingt" is not four "vingt".
	if last := ws[max(len(ws)-1, 0):]; len(ws) >= 2 && !IsNumberWord(last[0]) &&
		(len(ws) <= 3 || len(ws) <= 6 && IsCountUnit(last[0])) {
		head := strings.Join(ws[:len(ws)-1], " ")
		if v, ok := ParseNumber(head); ok {
			return v, true
		}
		if v, ok := pairCounts[head]; ok && IsCountUnit(last[0]) {
			return v, true // "a couple nights", "a pair nights": "of" left out
		}
	}
	return 0, false
}

// pairCounts are the informal counts that stand before the unit they count
// with or without "of" ("a couple of nights", "a couple nights": Merriam-
// Webster, "couple" adjective, informal: "a couple more"; "a couple days").
var pairCounts = map[string]float64{"couple": 2, "pair": 2}

// hasDecimalMark reports whether text holds a point or a comma right before
// a digit: a number's decimals (".5", "2,5"), which are no whole count.
func hasDecimalMark(text string) bool {
	for i := 0; i+1 < len(text); i++ {
		if (text[i] == '.' || text[i] == ',') && text[i+1] >= '0' && text[i+1] <= '9' {
			return true
		}
	}
	return false
}

// countAtEnd reads a count at the end of the words ("it 4" of "make it 4
// nights"): the longest tail that reads as one. A tail after a number word
// is the end of a number not read whole ("et une" of "cent et une"): none.
func countAtEnd(ws []string) (float64, bool) {
	for i := range ws {
		k := strings.Join(ws[i:], " ")
		if v, ok := countWords[k]; ok {
			return v, true
		}
		if v, ok := ParseNumber(k); ok {
			if i > 0 && IsNumberWord(ws[i-1]) || numberJoiners[ws[i]] {
				return 0, false
			}
			return v, true
		}
	}
	return 0, false
}

// countUnits are what a number right before them counts: "3 night" is three
// nights, never 15:00 (night is also a part of the day), "2 people" two
// people. The units of date offsets (dayUnits: days, weeks, months) count too.
var countUnits = wordSet(`night nights nite nites nuit nuits noche noches
	people person persons pax adult adults kid kids child children guest guests
	room rooms bed beds ticket tickets seat seats passenger passengers traveler travelers traveller travellers
	time times personne personnes persona personas
	lila lilat lyali lyal ليلة ليال ليالي`)

// IsCountUnit reports whether w (a key's word) is a unit a number before it
// counts, so that the number is a count and not an hour of the day.
func IsCountUnit(w string) bool {
	if _, unit := dayUnits[w]; unit {
		return true
	}
	return countUnits[w]
}

// hourFillers may stand around a bare hour ("at 11", "around 5 please").
var hourFillers = wordSet(`at around about by approx approximately roughly please i ll we be there arrive arriving get in`)

// BareHour reads a whole answer that is an hour alone, without minutes, am,
// pm or a part of the day ("11", "at 7", "around nine"): 0 to 23. Whether 1
// to 12 is before or after noon is the caller's to settle.
func BareHour(text string) (int, bool) {
	var buf [8]token
	hour, found := -1, false
	for _, t := range appendTokens(buf[:0], key(text)) {
		if hourFillers[t.text] {
			continue
		}
		h, ok := hourValue(t.text)
		if !ok || found {
			return 0, false
		}
		hour, found = h, true
	}
	return hour, found
}

// meridiemFillers may stand around am, pm or a part of the day said alone
// ("in the evening", "pm please", "the morning one").
var meridiemFillers = wordSet(`in the at a of please pls its it s is that one i mean meant`)

// HourWithMeridiem reads text, said after an hour alone was asked about
// ("11": before or after noon?), as that hour's am or pm: the whole text is
// am, pm or a part of the day with words that carry no value ("pm", "in the
// evening", "morning please"). It returns the time as "HH:MM".
func HourWithMeridiem(hour int, text string) (string, bool) {
	var buf [8]token
	pm, found, night := false, false, false
	for _, t := range appendTokens(buf[:0], key(timeSpellings.Replace(strings.ToLower(text)))) {
		if meridiemFillers[t.text] {
			continue
		}
		v, ok := meridiemWords[t.text]
		if !ok || found && v != pm {
			return "", false
		}
		pm, found, night = v, true, night || nightWords[t.text]
	}
	if !found || hour < 1 || hour > 12 {
		return "", false
	}
	return clock(hour, 0, pm, true, night)
}
