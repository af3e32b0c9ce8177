package flows

import (
	"testing"
	"time"
)

// dates26Set sends the dates26 class tests' messages on Saturday 13
// September 2031 in the morning (Constitution Day Wednesday 09-17, Columbus
// Day Monday 10-13, Veterans Day Tuesday 11-11); the hotel's check-in is 14
// October.
var dates26Set = func(bot string) heldOutSet {
	return heldOutSet{Bot: bot, SentAt: time.Date(2031, 9, 13, 8, 25, 0, 0, time.UTC), CheckIn: "Oct 14"}
}

// Holidays and observances by rule, a holiday with its day restated, a
// place with a holiday volunteered, approximate days asked, places
// (issue 38, round 25).
func TestDates26Classes(t *testing.T) {
	playClassCasesSent(t, dates26Set, map[string][]heldOutCase{
		"booking": {
			d25("departure_date", "pearl harbor day", "departure_date", "2031-12-07"),
			d25("departure_date", "citizenship day", "departure_date", "2031-09-17"),
			d25("departure_date", "columbus day, the 13th", "departure_date", "2031-10-13"),
			d25("departure_date", "veterans day, the 12th", "departure_date", ""),
			d25("departure_date", "the 20th or so", "departure_date", ""),
			d25("departure_date", "the 20th-ish", "departure_date", ""),
			d25("departure_date", "roughly friday", "departure_date", ""),
			d25("departure_date", "maybe the 20th", "departure_date", "2031-09-20"),
			r6("destination", "chicago for veterans day", map[string]string{"destination": "Chicago", "departure_date": "2031-11-11"}),
			r6("destination", "columbus on the 20th", map[string]string{"destination": "Columbus", "departure_date": "2031-09-20"}),
			d25("origin", "the gulf coast", "origin", ""),
			d25("origin", "los angelos", "origin", "Los Angeles"),
			d25("destination", "texas, any city", "destination", ""),
			d25("destination", "seattle washingtn", "destination", "Seattle"),
			d25("origin", "tampa florida area", "origin", "Tampa"),
			d25("origin", "St. Catharines", "origin", "St. Catharines"),
			d25("origin", "Mt. Pleasant", "origin", "Mt. Pleasant"),
		},
		"hotel": {
			d25("check_in", "constitution day", "check_in", "2031-09-17"),
			d25("check_in", "thursday or so", "check_in", ""),
		},
	})
}
