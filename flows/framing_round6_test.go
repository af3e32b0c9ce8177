package flows

import (
	"strings"
	"testing"
	"time"

	"pgregory.net/rapid"
)

// round6Set is the sending time and check-in of the round 6 framing tests'
// conversations.
var round6Set = func(bot string) heldOutSet {
	return heldOutSet{Bot: bot, SentAt: time.Date(2026, 6, 23, 9, 15, 0, 0, time.UTC), CheckIn: "July 3"}
}

func r6(at, text string, expect map[string]string) heldOutCase {
	c := heldOutCase{At: at, Text: text, Expect: map[string]*string{}}
	for k, v := range expect {
		if v == "" {
			c.Expect[k] = nil
			continue
		}
		c.Expect[k] = &v
	}
	return c
}

// TestFramingClasses plays phrasings of our own of round 5's framing classes
// (issue 38): a form label or markdown around the value, the bot's question
// restated before the answer or quoted from an email, a city without its
// vowels, a change of mind in ordinary words, a person asked for after the

// playClassCases plays each bot's cases of a class test, each from the
// question it is asked at, and reports every case not read right: the one
// loop the class tests of rounds 6, 7, 12 and 13 share.
func playClassCases(t *testing.T, cases map[string][]heldOutCase) {
	t.Helper()
	playClassCasesSent(t, round6Set, cases)
}

// playClassCasesSent is playClassCases with the sending time and check-in of
// set.
func playClassCasesSent(t *testing.T, set func(bot string) heldOutSet, cases map[string][]heldOutCase) {
	t.Helper()
	for bot, cs := range cases {
		e, err := readerDemoFor(bot)
		if err != nil {
			t.Fatal(err)
		}
		for i, c := range cs {
			if got, detail := playHeldOut(t, e, set(bot), i, c); got != heldOutRight {
				t.Errorf("%s at %s %q: %s", bot, c.At, c.Text, detail)
			}
		}
	}
}

// value, field lines pasted from an email.
func TestFramingClasses(t *testing.T) {
	cases := map[string][]heldOutCase{
		"booking": {
			// A label and its marks frame the value; they are never part of it.
			r6("origin", "__Departure city__ = Oslo", map[string]string{"origin": "Oslo"}),
			r6("origin", "`From`: Vienna", map[string]string{"origin": "Vienna"}),
			r6("destination", "**Arrival city** - Chicago", map[string]string{"destination": "Chicago"}),
			r6("destination", "Destino: Lima", map[string]string{"destination": "Lima"}),
			r6("destination", "To: Houston, TX", map[string]string{"destination": "Houston"}),
			{At: "destination", Text: "From: Boston", Expect: map[string]*string{"destination": nil}, May: map[string]string{"origin": "Boston"}}, // the origin's cue
			r6("origin", "Departure airport: JFK", map[string]string{"origin": "New York"}),
			r6("origin", "Origin: somewhere warm", map[string]string{"origin": ""}),
			r6("booking_ref", "*Confirmation number:* BK-31337", map[string]string{"booking_ref": "BK-31337"}),
			r6("origin", "From — Boston", map[string]string{"origin": "Boston"}),
			r6("destination", "To → Rome", map[string]string{"destination": "Rome"}),
			r6("origin", "Origin -> Seattle", map[string]string{"origin": "Seattle"}),
			r6("origin", "Departure", map[string]string{"origin": ""}), // a label's word names no place
			// A short alias beginning a longer name is no alias ("La Paz" is
			// no "LA"); before a word of the lexicons it is.
			r6("origin", "La Rochelle", map[string]string{"origin": "La Rochelle"}),
			r6("destination", "LA Thanks", map[string]string{"destination": "Los Angeles"}),
			// The bot's question restated, or quoted from an email, then the answer.
			r6("destination", "Where am I going? Madrid", map[string]string{"destination": "MAD"}), // the demo's normalizer
			r6("origin", "where from? Oslo.", map[string]string{"origin": "Oslo"}),
			r6("departure_date", "When do I want to depart? Friday", map[string]string{"departure_date": "2026-06-26"}),
			r6("origin", "> Where would you like to fly from?\n> \nVienna", map[string]string{"origin": "Vienna"}),
			r6("destination", "Is Rome cheaper? Paris", map[string]string{"destination": ""}),     // its own question
			r6("destination", "Could I fly to Rome? Paris", map[string]string{"destination": ""}), // two places
			// A city without its vowels; two cities it could be give none.
			r6("origin", "bstn thx", map[string]string{"origin": "Boston"}),
			r6("destination", "chcg pls", map[string]string{"destination": "Chicago"}),
			r6("destination", "brln", map[string]string{"destination": ""}), // Berlin or Brooklyn
			// A person asked for after the value: the value is kept for them.
			r6("destination", "Denver - and can I talk to a human after", map[string]string{"destination": "Denver"}),
			// Field lines pasted at the start fill their slots.
			r6("start", "Hello,\nOrigin: Dallas\nDestination: Seattle", map[string]string{"origin": "Dallas", "destination": "Seattle"}),
		},
		"hotel": {
			r6("city", "*City*: Porto", map[string]string{"city": "Porto"}),
			r6("check_in", "**Check-in date:** Sunday", map[string]string{"check_in": "2026-06-28"}),
			r6("nights", "How many nights would we stay? 4", map[string]string{"nights": "4"}),
			r6("hotel_name", "Which hotel do I want? Tagus View", map[string]string{"hotel_name": "Tagus View"}),
		},
	}
	playClassCases(t, cases)
}

// TestChangeOfMindWithItsFrame: a change of mind said with words around it,
// at any question, ends the flow; a value beside it does not.
func TestChangeOfMindWithItsFrame(t *testing.T) {
	e, err := DemoFor("booking")
	if err != nil {
		t.Fatal(err)
	}
	for i, c := range []heldOutCase{
		{At: "origin", Text: "ok, forget the flight, thanks", Ends: true},
		{At: "destination", Text: "hmm, no, never mind", Ends: true},
		{At: "departure_date", Text: "actually no flight for now", Ends: true},
		{At: "departure_date", Text: "nope, not for now, I'll book it later", Ends: true},
		{At: "origin", Text: "wait, scratch that, no trip after all", Ends: true},
		{At: "destination", Text: "non merci, pas de vol pour l'instant", Ends: true},
		{At: "booking_ref", Text: "hold on, no, don't cancel a thing", Ends: true},
		{At: "origin", Text: "we'll sort it out ourselves, actually, forget it", Ends: true},
	} {
		if got, detail := playHeldOut(t, e, round6Set("booking"), i, c); got != heldOutRight {
			t.Errorf("at %s %q: %s, want the flow ended", c.At, c.Text, detail)
		}
	}
	for i, c := range []heldOutCase{
		r6("origin", "no, Paris", map[string]string{"origin": "Paris"}),
		r6("destination", "Rome, no flight before noon", map[string]string{"destination": "Rome"}),
	} {
		if got, detail := playHeldOut(t, e, round6Set("booking"), i, c); got != heldOutRight {
			t.Errorf("at %s %q: %s", c.At, c.Text, detail)
		}
	}
}

// TestLabelledAnswersNeverStoreTheLabel: any form label, in any markdown,
// with any separator, before any valid answer to a city question gives that
// answer or nothing, never one holding the label's words.
func TestLabelledAnswersNeverStoreTheLabel(t *testing.T) {
	e, err := DemoFor("booking")
	if err != nil {
		t.Fatal(err)
	}
	labels := []string{"Origin", "Destination", "From", "To", "Departure city", "Arrival city", "City", "Departure",
		"Destination city", "Airport", "Where", "Ville de départ", "Ciudad de salida", "Destino", "Origen", "Flying to", "Fly from"}
	seps := []string{":", " :", "=", " -", " –", " —", " ->", " →", " =>"}
	marks := []string{"", "**", "*", "_", "__", "`"}
	outer := t
	rapid.Check(t, func(t *rapid.T) {
		at := rapid.SampledFrom([]string{"origin", "destination"}).Draw(t, "at")
		city := rapid.SampledFrom(propCities).Draw(t, "city")
		label := rapid.SampledFrom(labels).Draw(t, "label")
		mark := rapid.SampledFrom(marks).Draw(t, "mark")
		sep := rapid.SampledFrom(seps).Draw(t, "sep")
		text := mark + label + mark + sep + " " + city
		if rapid.Bool().Draw(t, "inside") {
			text = mark + label + sep + mark + " " + city
		}
		text += rapid.SampledFrom([]string{"", ", USA", " (BOS)", ".", " please"}).Draw(t, "after")
		_, detail := playHeldOut(outer, e, round6Set("booking"), 0, heldOutCase{At: at, Text: text})
		for _, slot := range []string{"origin", "destination"} {
			if got, ok := changedSlot(detail, slot); ok && got != city {
				t.Fatalf("%q at %s: %s", text, at, detail)
			}
		}
	})
}

// changedSlot reads a slot's stored value from judgeHeldOut's detail
// ("stored map[origin:Boston], ...").
func changedSlot(detail, slot string) (string, bool) {
	inside, _, _ := strings.Cut(strings.TrimPrefix(detail, "stored map["), "]")
	for _, kv := range strings.Split(inside, " ") {
		if k, v, ok := strings.Cut(kv, ":"); ok && k == slot {
			return v, true
		}
	}
	return "", false
}
