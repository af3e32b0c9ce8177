package nlu

import (
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"
)

// Date is a civil date (no time of day, no zone), as flows store date slots.
type Date struct {
	Year  int
	Month time.Month
	Day   int
}

// DateOf returns the civil date of t in t's location.
func DateOf(t time.Time) Date {
	y, m, d := t.Date()
	return Date{y, m, d}
}

// String formats d as "2006-01-02".
func (d Date) String() string {
	var b [10]byte
	y := d.Year
	if y < 0 || y > 9999 {
		return time.Date(d.Year, d.Month, d.Day, 0, 0, 0, 0, time.UTC).Format(time.DateOnly)
	}
	b[0], b[1], b[2], b[3] = byte('0'+y/1000), byte('0'+y/100%10), byte('0'+y/10%10), byte('0'+y%10)
	b[4] = '-'
	b[5], b[6] = byte('0'+int(d.Month)/10%10), byte('0'+int(d.Month)%10)
	b[7] = '-'
	b[8], b[9] = byte('0'+d.Day/10%10), byte('0'+d.Day%10)
	return string(b[:])
}

// IsZero reports whether d is the zero Date.
func (d Date) IsZero() bool { return d == Date{} }

// Time returns midnight at the start of d in loc.
func (d Date) Time(loc *time.Location) time.Time {
	return time.Date(d.Year, d.Month, d.Day, 0, 0, 0, 0, loc)
}

// AddDays returns d moved by n days.
func (d Date) AddDays(n int) Date { return DateOf(d.noon().AddDate(0, 0, n)) }

// Weekday returns d's day of the week.
func (d Date) Weekday() time.Weekday { return d.noon().Weekday() }

// Before reports whether d comes before e.
func (d Date) Before(e Date) bool { return d.noon().Before(e.noon()) }

// noon is d at noon UTC: date arithmetic there never crosses a day boundary.
func (d Date) noon() time.Time { return time.Date(d.Year, d.Month, d.Day, 12, 0, 0, 0, time.UTC) }

// addMonths moves d by n months, clamping the day to the target month's length
// (January 31 + 1 month = February 28 or 29).
func (d Date) addMonths(n int) Date {
	first := time.Date(d.Year, d.Month+time.Month(n), 1, 12, 0, 0, 0, time.UTC)
	day := min(d.Day, daysIn(first.Year(), first.Month()))
	return Date{first.Year(), first.Month(), day}
}

func daysIn(year int, month time.Month) int {
	return time.Date(year, month+1, 0, 12, 0, 0, 0, time.UTC).Day()
}

func validDate(year int, month time.Month, day int) bool {
	return year >= 1 && year <= 9999 && month >= 1 && month <= 12 && day >= 1 && day <= daysIn(year, month)
}

// englishWeekdays and englishMonths are the English weekday and month names
// and abbreviations; the other languages' are data, gloss entries meaning
// them ("lundi = monday [word]", "يناير = january").
var (
	englishWeekdays = map[string]time.Weekday{
		"monday": time.Monday, "tuesday": time.Tuesday, "wednesday": time.Wednesday,
		"thursday": time.Thursday, "friday": time.Friday, "saturday": time.Saturday, "sunday": time.Sunday,
	}
	englishMonths = map[string]time.Month{
		"january": 1, "jan": 1, "february": 2, "feb": 2, "march": 3, "mar": 3, "april": 4, "apr": 4,
		"may": 5, "june": 6, "jun": 6, "july": 7, "jul": 7, "august": 8, "aug": 8,
		"september": 9, "sep": 9, "sept": 9, "october": 10, "oct": 10, "november": 11, "nov": 11,
		"december": 12, "dec": 12,
	}
)

// weekdayNames are full weekday names (folded), in every language of the gloss
// files and of calendar_names.txt. They are recognised anywhere in a message.
var weekdayNames = withCalendarNames(withGlossed(englishWeekdays, glosses.words, wordIn(englishWeekdays)), generatedCalendar.weekdays)

// weekdayAbbreviations are recognised only after a modifier ("next tue") or as the
// whole message: "sun" and "sat" are ordinary words too.
var weekdayAbbreviations = map[string]time.Weekday{
	"mon": time.Monday, "tue": time.Tuesday, "tues": time.Tuesday, "wed": time.Wednesday, "weds": time.Wednesday,
	"thu": time.Thursday, "thur": time.Thursday, "thurs": time.Thursday, "fri": time.Friday,
	"sat": time.Saturday, "sun": time.Sunday,
}

// WeekdayAbbreviation returns the weekday an English abbreviation names
// ("tue", "sat"), wherever it is said; the date reader reads those that are
// other words too only where they cannot be those (see weekdayNamed).
func WeekdayAbbreviation(word string) (time.Weekday, bool) {
	day, ok := weekdayAbbreviations[word]
	return day, ok
}

// onlyWeekdayAbbreviations are the weekday abbreviations that are no other
// word in English, French, Spanish or Darija: they name the day wherever said.
var onlyWeekdayAbbreviations = wordSet(`weds thu thur thurs fri`)

// monthNames are month names and abbreviations (folded), in every language of
// the gloss files ([word] entries: "mars", "mayo" are ordinary words too). A
// month is recognised only next to a day number, so "may" and "mars" as
// ordinary words are harmless.
var monthNames = withCalendarNames(withGlossed(englishMonths, glosses.words, wordIn(englishMonths)), generatedCalendar.months)

// relativeDay is a phrase that names a fixed offset from today.
type relativeDay struct {
	words  []string
	offset int
}

// englishRelativeDays are the English phrases of a fixed offset from today;
// the other languages' are data, [word] entries of the gloss files meaning
// one of these ("après-demain = day after tomorrow [word]").
var englishRelativeDays = map[string]int{
	"day after tomorrow": 2, "the day after tomorrow": 2,
	"today": 0, "tonight": 0, "this evening": 0, "this afternoon": 0, "this morning": 0,
	"tomorrow": 1, "tmrw": 1, "tomorow": 1,
}

// relativeDays are fixed offsets from today in every language, the longest
// phrase first and then by their words, so that the reading does not depend on
// the order of a map or of the gloss files.
var relativeDays = func() []relativeDay {
	byPhrase := withCLDRDays(withGlossed(englishRelativeDays, glosses.asWord, wordIn(englishRelativeDays)), generatedDates.days)
	out := make([]relativeDay, 0, len(byPhrase))
	for p, offset := range byPhrase {
		out = append(out, relativeDay{phraseWords(p), offset})
	}
	slices.SortFunc(out, func(a, b relativeDay) int {
		if len(a.words) != len(b.words) {
			return len(b.words) - len(a.words)
		}
		return slices.Compare(a.words, b.words)
	})
	return out
}()

// relativeDaysByFirst are relativeDays by their first word, in the same order:
// every word of a message is tried as the start of one.
var relativeDaysByFirst = func() map[string][]relativeDay {
	out := map[string][]relativeDay{}
	for _, r := range relativeDays {
		if len(r.words) > 0 {
			out[r.words[0]] = append(out[r.words[0]], r)
		}
	}
	return out
}()

// Weekday modifiers.
type weekdayMode int

const (
	modeBare weekdayMode = iota // first such day strictly after today
	modeNext                    // same as bare
	modeThis                    // today or the next such day
	modeLast                    // latest such day strictly before today
)

var weekdayPrefixes = map[string]weekdayMode{
	"next": modeNext, "coming": modeNext, "proximo": modeNext, "proxima": modeNext,
	"this": modeThis, "ce": modeThis, "este": modeThis, "had": modeThis, "on": modeBare,
	"el": modeBare, "le": modeBare,
	"last": modeLast, "past": modeLast, "previous": modeLast,
}

var englishWeekdayPrefixes = map[string]bool{
	"next": true, "coming": true, "this": true, "on": true, "last": true, "past": true, "previous": true,
}

// weekdaySuffix is a modifier said after a weekday ("vendredi prochain",
// "viernes que viene") and the mode it gives.
type weekdaySuffix struct {
	words []string
	mode  weekdayMode
}

// weekdaySuffixModes are the English meanings a gloss file's [word] entry may
// give a modifier said after a weekday ("prochain = next [word]", "que viene =
// next [word]", "dernier = last [word]"); English itself says only "Tuesday
// next" ("Friday last week" is no "last Friday").
var weekdaySuffixModes = map[string]weekdayMode{"next": modeNext, "last": modeLast}

// weekdaySuffixes are the modifiers said after a weekday, in every language,
// by their first word, the longest first and then by their words.
var weekdaySuffixes = func() map[string][]weekdaySuffix {
	byPhrase := withGlossed(map[string]weekdayMode{"next": modeNext}, glosses.asWord, wordIn(weekdaySuffixModes))
	out := map[string][]weekdaySuffix{}
	for p, mode := range byPhrase {
		ws := phraseWords(p)
		out[ws[0]] = append(out[ws[0]], weekdaySuffix{ws, mode})
	}
	for _, ss := range out {
		slices.SortFunc(ss, func(a, b weekdaySuffix) int {
			if len(a.words) != len(b.words) {
				return len(b.words) - len(a.words)
			}
			return slices.Compare(a.words, b.words)
		})
	}
	return out
}()

// dayUnit is a unit of an offset in days or months.
type dayUnit struct{ days, months int }

// dayUnits are the units of "in N days" style offsets.
var dayUnits = map[string]dayUnit{
	"day": {1, 0}, "days": {1, 0}, "jour": {1, 0}, "jours": {1, 0}, "dia": {1, 0}, "dias": {1, 0},
	"iyam": {1, 0}, "ayam": {1, 0}, "yom": {1, 0}, "يوم": {1, 0}, "ايام": {1, 0},
	"week": {7, 0}, "weeks": {7, 0}, "wk": {7, 0}, "wks": {7, 0}, "semaine": {7, 0}, "semaines": {7, 0},
	"semana": {7, 0}, "semanas": {7, 0}, "simana": {7, 0}, "simanat": {7, 0}, "اسبوع": {7, 0}, "اسابيع": {7, 0},
	"fortnight": {14, 0}, "fortnights": {14, 0},
	"month": {0, 1}, "months": {0, 1}, "mois": {0, 1}, "mes": {0, 1}, "meses": {0, 1},
	"chhar": {0, 1}, "shhar": {0, 1}, "شهر": {0, 1}, "اشهر": {0, 1},
}

// inWords introduce an offset: "in 3 days", "dans 3 jours", "en 3 días", "ba3d 3 iyam".
var inWords = map[string]bool{"in": true, "dans": true, "en": true, "within": true, "after": true, "ba3d": true, "بعد": true}

var (
	// An ISO date may carry its time as pasted from a calendar
	// ("2026-04-02T08:30", "…T08:30:00Z"): the time is part of the match, so
	// the date is read and the time accounted for.
	isoDateRe     = regexp.MustCompile(`\b(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?:t\d{1,2}:\d{2}(?::\d{2})?(?:\.\d+)?(?:z|[+-]\d{2}:?\d{2})?)?\b`)
	numericDateRe = regexp.MustCompile(`\b(\d{1,2})([/.-])(\d{1,2})(?:[/.-](\d{4}|\d{2}))?\b`)
)

// dateCandidate is a date found at a byte span of the key.
type dateCandidate struct {
	start, end int
	date       Date
}

// better reports whether c should win over b: leftmost, then longest.
func (c dateCandidate) better(b dateCandidate) bool {
	return c.start < b.start || (c.start == b.start && c.end > b.end)
}

// ParseDate finds a date in text, relative to now (the message's sent_at), and
// returns it as a civil date in now's location. It reads ISO dates (2026-12-12),
// numeric dates (12/25/2026, 25/12/2026, 25.12.2026), "today", "tomorrow", "day
// after tomorrow", weekdays with "next", "this", "last" or none, "in 3 days", "in 2
// weeks", month-day forms with an optional year ("Dec 12", "December 12th, 2026",
// "12 dec", "le 12 décembre", "12 de diciembre"), in English, French, Spanish and
// some Darija and Arabic. See the package doc for the semantics chosen.
func ParseDate(text string, now time.Time) (Date, bool) {
	var tokBuf [16]token
	k := key(text)
	return parseDateKey(k, appendTokens(tokBuf[:0], k), DateOf(now))
}

// parseDateKey is ParseDate of a key k and its words.
func parseDateKey(k string, toks []token, today Date) (Date, bool) {
	var b bestDate
	if digitBeforeSeparator(k) { // what both patterns need
		b.isoDates(k)
		b.numericDates(k, today)
	}
	b.wordDates(toks, today)
	return b.best.date, b.found
}

// digitBeforeSeparator reports whether an ASCII digit is followed by '-', '/' or
// '.' somewhere in k: every match of isoDateRe and numericDateRe has one.
func digitBeforeSeparator(k string) bool {
	for i := 0; i+1 < len(k); i++ {
		if c := k[i]; c >= '0' && c <= '9' {
			switch k[i+1] {
			case '-', '/', '.':
				return true
			}
		}
	}
	return false
}

// bestDate is the best date candidate met so far (see dateCandidate.better).
type bestDate struct {
	best  dateCandidate
	found bool
}

func (b *bestDate) consider(c dateCandidate) {
	if !b.found || c.better(b.best) {
		b.best, b.found = c, true
	}
}

// isoDates considers the valid ISO dates of k (2026-12-12).
func (b *bestDate) isoDates(k string) {
	if !fourDigitsThenSeparator(k) {
		return // no match is possible: the expression is not run (a turn's cost)
	}
	for _, m := range isoDateRe.FindAllStringSubmatchIndex(k, -1) {
		y, _ := strconv.Atoi(k[m[2]:m[3]])
		mo, _ := strconv.Atoi(k[m[4]:m[5]])
		d, _ := strconv.Atoi(k[m[6]:m[7]])
		if validDate(y, time.Month(mo), d) {
			b.consider(dateCandidate{m[0], m[1], Date{y, time.Month(mo), d}})
		}
	}
}

// fourDigitsThenSeparator reports whether k holds four digits followed by '-',
// '/' or '.', which every match of isoDateRe does.
func fourDigitsThenSeparator(k string) bool {
	run := 0
	for i := 0; i < len(k); i++ {
		switch c := k[i]; {
		case c >= '0' && c <= '9':
			run++
		case run >= 4 && (c == '-' || c == '/' || c == '.'):
			return true
		default:
			run = 0
		}
	}
	return false
}

// numericDates considers the numeric dates of k (12/25/2026, 25.12.2026).
func (b *bestDate) numericDates(k string, today Date) {
	for m, ok := nextNumericDate(k, 0); ok; m, ok = nextNumericDate(k, m[1]) {
		if d, ok := numericDate(k, m[:], today); ok {
			b.consider(dateCandidate{m[0], m[1], d})
		}
	}
}

// wordDates considers the dates said in words, up to the best candidate's start.
func (b *bestDate) wordDates(toks []token, today Date) {
	for i := range toks {
		if c, ok := wordDateAt(toks, i, today); ok {
			b.consider(c)
		}
		if b.found && toks[i].start > b.best.start {
			break
		}
	}
}

// numericDate reads a numericDateRe match: slashes and dashes are month/day when
// the first number is 12 or less and the second above 12, day/month when the
// first is above 12; dots are day.month. Two different numbers of 12 or less
// ("4/5") are a day and a month in an order the writer's country decides: a
// date only when one order is past (eitherOrder, comingOrder), else none,
// and the bot asks again rather than guess one. Without a year, dashes
// and dots are not dates (ranges, decimals) and slashes mean the next such day,
// unless a closing dot ends the German day.month. ("22.10.").
func numericDate(k string, m []int, today Date) (Date, bool) {
	a, _ := strconv.Atoi(k[m[2]:m[3]])
	sep := k[m[4]:m[5]]
	b, _ := strconv.Atoi(k[m[6]:m[7]])
	hasYear := m[8] >= 0
	if !hasYear && sep != "/" && !(sep == "." && closingDot(k, m[1])) {
		return Date{}, false
	}
	if sep != "." && a <= 12 && b <= 12 && a != b {
		if !hasYear {
			return comingOrder(a, b, today)
		}
		return eitherOrder(a, b, fullYear(k[m[8]:m[9]]), today)
	}
	month, day := monthDayOrder(a, b, sep)
	if !hasYear {
		return nextMonthDay(time.Month(month), day, today)
	}
	y := fullYear(k[m[8]:m[9]])
	if !validDate(y, time.Month(month), day) {
		return Date{}, false
	}
	return Date{y, time.Month(month), day}, true
}

// monthDayOrder is the month and the day of a numeric date's two numbers:
// month/day with slashes and dashes unless the first is above 12; day.month
// with dots unless only month.day is a date (Hungarian "05.28.": no month
// 28).
func monthDayOrder(a, b int, sep string) (month, day int) {
	switch {
	case sep == "." && b > 12 && a <= 12:
		return a, b
	case sep == "." || a > 12:
		return b, a
	}
	return a, b
}

// closingDot reports whether the key k has a dot at end that closes a word
// ("22.10." is the German day.month., "22.10" may be a decimal).
func closingDot(k string, end int) bool {
	return end < len(k) && k[end] == '.' && (end+1 == len(k) || k[end+1] == ' ')
}

// eitherOrder reads a numeric date with its year whose two numbers may be
// month/day or day/month ("05/01/2026"): when one reading fell more than
// recentPastDays ago, no one books it, not even by a slip (a day just passed
// is asked again: nextMonthDay), and the other reading, today or later, is
// the date. When both are to come, or one passed recently, no date.
func eitherOrder(a, b, y int, today Date) (Date, bool) {
	md, dm := Date{y, time.Month(a), b}, Date{y, time.Month(b), a}
	longPast := func(d Date) bool { return d.Before(today.AddDays(-recentPastDays)) }
	switch {
	case longPast(md) && !dm.Before(today):
		return dm, true
	case longPast(dm) && !md.Before(today):
		return md, true
	}
	return Date{}, false
}

// comingOrder reads a numeric date without a year whose two numbers may be
// month/day or day/month ("7/4" in June): when one reading is this year's and
// long past (more than recentPastDays, at most justGoneDays ago: not a slip
// for a day just gone, and next year's would be most of a year away) and the
// other is still to come this year, the one to come is the date. When both
// are to come ("7/10" in June), one passed just now ("7/6" in June: a slip
// for the 7th of June, maybe), or the other passed longer ago, so that next
// year's is within the year ("10/3" on 22 September: October 3rd in the US,
// March 10th next year in Europe), the writer's country decides the order:
// no date, asked again (the bot does not know the country).
func comingOrder(a, b int, today Date) (Date, bool) {
	md, dm := Date{today.Year, time.Month(a), b}, Date{today.Year, time.Month(b), a}
	gone := func(d Date) bool {
		return d.Before(today.AddDays(-recentPastDays)) && !d.Before(today.AddDays(-justGoneDays))
	}
	switch {
	case gone(dm) && !md.Before(today):
		return md, true
	case gone(md) && !dm.Before(today):
		return dm, true
	}
	return Date{}, false
}

// justGoneDays is how far back this year's reading of a numeric day and month
// (comingOrder) is a day just gone rather than one of next year's.
const justGoneDays = 92

// fullYear reads a year of four digits, or of two in this century ("26").
func fullYear(digits string) int {
	y, _ := strconv.Atoi(digits)
	if len(digits) == 2 {
		y += 2000
	}
	return y
}

// recentPastDays is how far back a numeric day and month is taken for a slip
// for a day just gone rather than for next year's (eitherOrder).
const recentPastDays = 31

// recentBareDays is how far back a day of the month said alone ("the 20th")
// that has passed this month is taken for a slip, and asked again, rather
// than next month's: the last three days, in which a person may still think
// the day is to come ("the 20th" said on the 22nd, "the 9th" on the 12th:
// asked in rounds 2 and 4). Longer ago, the next such day is the only reading
// a person gives it, when next month has it and no weekday named disagrees:
// "the 14th" said on the 22nd is next month's 14th (round 11), as a day six
// or seven days gone is (round 13), and "the 2nd" on the 28th. It was half a
// month until round 11, then a week until round 13; three days is the
// longest gap the development sets ask about.
const recentBareDays = 3

// nextMonthDay is the first month/day on or after today within the coming
// twelve months: a day that does not come in them ("the 29th of February" in a
// year before no leap year, "June 31") is no date, never one years away. A
// month/day said without its year is this calendar year's while it is to
// come ("December 3" said in March); one that passed lately (yearlessPassed)
// reads as none: the user most likely means the past one, by mistake, and not
// a date most of a year away, and the bot asks again rather than store next
// year's. One that passed longer ago is next year's ("January 5" said in
// August: next January).
func nextMonthDay(month time.Month, day int, today Date) (Date, bool) {
	if month < 1 || month > 12 || day < 1 || day > 31 || yearlessPassed(month, day, today) {
		return Date{}, false
	}
	for y := today.Year; y <= today.Year+1; y++ {
		if d := (Date{y, month, day}); validDate(y, month, day) && !d.Before(today) {
			return d, !(Date{today.Year + 1, today.Month, today.Day}).Before(d)
		}
	}
	return Date{}, false
}

// yearlessPassed reports whether month/day passed lately: this year within
// the last justGoneDays ("June 2" said on August 26: the season just gone), or
// last year within the last recentPastDays ("December 28" said on January 5;
// further back, this year's to come is meant: "December 3" said in March).
func yearlessPassed(month time.Month, day int, today Date) bool {
	return passedWithin(today.Year, month, day, today, justGoneDays) ||
		passedWithin(today.Year-1, month, day, today, recentPastDays)
}

// passedWithin reports whether month/day of year passed within the last days.
func passedWithin(year int, month time.Month, day int, today Date, days int) bool {
	d := Date{year, month, day}
	return validDate(year, month, day) && d.Before(today) && !d.Before(today.AddDays(-days))
}

// wordDateAt reads a date expressed in words starting at toks[i]: the first of
// the readers, in this order, that reads one there. They are called by name, not
// from a table of functions: words handed to a function value escape to the
// heap, and callers keep them in a stack array.
func wordDateAt(toks []token, i int, today Date) (dateCandidate, bool) {
	if c, ok := relativeDayAt(toks, i, today); ok { // "tomorrow", "the day after tomorrow"
		return c, true
	}
	if c, ok := inUnitsAt(toks, i, today); ok { // "in 3 days"
		return c, true
	}
	if c, ok := unitsLaterAt(toks, i, today); ok { // "3 days from now"
		return c, true
	}
	if c, ok := weekdayAt(toks, i, today); ok { // "next friday", "viernes que viene"
		return c, true
	}
	return monthDayAt(toks, i, today) // "Dec 12", "12 de diciembre"
}

// candidate is the date d said by toks[first] to toks[last].
func candidate(toks []token, first, last int, d Date) dateCandidate {
	return dateCandidate{toks[first].start, toks[last].end, d}
}

// relativeDayAt reads a fixed offset from today ("tomorrow"): the longest phrase
// first, as relativeDays lists them.
func relativeDayAt(toks []token, i int, today Date) (dateCandidate, bool) {
	for _, r := range relativeDaysByFirst[toks[i].text] {
		if startsWithPhrase(toks[i:], r.words) {
			return candidate(toks, i, i+len(r.words)-1, today.AddDays(r.offset)), true
		}
	}
	return dateCandidate{}, false
}

// inUnitsAt reads a count of units ahead said after an in-word: "in 3 days",
// "dans 2 semaines", "dentro de 3 dias".
func inUnitsAt(toks []token, i int, today Date) (dateCandidate, bool) {
	j, ok := afterInWord(toks, i)
	if !ok {
		return dateCandidate{}, false
	}
	n, u, ok := countUnitAt(toks, j)
	if !ok || measuresWhat(toks, j+2) {
		return dateCandidate{}, false
	}
	return candidate(toks, i, j+1, today.after(n, u)), true
}

// measuresWhat reports whether toks[k] is "of" after a count of units, and
// a word follows it: the span measures what follows ("after a month of
// tuning", "in two weeks of rain"), a duration, no day counted from today.
func measuresWhat(toks []token, k int) bool {
	return k+1 < len(toks) && toks[k].text == "of"
}

// afterInWord is where the count stands after an in-word at toks[i] ("in",
// "dans", "dentro de"); false when there is none.
func afterInWord(toks []token, i int) (int, bool) {
	switch {
	case inWords[toks[i].text]:
		return i + 1, true
	case toks[i].text == "dentro" && i+1 < len(toks) && toks[i+1].text == "de":
		return i + 2, true
	}
	return 0, false
}

// countUnitAt reads a count and its unit at toks[j] and toks[j+1] ("3 days").
func countUnitAt(toks []token, j int) (int, dayUnit, bool) {
	if j+1 >= len(toks) {
		return 0, dayUnit{}, false
	}
	n, ok := smallCount(toks[j].text)
	if !ok {
		return 0, dayUnit{}, false
	}
	u, ok := dayUnits[toks[j+1].text]
	return n, u, ok
}

// unitsLaterAt reads a count of units ahead said before later or from now: "3 days
// from now", "2 weeks later".
func unitsLaterAt(toks []token, i int, today Date) (dateCandidate, bool) {
	n, u, ok := countUnitAt(toks, i)
	if !ok || i+2 >= len(toks) {
		return dateCandidate{}, false
	}
	last, ok := laterAt(toks, i+2)
	if !ok {
		return dateCandidate{}, false
	}
	return candidate(toks, i, last, today.after(n, u)), true
}

// laterAt reads "later" or "from now" ("from today") at toks[j], or "out"
// ending the answer or before "from now" (American "two weeks out"): the
// last token of the words.
func laterAt(toks []token, j int) (int, bool) {
	switch {
	case toks[j].text == "later":
		return j, true
	case fromNowAt(toks, j):
		return j + 1, true
	case toks[j].text == "out" && j+1 == len(toks):
		return j, true // "two weeks out"
	case toks[j].text == "out" && fromNowAt(toks, j+1):
		return j + 2, true // "two weeks out from today"
	}
	return 0, false
}

// fromNowAt reports whether toks[j:] open with "from now" or "from today".
func fromNowAt(toks []token, j int) bool {
	return j+1 < len(toks) && toks[j].text == "from" && (toks[j+1].text == "now" || toks[j+1].text == "today")
}

// after is the date n units after d.
func (d Date) after(n int, u dayUnit) Date {
	return d.addMonths(n * u.months).AddDays(n * u.days)
}

// weekdayAt reads "[modifier] weekday [modifier]" starting at toks[i].
func weekdayAt(toks []token, i int, today Date) (dateCandidate, bool) {
	mode, w := weekdayPrefixAt(toks, i)
	if w >= len(toks) {
		return dateCandidate{}, false
	}
	day, ok := weekdayNamed(toks, i, w)
	if !ok {
		return dateCandidate{}, false
	}
	mode, last := weekdaySuffixAt(toks, w, mode)
	return candidate(toks, i, last, weekdayFrom(today, day, mode)), true
}

// weekdayPrefixAt reads the modifier at toks[i] that may come before a weekday:
// its mode (modeBare when there is none) and where the weekday's name would be.
func weekdayPrefixAt(toks []token, i int) (weekdayMode, int) {
	mode, prefixed := weekdayPrefixes[toks[i].text]
	if !prefixed {
		return mode, i
	}
	w := i + 1
	// "el próximo viernes": skip an article before the modifier.
	if w < len(toks) && (mode == modeBare) {
		if m2, ok := weekdayPrefixes[toks[w].text]; ok && m2 != modeBare {
			return m2, w + 1
		}
	}
	return mode, w
}

// weekdayNamed reads the weekday named at toks[w], in a phrase that starts at
// toks[i].
func weekdayNamed(toks []token, i, w int) (time.Weekday, bool) {
	if day, ok := weekdayNames[toks[w].text]; ok {
		// Darija's "tlata" is Tuesday and three: before what it counts
		// ("tlata lyali") it is the number.
		if _, number := numberWords[toks[w].text]; number && w+1 < len(toks) && IsCountUnit(toks[w+1].text) {
			return 0, false
		}
		return day, true
	}
	day, ok := weekdayAbbreviations[toks[w].text]
	// "I had sat down", "le sun", "mon objectif", "tu me tues": abbreviations
	// that are other words too need an English modifier or must be the whole
	// message, but for a part of the day ("SUN NIGHT"); those that are no
	// other word in the seeds' languages ("call fri") are read anywhere.
	if !ok || (!englishWeekdayPrefixes[toks[i].text] && !aloneButCourtesy(toks) && !abbreviationWithDayPart(toks, w) && !onlyWeekdayAbbreviations[toks[w].text] && !abbreviationAfterPlace(toks, w)) {
		return 0, false
	}
	return day, true
}

// aloneButCourtesy reports whether toks are one word and at most courtesy
// words ("sat thx", "sun pls", "ok wed"): the one word is the whole answer.
func aloneButCourtesy(toks []token) bool {
	if len(toks) > 3 {
		return false
	}
	n := 0
	for _, t := range toks {
		if !courtesyWords[t.text] {
			n++
		}
	}
	return n == 1
}

// courtesyWords carry no value beside an answer's one word.
var courtesyWords = wordSet(`please pls plz thx thanks thank you ty ok okay cheers merci svp stp gracias porfa`)

// abbreviationAfterPlace reports whether the weekday's abbreviation at
// toks[w] ends the message (but for courtesy words) right after a known
// city's name of one to three words ("omaha to chicago tues", "to salt lake
// city sat pls"): English's order of a trip typed fast, where "tues" or "sat"
// can be no verb. A city that is an ordinary word ("somewhere nice sun") is
// no support.
func abbreviationAfterPlace(toks []token, w int) bool {
	for _, t := range toks[w+1:] {
		if !courtesyWords[t.text] {
			return false
		}
	}
	for n := 1; n <= min(3, w); n++ {
		ws := make([]string, n)
		for i, t := range toks[w-n : w] {
			ws[i] = t.text
		}
		name := strings.Join(ws, " ")
		if _, ok := MatchCityExact(name); ok && !cityWords[name] {
			return true
		}
	}
	return false
}

// abbreviationWithDayPart reports whether the weekday's abbreviation at
// toks[w] has a part of the day right after it ("sun night", "train sat
// morning", "sat am" as the whole answer): then "sun" can only be the day.
func abbreviationWithDayPart(toks []token, w int) bool {
	if w+1 >= len(toks) {
		return false
	}
	part := toks[w+1].text
	_, ok := meridiemWords[part]
	// "am" and "pm" are also the verb and an hour's mark ("sat am I right"):
	// they make the day only right at the answer's start ("sat am", "sun
	// pm") and as its end.
	if part == "am" || part == "pm" {
		return ok && w == 0 && (w+2 == len(toks) || courtesyWords[toks[w+2].text])
	}
	return ok
}

// weekdaySuffixAt reads the modifier that may follow the weekday named at
// toks[w] ("vendredi prochain", "viernes que viene"): the mode it gives (mode when
// there is none) and the phrase's last token.
func weekdaySuffixAt(toks []token, w int, mode weekdayMode) (weekdayMode, int) {
	if w+1 < len(toks) {
		for _, sfx := range weekdaySuffixes[toks[w+1].text] {
			if startsWithPhrase(toks[w+1:], sfx.words) {
				return sfx.mode, w + len(sfx.words)
			}
		}
	}
	return mode, w
}

// weekdayFrom is the day's date that mode says, from today.
func weekdayFrom(today Date, day time.Weekday, mode weekdayMode) Date {
	switch mode {
	case modeThis:
		return today.AddDays((int(day) - int(today.Weekday()) + 7) % 7)
	case modeLast:
		back := (int(today.Weekday()) - int(day) + 7) % 7
		if back == 0 {
			back = 7
		}
		return today.AddDays(-back)
	default:
		ahead := (int(day) - int(today.Weekday()) + 7) % 7
		if ahead == 0 {
			ahead = 7
		}
		return today.AddDays(ahead)
	}
}

// ordinalDay reads a day of month: "12", "12th", "1st", "1er", "2e", "3eme", "1o".
func ordinalDay(w string) (int, bool) {
	n := 0
	for n < len(w) && w[n] >= '0' && w[n] <= '9' {
		n++
	}
	if n == 0 || n > 2 {
		return 0, false
	}
	d, _ := strconv.Atoi(w[:n])
	if !ordinalSuffixes[w[n:]] && !doubledSuffix(w[n:]) && !truncatedSuffix(d, w[n:]) && !keyOffSuffix(d, w[n:]) {
		return 0, false
	}
	return d, d >= 1 && d <= 31
}

// truncatedSuffix reports whether s is the English ordinal suffix of the day
// d with its last letter dropped ("1s" for 1st, "31s", "2n", "23r", "15t"):
// a key missed at the word's end. Only d's own suffix counts: "the 20s" (a
// decade, 20th) and "3s" are no day.
func truncatedSuffix(d int, s string) bool {
	return len(s) == 1 && s == ownSuffix(d)[:1]
}

// ownSuffix is the English ordinal suffix of the day d ("st", "nd", "rd", "th").
func ownSuffix(d int) string {
	if d%100 < 11 || d%100 > 13 {
		switch d % 10 {
		case 1:
			return "st"
		case 2:
			return "nd"
		case 3:
			return "rd"
		}
	}
	return "th"
}

// keyOffSuffix reports whether s is d's own English ordinal suffix with one
// letter typed one key off on a QWERTY keyboard ("22nf", "5fh", "3rf":
// keysAdjacent), and no other suffix one such key from it ("4rh" is "th"
// or "rd": none). "15tx" (x is far from h) is none.
func keyOffSuffix(d int, s string) bool {
	if len(s) != 2 || !lowerASCIILetters(s) {
		return false
	}
	near := func(suffix string) bool {
		return s[0] == suffix[0] && keysAdjacent(s[1], suffix[1]) || s[1] == suffix[1] && keysAdjacent(s[0], suffix[0])
	}
	own := ownSuffix(d)
	if !near(own) {
		return false
	}
	for _, other := range [4]string{"st", "nd", "rd", "th"} {
		if other != own && near(other) {
			return false
		}
	}
	return true
}

// doubledSuffix reports whether s is an English ordinal suffix typed with a
// letter twice ("15tth", "2ndd", "1sst"): a key held down, as in a word.
func doubledSuffix(s string) bool {
	if len(s) != 3 {
		return false
	}
	for i := 0; i+1 < len(s); i++ {
		if s[i] == s[i+1] {
			switch s[:i] + s[i+1:] {
			case "st", "nd", "rd", "th":
				return true
			}
		}
	}
	return false
}

// ordinalSuffixes may follow the digits of a day of the month.
var ordinalSuffixes = map[string]bool{"": true, "st": true, "nd": true, "rd": true, "th": true, "er": true, "e": true, "eme": true, "o": true, "a": true}

// yearAt reads a four-digit year at toks[j], optionally after "de" or "of".
func yearAt(toks []token, j int) (year, last int, ok bool) {
	j = skipOf(toks, j)
	if j >= len(toks) || len(toks[j].text) != 4 || !isDigits(toks[j].text) {
		return 0, 0, false
	}
	y, _ := strconv.Atoi(toks[j].text)
	return y, j, y >= 1900 && y <= 2199
}

// monthDayAt reads "Dec 12[th][, 2026]", "12[th] [of|de] December [2026]".
func monthDayAt(toks []token, i int, today Date) (dateCandidate, bool) {
	month, day, last, ok := monthAndDayAt(toks, i)
	if !ok {
		return dateCandidate{}, false
	}
	if y, yl, ok := yearAt(toks, last+1); ok {
		if !validDate(y, month, day) {
			return dateCandidate{}, false
		}
		return dateCandidate{toks[i].start, toks[yl].end, Date{y, month, day}}, true
	}
	d, ok := nextMonthDay(month, day, today)
	if !ok {
		return dateCandidate{}, false
	}
	return dateCandidate{toks[i].start, toks[last].end, d}, true
}

// monthAndDayAt reads a month and day at toks[i], month first ("Dec 12") or day
// first ("12 [of|de] December"), and the last token read.
func monthAndDayAt(toks []token, i int) (month time.Month, day, last int, ok bool) {
	if m, ok := monthNames[toks[i].text]; ok && i+1 < len(toks) {
		d, ok := ordinalDay(toks[i+1].text)
		return m, d, i + 1, ok
	}
	d, ok := ordinalDay(toks[i].text)
	if !ok {
		return 0, 0, 0, false
	}
	j := skipOf(toks, i+1)
	if j >= len(toks) {
		return 0, 0, 0, false
	}
	m, ok := monthNames[toks[j].text]
	return m, d, j, ok
}

// skipOf skips an "of" or "de" at toks[j] ("12 of December", "12 de
// diciembre").
func skipOf(toks []token, j int) int {
	if j < len(toks) && (toks[j].text == "de" || toks[j].text == "of") {
		return j + 1
	}
	return j
}

// joinSpacedOrdinals is text with an English ordinal suffix typed apart from
// its day's digits joined to them ("may 27 th", "june 1 st": a space typed
// before the suffix, issue 38 round 26): only the day's own suffix
// (ownSuffix: "27 th", "2 nd"; never "2 th" or "20 s") and only a word of
// its own, so "3 star" and "21 street" stay as typed.
func joinSpacedOrdinals(text string) string {
	for i := 1; i < len(text); i++ {
		if text[i] != ' ' || text[i-1] < '0' || text[i-1] > '9' {
			continue
		}
		s := i - 1
		for s > 0 && text[s-1] >= '0' && text[s-1] <= '9' {
			s--
		}
		if i-s > 2 || s > 0 && isASCIILetter(text[s-1]) {
			continue
		}
		e := i + 1
		for e < len(text) && isASCIILetter(text[e]) {
			e++
		}
		d, _ := strconv.Atoi(text[s:i])
		if e-i-1 != 2 || !strings.EqualFold(text[i+1:e], ownSuffix(d)) {
			continue
		}
		return joinSpacedOrdinals(text[:i] + text[i+1:])
	}
	return text
}
