package flows

import "testing"

// TestLifeEventDayIsNoTripDay: a clause after the answer that tells of the
// user's life and dates it, in the past ("the office shut on friday") or as
// the event a day is counted from ("after the big game on the 30th"), gives
// no departure date at another slot's question (issue 38 round 22); a day
// said as the travel day still does, and at the date's own question the
// second date is asked about (clauses2_test).
func TestLifeEventDayIsNoTripDay(t *testing.T) {
	playClassCasesSent(t, flows22Set, map[string][]heldOutCase{
		"booking": {
			r6("origin", "from denver, the office shut on friday", map[string]string{"origin": "Denver"}),
			r6("origin", "from denver, the kids finished camp friday", map[string]string{"origin": "Denver"}),
			r6("origin", "out of austin, after the big game on the 30th", map[string]string{"origin": "Austin"}),
			r6("origin", "from austin, once the move is done on friday", map[string]string{"origin": "Austin"}),
			r6("origin", "from austin, leaving friday", map[string]string{"origin": "Austin", "departure_date": "2027-09-24"}),
			r6("origin", "from austin, we fly friday", map[string]string{"origin": "Austin", "departure_date": "2027-09-24"}),
			r6("origin", "from austin, the united flight friday", map[string]string{"origin": "Austin", "departure_date": "2027-09-24"}),
			r6("departure_date", "friday, after the big game", map[string]string{"departure_date": "2027-09-24"}),
		},
	})
}
