package flows

import (
	"fmt"
	"testing"

	"pgregory.net/rapid"
)

// TestPlaceOwnershipClasses plays phrasings of our own of round 6's classes of
// place reading (issue 38, "parse or ask"): an unknown name is a place only
// when it is the whole answer, capitalized, and none of its words is an
// ordinary word; a cue inside a known city's name is no cue; an airport code
// is a city only through the gazetteer; someone else's place is not the
// user's answer.
func TestPlaceOwnershipClasses(t *testing.T) {
	cases := map[string][]heldOutCase{
		"booking": {
			// An unknown name followed by other words, or holding an ordinary word.
			r6("origin", "Departure: Tromso. Roger.", map[string]string{"origin": ""}),
			r6("origin", "Bergen", map[string]string{"origin": "Bergen"}),
			r6("origin", "from Bergen", map[string]string{"origin": "Bergen"}),
			r6("origin", "Where do I fly from? Good point.", map[string]string{"origin": ""}),
			r6("origin", "Where am I leaving from? Great question!", map[string]string{"origin": ""}),
			r6("origin", "Hmm. Fine question, let me think", map[string]string{"origin": ""}),
			r6("origin", "From: Tromso. Out.", map[string]string{"origin": ""}),
			// A cue inside a known city's name ("de" of "Rio de Janeiro") is no cue.
			r6("destination", "vou para o Rio de Janeiro", map[string]string{"origin": "", "destination": ""}),
			r6("origin", "from Rio de Janeiro", map[string]string{"origin": "Rio de Janeiro"}),
			// Someone else's place is not the user's answer.
			r6("origin", "my wife always leaves from Denver, I need to ask her where I fly from", map[string]string{"origin": ""}),
			r6("origin", "my brother flies out of Boston but I'm not sure about me", map[string]string{"origin": ""}),
			r6("destination", "she is going to Paris, I don't know yet", map[string]string{"destination": ""}),
			r6("destination", "mi jefa vuela a Madrid, yo no sé todavía", map[string]string{"destination": ""}),
			r6("origin", "he flies from Denver", map[string]string{"origin": "Denver"}), // given for the traveller
			r6("origin", "my wife and I fly from Denver", map[string]string{"origin": "Denver"}),
			r6("origin", "I fly from Denver, my wife from Boston", map[string]string{"origin": "Denver"}), // her clause is hers
			// An airport code is a city only through the gazetteer's codes.
			r6("origin", "out of JFK", map[string]string{"origin": "New York"}),
			r6("origin", "out of XQZ", map[string]string{"origin": ""}),
		},
		"hotel": {
			r6("city", "close to the PDX airport", map[string]string{"city": ""}),
			r6("city", "near the BKK airport", map[string]string{"city": "Bangkok"}),
			r6("city", "somewhere near Gare du Nord, Good idea?", map[string]string{"city": ""}),
			// A city's name in Italian, Portuguese or German is the city.
			r6("city", "in Praga", map[string]string{"city": "Prague"}),
			r6("city", "Florença", map[string]string{"city": "Florence"}),
			r6("city", "Kopenhagen bitte", map[string]string{"city": "Copenhagen"}),
		},
	}
	playClassCases(t, cases)
}

// TestPlaceLeftoversProperty: for answers made of a framing, a known or an
// unknown name and leftover words (a sign-off, a remark, a sentence of
// ordinary words), the origin stored is the known city, the unknown name when
// it is the whole answer, or nothing: never a leftover word (issue 38).
func TestPlaceLeftoversProperty(t *testing.T) {
	e, err := DemoFor("booking")
	if err != nil {
		t.Fatal(err)
	}
	framings := []string{"%s", "from %s", "Origin: %s", "Where from? %s", "leaving from %s", "Departure city - %s"}
	known := []string{"Boston", "Denver", "Rio de Janeiro", "Lisbon", "Chicago"}
	unknown := []string{"Tromso", "Vardoya", "Kelmscott", "Oddaberg"}
	leftovers := []string{"Over.", "Good question.", "Great question!", "Thanks a lot.", "Out.", "Nice one.", "Please hurry."}
	rapid.Check(t, func(rt *rapid.T) {
		frame := rapid.SampledFrom(framings).Draw(rt, "frame")
		isKnown := rapid.Bool().Draw(rt, "known")
		name := rapid.SampledFrom(unknown).Draw(rt, "unknown")
		if isKnown {
			name = rapid.SampledFrom(known).Draw(rt, "city")
		}
		text := fmt.Sprintf(frame, name)
		leftover := rapid.Bool().Draw(rt, "leftover")
		if leftover {
			text += ". " + rapid.SampledFrom(leftovers).Draw(rt, "words")
		}
		want := map[string]string{"origin": ""}
		if isKnown || !leftover {
			want["origin"] = name
		}
		c := r6("origin", text, want)
		if got, detail := playHeldOut(t, e, round6Set("booking"), 0, c); got == heldOutWrong {
			rt.Fatalf("%q: %s", text, detail)
		}
	})
}

// TestOtherClockClasses: a day said by another place's clock is ambiguous,
// and the place where the user is now is no slot's value: asked again.
func TestOtherClockClasses(t *testing.T) {
	cases := map[string][]heldOutCase{
		"booking": {
			r6("departure_date", "tomorrow, well my tomorrow, I'm in Tokyo right now", map[string]string{"departure_date": ""}),
			r6("departure_date", "tomorrow local time", map[string]string{"departure_date": ""}),
			r6("departure_date", "mañana, hora local", map[string]string{"departure_date": ""}),
			r6("departure_date", "tomorrow", map[string]string{"departure_date": "2026-06-24"}),
			r6("departure_date", "tomorrow morning please", map[string]string{"departure_date": "2026-06-24"}),
		},
		"hotel": {
			r6("check_in", "today... I mean today in Honolulu", map[string]string{"check_in": "", "city": ""}),
			r6("city", "Lisbon, today", map[string]string{"city": "Lisbon"}),
		},
	}
	playClassCases(t, cases)
}
