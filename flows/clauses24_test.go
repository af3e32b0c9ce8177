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

// An answer before a reason clause that holds a second day in another role
// stands when the day sits inside a clause with its own subject and verb, a
// phrasal verb's too ("the crews stand down sunday"), or after a
// subordinator; a second day proposed as the answer is asked again.
func TestAnswerBeforeClauseWithOtherDay(t *testing.T) {
	playClauses24(t, []clauses24Case{
		{"booking", "departure_date", "monday, the road crews pack up sunday", "departure_date=2029-04-02"},
		{"booking", "departure_date", "friday, the team signs off thursday", "departure_date=2029-03-30"},
		{"booking", "departure_date", "tuesday, the half-year audit is wrapped up monday", "departure_date=2029-04-03"},
		{"booking", "departure_date", "the 5th, before the permits arrive on the 9th", "departure_date=2029-04-05"},
		{"hotel", "check_in", "saturday, we head out friday night", "check_in=2029-03-31"},
		// The second day proposed: asked again.
		{"booking", "departure_date", "friday, the 3rd works too", ""},
		{"booking", "departure_date", "friday, the flight on monday is full", ""},
	})
}

// An ordinal suffix with one letter one QWERTY key off is the day's own
// suffix when no other suffix is one such key from it; a letter far from
// the suffix's ("15tx", "2nt") is asked.
func TestOrdinalSuffixKeyOff(t *testing.T) {
	playClauses24(t, []clauses24Case{
		{"booking", "departure_date", "the 22nf", "departure_date=2029-04-22"},
		{"booking", "departure_date", "the 5fh", "departure_date=2029-04-05"},
		{"booking", "departure_date", "the 3rf", "departure_date=2029-04-03"},
		{"hotel", "check_in", "the 11fh", "check_in=2029-04-11"},
		{"booking", "departure_date", "the 15tx", ""},
		{"booking", "departure_date", "the 2nt", ""},
		{"hotel", "check_in", "the 4rh", "check_in=2029-04-04"},
	})
}

// A count before a compound noun whose first noun is "night" and whose head
// is plural counts the plural ("three night shifts"): no number of nights. A
// singular head ("a two night stay") keeps the count the nights'.
func TestNightCompoundNoCount(t *testing.T) {
	playClauses24(t, []clauses24Case{
		{"hotel", "nights", "two night buses", ""},
		{"hotel", "nights", "after four night lectures, three nights", "nights=3"},
		{"hotel", "check_in", "friday, after two night shifts", "check_in=2029-03-30"},
		{"hotel", "nights", "a two night stay", "nights=2"},
		{"hotel", "nights", "3 night", "nights=3"},
	})
}

// At the hotel question an indefinite description ("a cheap one",
// "something nice") says what kind would do, and is asked again; a definite
// one ("the cheap one", "the cheapest", "the one for 90") picks.
func TestIndefiniteDescriptionNoPick(t *testing.T) {
	playClauses24(t, []clauses24Case{
		{"hotel", "hotel_name", "a quiet one", ""},
		{"hotel", "hotel_name", "an affordable one", ""},
		{"hotel", "hotel_name", "something nice", ""},
		{"hotel", "hotel_name", "a five star one", ""},
		{"hotel", "hotel_name", "the cheap one", "hotel_name=Tagus View"},
		{"hotel", "hotel_name", "the cheapest", "hotel_name=Tagus View"},
		{"hotel", "hotel_name", "the one for 90", "hotel_name=Tagus View"},
	})
}

// A quantifier before a price bound ("anything below 100") is no kind that
// any record would do: the bound picks the one it leaves (Lisbon: Alfama
// Garden 120, Tagus View 90, Bairro Loft 210), and two or none left are asked
// again; a kind without a bound is still no pick.
func TestQuantifierBeforeBoundPicks(t *testing.T) {
	playClauses24(t, []clauses24Case{
		{"hotel", "hotel_name", "anything below 100", "hotel_name=Tagus View"},
		{"hotel", "hotel_name", "something under 100 please", "hotel_name=Tagus View"},
		{"hotel", "hotel_name", "anything over 200", "hotel_name=Bairro Loft"},
		{"hotel", "hotel_name", "something up to 90", "hotel_name=Tagus View"},
		{"hotel", "hotel_name", "anything below 150", ""},
		{"hotel", "hotel_name", "anything below 50", ""},
		{"hotel", "hotel_name", "anything cheap", ""},
		{"hotel", "hotel_name", "anything except Tagus View", ""},
	})
}
