package nlu

import (
	"regexp"
	"strings"
)

// National numeric dates (issue 38): the forms written with a dot and a space
// after each number ("20. 5.", "20. 5. 2026": Czech, Slovak, German, Polish;
// "2026. 05. 26.", "2026. május 26.": Hungarian, year first), rewritten in the
// key to the forms the readers know ("20.5.", "20.5.2026", "2026-05-26",
// "26 majus 2026"). The dots still decide the order as they do unspaced: a
// day.month, or a year first and then month and day.

var (
	spacedDayMonthRe  = regexp.MustCompile(`\b(\d{1,2})\. (\d{1,2})\.(?: (\d{4})\b)?`)
	yearFirstDottedRe = regexp.MustCompile(`\b(\d{4})\. ?(\d{1,2})\. ?(\d{1,2})\b\.?`)
	yearFirstMonthRe  = regexp.MustCompile(`\b(\d{4})\. (\pL+) (\d{1,2})\b`)
)

// nationalDates is k with its spaced and year-first dotted dates rewritten
// (see above); k itself when it holds none, which a scan tells before any
// pattern runs (a turn's cost).
func nationalDates(k string) string {
	if !strings.Contains(k, ". ") || !digitDotSpace(k) {
		return k
	}
	k = yearFirstDottedRe.ReplaceAllString(k, "$1-$2-$3")
	k = yearFirstMonthRe.ReplaceAllStringFunc(k, yearLast)
	return spacedDayMonthRe.ReplaceAllStringFunc(k, func(m string) string {
		return strings.ReplaceAll(m, ". ", ".")
	})
}

// yearLast rewrites a yearFirstMonthRe match "2026. majus 26" as "26 majus
// 2026" when its word is a month's name; any other word stays as written.
func yearLast(m string) string {
	p := yearFirstMonthRe.FindStringSubmatch(m)
	if _, ok := monthNames[p[2]]; !ok {
		return m
	}
	return p[3] + " " + p[2] + " " + p[1]
}

// digitDotSpace reports whether k holds a digit followed by ". ".
func digitDotSpace(k string) bool {
	for i := 0; i+2 < len(k); i++ {
		if k[i] >= '0' && k[i] <= '9' && k[i+1] == '.' && k[i+2] == ' ' {
			return true
		}
	}
	return false
}

// dayNumberLeads are the words that lead a day number in other languages
// (date_forms.txt's day_number_lead: "ngày 20/5", "tanggal 28 Mei", "dnia
// 20 maja"), one word or two.
var dayNumberLeads = dateForms["day_number_lead"]

// dayNumberLeadAt reports how many words from toks[j] on are a lead of the
// day number right after them (covered by the date read, a digit first): 0
// when none is. A lead anywhere else is a word like any other.
func dayNumberLeadAt(toks []token, covered []bool, j int) int {
	for _, lead := range dayNumberLeads {
		n := len(lead)
		if j+n >= len(toks) || !covered[j+n] || !startsWithDigit(toks[j+n].text) {
			continue
		}
		if startsWithPhrase(toks[j:], lead) {
			return n
		}
	}
	return 0
}

// startsWithDigit reports whether w starts with an ASCII digit.
func startsWithDigit(w string) bool { return w != "" && w[0] >= '0' && w[0] <= '9' }
