package nlu

import (
	"regexp"
	"strings"
	"time"
)

// A date written in digits ("15.05.2027", "2027.05.15", "5/7", "15.05") is
// read by the date readers; its first two numbers are never also a clock time
// (15:05). With a year it is a date in any message; without one ("15.05")
// it is a date when the message's date is that one, and a time otherwise
// ("tomorrow at 15.05").
var (
	datedNumeralsRe  = regexp.MustCompile(`\b\d{1,4}([./-])\d{1,2}([./-])\d{1,4}\b`)
	dayMonthNumberRe = regexp.MustCompile(`\b\d{1,2}[./-]\d{1,2}\b`)
)

// ParseTimeOutsideDate is ParseTime of text without the numeric dates it
// holds: a date with its year, and one without when FindDate or ReadDate
// reads the message as that date (now is the message's sent time).
func ParseTimeOutsideDate(text string, now time.Time) (string, bool) {
	text = withoutDatedNumerals(text)
	if !dayMonthNumberRe.MatchString(text) {
		return ParseTime(text)
	}
	said, ok := FindDate(text, now)
	if !ok {
		said, ok = ReadDate(text, now) // "15.05" alone at the date's question
	}
	if !ok {
		return ParseTime(text)
	}
	text = dayMonthNumberRe.ReplaceAllStringFunc(text, func(m string) string {
		if d, ok := ReadDate(m, now); ok && d == said {
			return " "
		}
		return m
	})
	return ParseTime(text)
}

// withoutDatedNumerals blanks the numeric dates with a year in text: a time
// is never read in one ("15.05.2027" is no 15:05).
func withoutDatedNumerals(text string) string {
	// Matched before replaced: a sentence's full stop is no date, and
	// ReplaceAllStringFunc would copy the text on every turn.
	if !strings.ContainsAny(text, "./-") || !datedNumeralsRe.MatchString(text) {
		return text
	}
	return datedNumeralsRe.ReplaceAllStringFunc(text, func(m string) string {
		if sm := datedNumeralsRe.FindStringSubmatch(m); sm[1] != sm[2] {
			return m // "10.30-11" is a span of times, not a date
		}
		return " "
	})
}

// ParseTimeOutsideYearDate is ParseTime of text without its numeric dates
// with a year: an answer to a time's question may write the time 15.05.
func ParseTimeOutsideYearDate(text string) (string, bool) {
	return ParseTime(withoutDatedNumerals(text))
}
