package nlu

import "sync"

// A message is read for dates at every word (dateSpansOf), and longestDateAt
// tries some twenty readers there, each with its own table lookups: most words
// of a sentence ("I want to book a flight") start no date, and trying them all
// was a good part of a first message's cost (issue 38's budget). mayStartDate
// lets dateSpansOf pass over a word no reader can start with, by the readers'
// own tables.

// mayStartDate reports whether a date reader of longestDateAt may accept w, a
// token of a date key, as its first word. A word of lower-case ASCII letters
// only must be one of dateLeadWords; any other (digits, "w12", "24oct",
// letters beyond ASCII, CJK marks) is always tried.
func mayStartDate(w string) bool {
	if !lowerASCIILetters(w) {
		return true
	}
	return dateLeadWords()[w]
}

// lowerASCIILetters reports whether w is a word of the letters a to z only.
func lowerASCIILetters(w string) bool {
	for i := 0; i < len(w); i++ {
		if w[i] < 'a' || w[i] > 'z' {
			return false
		}
	}
	return w != ""
}

// dateLeadWords are the words a date reader may start with: the union of what
// each reader of longestDateAt tests its first word against. A reader added
// there reads its first word from a table listed here, or its words are added.
// dateLeadWordsCover (datelead_test.go) checks the readers against it.
var dateLeadWords = sync.OnceValue(func() map[string]bool {
	set := wordSet(`the last this next tomorrow day a an dentro`) // skipThe, ordinalAt, weekOffsetAt, dayWeekLaterAt, holidayLead, smallCount, afterInWord
	addKeys(set, tensOfOrdinals)                                  // ordinalAt: "twenty first"
	addKeys(set, ordinalWords)                                    // nthWeekdayAt, ordinalMonthDayAt, dayOfMonthSpan
	addKeys(set, monthNames)                                      // ordinalMonthDayAt, monthDayAt
	addKeys(set, numberWords)                                     // smallCount: shiftedAt, weekLaterAt, unitsLaterAt
	addKeys(set, weekdayNames)                                    // weekdayAt, weekOfAt, afterNextAt, isoWeekAt, dayWeekLaterAt
	addKeys(set, weekdayAbbreviations)                            // weekdayAt, abbreviatedWeekdayAt, isoWeekAt
	addKeys(set, bracketWeekdays)                                 // isoWeekAt (weekdayWord)
	addKeys(set, weekdayPrefixes)                                 // weekdayAt
	addKeys(set, holidayArticles)                                 // holidayAt
	addKeys(set, holidaysByFirst())                               // holidayAt
	addKeys(set, holidayData().countryByWord)                     // holidayAt: "uk mother's day"
	for _, f := range holidayFrames().eveOf {                     // holidayLead: "eve of halloween"
		set[f[0]] = true
	}
	addKeys(set, isoWeekWords)        // isoWeekAt (weekNumberAt): "week 12"
	addKeys(set, relativeDaysByFirst) // relativeDayAt
	addKeys(set, inWords)             // inUnitsAt
	return set
})

// addKeys adds m's keys to set.
func addKeys[V any](set map[string]bool, m map[string]V) {
	for k := range m {
		set[k] = true
	}
}
