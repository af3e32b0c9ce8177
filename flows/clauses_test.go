package flows

import (
	"fmt"
	"testing"

	"pgregory.net/rapid"
)

// TestAnswerAndAsideClasses plays phrasings of our own of the answer-and-aside
// classes (issue 38, round 11): a value is read from the answer, never from
// an aside (a reason, a plan, a subject's clause, an anchor, a parenthesis,
// a spaced dash); a hedge between two values asks; a correction word, before
// or after the value, keeps the last one; "sorry" with a reason is an aside.
// May: a from- or to-phrase answers its own slot.
func TestAnswerAndAsideClasses(t *testing.T) {
	may := func(c heldOutCase, slot, v string) heldOutCase { c.May = map[string]string{slot: v}; return c }
	cases := map[string][]heldOutCase{
		"booking": {
			r6("origin", "oakland since sfo is a zoo", map[string]string{"origin": "Oakland"}),
			r6("origin", "denver because the fares are lower there on friday", map[string]string{"origin": "Denver", "departure_date": ""}),
			r6("origin", "boston, wait, providence actually", map[string]string{"origin": "Providence"}),
			r6("origin", "Chicago, Detroit I mean", map[string]string{"origin": "Detroit"}),
			r6("origin", "Oakland - sorry, showing a house", map[string]string{"origin": "Oakland"}),
			r6("origin", "Scottsdale - showing a house", map[string]string{"origin": "Scottsdale"}),
			r6("origin", "Austin, we play there thursday night", map[string]string{"origin": "Austin", "departure_date": ""}),
			r6("origin", "Denver, my sister lives in Phoenix", map[string]string{"origin": "Denver", "destination": ""}),
			may(r6("origin", "to Santiago de Compostela, then on to Paris", map[string]string{"origin": ""}), "destination", "Santiago de Compostela"),
			may(r6("destination", "from A Coruña, then on to Paris", map[string]string{"destination": ""}), "origin", "A Coruña"),
			r6("destination", "Form Boston, for the festival", map[string]string{"destination": ""}),
			r6("departure_date", "the day after I get back from Tokyo", map[string]string{"departure_date": "", "origin": ""}),
			r6("departure_date", "the friday after we land in Rome", map[string]string{"departure_date": "", "destination": ""}),
			r6("departure_date", "tmrw after my shift", map[string]string{"departure_date": "2026-04-10"}),
			r6("origin", "boston or providence", map[string]string{"origin": ""}),
			r6("origin", "boston maybe providence", map[string]string{"origin": ""}),
			r6("departure_date", "friday, possibly saturday", map[string]string{"departure_date": ""}),
		},
		"hotel": {
			r6("nights", "two, then heading to porto", map[string]string{"nights": "2", "city": ""}),
			r6("nights", "3, it's a long weekend", map[string]string{"nights": "3"}),
			r6("nights", "two (maybe three, but book two)", map[string]string{"nights": "2"}),
			r6("book.city", "lisbon maybe porto", map[string]string{"city": ""}),
			r6("book.city", "porto perhaps lisbon", map[string]string{"city": ""}),
			r6("check_in", "Saturday, we land at half past eight in the evening", map[string]string{"check_in": "2026-04-11", "arrival_time": "20:30"}),
		},
	}
	for bot, cs := range cases {
		e, err := DemoFor(bot)
		if err != nil {
			t.Fatal(err)
		}
		for i, c := range cs {
			if got, detail := playHeldOut(t, e, wrongValsSet(bot), i, c); got != heldOutRight {
				t.Errorf("%s at %s %q: %s", bot, c.At, c.Text, detail)
			}
		}
	}
}

// TestAsideValuesNeverStored generates an answer (a city at the origin
// question, a count at the nights question) followed by an aside of each
// kind holding a day or a city of its own, and checks that what is stored is
// the answer's value or nothing, never the aside's.
func TestAsideValuesNeverStored(t *testing.T) {
	booking, err := DemoFor("booking")
	if err != nil {
		t.Fatal(err)
	}
	hotel, err := DemoFor("hotel")
	if err != nil {
		t.Fatal(err)
	}
	asides := []string{" since %s", " because %s", ", we %s", ", I %s", ", then %s", ", then on to %s", " - %s", " (%s)", " after I %s", " once we %s"}
	stuff := []string{"play in Miami on thursday", "see my mum in Seattle friday", "head to Porto on the 12th", "get back from Tokyo next monday", "land in Madrid", "am in Paris on saturday"}
	apologies := []string{"showing a house", "driving", "on the phone", "typing fast", "kids yelling"}
	cities := []string{"Denver", "Oakland", "Chicago", "Austin", "Boston"}
	counts := map[string]string{"two": "2", "3": "3", "four": "4", "one": "1"}
	countWords := []string{"two", "3", "four", "one"}
	rapid.Check(t, func(rt *rapid.T) {
		aside := fmt.Sprintf(rapid.SampledFrom(asides).Draw(rt, "aside"), rapid.SampledFrom(stuff).Draw(rt, "stuff"))
		if rapid.IntRange(0, 5).Draw(rt, "sorry") == 0 {
			// "sorry" before a reason that names no value: an aside.
			aside = rapid.SampledFrom([]string{" - sorry, ", ", sorry, ", " sorry "}).Draw(rt, "sorry") + rapid.SampledFrom(apologies).Draw(rt, "why")
		}
		if rapid.Bool().Draw(rt, "hotel") {
			w := rapid.SampledFrom(countWords).Draw(rt, "count")
			c := r6("nights", w+aside, map[string]string{"nights": counts[w]})
			if got, detail := playHeldOut(t, hotel, wrongValsSet("hotel"), 0, c); got == heldOutWrong {
				rt.Fatalf("hotel at nights %q: %s", c.Text, detail)
			}
			return
		}
		city := rapid.SampledFrom(cities).Draw(rt, "city")
		c := r6("origin", city+aside, map[string]string{"origin": city})
		if got, detail := playHeldOut(t, booking, wrongValsSet("booking"), 0, c); got == heldOutWrong {
			rt.Fatalf("booking at origin %q: %s", c.Text, detail)
		}
	})
}
