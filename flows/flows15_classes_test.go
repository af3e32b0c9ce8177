package flows

import (
	"fmt"
	"testing"
	"time"

	"pgregory.net/rapid"
)

// r14Set is the sending time of these classes' conversations: a Sunday
// evening (31 October 2027), the check-in a Friday twelve days later.
var r14Set = func(bot string) heldOutSet {
	return heldOutSet{Bot: bot, SentAt: time.Date(2027, 10, 31, 21, 50, 0, 0, time.UTC), CheckIn: "November 12"}
}

// playClasses plays each case at its question, sent at r14Set's time, and
// reports any not read right.
func playClasses(t *testing.T, cases map[string][]heldOutCase) {
	t.Helper()
	playClassCasesSent(t, r14Set, cases)
}

// TestRound14WrongValueClasses plays phrasings of our own of the classes that
// stored a value the user did not say on round 14: a dictionary word near a
// city's name, a holiday near which or qualifying an event, a pick that
// leaves two records, a reference with a digit astray, a clause dating an
// event after the answer, and the typed spelling of a name the gazetteer
// writes with diacritics.
func TestRound14WrongValueClasses(t *testing.T) {
	playClasses(t, map[string][]heldOutCase{
		"booking": {
			// A dictionary word is never a city mistyped.
			r6("origin", "from the mainland once the ferry runs", map[string]string{"origin": ""}),
			r6("destination", "to the country", map[string]string{"destination": ""}),
			r6("origin", "from the parish", map[string]string{"origin": ""}),
			r6("destination", "denvr", map[string]string{"destination": "Denver"}), // a typo still is one
			// A holiday near which, or qualifying an event, names no day.
			r6("departure_date", "once the thanksgiving orders are done", map[string]string{"departure_date": ""}),
			r6("departure_date", "after our christmas eve party", map[string]string{"departure_date": ""}),
			r6("departure_date", "sometime around christmas eve", map[string]string{"departure_date": ""}),
			r6("departure_date", "about halloween", map[string]string{"departure_date": ""}),
			r6("departure_date", "thanksgiving", map[string]string{"departure_date": "2027-11-25"}),
			r6("departure_date", "thanksgiving, to see the family", map[string]string{"departure_date": "2027-11-25"}),
			r6("departure_date", "the day after thanksgiving", map[string]string{"departure_date": "2027-11-26"}),
			// A reference's digits with one astray.
			r6("booking_ref", "bk 8330 2", map[string]string{"booking_ref": ""}),
			r6("booking_ref", "bk 1 45678", map[string]string{"booking_ref": ""}),
			r6("booking_ref", "bk 45 678", map[string]string{"booking_ref": "BK-45678"}),
			r6("booking_ref", "b k 5 9 3 0 8", map[string]string{"booking_ref": "BK-59308"}),
			// A clause dating an event after the answer.
			r6("destination", "richmond, job interview monday", map[string]string{"destination": "Richmond"}),
			r6("origin", "from boise, site's done friday", map[string]string{"origin": "Boise"}),
			r6("destination", "Denver, crew change tuesday", map[string]string{"destination": "Denver"}),
			// The typed spelling of a name the gazetteer marks.
			r6("destination", "Khujand, ташаккур", map[string]string{"destination": "Khujand"}),
		},
		"hotel": {
			r6("hotel_name", "one of the cheaper two", map[string]string{"hotel_name": ""}),
			r6("hotel_name", "the four or five star one", map[string]string{"hotel_name": ""}),
			r6("hotel_name", "either of the cheap ones", map[string]string{"hotel_name": ""}),
			r6("hotel_name", "the two cheaper ones", map[string]string{"hotel_name": ""}),
			r6("hotel_name", "the cheapest one of them", map[string]string{"hotel_name": "Tagus View"}),
			r6("hotel_name", "the five star one", map[string]string{"hotel_name": "Bairro Loft"}),
			r6("hotel_name", "whichever costs the most", map[string]string{"hotel_name": "Bairro Loft"}),
			r6("hotel_name", "the one that costs the least", map[string]string{"hotel_name": "Tagus View"}),
			r6("check_in", "around thanksgiving", map[string]string{"check_in": ""}),
		},
	})
}

// TestRound14NotUnderstoodClasses plays phrasings of the classes round 14
// asked again that the readers now read: a date before an aside naming
// another day or none of a thing, a doubled ordinal suffix, a correction by
// "let's say", a condition or a purpose after the answer.
func TestRound14NotUnderstoodClasses(t *testing.T) {
	playClasses(t, map[string][]heldOutCase{
		"booking": {
			r6("departure_date", "saturday, no deliveries", map[string]string{"departure_date": "2027-11-06"}),
			r6("departure_date", "monday, no lessons", map[string]string{"departure_date": "2027-11-01"}),
			r6("departure_date", "thursday, after the funeral on wednesday", map[string]string{"departure_date": "2027-11-04"}),
			r6("departure_date", "tuesday, before the meeting on thursday", map[string]string{"departure_date": "2027-11-02"}),
			r6("departure_date", "monday, after the game on friday", map[string]string{"departure_date": ""}),
			r6("destination", "to denver for the marathon", map[string]string{"destination": "Denver"}),
		},
		"hotel": {
			r6("check_in", "the 15tth", map[string]string{"check_in": "2027-11-15"}),
			r6("check_in", "the 2ndd", map[string]string{"check_in": "2027-11-02"}),
			r6("nights", "five... let's say four", map[string]string{"nights": "4"}),
			r6("nights", "3, let's say 2", map[string]string{"nights": "2"}),
			r6("nights", "3 unless a cow calves early", map[string]string{"nights": "3"}),
			r6("nights", "2 unless a storm hits", map[string]string{"nights": "2"}),
			r6("book.city", "Porto unless Lisbon has rooms", map[string]string{"city": ""}),
		},
	})
}

// TestPickOfSeveralNeverPicks draws a description of a group or an
// alternative of the hotels and checks that none is picked: a pick that
// leaves two is no pick.
func TestPickOfSeveralNeverPicks(t *testing.T) {
	hotel, err := DemoFor("hotel")
	if err != nil {
		t.Fatal(err)
	}
	outer := t
	rapid.Check(t, func(t *rapid.T) {
		lead := rapid.SampledFrom([]string{"one of the", "either of the", "any of the", "the", "both"}).Draw(t, "lead")
		kind := rapid.SampledFrom([]string{"cheaper", "cheap", "pricier", "nicer", "quieter"}).Draw(t, "kind")
		group := rapid.SampledFrom([]string{"two", "ones", "2", "two hotels", "or five star one", "or the 120 one"}).Draw(t, "group")
		text := fmt.Sprintf("%s %s %s", lead, kind, group)
		c := r6("hotel_name", text, map[string]string{"hotel_name": ""})
		if got, detail := playHeldOut(outer, hotel, r14Set("hotel"), 0, c); got != heldOutRight {
			t.Fatalf("%q: %s", text, detail)
		}
	})
}

// TestEventAfterAnswerNeverDates draws an answer, a comma and a clause that
// dates an event of the user's life, and checks that only the answer is
// stored: the event's day is no value of the trip's.
func TestEventAfterAnswerNeverDates(t *testing.T) {
	booking, err := DemoFor("booking")
	if err != nil {
		t.Fatal(err)
	}
	outer := t
	rapid.Check(t, func(t *rapid.T) {
		at := rapid.SampledFrom([]string{"origin", "destination"}).Draw(t, "at")
		city := rapid.SampledFrom([]string{"Boston", "denver", "Chicago", "miami", "Salt Lake City"}).Draw(t, "city")
		event := rapid.SampledFrom([]string{"job interview", "site's done", "crew change", "the exam is", "graduation's on", "shift handover"}).Draw(t, "event")
		day := rapid.SampledFrom([]string{"monday", "friday", "the 9th", "tuesday", "nov 20"}).Draw(t, "day")
		text := fmt.Sprintf("%s, %s %s", city, event, day)
		c := r6(at, text, map[string]string{at: city, "departure_date": ""})
		if got, detail := playHeldOut(outer, booking, r14Set("booking"), 0, c); got == heldOutWrong {
			t.Fatalf("%q at %s: %s", text, at, detail)
		}
	})
}

// TestHolidayQualifyingOrNearNamesNoDay draws a holiday said near a time
// word or before the noun it qualifies and checks that no date is stored.
func TestHolidayQualifyingOrNearNamesNoDay(t *testing.T) {
	booking, err := DemoFor("booking")
	if err != nil {
		t.Fatal(err)
	}
	outer := t
	rapid.Check(t, func(t *rapid.T) {
		h := rapid.SampledFrom([]string{"thanksgiving", "christmas eve", "halloween", "new year's eve", "labor day"}).Draw(t, "holiday")
		form := rapid.SampledFrom([]string{"around %s", "sometime around %s", "close to %s", "once the %s orders are done", "after our %s party", "when the %s rush is over", "about %s"}).Draw(t, "form")
		text := fmt.Sprintf(form, h)
		c := r6("departure_date", text, map[string]string{"departure_date": ""})
		if got, detail := playHeldOut(outer, booking, r14Set("booking"), 0, c); got != heldOutRight {
			t.Fatalf("%q: %s", text, detail)
		}
	})
}
