package flows

import (
	"testing"
	"time"
)

// TestCityAndHotelNameClasses plays one message at a question of a demo bot
// for each class of city and hotel-name answers of issue 38's round 4
// (phrasings written for this test, not taken from a held-aside set): the
// slot ends with the value the message said, or none (nil: asked again).
func TestCityAndHotelNameClasses(t *testing.T) {
	none := (*string)(nil)
	v := func(s string) *string { return &s }
	cases := []struct {
		class, bot, at, text string
		want                 map[string]*string
	}{
		// A city followed by its country: the country confirms the city.
		{"country after", "hotel", "city", "Porto, Portugal", map[string]*string{"city": v("Porto")}},
		{"country after", "hotel", "city", "lisbon portugal", map[string]*string{"city": v("Lisbon")}},
		{"country after", "booking", "destination", "going to milan italy", map[string]*string{"destination": v("Milan")}},
		{"country after", "booking", "origin", "de Lyon en France", map[string]*string{"origin": v("Lyon")}},
		{"country after", "booking", "origin", "flying out of berlin germany", map[string]*string{"origin": v("Berlin")}},
		{"country after", "booking", "destination", "nice france", map[string]*string{"destination": v("Nice")}},
		// A word voice typing writes for a city names it before its country only.
		{"homophone", "booking", "destination", "niece france", map[string]*string{"destination": v("Nice")}},
		{"homophone", "booking", "origin", "from lion france", map[string]*string{"origin": v("Lyon")}},
		{"homophone", "booking", "destination", "roam", map[string]*string{"destination": none}},
		{"homophone", "booking", "destination", "lion", map[string]*string{"destination": none}},
		{"homophone", "booking", "destination", "roam france", map[string]*string{"destination": none}},
		// Two letters swapped is one typo; the known spelling is stored.
		{"swapped letters", "hotel", "city", "Lsibon", map[string]*string{"city": v("Lisbon")}},
		{"swapped letters", "hotel", "book.city", "Dnevre", map[string]*string{"city": none}},
		{"swapped letters", "booking", "origin", "Londno", map[string]*string{"origin": v("London")}},
		{"swapped letters", "booking", "destination", "Brelin", map[string]*string{"destination": v("Berlin")}},
		{"swapped letters", "booking", "destination", "to Madird", map[string]*string{"destination": v("MAD")}},
		{"swapped letters", "hotel", "city", "Prot", map[string]*string{"city": none}},
		// A city at the end of a story; a past clause turned by "this time".
		{"story", "hotel", "city", "we've been saving up all year and finally we're going to spend a week in Denver", map[string]*string{"city": v("Denver")}},
		{"story", "hotel", "city", "it's our anniversary and my wife has always wanted to see Lisbon", map[string]*string{"city": v("Lisbon")}},
		{"story", "booking", "destination", "long story short, but my company is sending me to a conference in Berlin", map[string]*string{"destination": v("Berlin")}},
		{"story", "hotel", "city", "I was in Paris last year, this time I'd like Lisbon", map[string]*string{"city": v("Lisbon")}},
		{"story", "hotel", "city", "We visited Porto last summer and this time we want Lisbon", map[string]*string{"city": v("Lisbon")}},
		{"story", "hotel", "city", "we stayed in Porto last year", map[string]*string{"city": none}},
		{"story", "hotel", "city", "we went to Lisbon and now we were thinking of Porto", map[string]*string{"city": none}},
		// A short frame around a city, in the seeds' languages.
		{"frame", "hotel", "city", "it's for Porto", map[string]*string{"city": v("Porto")}},
		{"frame", "hotel", "city", "that'd be Denver", map[string]*string{"city": v("Denver")}},
		{"frame", "hotel", "book.city", "c'est pour Lisbonne", map[string]*string{"city": v("Lisbon")}},
		{"frame", "hotel", "book.city", "à Lisbonne", map[string]*string{"city": v("Lisbon")}},
		{"frame", "booking", "destination", "para Lisboa", map[string]*string{"destination": v("Lisbon")}},
		{"frame", "hotel", "city", "في بورتو", map[string]*string{"city": v("Porto")}},
		{"frame", "hotel", "city", "not Lisbon", map[string]*string{"city": none}},
		{"frame", "booking", "origin", "nice day today", map[string]*string{"origin": none, "departure_date": none}},
		{"frame", "booking", "destination", "Boston... or Denver?", map[string]*string{"destination": none}},
		// A hotel's name dictated in pieces, or a word only its name holds.
		{"split name", "hotel", "hotel_name", "al fama garden", map[string]*string{"hotel_name": v("Alfama Garden")}},
		{"split name", "hotel", "hotel_name", "bair ro loft", map[string]*string{"hotel_name": v("Bairro Loft")}},
		{"split name", "hotel", "hotel_name", "the ta gus view please", map[string]*string{"hotel_name": v("Tagus View")}},
		{"name part", "hotel", "hotel_name", "alfama", map[string]*string{"hotel_name": v("Alfama Garden")}},
		{"name part", "hotel", "hotel_name", "the garden one", map[string]*string{"hotel_name": v("Alfama Garden")}},
		{"name part", "hotel", "hotel_name", "the bairro", map[string]*string{"hotel_name": v("Bairro Loft")}},
		{"name part", "hotel", "hotel_name", "the hotel", map[string]*string{"hotel_name": none}},
		{"name part", "hotel", "hotel_name", "not the loft one", map[string]*string{"hotel_name": none}},
		{"name part", "hotel", "hotel_name", "the loft or the garden", map[string]*string{"hotel_name": none}},
		// A price figure, or a record's other field.
		{"price", "hotel", "hotel_name", "the 90 one", map[string]*string{"hotel_name": v("Tagus View")}},
		{"price", "hotel", "hotel_name", "the one for 210", map[string]*string{"hotel_name": v("Bairro Loft")}},
		{"price", "hotel", "hotel_name", "the one over 200", map[string]*string{"hotel_name": v("Bairro Loft")}},
		{"price", "hotel", "hotel_name", "le moins de 100", map[string]*string{"hotel_name": v("Tagus View")}},
		{"price", "hotel", "hotel_name", "anything under 150", map[string]*string{"hotel_name": none}},
		{"price", "hotel", "hotel_name", "the 75 one", map[string]*string{"hotel_name": none}},
		{"field", "hotel", "hotel_name", "the four star one", map[string]*string{"hotel_name": v("Alfama Garden")}},
		{"field", "hotel", "hotel_name", "the 3-star one", map[string]*string{"hotel_name": v("Tagus View")}},
		{"field", "hotel", "hotel_name", "the two star one", map[string]*string{"hotel_name": none}},
		{"field", "hotel", "hotel_name", "the Lisbon one", map[string]*string{"hotel_name": none}},
		// A shrug beside a pick: the pick is the answer; a shrug alone is none.
		{"shrug", "hotel", "hotel_name", "the cheapest one, whatever", map[string]*string{"hotel_name": v("Tagus View")}},
		{"shrug", "hotel", "hotel_name", "no preference, the 90 one", map[string]*string{"hotel_name": v("Tagus View")}},
		{"shrug", "hotel", "hotel_name", "don't care, the 90 one", map[string]*string{"hotel_name": none}}, // a negation beside a pick: asked again
		{"shrug", "hotel", "hotel_name", "meh, the garden one, whatever", map[string]*string{"hotel_name": v("Alfama Garden")}},
		{"shrug", "hotel", "hotel_name", "whatever", map[string]*string{"hotel_name": none}},
		{"shrug", "hotel", "hotel_name", "no idea, whatever you think", map[string]*string{"hotel_name": none}},
		{"shrug", "hotel", "hotel_name", "peu importe", map[string]*string{"hotel_name": none}},
	}
	for _, c := range cases {
		e, err := DemoFor(c.bot)
		if err != nil {
			t.Fatal(err)
		}
		set := heldOutSet{Bot: c.bot, SentAt: time.Date(2026, 3, 9, 9, 10, 0, 0, time.UTC)}
		got, detail := playHeldOut(t, e, set, 0, heldOutCase{At: c.at, Text: c.text, Expect: c.want})
		if got != heldOutRight {
			t.Errorf("%s: at %s %q: %s", c.class, c.at, c.text, detail)
		}
	}
}
