package nlu

import (
	_ "embed"
	"slices"
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
	words  []string
	month  time.Month
	day    int
	easter bool
	// orthodox counts from Orthodox (Julian) Easter Sunday; advent > 0 is the
	// advent-th Sunday of Advent (the fourth the last Sunday before 25 December).
	orthodox bool
	advent   int
	offset   int
	weekday  time.Weekday
	nth      int
	anchor   bool // a season alone ("Easter"), a day only counted from ("the day after Easter")
	// countries are the countries whose day this is ({gb ie}); none: the day
	// is the same everywhere. dflt: the day read when no country is said ({us *}).
	countries []string
	dflt      bool
}

// holidayTable is holidays.txt read: the holidays by their phrase's first
// word, the words of the phrases, and the countries that qualify a holiday
// ("Mother's Day in the UK", "British Mother's Day"): a folded name to its
// code, the names by their first word, and the country a region's days fall
// back to (Scotland to the UK).
type holidayTable struct {
	byFirst       map[string][]holiday
	words         map[string]bool
	countryByWord map[string][]countryName
	parent        map[string]string
}

// countryName is one name of a country: its words and the country's code.
type countryName struct {
	words []string
	code  string
}

// holidayData is holidays.txt, read on the first date read.
var holidayData = sync.OnceValue(func() *holidayTable {
	t := &holidayTable{byFirst: map[string][]holiday{}, words: map[string]bool{},
		countryByWord: map[string][]countryName{}, parent: map[string]string{}}
	for _, line := range strings.Split(holidaysText, "\n") {
		line = strings.TrimSpace(line)
		if strings.HasPrefix(line, "@country ") {
			t.addCountry(strings.TrimPrefix(line, "@country "))
			continue
		}
		phrase, rule, ok := strings.Cut(line, "=")
		if !ok || strings.HasPrefix(line, "#") {
			continue
		}
		h, ok := parseHolidayLine(rule)
		if !ok {
			panic("nlu: holidays.txt: bad rule " + strconv.Quote(line)) // embedded, checked by the tests
		}
		for _, ws := range holidayPhraseForms(phraseWords(phrase)) {
			h.words = ws
			t.byFirst[ws[0]] = append(t.byFirst[ws[0]], h)
			for _, w := range ws {
				t.words[w] = true
			}
		}
	}
	return t
})

// addCountry reads "CODE[<PARENT]: name, name, ..." (a country's names and
// adjectives, in the seed languages).
func (t *holidayTable) addCountry(line string) {
	code, names, _ := strings.Cut(line, ":")
	code, parent, _ := strings.Cut(strings.TrimSpace(code), "<")
	code = strings.TrimSpace(code)
	if parent = strings.TrimSpace(parent); parent != "" {
		t.parent[code] = parent
	}
	for _, n := range strings.Split(names, ",") {
		ws := phraseWords(n)
		if len(ws) == 0 {
			continue
		}
		t.countryByWord[ws[0]] = append(t.countryByWord[ws[0]], countryName{ws, code})
	}
}

// parseHolidayLine reads a rule with its tags: "[anchor]" and the
// countries "{gb ie}" ("*" among them: the day read when none is said).
func parseHolidayLine(rule string) (holiday, bool) {
	rule = strings.TrimSpace(rule)
	var tags string
	if i := strings.IndexByte(rule, '{'); i >= 0 && strings.HasSuffix(rule, "}") {
		rule, tags = strings.TrimSpace(rule[:i]), rule[i+1:len(rule)-1]
	}
	rule, anchor := strings.CutSuffix(rule, "[anchor]")
	h, ok := parseHolidayRule(strings.TrimSpace(rule))
	h.anchor = anchor
	for _, c := range strings.Fields(tags) {
		if c == "*" {
			h.dflt = true
			continue
		}
		h.countries = append(h.countries, c)
	}
	return h, ok && (tags == "" || len(h.countries) > 0)
}

// holidayPhraseForms are the ways a phrase is written: as listed, a
// possessive without its apostrophe ("mother's day", folded "mother s day",
// also "mothers day"), and "st" as "saint" and the reverse.
func holidayPhraseForms(ws []string) [][]string {
	forms := [][]string{ws}
	var joined []string
	for i := 0; i < len(ws); i++ {
		if i+1 < len(ws) && ws[i+1] == "s" {
			joined = append(joined, ws[i]+"s")
			i++
			continue
		}
		joined = append(joined, ws[i])
	}
	if len(joined) != len(ws) {
		forms = append(forms, joined)
	}
	for _, f := range forms[:len(forms):len(forms)] {
		if alt, ok := map[string]string{"st": "saint", "saint": "st"}[f[0]]; ok {
			forms = append(forms, append([]string{alt}, f[1:]...))
		}
	}
	return forms
}

// holidaysByFirst are holidays.txt's holidays by their phrase's first word.
func holidaysByFirst() map[string][]holiday { return holidayData().byFirst }

// holidayWords are the words of holidays.txt's phrases: no typo of a date word
// (correctDateTypos), so "marche" of "fête de la marche verte" stays itself.
func holidayWords() map[string]bool { return holidayData().words }

// parseHolidayRule reads "MM-DD", "easter+N", "easter-N", "orthodox+N"
// (from Orthodox Easter Sunday), "advent#N" (the Nth Sunday of Advent) or
// "MM-wday#N" ("11-thu#4": the fourth Thursday of November; "05-mon#last").
func parseHolidayRule(rule string) (holiday, bool) {
	if rest, ok := strings.CutPrefix(rule, "easter"); ok {
		n, err := strconv.Atoi(strings.TrimPrefix(rest, "+"))
		return holiday{easter: true, offset: n}, err == nil
	}
	if rest, ok := strings.CutPrefix(rule, "orthodox"); ok {
		n, err := strconv.Atoi(strings.TrimPrefix(rest, "+"))
		return holiday{orthodox: true, offset: n}, err == nil
	}
	if rest, ok := strings.CutPrefix(rule, "advent#"); ok {
		n, err := strconv.Atoi(rest)
		return holiday{advent: n}, err == nil && n >= 1 && n <= 4
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

// OrthodoxEasterSunday is Orthodox Easter Sunday of year, a Gregorian date:
// Easter by the Julian calendar's computus (Meeus, Astronomical Algorithms,
// ch. 8, "Julian calendar"), moved to the Gregorian calendar by the days the
// two calendars differ in that year (13 from 1900 to 2099).
func OrthodoxEasterSunday(year int) Date {
	a, b, c := year%4, year%7, year%19
	d := (19*c + 15) % 30
	e := (2*a + 4*b - d + 34) % 7
	month := (d + e + 114) / 31
	day := (d+e+114)%31 + 1
	julian := Date{year, time.Month(month), day}
	return julian.AddDays(year/100 - year/400 - 2)
}

// AdventSunday is the nth Sunday of Advent (1 to 4) before Christmas Day of
// year: the fourth is the last Sunday before 25 December, the first three
// weeks before it (the Roman and Anglican calendars: Advent begins on the
// fourth Sunday before Christmas, between 27 November and 3 December).
func AdventSunday(year, n int) Date {
	christmas := Date{year, time.December, 25}
	back := int(christmas.Weekday())
	if back == 0 {
		back = 7
	}
	return christmas.AddDays(-back - 7*(4-n))
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

// in is the holiday's day in year (Feb 29 of a year that has none is no
// date: see on).
func (h holiday) in(year int) Date {
	switch {
	case h.easter:
		return EasterSunday(year).AddDays(h.offset)
	case h.orthodox:
		return OrthodoxEasterSunday(year).AddDays(h.offset)
	case h.advent > 0:
		return AdventSunday(year, h.advent).AddDays(h.offset)
	case h.nth != 0:
		return nthWeekday(year, h.month, h.weekday, h.nth).AddDays(h.offset)
	}
	if h.offset != 0 { // a fixed day's eve (holidayAt: "halloween eve")
		return Date{year, h.month, h.day}.AddDays(h.offset)
	}
	return Date{year, h.month, h.day}
}

// on is the holiday's day in year, when it has one that year: leap day
// (Feb 29) is in leap years only.
func (h holiday) on(year int) (Date, bool) {
	d := h.in(year)
	if h.month != 0 && h.day != 0 && !validDate(year, h.month, h.day) {
		return d, false // leap day's eve in a year with no leap day
	}
	return d, validDate(d.Year, d.Month, d.Day)
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
	if d, ok := h.on(today.Year); ok {
		if d = c.from(d); !d.Before(today) {
			return d, true
		} else if !d.Before(today.AddDays(-recentPastDays)) {
			return Date{}, false
		}
	}
	d, ok := h.on(today.Year + 1) // a leap day said in a year after one: asked
	return c.from(d), ok
}

// holidayArticles may stand before a holiday's name.
var holidayArticles = wordSet(`the le la el l`)

// holidaySpans follow a holiday's name to say a span of days around it
// ("Thanksgiving weekend", "over the Labor Day holiday"): no one day.
var holidaySpans = wordSet(`weekend weekends week holiday holidays break vacation season period`)

// holidayAt reads a holiday by name at toks[i] ("Easter Monday", "Christmas
// Eve 2026", "le lundi de Pâques", "the day after Thanksgiving"), the longest
// phrase of holidays.txt, with a year after it when one is said. A span named
// after it ("Thanksgiving weekend") names no one day. A country said before
// or after it ("British Mother's Day", "Mother's Day in the UK") picks that
// country's day; a holiday kept on other days elsewhere, said of a country
// whose day is not listed, or of none when no day is read by default
// ("Labour Day"), names no day: it is asked.
func holidayAt(toks []token, i int, today Date) (dateSpan, bool) {
	j, c := holidayLead(toks, i)
	before, k, group := holidayNamedAt(toks, i, j, c)
	if len(group) == 0 {
		return dateSpan{}, false
	}
	last, eve := nameEnd(toks, k, group)
	if s, ok := holidaySpanAt(toks, i, last, before, group, c, today); ok {
		return s, true
	}
	if c.dir == 0 && holidayNear(toks, i) {
		return dateSpan{first: i, last: last, noDay: true}, true
	}
	if before == "" && holidayAttribute(toks, k, last) {
		// "the thanksgiving orders", "the day after the election party":
		// an event of the holiday's kind, on some day near it.
		return dateSpan{first: i, last: last, noDay: true, attribute: true}, true
	}
	after, end := countryAfter(toks, last+1)
	if after != "" {
		last = end
	}
	best, ok := pickHoliday(group, before, after)
	if !ok {
		return dateSpan{first: i, last: last, noDay: true}, true
	}
	if eve {
		best.offset--
	}
	if y, yl, ok := yearAt(toks, last+1); ok {
		d, ok := best.on(y)
		return dateSpan{first: i, last: yl, date: c.from(d), noDay: !ok}, true
	}
	if passedThisYear(best, c, today) && pastPointerIn(toks[last+1:]) {
		// "memorial day like last year" said in June: this year's is gone and
		// the words point back; next year's is no day they said. Asked.
		return dateSpan{first: i, last: last, noDay: true}, true
	}
	d, ok := best.nextCounted(c, today)
	return restatedDayOfMonth(toks, dateSpan{first: i, last: last, date: d}, ok)
}

// holidaySpanAt reads the holiday group named at toks[i..last] when a span
// follows its name or a weekday of its weekend leads it: "the saturday of
// memorial day weekend" (weekdayOfWeekend), "father's day weekend, the
// sunday" (holidayWeekendDayAt), else "thanksgiving weekend", no one day.
// ok is false when neither is said.
func holidaySpanAt(toks []token, i, last int, before string, group []holiday, c holidayCount, today Date) (dateSpan, bool) {
	if c.ofWeekend {
		return weekdayOfWeekend(toks, i, last, before, group, c, today), true
	}
	if last+1 >= len(toks) || !holidaySpans[toks[last+1].text] {
		return dateSpan{}, false
	}
	if s, ok := holidayWeekendDayAt(toks, i, last+1, before, group, c, today); ok {
		return s, true
	}
	return dateSpan{first: i, last: last + 1, noDay: true}, true
}

// restatedDayOfMonth reads a day of the month said after a holiday's name
// without a month ("veterans day, the 11th", "halloween 31st"): the day
// restated, read with the holiday when it is the holiday's day of the month
// (the span then covers it), and no day when it is another (asked: which of
// the two was meant?). A number that is no day there ("thanksgiving, 3
// nights", "christmas, the 24th of december") is left to the other readers.
func restatedDayOfMonth(toks []token, s dateSpan, ok bool) (dateSpan, bool) {
	if !ok || s.last+1 >= len(toks) {
		return s, ok
	}
	j := skipThe(toks, s.last+1)
	n, last, said := dayNumberAt(toks, s.last+1, j, true)
	if !said || !dayContext(toks, s.last+1, j, last) || last+2 < len(toks) && toks[last+1].text == "of" ||
		last+1 < len(toks) && monthNames[toks[last+1].text] > 0 {
		return s, ok
	}
	if n != s.date.Day {
		return dateSpan{first: s.first, last: last, noDay: true}, true
	}
	s.last = last
	return s, true
}

// nameEnd is the last token of the holiday's name group[0] at toks[k], and
// its "eve" when one follows ("thanksgiving eve": the day before it).
func nameEnd(toks []token, k int, group []holiday) (int, bool) {
	last := k + len(group[0].words) - 1
	if eveAt(toks, last+1) {
		return last + 1, true
	}
	return last, false
}

// passedThisYear reports whether the day counted from holiday h this year
// is before today.
func passedThisYear(h holiday, c holidayCount, today Date) bool {
	d, ok := h.on(today.Year)
	return ok && c.from(d).Before(today)
}

// pastPointerIn reports whether toks point back in time: "last year", "last
// time", "ago" ("like last year", "as we did two years ago").
func pastPointerIn(toks []token) bool {
	for j, t := range toks {
		if t.text == "ago" || t.text == "last" && j+1 < len(toks) && (toks[j+1].text == "year" || toks[j+1].text == "time") {
			return true
		}
	}
	return false
}

// holidayWeekendDayAt reads a weekday said after a holiday's weekend
// (toks[w] "weekend", then "the" or "on" at most and the weekday: "labor day
// weekend, the friday", "father's day weekend, the sunday") as that day of
// the weekend the holiday falls on or beside (weekendSaturday): its Friday,
// Saturday or Sunday, and the Monday of a long weekend. Any other weekday,
// or a holiday on no weekend, is no day.
func holidayWeekendDayAt(toks []token, i, w int, before string, group []holiday, c holidayCount, today Date) (dateSpan, bool) {
	j := w + 1
	if j < len(toks) && (toks[j].text == "the" || toks[j].text == "on") {
		j++
	}
	if toks[w].text != "weekend" || c.dir != 0 || j >= len(toks) {
		return dateSpan{}, false
	}
	day, ok := weekdayNames[toks[j].text]
	best, picked := pickHoliday(group, before, "")
	if !ok || !picked {
		return dateSpan{}, false
	}
	d, ok := best.nextCounted(c, today)
	if !ok {
		return dateSpan{}, false
	}
	d, ok = holidayWeekendDay(d, day)
	return dateSpan{first: i, last: j, date: d}, ok
}

// holidayWeekendDay is the weekday day of the weekend a holiday on d falls on or
// beside (weekendSaturday): its Friday, Saturday or Sunday, and the Monday
// of a long weekend.
func holidayWeekendDay(d Date, day time.Weekday) (Date, bool) {
	saturday, long, ok := weekendSaturday(d)
	switch {
	case !ok:
		return Date{}, false
	case day == time.Friday:
		return saturday.AddDays(-1), true
	case day == time.Saturday || day == time.Sunday:
		return saturday.AddDays((int(day) + 1) % 7), true
	case day == time.Monday && long:
		return saturday.AddDays(2), true
	}
	return Date{}, false
}

// weekendSaturday is the Saturday of the weekend a holiday on d falls on or
// beside, and whether it is a long weekend (the holiday a Friday or a
// Monday); on Tuesday to Thursday it is on no weekend.
func weekendSaturday(d Date) (saturday Date, long, ok bool) {
	switch d.Weekday() {
	case time.Friday:
		return d.AddDays(1), true, true
	case time.Saturday:
		return d, false, true
	case time.Sunday:
		return d.AddDays(-1), false, true
	case time.Monday:
		return d.AddDays(-2), true, true
	}
	return Date{}, false, false
}

// holidayNamedAt is the country said before a holiday's name at toks[j]
// ("UK Mother's Day"), where the name starts and its lines (holidayGroupAt);
// an article before the name may be its own ("l'Ascension", "la Chandeleur").
func holidayNamedAt(toks []token, i, j int, c holidayCount) (string, int, []holiday) {
	before, k := countryBefore(toks, j)
	if group := holidayGroupAt(toks, k, c); len(group) > 0 {
		return before, k, group
	}
	if group := holidayGroupAt(toks, j, c); len(group) > 0 && k > j {
		return "", j, group
	}
	if j > i && c.dir == 0 {
		return "", i, holidayGroupAt(toks, i, c)
	}
	return "", j, nil
}

// holidayGroupAt are the lines of the longest holiday phrase at toks[j] (one
// per country whose day differs); an anchor only when a day is counted from it
// or its eve is said ("easter eve": Holy Saturday).
func holidayGroupAt(toks []token, j int, c holidayCount) []holiday {
	if j >= len(toks) {
		return nil
	}
	var group []holiday
	for _, h := range holidaysByFirst()[toks[j].text] {
		if !startsWithPhrase(toks[j:], h.words) || h.anchor && c.dir == 0 && !eveAt(toks, j+len(h.words)) {
			continue
		}
		switch {
		case len(group) == 0 || len(h.words) > len(group[0].words):
			group = append(group[:0:0], h)
		case len(h.words) == len(group[0].words):
			group = append(group, h)
		}
	}
	return group
}

// pickHoliday is the line of group for the country said (before or after the
// name; two that differ are none), its region's country when the region has
// no line of its own, else a line kept everywhere; with no country said, the
// line kept everywhere or read by default.
func pickHoliday(group []holiday, before, after string) (holiday, bool) {
	country := before
	if after != "" {
		if before != "" && before != after {
			return holiday{}, false
		}
		country = after
	}
	for code := country; code != ""; code = holidayData().parent[code] {
		for _, h := range group {
			if slices.Contains(h.countries, code) {
				return h, true
			}
		}
	}
	for _, h := range group {
		if len(h.countries) == 0 || country == "" && h.dflt {
			return h, true
		}
	}
	return holiday{}, false
}

// countryBefore is the country named at toks[j] before a holiday ("UK
// Mother's Day", "American Thanksgiving") and where the holiday starts, or
// "" and j.
func countryBefore(toks []token, j int) (string, int) {
	if j < len(toks) {
		if code, n := countryAt(toks, j); n > 0 {
			return code, j + n
		}
	}
	return "", j
}

// holidayCountryLinks join a holiday to the country after it ("in the UK",
// "en France", "au Canada", "aux États-Unis", "fi lmaghrib", "في المغرب").
var holidayCountryLinks = wordSet(`in en au aux fi في`)

// holidayCountryArticles may stand between the link and the country.
var holidayCountryArticles = wordSet(`the le la les l el los`)

// countryAfter is the country named at toks[j] after a holiday's name ("in
// the UK", "UK", "en Espagne") and its last token, or "".
func countryAfter(toks []token, j int) (string, int) {
	k := j
	if k < len(toks) && holidayCountryLinks[toks[k].text] {
		k++
		if k < len(toks) && holidayCountryArticles[toks[k].text] {
			k++
		}
	}
	if k >= len(toks) {
		return "", 0
	}
	if code, n := countryAt(toks, k); n > 0 {
		return code, k + n - 1
	}
	return "", 0
}

// countryAt is the country whose longest name (holidays.txt, @country)
// starts at toks[k], and its length in words.
func countryAt(toks []token, k int) (string, int) {
	code, n := "", 0
	for _, c := range holidayData().countryByWord[toks[k].text] {
		if len(c.words) > n && startsWithPhrase(toks[k:], c.words) {
			code, n = c.code, len(c.words)
		}
	}
	return code, n
}

// holidayFrames are reader_words.txt's frames of a time near a holiday and
// the determiners of a holiday qualifying a noun, read on the first holiday
// named.
var holidayFrames = sync.OnceValue(func() (w struct {
	near        [][]string
	determiners map[string]bool
	eve         map[string]bool
	eveOf       [][]string
}) {
	w.near, w.determiners = readerFrames("holiday_near_frames"), readerWords("holiday_determiner")
	w.eve, w.eveOf = readerWords("holiday_eve"), readerFrames("holiday_eve_frames")
	return w
})

// eveAt reports whether toks[j] is a word that, after a holiday's name, says
// the day before it ("thanksgiving eve": holiday_eve).
func eveAt(toks []token, j int) bool {
	return j < len(toks) && holidayFrames().eve[toks[j].text]
}

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
	// ofWeekend: the weekday is one of the holiday's weekend ("the
	// saturday of memorial day weekend"): a day only with "weekend" after
	// the name (weekdayOfWeekend).
	ofWeekend bool
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
	for _, f := range holidayFrames().eveOf {
		if len(f) < len(toks)-i && startsWithPhrase(toks[i:], f) {
			return afterArticle(toks, i+len(f)), holidayCount{dir: -1} // "the eve of thanksgiving"
		}
	}
	j := i
	if toks[j].text == "the" && j+1 < len(toks) {
		if _, wd := englishWeekdays[toks[j+1].text]; wd || toks[j+1].text == "day" {
			j++
		}
	}
	if k, c, ok := countedLead(toks, j); ok {
		return k, c
	}
	if k, c, ok := weekdayOfLead(toks, j); ok {
		return k, c // "the saturday of memorial day weekend"
	}
	if holidayArticles[toks[i].text] && i+1 < len(toks) {
		return i + 1, holidayCount{}
	}
	return i, holidayCount{}
}

// countedLead reads "day after"/"day before" or "Monday after"/"Friday
// before" at toks[j] (holidayLead): where the holiday's name starts, past an
// article ("the day after the election"), and the count.
func countedLead(toks []token, j int) (int, holidayCount, bool) {
	if j+2 >= len(toks) || toks[j+1].text != "after" && toks[j+1].text != "before" {
		return 0, holidayCount{}, false
	}
	dir := 1
	if toks[j+1].text == "before" {
		dir = -1
	}
	if toks[j].text == "day" {
		return afterArticle(toks, j+2), holidayCount{dir: dir}, true
	}
	if wd, ok := englishWeekdays[toks[j].text]; ok {
		return afterArticle(toks, j+2), holidayCount{dir: dir, weekday: wd, named: true}, true
	}
	return 0, holidayCount{}, false
}

// weekdayOfLead reads "Saturday of" at toks[j] (holidayLead: "the saturday
// of memorial day weekend"): where the holiday's name starts, and the
// weekday of its weekend.
func weekdayOfLead(toks []token, j int) (int, holidayCount, bool) {
	if j+2 >= len(toks) || toks[j+1].text != "of" {
		return 0, holidayCount{}, false
	}
	wd, ok := englishWeekdays[toks[j].text]
	return afterArticle(toks, j+2), holidayCount{weekday: wd, named: true, ofWeekend: true}, ok
}

// weekdayOfWeekend reads the holiday group named at toks[i..last], led by
// "the Saturday of" (c.ofWeekend), as that day of the weekend it falls on
// or beside (holidayWeekendDay: "the saturday of memorial day weekend"),
// when "weekend" follows the name; without it ("the saturday of memorial
// day") or on a day of no such weekend, the span names no day: asked.
func weekdayOfWeekend(toks []token, i, last int, before string, group []holiday, c holidayCount, today Date) dateSpan {
	if last+1 >= len(toks) || toks[last+1].text != "weekend" {
		return dateSpan{first: i, last: last, noDay: true}
	}
	best, picked := pickHoliday(group, before, "")
	d, ok := best.nextCounted(holidayCount{}, today)
	if !picked || !ok {
		return dateSpan{first: i, last: last + 1, noDay: true}
	}
	d, ok = holidayWeekendDay(d, c.weekday)
	return dateSpan{first: i, last: last + 1, date: d, noDay: !ok}
}

// afterArticle is j past an English "the" that a holiday's name follows
// ("the day after the election"); the name then starts there (no English
// name of holidays.txt begins with "the").
func afterArticle(toks []token, j int) int {
	if j+1 < len(toks) && toks[j].text == "the" {
		return j + 1
	}
	return j
}

// correctHolidayTypos reads a word of a holiday's name mistyped by one edit
// ("leep day", "pancak day", "mothrs day") as the word, where the name's
// other words stand around it as they are: a word of four letters or more,
// or of three with two neighbouring letters swapped ("fathers dya"), with
// the same first letter, that no table and no English dictionary knows (the
// rule of correctCountedTypos, the name's own words standing for the number
// there). Two names it could be are none.
func correctHolidayTypos(toks []token) { correctTyposBeside(toks, holidayTypos) }

// holidayWordTypo is the word of a holiday's name toks[j] is one edit from,
// the name's other words standing around it (see correctHolidayTypos).
func holidayWordTypo(toks []token, j int) (string, bool) {
	w, found := "", false
	for start := max(0, j-3); start < j+1; start++ {
		first := toks[start].text
		for _, h := range holidaysByFirst()[first] {
			if cand, ok := typoInPhrase(toks, start, j, h.words); ok {
				if found && cand != w {
					return "", false
				}
				w, found = cand, true
			}
		}
	}
	if found || j+1 >= len(toks) {
		return w, found
	}
	// The first word mistyped: the names whose second word follows.
	for _, h := range holidaysBySecond()[toks[j+1].text] {
		if cand, ok := typoInPhrase(toks, j, j, h.words); ok {
			if found && cand != w {
				return "", false
			}
			w, found = cand, true
		}
	}
	return w, found
}

// typoInPhrase reports whether phrase stands at toks[start:] with only its
// word at j mistyped (one edit, the same first letter, four letters or more),
// and the word meant.
func typoInPhrase(toks []token, start, j int, phrase []string) (string, bool) {
	p := j - start
	if len(phrase) < 2 || p >= len(phrase) || start+len(phrase) > len(toks) {
		return "", false
	}
	for q, pw := range phrase {
		if q != p && toks[start+q].text != pw {
			return "", false
		}
	}
	target, w := phrase[p], toks[j].text
	if swappedNeighbours(w, target) {
		return target, true // "fathers dya": the name's other words stand as written
	}
	if len(w) < 4 || len(target) < 4 || target[0] != w[0] || apartByTwo(w, target) || typoDistance(w, target) != 1 {
		return "", false
	}
	return target, true
}

// swappedNeighbours reports whether w is target with two neighbouring
// letters after the first swapped ("dya" for "day"): a slip of the fingers
// that keeps every letter, so a short word of a name can be read so beside
// the name's other words.
func swappedNeighbours(w, target string) bool {
	if len(w) != len(target) || len(w) < 3 || w[0] != target[0] {
		return false
	}
	for i := 1; i+1 < len(w); i++ {
		if w[i] != target[i] {
			return w[i] == target[i+1] && w[i+1] == target[i] && w[i+2:] == target[i+2:]
		}
	}
	return false
}

// holidaysBySecond are the holidays of two words or more by their second
// word: where the first is mistyped ("leep day").
var holidaysBySecond = sync.OnceValue(func() map[string][]holiday {
	m := map[string][]holiday{}
	for _, hs := range holidaysByFirst() {
		for _, h := range hs {
			if len(h.words) >= 2 {
				m[h.words[1]] = append(m[h.words[1]], h)
			}
		}
	}
	return m
})

// holidayNameLenAt is the length in words of a holiday's name said whole at
// toks[i] (not an anchor alone: "easter" or "christmas" may stand in a
// place's name), 0 when none is. Its words name a day, no place: "columbus
// day" holds no Columbus, "corpus christi day" no Corpus Christi (issue 38,
// round 25).
func holidayNameLenAt(toks []token, i int) int {
	if _, ok := holidaysByFirst()[toks[i].text]; !ok {
		return 0
	}
	group := holidayGroupAt(toks, i, holidayCount{})
	if len(group) == 0 {
		return 0
	}
	return len(group[0].words)
}
