package flows

import "testing"

// "this" and today's weekday ("this wednesday" sent on a Wednesday) is today
// to some and a week on to others, as the bare weekday is: asked, unless a
// date beside it says which (issue 38, dates28; tails23Now is Wednesday 28
// March 2029).
func TestThisTodaysWeekdayAsked(t *testing.T) {
	playClauses24(t, []clauses24Case{
		{"booking", "departure_date", "this wednesday", ""},
		{"booking", "departure_date", "this wednesday thanks", ""},
		{"hotel", "check_in", "checking in this wednesday", ""},
		{"booking", "departure_date", "this wednesday the 28th", "departure_date=2029-03-28"},
		{"booking", "departure_date", "this wednesday the 4th", "departure_date=2029-04-04"},
		{"booking", "departure_date", "this wednesday the 5th", ""},
		{"booking", "departure_date", "this thursday", "departure_date=2029-03-29"},
		{"booking", "departure_date", "next wednesday", "departure_date=2029-04-04"},
	})
}

// A stay's count with its unit and words beside it that carry no value of
// their own is the count; a second count, a date word, a unit, a hedge or a
// change beside it is asked again (issue 38, dates28: round 27's "3 nights
// there", "tubwa, 2 nights").
func TestNightsWithAside(t *testing.T) {
	playClauses24(t, []clauses24Case{
		{"hotel", "nights", "5 nights over there", "nights=5"},
		{"hotel", "nights", "two weeks there", "nights=14"},
		{"hotel", "nights", "6 nights, big family reunion", "nights=6"},
		{"hotel", "nights", "four of them", "nights=4"},
		{"hotel", "nights", "kia ora, 3 nights", "nights=3"},
		{"hotel", "nights", "2 nights ji", "nights=2"},
		{"hotel", "nights", "a 4 night stay there", "nights=4"},
		{"hotel", "nights", "a fortnight, much needed", "nights=14"},
		// Another value beside the count: asked.
		{"hotel", "nights", "3 nights, maybe 4", ""},
		{"hotel", "nights", "5 nights or a week", ""},
		{"hotel", "nights", "2 nights each", ""},
		{"hotel", "nights", "3 nights more", ""},
		{"hotel", "nights", "3 nights from saturday", ""},
		{"hotel", "nights", "2 nights, 3 nights", ""},
		{"hotel", "nights", "not 3 nights", ""},
		{"hotel", "nights", "3 nights there, 2 here", ""},
		{"hotel", "nights", "2 of us", ""},
		{"hotel", "nights", "1.5 nights there", ""},
		{"hotel", "nights", "three night shifts there", ""},
		// "sun" is Sunday's abbreviation too: a date word, asked.
		{"hotel", "nights", "a fortnight in the sun", ""},
	})
}

// A day said only in a clause about the journey to a stay, at another of
// the stay's questions, is the journey's, not the check-in (issue 38,
// dates28: round 14's "lisbon, we're flying in on friday").
func TestJourneyDayIsNoCheckIn(t *testing.T) {
	playClauses24(t, []clauses24Case{
		{"hotel", "hotel_name", "alfama garden, we're flying in on saturday", "hotel_name=Alfama Garden"},
		{"hotel", "hotel_name", "alfama garden, checking in saturday", "check_in=2029-03-31 hotel_name=Alfama Garden"},
	})
}
