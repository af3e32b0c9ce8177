package flows

import "testing"

func TestClausesProbe(t *testing.T) {
	cases := map[string][]heldOutCase{
		"booking": {
			r6("origin", "oakland since sfo is a zoo", map[string]string{"origin": "Oakland"}),
			r6("origin", "boston, wait, providence actually", map[string]string{"origin": "Providence"}),
			r6("origin", "Scottsdale - sorry, showing a house", map[string]string{"origin": "Scottsdale"}),
			r6("origin", "Austin, we play there thursday night", map[string]string{"origin": "Austin"}),
			r6("origin", "to Santiago de Compostela, then on to Paris", map[string]string{"origin": ""}),
			r6("destination", "from A Coruña, then on to Paris", map[string]string{"destination": ""}),
			r6("destination", "Form Boston, for the festival", map[string]string{"destination": ""}),
			r6("departure_date", "the day after I get back from Tokyo", map[string]string{"departure_date": ""}),
			r6("booking_ref", "Booking ref: BK-77310 (Flight NYC-MIA)", map[string]string{"booking_ref": "BK-77310"}),
			r6("origin", "boston or providence", map[string]string{"origin": ""}),
			r6("destination", "Santiago de Compostela", map[string]string{"destination": "Santiago de Compostela"}),
			r6("destination", "Rio de Janeiro", map[string]string{"destination": "Rio de Janeiro"}),
			r6("destination", "Salt Lake City", map[string]string{"destination": "Salt Lake City"}),
			r6("origin", "Los Angeles", map[string]string{"origin": "Los Angeles"}),
			r6("origin", "to Santiago de Compostela", map[string]string{"origin": ""}),
			r6("origin", "to Paris", map[string]string{"origin": ""}),
			r6("origin", "to Rio de Janeiro", map[string]string{"origin": ""}),
			r6("destination", "from A Coruña", map[string]string{"destination": ""}),
			r6("destination", "from Boston", map[string]string{"destination": ""}),
			r6("destination", "Form Boston", map[string]string{"destination": ""}),
			r6("destination", "from Los Angeles", map[string]string{"destination": ""}),
		},
		"hotel": {
			r6("nights", "two, then heading to porto", map[string]string{"nights": "2"}),
			r6("book.city", "lisbon maybe porto", map[string]string{"city": ""}),
			r6("hotel_name", "the cheap one with the pool", map[string]string{"hotel_name": ""}),
			r6("start", "any rooms in porto?", map[string]string{"city": "Porto"}),
		},
	}
	for bot, cs := range cases {
		e, err := DemoFor(bot)
		if err != nil {
			t.Fatal(err)
		}
		for i, c := range cs {
			got, detail := playHeldOut(t, e, wrongValsSet(bot), i, c)
			t.Logf("%v %s at %s %q: %s", got, bot, c.At, c.Text, detail)
		}
	}
}
