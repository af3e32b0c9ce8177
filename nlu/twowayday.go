package nlu

import "time"

// Days on either side of today (date_forms.txt's two_way_day_N): Hindi and
// Urdu "kal" is yesterday and tomorrow, "parso" the day before yesterday and
// the day after tomorrow. Which one is meant is the question's: a reader
// alone cannot tell, so ReadDate reads none, and a caller that knows the
// answer must be a day to come (a date slot that takes only those) picks
// the later one.

// twoWayDays are the two-way words' phrases by their distance from today.
var twoWayDays = map[int][][]string{1: dateForms["two_way_day_1"], 2: dateForms["two_way_day_2"]}

// ReadTwoWayDay reads a whole answer that is one two-way day word ("kal",
// "parso ji"): the day as far before today (sent_at's date) as after it.
// Polite particles and the words that carry no value may stand around it;
// anything else, and it returns false.
func ReadTwoWayDay(text string, now time.Time) (before, after Date, ok bool) {
	var buf [8]token
	toks := appendTokens(buf[:0], key(text))
	days, found := 0, false
	for j := 0; j < len(toks); j++ {
		if n, words := twoWayDayAt(toks, j); n > 0 && !found {
			days, found, j = n, true, j+words-1
			continue
		}
		if !dateFillers[toks[j].text] {
			return Date{}, Date{}, false
		}
	}
	if !found {
		return Date{}, Date{}, false
	}
	today := DateOf(now)
	return today.AddDays(-days), today.AddDays(days), true
}

// twoWayDayAt is the distance the two-way day phrase at toks[j] names and
// its length in words, the longest first; 0 when none starts there.
func twoWayDayAt(toks []token, j int) (days, words int) {
	for n, phrases := range twoWayDays {
		for _, p := range phrases {
			if len(p) > words && startsWithPhrase(toks[j:], p) {
				days, words = n, len(p)
			}
		}
	}
	return days, words
}
