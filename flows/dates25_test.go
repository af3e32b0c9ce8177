package flows

import (
	"testing"
	"time"
)

// dates25Set sends the dates25 class tests' messages on Tuesday 8 October
// 2030 in the morning (Columbus Day Monday 10-14, Halloween Thursday 10-31,
// US Election Day Tuesday 11-05, Thanksgiving Thursday 11-28); the hotel's
// check-in is Monday 14 October.
var dates25Set = func(bot string) heldOutSet {
	return heldOutSet{Bot: bot, SentAt: time.Date(2030, 10, 8, 9, 15, 0, 0, time.UTC), CheckIn: "Oct 14"}
}

// d25 is a case of one slot; want "" is asked again.
func d25(at, text, slot, want string) heldOutCase {
	return r6(at, text, map[string]string{slot: want})
}

// The day after or before an anchor of its own, said after a date that
// reads, says what that date is and moves it nothing; an anchor the readers
// know as a day that disagrees is asked; with no anchor the day is moved
// (issue 38, round 24). A day of the month beside a part of the day is no
// hour.
func TestDates25ClauseExplainsDate(t *testing.T) {
	playClassCasesSent(t, dates25Set, map[string][]heldOutCase{
		"booking": {
			d25("departure_date", "oct 20, the day after the parade", "departure_date", "2030-10-20"),
			d25("departure_date", "the 19th, the day before the fair", "departure_date", "2030-10-19"),
			d25("departure_date", "november 3, the night before the move", "departure_date", "2030-11-03"),
			d25("departure_date", "november 1, the day after halloween", "departure_date", "2030-11-01"),
			d25("departure_date", "november 2, the day after halloween", "departure_date", ""),
			d25("departure_date", "the day after the big rush", "departure_date", ""),
			d25("departure_date", "the 29th, wait, the day after", "departure_date", "2030-10-30"),
		},
		"hotel": {
			{At: "check_in", Text: "november 3, the morning after the gala", Expect: map[string]*string{"check_in": ptr("2030-11-03"), "arrival_time": nil}},
			{At: "check_in", Text: "nov 2, morning", Expect: map[string]*string{"check_in": ptr("2030-11-02"), "arrival_time": nil}},
		},
	})
}

// Holidays computed by rule from holidays.txt: US Election Day and the days
// counted from it or from "the election", a holiday's eve (the day before
// it, "thanksgiving eve", "the eve of halloween"), weekdays counted from a
// holiday; an event of the holiday's kind after "the" names no day.
func TestDates25Holidays(t *testing.T) {
	playClassCasesSent(t, dates25Set, map[string][]heldOutCase{
		"booking": {
			d25("departure_date", "on election day", "departure_date", "2030-11-05"),
			d25("departure_date", "the day after the election", "departure_date", "2030-11-06"),
			d25("departure_date", "the day before election day", "departure_date", "2030-11-04"),
			d25("departure_date", "the thursday after the election", "departure_date", "2030-11-07"),
			d25("departure_date", "halloween eve", "departure_date", "2030-10-30"),
			d25("departure_date", "the eve of thanksgiving", "departure_date", "2030-11-27"),
			d25("departure_date", "christmas eve", "departure_date", "2030-12-24"),
			d25("departure_date", "the tuesday before thanksgiving", "departure_date", "2030-11-26"),
			d25("departure_date", "thanksgiving night", "departure_date", "2030-11-28"),
			d25("departure_date", "the day after the election party", "departure_date", ""),
			d25("departure_date", "after the election", "departure_date", ""),
			d25("departure_date", "the election", "departure_date", ""),
		},
		"hotel": {
			d25("check_in", "election day", "check_in", "2030-11-05"),
			d25("check_in", "veterans day eve", "check_in", "2030-11-10"),
		},
	})
}

// A value said, a yes (after a hesitation or not) and the same value again
// is the value; a yes before another value is none (asked).
func TestDates25RestatedAnswer(t *testing.T) {
	playClassCasesSent(t, dates25Set, map[string][]heldOutCase{
		"booking": {
			d25("departure_date", "the 18th, yes the 18th", "departure_date", "2030-10-18"),
			d25("departure_date", "the 21st, hmm, yeah the 21st", "departure_date", "2030-10-21"),
			d25("departure_date", "thursday, yes saturday", "departure_date", ""),
			d25("departure_date", "the 18th, yes the 19th", "departure_date", ""),
			d25("origin", "tulsa, yes tulsa", "origin", "Tulsa"),
			d25("origin", "tulsa, yes denver", "origin", ""),
		},
		"hotel": {
			d25("nights", "4 nights, hmm, yes 4", "nights", "4"),
			d25("nights", "two nights, yes two", "nights", "2"),
			d25("nights", "3 nights, yes 4", "nights", ""),
		},
	})
}

// A day and "no" with a noun that is no value of the kind asked is a reason
// ("saturday, no practice"); "no" with a pause, or before a day, corrects. A
// weekday that falls on next month's day and not on the one just gone says
// next month's ("tuesday the 5th" on the 8th of a month whose 5th was a
// Saturday), then a reason clause.
func TestDates25ReasonAfterDay(t *testing.T) {
	playClassCasesSent(t, dates25Set, map[string][]heldOutCase{
		"booking": {
			d25("departure_date", "saturday, no practice", "departure_date", "2030-10-12"),
			d25("departure_date", "friday, no band practice", "departure_date", "2030-10-11"),
			d25("departure_date", "saturday, no, sunday", "departure_date", "2030-10-13"),
			d25("departure_date", "saturday, no sunday", "departure_date", "2030-10-13"),
			d25("origin", "tulsa, no traffic", "origin", "Tulsa"),
			d25("departure_date", "tuesday the 5th, after the vote", "departure_date", "2030-11-05"),
			d25("departure_date", "tuesday the 5th", "departure_date", "2030-11-05"),
			d25("departure_date", "saturday the 5th", "departure_date", ""),
			d25("departure_date", "the 5th", "departure_date", ""),
			d25("departure_date", "3 days after the 6th", "departure_date", ""),
		},
	})
}

func ptr(s string) *string { return &s }

// TestDates25RestatedOtherSlot: a yes before a value another slot's cue
// names is no restatement ("tulsa, yes, to denver").
func TestDates25RestatedOtherSlot(t *testing.T) {
	playClassCasesSent(t, dates25Set, map[string][]heldOutCase{
		"booking": {
			{At: "origin", Text: "tulsa, yes, to denver", Expect: map[string]*string{"origin": ptr("Tulsa")}, May: map[string]string{"destination": "Denver"}},
		},
	})
}

// TestDates25NoneThen: "no" and a plural thing placed by "then" is a reason
// (round 19's "tomorrow, no bookings then"; issue 38).
func TestDates25NoneThen(t *testing.T) {
	playClassCasesSent(t, dates25Set, map[string][]heldOutCase{
		"booking": {
			d25("departure_date", "thursday, no deliveries then", "departure_date", "2030-10-10"),
			d25("departure_date", "thursday, no, friday then", "departure_date", "2030-10-11"),
		},
	})
}
