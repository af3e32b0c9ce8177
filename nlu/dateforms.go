package nlu

import (
	_ "embed"
	"strings"
	"time"
	"unicode/utf8"
)

// Date forms people type that are not words (issue 38, point 2): East-Asian
// dates (3月25日, 3월 19일, 2026年3月25日), a weekday in brackets after a date
// (4/3(Fri), 3月20日(金)), ISO 8601 weeks ("Monday in week 12", "KW 12",
// 2026-W12-1) and day.month without a year ("23.03", "from 21.03"). The
// words are date_forms.txt's; what is read is right or nothing.

//go:embed date_forms.txt
var dateFormsText string

var dateForms = readPhraseLists(dateFormsText)

// formSet is the set of the one-word items of date_forms.txt's list name.
func formSet(name string) map[string]bool {
	set := map[string]bool{}
	for _, p := range dateForms[name] {
		set[strings.Join(p, " ")] = true
	}
	return set
}

var (
	cjkYearMarks, cjkMonthMarks, cjkDayMarks = formSet("cjk_year"), formSet("cjk_month"), formSet("cjk_day")
	isoWeekWords, isoWeekGlued               = formSet("week_word"), formSet("week_glued")
	isoWeekNumberWords, isoWeekJoiners       = formSet("week_number"), formSet("week_joiner")
	numericLeads, numericClockLeads          = formSet("numeric_lead"), formSet("numeric_clock_lead")
	numericAfterNot                          = formSet("numeric_after_not")
	bracketWeekdays                          = func() map[string]time.Weekday {
		m := map[string]time.Weekday{}
		for d := time.Sunday; d <= time.Saturday; d++ {
			for w := range formSet("bracket_" + strings.ToLower(d.String())) {
				m[w] = d
			}
		}
		return m
	}()
)

// weekdayWord is the weekday w names after a date: a weekday's name, its
// abbreviation, or a bracket weekday of date_forms.txt.
func weekdayWord(w string) (time.Weekday, bool) {
	if d, ok := weekdayNames[w]; ok {
		return d, true
	}
	if d, ok := weekdayAbbreviations[w]; ok {
		return d, true
	}
	d, ok := bracketWeekdays[withoutBrackets(w)]
	return d, ok
}

// withoutBrackets is w without the brackets a weekday may be written in
// ("(金)", "（金）"). Most words have none at either end, and strings.Trim with
// a cutset beyond ASCII decodes every word it is given: an edge byte no
// bracket has leaves w as it is.
func withoutBrackets(w string) string {
	if w == "" || !bracketEdge(w[0]) && !bracketEdge(w[len(w)-1]) {
		return w
	}
	return strings.Trim(w, "（）()")
}

// bracketEdge reports whether b may begin or end a bracket: "(" and ")", or
// the first or last byte of "（" and "）" (EF BC 88, EF BC 89).
func bracketEdge(b byte) bool {
	return b == '(' || b == ')' || b == 0xEF || b == 0x88 || b == 0x89
}

// cjkPart is a number and the marker after it (y, m or d).
type cjkPart struct {
	n      int
	digits int
	mark   byte
}

// cjkParts cuts a word into numbers each followed by a year, month or day
// marker ("2026年3月25日"), full-width digits read as digits, and what follows
// the last marker (a glued weekday: "20日金曜日"). ok is false when the word
// does not start so.
func cjkParts(w string, dst []cjkPart) ([]cjkPart, string, bool) {
	n, digits := 0, 0
	for i := 0; i < len(w); {
		r, size := utf8.DecodeRuneInString(w[i:])
		switch {
		case r >= '0' && r <= '9':
			n, digits = n*10+int(r-'0'), digits+1
		case r >= '０' && r <= '９':
			n, digits = n*10+int(r-'０'), digits+1
		case digits > 0 && digits <= 4:
			mark := cjkMark(w[i : i+size])
			if mark == 0 {
				return dst, "", false
			}
			dst = append(dst, cjkPart{n, digits, mark})
			n, digits = 0, 0
		default:
			return dst, w[i:], len(dst) > 0 && digits == 0
		}
		i += size
	}
	return dst, "", len(dst) > 0 && digits == 0
}

// cjkMark is 'y', 'm' or 'd' for a year, month or day marker, else 0.
func cjkMark(s string) byte {
	switch {
	case cjkYearMarks[s]:
		return 'y'
	case cjkMonthMarks[s]:
		return 'm'
	case cjkDayMarks[s]:
		return 'd'
	}
	return 0
}

// cjkDateAt reads an East-Asian date from toks[i] (up to three words: "2026년
// 3월 19일"), with a weekday after it that must be its own.
func cjkDateAt(toks []token, i int, today Date) (dateSpan, bool) {
	var buf [4]cjkPart
	parts := buf[:0]
	j, rest := i, ""
	for j < len(toks) && j < i+3 && rest == "" {
		more, after, ok := cjkParts(toks[j].text, parts)
		if !ok || len(more) == len(parts) {
			break
		}
		parts, rest, j = more, after, j+1
	}
	if len(parts) == 0 {
		return dateSpan{}, false
	}
	y, m, d, ok := cjkFields(parts, today)
	if !ok {
		return dateSpan{}, false
	}
	var date Date
	if y > 0 {
		date, ok = Date{y, time.Month(m), d}, validDate(y, time.Month(m), d)
	} else {
		date, ok = nextMonthDay(time.Month(m), d, today)
	}
	s := dateSpan{first: i, last: j - 1, date: date}
	if !ok {
		return dateSpan{first: i, last: j - 1, noDay: true}, true
	}
	if rest != "" {
		wd, named := weekdayWord(rest)
		return s, named && wd == date.Weekday()
	}
	return withWeekdayAfter(toks, s)
}

// cjkFields are the year (0 when unsaid), month and day of parts, in that
// order, each once; a month and a day are needed.
func cjkFields(parts []cjkPart, today Date) (y, m, d int, ok bool) {
	order := "ymd"
	at := 0
	for _, p := range parts {
		k := strings.IndexByte(order[at:], p.mark)
		if k < 0 {
			return 0, 0, 0, false
		}
		at += k + 1
		switch p.mark {
		case 'y':
			if p.digits != 4 {
				return 0, 0, 0, false
			}
			y = p.n
		case 'm':
			m = p.n
		case 'd':
			d = p.n
		}
	}
	return y, m, d, m >= 1 && m <= 12 && d >= 1 && d <= 31
}

// withWeekdayAfter extends s by the weekday said right after it ("3月20日
// (金)", "3월 19일 (목)"): one that is not the date's makes no date.
func withWeekdayAfter(toks []token, s dateSpan) (dateSpan, bool) {
	j := s.last + 1
	if j >= len(toks) {
		return s, true
	}
	wd, ok := bracketWeekdays[withoutBrackets(toks[j].text)]
	if !ok {
		return s, true // a weekday's name is mergeWeekdays'
	}
	s.last = j
	return s, wd == s.date.Weekday()
}

// isoWeekAt reads an ISO 8601 week with its day: "[WEEKDAY [in|of]] week N
// [WEEKDAY]", "w12", "KW 12", "2026-W12-1". A week without a day is read
// as noDay: it names no one day.
func isoWeekAt(toks []token, i int, today Date) (dateSpan, bool) {
	j := i
	wd, hasDay := weekdayWord(toks[i].text)
	if hasDay {
		j++
		for j < len(toks) && isoWeekJoiners[toks[j].text] {
			j++
		}
	}
	year := 0
	if j+1 < len(toks) && len(toks[j].text) == 4 && isDigits(toks[j].text) {
		if _, _, ok := weekNumberAt(toks, j+1); ok && toks[j+1].start == toks[j].end+1 {
			year, j = atoi(toks[j].text), j+1 // 2026-W12
		}
	}
	n, last, ok := weekNumberAt(toks, j)
	if !ok {
		return dateSpan{}, false
	}
	if !hasDay {
		wd, hasDay, last = weekDayAfter(toks, last, year > 0)
	}
	if !hasDay {
		return dateSpan{first: i, last: last, noDay: true}, true
	}
	d, ok := isoWeekDate(year, n, wd, today)
	return dateSpan{first: i, last: last, date: d, noDay: !ok}, true
}

// weekDayAfter reads the day said after a week ending at toks[last]: a
// weekday, or with a year (2026-W12-1) the ISO day's digit glued to it.
func weekDayAfter(toks []token, last int, withYear bool) (time.Weekday, bool, int) {
	next := last + 1
	if next >= len(toks) {
		return 0, false, last
	}
	if w := toks[next].text; withYear && isDigits(w) && len(w) == 1 && toks[next].start == toks[last].end+1 {
		d := atoi(w) // 2026-W12-1: Monday
		return time.Weekday(d % 7), d >= 1 && d <= 7, next
	}
	if d, ok := weekdayWord(toks[next].text); ok {
		return d, true, next
	}
	return 0, false, last
}

// weekNumberAt reads "week [no] N" or a glued "w12" at toks[j]: the week's
// number and the last word read.
func weekNumberAt(toks []token, j int) (n, last int, ok bool) {
	if j >= len(toks) {
		return 0, 0, false
	}
	w := toks[j].text
	if isoWeekWords[w] && j+1 < len(toks) {
		k := j + 1
		if isoWeekNumberWords[toks[k].text] && k+1 < len(toks) {
			k++
		}
		n, ok := weekNumber(toks[k].text)
		return n, k, ok
	}
	d := strings.IndexAny(w, "0123456789")
	if d <= 0 || !isoWeekGlued[w[:d]] {
		return 0, 0, false
	}
	n, ok = weekNumber(w[d:])
	return n, j, ok
}

// weekNumber reads a week's number, 1 to 53.
func weekNumber(v string) (int, bool) {
	n := atoi(v)
	return n, isDigits(v) && len(v) <= 2 && n >= 1 && n <= 53
}

// isoWeekDate is the weekday of ISO week n of year (this ISO year's, or
// next year's when this year's passed more than justGoneDays ago, when year
// is 0). A week of this year just passed, or a week the year has not, is no
// date.
func isoWeekDate(year, n int, wd time.Weekday, today Date) (Date, bool) {
	explicit := year > 0
	if !explicit {
		year, _ = time.Date(today.Year, today.Month, today.Day, 0, 0, 0, 0, time.UTC).ISOWeek()
	}
	d, ok := isoWeekDay(year, n, wd)
	if !explicit && ok && d.Before(today) {
		if d.Before(today.AddDays(-justGoneDays)) {
			return isoWeekDay(year+1, n, wd)
		}
		return Date{}, false
	}
	return d, ok
}

// isoWeekDay is the weekday of ISO week n of year, when the year has it.
func isoWeekDay(year, n int, wd time.Weekday) (Date, bool) {
	jan4 := Date{year, time.January, 4}
	monday := jan4.AddDays(-((int(jan4.Weekday()) + 6) % 7))
	d := monday.AddDays(7*(n-1) + (int(wd)+6)%7)
	t := time.Date(d.Year, d.Month, d.Day, 0, 0, 0, 0, time.UTC)
	y, w := t.ISOWeek()
	return d, y == year && w == n
}

// weekdayAfterNumeric is the weekday said right after a numeric date that
// ends at byte end of k ("4/3(Fri)", "23.03 Mon", "3/20（金）"): its day, the
// index of its token, and whether one is said. Only spaces, a comma or a
// bracket may stand between.
func weekdayAfterNumeric(k string, toks []token, end int) (time.Weekday, int, bool) {
	for j, t := range toks {
		if t.start < end {
			continue
		}
		if strings.Trim(k[end:t.start], " ,(（") != "" {
			return 0, 0, false
		}
		wd, ok := weekdayWord(t.text)
		return wd, j, ok
	}
	return 0, 0, false
}

// numericReadings are the dates a numeric day and month of a numericDateRe
// match m may be, beside a weekday that decides between them: day/month and
// month/day for slashes and dashes, day.month for dots; the next such day
// without a year.
func numericReadings(k string, m []int, today Date) []Date {
	a, b := atoi(k[m[2]:m[3]]), atoi(k[m[6]:m[7]])
	orders := [][2]int{{b, a}, {a, b}} // {month, day}
	if k[m[4]:m[5]] == "." {
		orders = orders[:1]
	}
	var out []Date
	for _, o := range orders {
		if m[8] >= 0 {
			y := fullYear(k[m[8]:m[9]])
			if validDate(y, time.Month(o[0]), o[1]) {
				out = append(out, Date{y, time.Month(o[0]), o[1]})
			}
		} else if d, ok := nextMonthDay(time.Month(o[0]), o[1], today); ok && o[0] >= 1 && o[0] <= 12 {
			out = append(out, d)
		}
	}
	return out
}

// numericWithWeekday reads a numeric date with the weekday said after it:
// of its readings (numericReadings), the one that falls on the weekday.
// None, or two, is no date.
func numericWithWeekday(k string, m []int, today Date, wd time.Weekday) (Date, bool) {
	var found Date
	n := 0
	for _, d := range numericReadings(k, m, today) {
		if d.Weekday() == wd && d != found {
			found, n = d, n+1
		}
	}
	return found, n == 1
}

// yearlessNumeric reads a day and month without a year written with dots
// or dashes ("23.03", "21-03"), which numericDate leaves to context: the
// month of two digits ("23.03", not the decimal "2.5"); with dashes, a
// number of them zero-padded ("21-03", not the range "10-12"). In a
// sentence (answer false) a numeric_lead word comes before it ("Call on
// 18.03"); never a clock's word ("at 10.05") before nor a unit's after
// ("12.05 eur"). ok is false when it is no date; noDay when it looks like one
// but gives none (a dotted day.month of one digit at a date question).
func yearlessNumeric(k string, toks []token, m []int, today Date, answer bool) (d Date, ok, noDay bool) {
	sep := k[m[4]:m[5]]
	if m[8] >= 0 || sep == "/" || !numericContext(toks, m, answer) {
		return Date{}, false, false
	}
	as, bs := k[m[2]:m[3]], k[m[6]:m[7]]
	if sep == "." {
		return dottedDayMonth(atoi(as), atoi(bs), len(bs), today, answer)
	}
	if as[0] != '0' && bs[0] != '0' {
		return Date{}, false, false // "10-12": a range
	}
	d, ok = dashedDayMonth(atoi(as), atoi(bs), today)
	return d, ok, false
}

// dottedDayMonth reads day a and month b of "23.03" (bDigits: the month's
// digits): a one-digit month is a decimal, no day at a date question.
func dottedDayMonth(a, b, bDigits int, today Date, answer bool) (Date, bool, bool) {
	inRange := b >= 1 && b <= 12
	if bDigits != 2 {
		return Date{}, false, answer && inRange && a >= 1 && a <= 31
	}
	d, ok := nextMonthDay(time.Month(b), a, today)
	return d, ok && inRange, false
}

// dashedDayMonth reads "21-03" or "03-21": the number above 12 is the day;
// two of 12 or less follow comingOrder.
func dashedDayMonth(a, b int, today Date) (Date, bool) {
	month := func(n int) bool { return n >= 1 && n <= 12 }
	switch {
	case a > 12 && month(b):
		return nextMonthDay(time.Month(b), a, today)
	case b > 12 && month(a):
		return nextMonthDay(time.Month(a), b, today)
	case a == b && month(a):
		return nextMonthDay(time.Month(a), b, today)
	case month(a) && month(b):
		return comingOrder(a, b, today)
	}
	return Date{}, false
}

// numericContext reports whether the words around a numeric match m allow
// it to be a date (yearlessNumeric).
func numericContext(toks []token, m []int, answer bool) bool {
	prev, next := "", ""
	for j, t := range toks {
		if t.end <= m[0] {
			prev = t.text
		}
		if t.start >= m[1] && next == "" {
			next = toks[j].text
		}
	}
	if numericClockLeads[prev] || numericAfterNot[next] || IsCountUnit(next) {
		return false
	}
	return answer || numericLeads[prev]
}
