package flows

import (
	"strings"
	"testing"
)

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

// TestComparedPlaceIsTheReasons: a clause after the answer at a city's
// question that compares (a copula and a comparative: "the trains from
// omaha are slower") says why; a place inside it is no value (issue 38
// round 22).
func TestComparedPlaceIsTheReasons(t *testing.T) {
	playClassCasesSent(t, flows22Set, map[string][]heldOutCase{
		"booking": {
			r6("destination", "denver, the trains from omaha are slower", map[string]string{"destination": "Denver", "origin": ""}),
			r6("destination", "denver, flights out of omaha are way pricier", map[string]string{"destination": "Denver", "origin": ""}),
			r6("origin", "omaha, the fares to denver are lower from there", map[string]string{"origin": "Omaha", "destination": ""}),
			r6("origin", "omaha, flying to denver", map[string]string{"origin": "Omaha", "destination": "Denver"}),
		},
	})
}

// TestAnswerBeforeAnotherCuedValue: an answer, a comma, then another slot's
// value by its own cue ("the 24th, three nights please" at the check-in):
// both are stored; the first clause is read as the direct answer it is
// (issue 38 round 22).
func TestAnswerBeforeAnotherCuedValue(t *testing.T) {
	playClassCasesSent(t, flows22Set, map[string][]heldOutCase{
		"hotel": {
			r6("check_in", "the 24th, three nights please", map[string]string{"check_in": "2027-09-24", "nights": "3"}),
			r6("check_in", "the 25th, 2 nights", map[string]string{"check_in": "2027-09-25", "nights": "2"}),
			r6("check_in", "friday, four nights", map[string]string{"check_in": "2027-09-24", "nights": "4"}),
			r6("check_in", "the 24th, no, 3 nights", map[string]string{"check_in": ""}),
		},
	})
}

// TestQuestionAboutAnActionStartsNoFlow: a question about an action's cost
// or outcome ("what does it cost to cancel a flight?", "what happens if i
// cancel?") neither starts the cancel flow nor cancels the active one
// (issue 38 round 22); a request or a how-to question still does.
func TestQuestionAboutAnActionStartsNoFlow(t *testing.T) {
	e, err := DemoFor("booking")
	if err != nil {
		t.Fatal(err)
	}
	for i, c := range []struct {
		at, text, flow string
	}{
		{"start", "is there a charge to cancel a booking?", "none"},
		{"start", "what happens if we cancel the booking?", "none"},
		{"start", "how do i cancel my booking?", "cancel_booking"},
		{"start", "is it possible to cancel my booking?", "cancel_booking"},
		{"start", "please cancel my booking", "cancel_booking"},
		{"origin", "what does it cost to cancel a flight?", "book_flight"},
		{"origin", "cancel that", "none"},
	} {
		_, detail := playHeldOut(t, e, flows22Set("booking"), i, r6(c.at, c.text, nil))
		if !strings.HasSuffix(detail, "-> "+c.flow) {
			t.Errorf("at %s %q: %s, want flow %s", c.at, c.text, detail, c.flow)
		}
	}
}
