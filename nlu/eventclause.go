package nlu

import "strings"

// This file reads a clause that dates an event of the user's life beside a
// request ("book a flight aberdeen to houston, crew change on the 4th", "a
// room in Leeds, my exam is on the 9th"): the day is the event's, an anchor
// the trip may be planned around, never the trip's own day.
// WithoutEventClauses leaves such a clause out of a request; the date is
// asked for.

// eventLinks join an event to its day ("crew change on the 4th", "the exam
// is the 9th", "graduation's on may 3").
var eventLinks = readerWords("event_link")

// eventNotNouns may not stand in an event's name: the trip's own words (its
// day is the trip's: "return on the 9th", "flight on the 4th"), pronouns
// (whose referent may be the trip: "that's on the 4th"), and words that
// hedge or place the answer ("ideally on the 4th", "maybe on the 5th").
var eventNotNouns = readerWords("event_not_noun")

// eventClause reports whether clause c names an event (one to three words
// that are no date word, no number and none of eventNotNouns) and dates it
// after a link word (eventLinks) with the words of a day, or with a day's
// own word right after it ("job interview monday", "crew change friday").
func eventClause(c string) bool {
	var buf [16]token
	toks := appendTokens(buf[:0], key(c))
	if n := holidayNameLen(toks); n > 0 && n < len(toks) && eventLinks[toks[n].text] {
		return namesDayIn(toks[n+1:]) // "mardi gras is on tuesday", "christmas eve is a sunday"
	}
	for i := 1; i < len(toks) && i <= 4; i++ {
		if eventLinks[toks[i].text] {
			return i <= 3 && eventNoun(toks[:i]) && namesDayIn(toks[i+1:])
		}
		if namesDayIn(toks[i : i+1]) {
			return datedWithoutLink(toks[:i])
		}
	}
	return false
}

// datedWithoutLink reports whether toks, the words before a day's own word
// with no link between ("job interview monday", "crew change the 4th"), name
// an event: one to three event words, then an optional article; the last
// word may start no date ("next friday", "on the 9th" are dates).
func datedWithoutLink(toks []token) bool {
	if n := len(toks); n > 1 && toks[n-1].text == "the" {
		toks = toks[:n-1]
	}
	n := len(toks)
	if n == 0 || n > 3 || mayStartDate(toks[n-1].text) || eventLinks[toks[n-1].text] {
		return false
	}
	return eventNoun(toks)
}

// eventNoun reports whether toks may name an event: no date word or
// weekday's abbreviation ("Wed Jul 8" is a date), number, -ly adverb or
// word of eventNotNouns.
func eventNoun(toks []token) bool {
	for _, t := range toks {
		_, abbr := weekdayAbbreviations[t.text]
		if eventNotNouns[t.text] || knownDateWord(t.text) || IsDateWord(t.text) || abbr || isNumberToken(t.text) || strings.HasSuffix(t.text, "ly") {
			return false
		}
	}
	return true
}

// EventAside is the offset of the comma after the answer that opens a clause
// dating an event of the user's life (eventClause: "richmond, job interview
// monday", "from boise, site's done friday"), or -1: the clause's day is no
// value of the trip's.
func EventAside(text string) int {
	at, c := clauseAfterAnswer(text)
	if at > 0 && eventClause(c) && holdsValue(c) {
		return at
	}
	return -1
}

// clauseAfterAnswer is the offset of text's first comma (-1 when there is none
// or text opens with it) and the clause after it, up to the next comma: the
// aside that follows an answer ("richmond, job interview monday").
func clauseAfterAnswer(text string) (int, string) {
	at := strings.IndexByte(text, ',')
	if at <= 0 {
		return -1, ""
	}
	c := text[at+1:]
	if end := strings.IndexByte(c, ','); end >= 0 {
		c = c[:end]
	}
	return at, c
}

// namesDayIn reports whether toks hold a day's own word: a day of the month
// ("4th"), a weekday, a month or a relative day ("tomorrow").
func namesDayIn(toks []token) bool {
	for _, t := range toks {
		w := t.text
		_, wd := weekdayNames[w]
		_, mo := monthNames[w]
		if _, ok := ordinalDay(w); ok && !isDigits(w) || wd || mo || w != "the" && relativeDayWord(w) {
			return true
		}
	}
	return false
}

// WithoutEventClauses is text less its clauses after the first that date an
// event (eventClause), joined by ", ", and whether any was left out.
func WithoutEventClauses(text string) (string, bool) {
	if !strings.Contains(text, ",") {
		return text, false
	}
	parts := strings.Split(text, ",")
	kept := parts[:1]
	for _, p := range parts[1:] {
		if eventClause(p) && holdsValue(p) {
			continue
		}
		kept = append(kept, p)
	}
	if len(kept) == len(parts) {
		return text, false
	}
	return strings.TrimSpace(strings.Join(kept, ",")), true
}

// holidayNameLen is the length in words of the holiday's name (holidays.txt,
// a season's too: "easter is the 16th") that toks start with, after an
// article, or 0: a holiday is an event, whose day is its own, not the trip's.
func holidayNameLen(toks []token) int {
	j := 0
	if len(toks) > 1 && holidayArticles[toks[0].text] {
		j = 1
	}
	if j >= len(toks) {
		return 0
	}
	n := 0
	for _, h := range holidaysByFirst()[toks[j].text] {
		if len(h.words) > n && startsWithPhrase(toks[j:], h.words) {
			n = len(h.words)
		}
	}
	if n == 0 {
		return 0
	}
	return j + n
}
