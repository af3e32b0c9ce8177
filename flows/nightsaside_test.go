package flows

import (
	"testing"
	"time"
)

// r15Set is the sending time of round 15's conversations: a Wednesday
// morning (14 April 2027), the check-in a Friday nine days later.
var r15Set = func(bot string) heldOutSet {
	return heldOutSet{Bot: bot, SentAt: time.Date(2027, 4, 14, 6, 20, 0, 0, time.UTC), CheckIn: "April 23"}
}

// TestNightsAsideClasses plays phrasings of the classes of round 15 around a
// stay's end and a clause after the answer.
func TestNightsAsideClasses(t *testing.T) {
	playClassCasesSent(t, r15Set, map[string][]heldOutCase{
		"booking": {
			r6("origin", "whichever port we tie up at friday", map[string]string{"origin": "", "departure_date": ""}),
			r6("departure_date", "friday, the judge adjourned till the 26th", map[string]string{"departure_date": "2027-04-16"}),
			r6("departure_date", "the 27th, the furnace is off for repairs", map[string]string{"departure_date": "2027-04-27"}),
			r6("origin", "from the harbour where we dock monday", map[string]string{"origin": "", "departure_date": ""}),
			r6("origin", "from boston on friday", map[string]string{"origin": "Boston", "departure_date": "2027-04-16"}),
			r6("departure_date", "monday, the school is shut", map[string]string{"departure_date": "2027-04-19"}),
			r6("departure_date", "friday, we fly thursday", map[string]string{"departure_date": ""}),
		},
		"hotel": {
			r6("nights", "till sunday, actually monday", map[string]string{"nights": "3", "check_in": "2027-04-23"}),
			r6("nights", "just the weekend, out sunday", map[string]string{"nights": "2"}),
			r6("nights", "untill monday", map[string]string{"nights": "3"}),
			r6("nights", "out saturday, no wait, sunday", map[string]string{"nights": "2", "check_in": "2027-04-23"}),
			r6("nights", "until the 25th, sorry, the 26th", map[string]string{"nights": "3", "check_in": "2027-04-23"}),
			r6("nights", "just the weekend, out tuesday", map[string]string{"nights": ""}),
			r6("nights", "only the weekend, leaving monday", map[string]string{"nights": "3"}),
			r6("nights", "through the weekend, leaving monday", map[string]string{"nights": "3"}),
			r6("nights", "through the weekend, leaving wednesday", map[string]string{"nights": ""}),
			r6("nights", "tll sunday", map[string]string{"nights": "2"}),
			r6("nights", "a whole week", map[string]string{"nights": "7"}),
			r6("nights", "I shall be leaving on Sunday, 25 April.", map[string]string{"nights": "2"}),
			r6("check_in", "friday, flying in thursday night", map[string]string{"check_in": "2027-04-16"}),
			r6("check_in", "the 23rd, we land on the 22nd", map[string]string{"check_in": "2027-04-23"}),
			r6("check_in", "friday, arriving thursday", map[string]string{"check_in": ""}),
		},
	})
}
