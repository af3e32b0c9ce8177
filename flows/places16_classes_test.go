package flows

import "testing"

// TestRound15PlaceAndPickClasses plays phrasings of our own of round 15's
// classes: a trip said as two cities after a preposition each in a language nobody listed
// (read in the order said unless a listed word says otherwise), and hotel
// picks by a superlative typed with a typo, among a count, or corrected
// after a pause and a hesitation.
func TestRound15PlaceAndPickClasses(t *testing.T) {
	playClasses(t, map[string][]heldOutCase{
		"booking": {
			r6("origin", "Sao Paulo", map[string]string{"origin": "Sao Paulo"}),
			r6("origin", "manipud Laoag", map[string]string{"origin": "Laoag"}),
			r6("start", "let od Sarajevo do Vienna sutra", map[string]string{"origin": "Sarajevo", "destination": "Vienna", "departure_date": "2027-11-01"}),
			r6("start", "flight ti Bandung ka Jakarta", map[string]string{"origin": "Bandung", "destination": "Jakarta"}),
			r6("start", "flight mei Auckland ki Sydney", map[string]string{"origin": "Auckland", "destination": "Sydney"}),
			// Unlisted prepositions: read in the order said.
			r6("start", "flight qo Lisbon xu Porto", map[string]string{"origin": "Lisbon", "destination": "Porto"}),
			// Listed words say the order, whichever comes first.
			r6("start", "flight ka Jakarta ti Bandung", map[string]string{"origin": "Bandung", "destination": "Jakarta"}),
			// The order unclear or the words English: nothing read.
			r6("start", "flight qo Lisbon qo Madrid", map[string]string{"origin": "", "destination": ""}),
			r6("start", "flight via Lisbon near Madrid", map[string]string{"origin": "", "destination": ""}),
		},
		"hotel": {
			r6("hotel_name", "the cheapst one", map[string]string{"hotel_name": "Tagus View"}),
			r6("hotel_name", "the priciest of the three", map[string]string{"hotel_name": "Bairro Loft"}),
			r6("hotel_name", "the cheaper two", map[string]string{"hotel_name": ""}),
			r6("hotel_name", "tagus view... hmm, alfama garden", map[string]string{"hotel_name": "Alfama Garden"}),
			// A hesitation set off by commas between two values repairs too
			// (round 26: "austin, hmm, dallas" is Dallas; helper hedge27).
			r6("hotel_name", "tagus view, hmm, alfama garden", map[string]string{"hotel_name": "Alfama Garden"}),
		},
	})
}
