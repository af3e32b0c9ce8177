package nlu

import (
	_ "embed"
	"strconv"
	"strings"
	"time"
)

//go:embed holidays.txt
var holidaysText string

// holiday is one line of holidays.txt: a phrase and its day, fixed (month,
// day) or counted from Easter Sunday (easter, offset).
type holiday struct {
	words  []string
	month  time.Month
	day    int
	easter bool
	offset int
}

// holidaysByFirst are holidays.txt's holidays by their phrase's first word.
var holidaysByFirst = func() map[string][]holiday {
	m := map[string][]holiday{}
	for _, line := range strings.Split(holidaysText, "\n") {
		phrase, rule, ok := strings.Cut(line, "=")
		if !ok || strings.HasPrefix(strings.TrimSpace(line), "#") {
			continue
		}
		h, ok := parseHolidayRule(strings.TrimSpace(rule))
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

// parseHolidayRule reads "MM-DD", "easter+N" or "easter-N".
func parseHolidayRule(rule string) (holiday, bool) {
	if rest, ok := strings.CutPrefix(rule, "easter"); ok {
		n, err := strconv.Atoi(strings.TrimPrefix(rest, "+"))
		return holiday{easter: true, offset: n}, err == nil
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

// in is the holiday's day in year.
func (h holiday) in(year int) Date {
	if h.easter {
		return EasterSunday(year).AddDays(h.offset)
	}
	return Date{year, h.month, h.day}
}

// next is the holiday's next day on or after today: this year's, else next
// year's; one that fell within the last recentPastDays is none, as a month
// and day is (nextMonthDay).
func (h holiday) next(today Date) (Date, bool) {
	d := h.in(today.Year)
	if !d.Before(today) {
		return d, true
	}
	if !d.Before(today.AddDays(-recentPastDays)) {
		return Date{}, false
	}
	return h.in(today.Year + 1), true
}

// holidayArticles may stand before a holiday's name.
var holidayArticles = wordSet(`the le la el l`)

// holidayAt reads a holiday by name at toks[i] ("Easter Monday", "Christmas
// Eve 2026", "le lundi de Pâques"), the longest phrase of holidays.txt, with
// a year after it when one is said.
func holidayAt(toks []token, i int, today Date) (dateSpan, bool) {
	j := i
	if holidayArticles[toks[i].text] && i+1 < len(toks) {
		j++ // "le lundi de Pâques": the article would be read with the weekday
	}
	best, found := holiday{}, false
	for _, h := range holidaysByFirst[toks[j].text] {
		if startsWithPhrase(toks[j:], h.words) && (!found || len(h.words) > len(best.words)) {
			best, found = h, true
		}
	}
	if !found {
		return dateSpan{}, false
	}
	last := j + len(best.words) - 1
	if y, yl, ok := yearAt(toks, last+1); ok {
		return dateSpan{first: i, last: yl, date: best.in(y)}, true
	}
	d, ok := best.next(today)
	return dateSpan{first: i, last: last, date: d}, ok
}
