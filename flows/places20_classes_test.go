package flows

import (
	"testing"
	"time"

	"pgregory.net/rapid"
)

// r19Set is the sending time of round 19's classes: a Friday morning (26
// May 2028), the check-in the Tuesday after.
var r19Set = func(bot string) heldOutSet {
	return heldOutSet{Bot: bot, SentAt: time.Date(2028, 5, 26, 9, 10, 0, 0, time.UTC), CheckIn: "May 30"}
}

// TestFirstMessageCityToCity: a first message that names two places, the
// second after the flow's cue ("boston to atlanta june 2"), starts the flow
// whose two city slots they fill (issue 38 round 19), a town the gazetteer's
// cities leave out too ("Newquay to London"); a choice or a word that is no
// place starts none.
func TestFirstMessageCityToCity(t *testing.T) {
	playClassCasesSent(t, r19Set, map[string][]heldOutCase{
		"booking": {
			r6("start", "boston to atlanta june 2", map[string]string{"origin": "Boston", "destination": "Atlanta", "departure_date": "2028-06-02"}),
			r6("start", "seattle to anchorage next week", map[string]string{"origin": "Seattle", "destination": "Anchorage", "departure_date": ""}),
			r6("start", "atlanta to boston", map[string]string{"origin": "Atlanta", "destination": "Boston"}),
			r6("start", "Newquay to London", map[string]string{"origin": "Newquay", "destination": "London"}),
			r6("start", "bozeman to denver saturday", map[string]string{"origin": "Bozeman", "destination": "Denver", "departure_date": "2028-05-27"}),
			r6("start", "Home to London", map[string]string{"origin": "", "destination": ""}),
			r6("start", "boston or denver to atlanta", map[string]string{"origin": "", "destination": ""}),
			r6("start", "to atlanta", map[string]string{"destination": ""}),
		},
	})
}

// TestFirstMessageCityToCityProperty: two different known cities joined by
// "to", then a day or nothing, always start the flight with the first as
// the origin and the second as the destination, never the other way round.
func TestFirstMessageCityToCityProperty(t *testing.T) {
	names := []string{"boston", "atlanta", "seattle", "Denver", "chicago", "Miami", "portland", "Phoenix", "dallas"}
	e, err := DemoFor("booking")
	if err != nil {
		t.Fatal(err)
	}
	i := 0
	rapid.Check(t, func(rt *rapid.T) {
		from := rapid.SampledFrom(names).Draw(rt, "from")
		to := rapid.SampledFrom(names).Filter(func(n string) bool { return n != from }).Draw(rt, "to")
		tail := rapid.SampledFrom([]string{"", " june 2", " friday", " next week"}).Draw(rt, "tail")
		c := r6("start", from+" to "+to+tail, map[string]string{"origin": capitalized(from), "destination": capitalized(to)})
		if tail == " june 2" || tail == " friday" {
			c.May = map[string]string{"departure_date": "2028-06-02"}
		}
		i++
		if got, detail := playHeldOut(t, e, r19Set("booking"), i, c); got != heldOutRight {
			rt.Fatalf("%q: %s", c.Text, detail)
		}
	})
}

// TestFirstMessageThingAndValue: a first message naming what a flow is
// about (its trigger keywords' last word) and a value by the flow's own cue
// ("room in lisbon tuesday", "a room in denver": issue 38 rounds 18 and 19)
// starts that flow; the thing alone, or a value no flow's cue gives, none.
func TestFirstMessageThingAndValue(t *testing.T) {
	playClassCasesSent(t, r19Set, map[string][]heldOutCase{
		"hotel": {
			{At: "start", Text: "room in lisbon tuesday", Expect: r6("", "", map[string]string{"city": "Lisbon"}).Expect, May: map[string]string{"check_in": "2028-05-30"}},
			r6("start", "a room in denver", map[string]string{"city": "Denver"}),
			r6("start", "rooms in porto", map[string]string{"city": "Porto"}),
			r6("start", "a room", map[string]string{"city": ""}),
			r6("start", "lisbon tuesday", map[string]string{"city": ""}),
		},
		"booking": {
			r6("start", "a ticket to denver", map[string]string{"destination": "Denver"}),
		},
	})
}

// TestFirstMessageThingAndValueProperty: a hotel noun of the keywords, its
// plural too, "in" and a known city always start the search with the city.
func TestFirstMessageThingAndValueProperty(t *testing.T) {
	e, err := readerDemoFor("hotel")
	if err != nil {
		t.Fatal(err)
	}
	i := 0
	rapid.Check(t, func(rt *rapid.T) {
		thing := rapid.SampledFrom([]string{"room", "rooms", "a room", "hotel", "hotels", "a hotel"}).Draw(rt, "thing")
		city := rapid.SampledFrom([]string{"lisbon", "Porto", "denver", "madrid"}).Draw(rt, "city")
		c := r6("start", thing+" in "+city, map[string]string{"city": capitalized(city)})
		i++
		if got, detail := playHeldOut(t, e, r19Set("hotel"), i, c); got != heldOutRight {
			rt.Fatalf("%q: %s", c.Text, detail)
		}
	})
}
