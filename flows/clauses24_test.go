package flows

import "testing"

// clauses24Case is one message at one question and the slots it changes
// ("" when it is asked again).
type clauses24Case struct{ bot, at, text, want string }

// playClauses24 plays each case as playTails23 does.
func playClauses24(t *testing.T, cases []clauses24Case) {
	t.Helper()
	for _, c := range cases {
		got, _ := playTails23(t, c.bot, c.at, c.text)
		if s := sortedPairs(got); s != c.want {
			t.Errorf("%s at %s %q: stored %q, want %q", c.bot, c.at, c.text, s, c.want)
		}
	}
}

// A correction marker takes back the answer only as an interjection: "no"
// before a noun is a determiner, "wait" after a modal, "to" or an article is
// a verb or a noun (issue 38, round 23's classes).
func TestCorrectionMarkersOnlyInterjections(t *testing.T) {
	playClauses24(t, []clauses24Case{
		{"booking", "departure_date", "friday, no snow there", "departure_date=2029-03-30"},
		{"booking", "departure_date", "sunday, no ice to clear", "departure_date=2029-04-01"},
		{"hotel", "city", "porto, no traffic there", "city=Porto"},
		{"booking", "origin", "from tulsa, the laundry can wait", "origin=Tulsa"},
		{"booking", "origin", "tulsa, the garden will have to wait", "origin=Tulsa"},
		{"booking", "origin", "tulsa, it's worth the wait", "origin=Tulsa"},
		{"hotel", "nights", "three, the garden can wait", "nights=3"},
		{"booking", "departure_date", "tuesday, can't wait to get away", "departure_date=2029-04-03"},
		// Interjections stay corrections.
		{"booking", "departure_date", "friday, no, saturday", "departure_date=2029-03-31"},
		{"booking", "departure_date", "friday, no wait, saturday", "departure_date=2029-03-31"},
		{"booking", "origin", "denver, wait, dallas", "origin=Dallas"},
		{"booking", "origin", "denver, no, dallas", "origin=Dallas"},
		{"booking", "origin", "denver, no dallas", "origin=Dallas"},
		// A place after the "no" is no noun it determines: the correction stands.
		{"hotel", "city", "lisbon, no porto there", "city=Porto"},
	})
}

// A weekday said with "next" or "this" and the day of the month beside it
// store the one date both name; "next" is the coming such day or the one a
// week on, and the day says which. When they disagree the date is asked
// (tails23Now is Wednesday 28 March 2029).
func TestAheadWeekdayWithDay(t *testing.T) {
	playClauses24(t, []clauses24Case{
		{"booking", "departure_date", "next friday the 6th", "departure_date=2029-04-06"},
		{"booking", "departure_date", "next friday the 30th", "departure_date=2029-03-30"},
		{"booking", "departure_date", "next thursday the 5th", "departure_date=2029-04-05"},
		{"booking", "departure_date", "this friday the 30th", "departure_date=2029-03-30"},
		{"hotel", "check_in", "next saturday the 7th", "check_in=2029-04-07"},
		// Disagreeing: asked again.
		{"booking", "departure_date", "next friday the 7th", ""},
		{"booking", "departure_date", "next friday the 13th", ""},
		{"booking", "departure_date", "this friday the 6th", ""},
	})
}
