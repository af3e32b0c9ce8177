package nlu

import (
	_ "embed"
	"strconv"
	"strings"
	"sync"
	"time"
)

//go:embed holidays.txt
var holidaysText string

// holiday is one line of holidays.txt: a phrase and its day, fixed (month,
// day), counted from Easter Sunday (easter, offset), or the nth weekday of
// month (nth > 0; -1 is the last), shifted by offset days ("the day after
// Thanksgiving" is listed as its own line, never guessed from words).
type holiday struct {
	words   []string
	month   time.Month
	day     int
	easter  bool
	offset  int
	weekday time.Weekday
	nth     int
	anchor  bool // a season alone ("Easter"), a day only counted from ("the day after Easter")
}

// holidaysByFirst are holidays.txt's holidays by their phrase's first word.
var holidaysByFirst = func() map[string][]holiday {
	m := map[string][]holiday{}
	for _, line := range strings.Split(holidaysText, "\n") {
		phrase, rule, ok := strings.Cut(line, "=")
		if !ok || strings.HasPrefix(strings.TrimSpace(line), "#") {
			continue
		}
		rule, anchor := strings.CutSuffix(strings.TrimSpace(rule), "[anchor]")
		h, ok := parseHolidayRule(strings.TrimSpace(rule))
		h.anchor = anchor
		if !ok {
			panic("nlu: holidays.txt: bad rule " + strconv.Quote(line)) // embedded, checked by the tests
		}
		h.words = phraseWords(phrase)
		m[h.words[0]] = append(m[h.words[0]], h)
	}
	return m
}()

// holidayWords are the words of holidays.txt's phrases: no typo of a date word
// (correctDateTypos), so "marche" of "fête de la marche verte" stays itself.
var holidayWords = func() map[string]bool {
	m := map[string]bool{}
	for _, hs := range holidaysByFirst {
		for _, h := range hs {
			for _, w := range h.words {
				m[w] = true
			}
		}
	}
	return m
}()

// parseHolidayRule reads "MM-DD", "easter+N", "easter-N" or "MM-wday#N"
// ("11-thu#4": the fourth Thursday of November; "05-mon#last").
func parseHolidayRule(rule string) (holiday, bool) {
	if rest, ok := strings.CutPrefix(rule, "easter"); ok {
		n, err := strconv.Atoi(strings.TrimPrefix(rest, "+"))
		return holiday{easter: true, offset: n}, err == nil
	}
	if strings.Contains(rule, "#") {
		return parseNthWeekdayRule(rule)
	}
	mm, dd, ok := strings.Cut(rule, "-")
	m, err1 := strconv.Atoi(mm)
	d, err2 := strconv.Atoi(dd)
	return holiday{month: time.Month(m), day: d}, ok && err1 == nil && err2 == nil && validDate(2024, time.Month(m), d)
}

// EasterSunday is Western Easter Sunday of year (Gregorian calendar), by the
// anonymous Gregorian algorithm (Meeus/Jones/Butcher).
func EasterSunday(year int) Date {
	a := year % 19
	b, c := year/100, year%100
	d, e := b/4, b%4
	f := (b + 8) / 25
	g := (b - f + 1) / 3
	h := (19*a + b - d - g + 15) % 30
	i, k := c/4, c%4
	l := (32 + 2*e + 2*i - h - k) % 7
	m := (a + 11*h + 22*l) / 451
	month := (h + l - 7*m + 114) / 31
	day := (h+l-7*m+114)%31 + 1
	return Date{year, time.Month(month), day}
}

// ruleWeekdays are the weekdays of an nth-weekday rule, by their short name.
var ruleWeekdays = map[string]time.Weekday{"sun": time.Sunday, "mon": time.Monday, "tue": time.Tuesday,
	"wed": time.Wednesday, "thu": time.Thursday, "fri": time.Friday, "sat": time.Saturday}

// parseNthWeekdayRule reads "MM-wday#N" or "MM-wday#last", with an optional
// day offset after it ("11-thu#4+1": the day after Thanksgiving).
func parseNthWeekdayRule(rule string) (holiday, bool) {
	mm, rest, ok := strings.Cut(rule, "-")
	wd, nth, ok2 := strings.Cut(rest, "#")
	m, err := strconv.Atoi(mm)
	w, known := ruleWeekdays[wd]
	if !ok || !ok2 || err != nil || !known || m < 1 || m > 12 {
		return holiday{}, false
	}
	offset := 0
	if i := strings.IndexAny(nth, "+-"); i > 0 {
		o, err := strconv.Atoi(strings.TrimPrefix(nth[i:], "+"))
		if err != nil {
			return holiday{}, false
		}
		nth, offset = nth[:i], o
	}
	n, err := strconv.Atoi(nth)
	if nth == "last" {
		n, err = -1, nil
	}
	return holiday{month: time.Month(m), weekday: w, nth: n, offset: offset}, err == nil && (n == -1 || n >= 1 && n <= 4)
}

// in is the holiday's day in year.
func (h holiday) in(year int) Date {
	switch {
	case h.easter:
		return EasterSunday(year).AddDays(h.offset)
	case h.nth != 0:
		return nthWeekday(year, h.month, h.weekday, h.nth).AddDays(h.offset)
	}
	return Date{year, h.month, h.day}
}

// nthWeekday is the nth weekday wd of month in year; nth -1 is the last.
func nthWeekday(year int, month time.Month, wd time.Weekday, nth int) Date {
	if nth < 0 {
		last := time.Date(year, month+1, 0, 0, 0, 0, 0, time.UTC)
		back := (int(last.Weekday()) - int(wd) + 7) % 7
		return Date{year, month, last.Day() - back}
	}
	first := time.Date(year, month, 1, 0, 0, 0, 0, time.UTC)
	ahead := (int(wd) - int(first.Weekday()) + 7) % 7
	return Date{year, month, 1 + ahead + 7*(nth-1)}
}

// nextCounted is the next day on or after today counted from the holiday
// (the holiday itself when c counts nothing; "the day after Pentecost"):
// this year's, else next year's; one that fell within the last
// recentPastDays is none. One that passed longer ago is next year's, even
// within justGoneDays, where a month and day is asked again (yearlessPassed):
// a holiday is named for its coming day ("New Year's Day" said in March),
// where a number may be a slip. The counted day decides whether this year's
// has passed, not the holiday, so Whit Monday said on Whit Monday is today,
// and "the day before Easter" said on Easter Sunday (yesterday) is none.
func (h holiday) nextCounted(c holidayCount, today Date) (Date, bool) {
	if d := c.from(h.in(today.Year)); !d.Before(today) {
		return d, true
	} else if !d.Before(today.AddDays(-recentPastDays)) {
		return Date{}, false
	}
	return c.from(h.in(today.Year + 1)), true
}

// holidayArticles may stand before a holiday's name.
var holidayArticles = wordSet(`the le la el l`)

// holidaySpans follow a holiday's name to say a span of days around it
// ("Thanksgiving weekend", "over the Labor Day holiday"): no one day.
var holidaySpans = wordSet(`weekend weekends week holiday holidays break vacation season period`)

// holidayAt reads a holiday by name at toks[i] ("Easter Monday", "Christmas
// Eve 2026", "le lundi de Pâques", "the day after Thanksgiving"), the longest
// phrase of holidays.txt, with a year after it when one is said. A span named
// after it ("Thanksgiving weekend") names no one day.
func holidayAt(toks []token, i int, today Date) (dateSpan, bool) {
	j, c := holidayLead(toks, i)
	best, found := holiday{}, false
	for _, h := range holidaysByFirst[toks[j].text] {
		if startsWithPhrase(toks[j:], h.words) && (!found || len(h.words) > len(best.words)) && (!h.anchor || c.dir != 0) {
			best, found = h, true
		}
	}
	if !found {
		return dateSpan{}, false
	}
	last := j + len(best.words) - 1
	if last+1 < len(toks) && holidaySpans[toks[last+1].text] {
		return dateSpan{first: i, last: last + 1, noDay: true}, true
	}
	if c.dir == 0 && holidayNear(toks, i) {
		return dateSpan{first: i, last: last, noDay: true}, true
	}
	if c.dir == 0 && holidayAttribute(toks, j, last) {
		return dateSpan{first: i, last: last, noDay: true, attribute: true}, true
	}
	if y, yl, ok := yearAt(toks, last+1); ok {
		return dateSpan{first: i, last: yl, date: c.from(best.in(y))}, true
	}
	d, ok := best.nextCounted(c, today)
	return dateSpan{first: i, last: last, date: d}, ok
}

// holidayFrames are reader_words.txt's frames of a time near a holiday and
// the determiners of a holiday qualifying a noun, read on the first holiday
// named.
var holidayFrames = sync.OnceValue(func() (w struct {
	near        [][]string
	determiners map[string]bool
}) {
	w.near, w.determiners = readerFrames("holiday_near_frames"), readerWords("holiday_determiner")
	return w
})

// holidayNear reports whether a frame of a time near a holiday ends before
// toks[i] ("around Thanksgiving", "alrededor de Navidad"): a season of days
// around it, no one day.
func holidayNear(toks []token, i int) bool {
	for _, f := range holidayFrames().near {
		if len(f) <= i && startsWithPhrase(toks[i-len(f):i], f) {
			return true
		}
	}
	return false
}

// holidayAttribute reports whether the holiday's name toks[j..last], after a
// determiner, qualifies the noun after it ("once the thanksgiving orders are
// done", "after our christmas party"): the day of an event of the holiday's
// kind, which may be any day near it. Only a space may part the two (a
// comma ends the answer: "the thanksgiving, please"). A date word, a number,
// a day part or a word of the trip after the name ("the thanksgiving flight") keeps the day.
func holidayAttribute(toks []token, j, last int) bool {
	if j == 0 || last+1 >= len(toks) || !holidayFrames().determiners[toks[j-1].text] {
		return false
	}
	next := toks[last+1]
	return next.start == toks[last].end+1 && lowerASCIILetters(next.text) && !IsDateWord(next.text) && !eventNotNouns[next.text]
}

// holidayCount is how a day is counted from a holiday named after it: "the
// day after" (dir 1, no weekday), "the Monday after" (the first Monday after
// it), "the Friday before"; dir 0 is the holiday itself.
type holidayCount struct {
	dir     int
	weekday time.Weekday
	named   bool // a weekday is named
}

// from is the day counted from the holiday's day d.
func (c holidayCount) from(d Date) Date {
	if c.dir == 0 {
		return d
	}
	d = d.AddDays(c.dir)
	for c.named && d.Weekday() != c.weekday {
		d = d.AddDays(c.dir)
	}
	return d
}

// holidayLead is where a holiday's name starts at toks[i], after an article
// ("le lundi de Pâques": the article would be read with the weekday), "the
// day after"/"the day before", or "the Monday after"/"the Friday before".
func holidayLead(toks []token, i int) (int, holidayCount) {
	j := i
	if toks[j].text == "the" && j+1 < len(toks) {
		if _, wd := englishWeekdays[toks[j+1].text]; wd || toks[j+1].text == "day" {
			j++
		}
	}
	if j+2 < len(toks) && (toks[j+1].text == "after" || toks[j+1].text == "before") {
		dir := 1
		if toks[j+1].text == "before" {
			dir = -1
		}
		if toks[j].text == "day" {
			return j + 2, holidayCount{dir: dir}
		}
		if wd, ok := englishWeekdays[toks[j].text]; ok {
			return j + 2, holidayCount{dir: dir, weekday: wd, named: true}
		}
	}
	if holidayArticles[toks[i].text] && i+1 < len(toks) {
		return i + 1, holidayCount{}
	}
	return i, holidayCount{}
}
