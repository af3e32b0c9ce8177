package flows

import "testing"

// TestRound16PlaceClasses plays phrasings of our own of round 16's city
// classes: a city typed with its own diacritics (kept as typed where GeoNames
// writes the city so; another language's marks store the lexicon's name), a
// multi-word city with a slip in several words, and a name with a combining
// mark captured whole.
func TestRound16PlaceClasses(t *testing.T) {
	playClasses(t, map[string][]heldOutCase{
		"booking": {
			r6("origin", "Bogotá", map[string]string{"origin": "Bogotá"}),
			r6("origin", "Bogota", map[string]string{"origin": "Bogota"}),
			r6("origin", "from Kraków", map[string]string{"origin": "Kraków"}),
			r6("destination", "Zürich, danke", map[string]string{"destination": "Zürich"}),
			r6("destination", "München", map[string]string{"destination": "Munich"}),
			r6("destination", "Indiánápọ́lis", map[string]string{"destination": "Indianapolis"}),
			r6("destination", "to Indiánápọ́lis", map[string]string{"destination": "Indianapolis"}),
			r6("destination", "sna fransisco", map[string]string{"destination": "San Francisco"}),
			r6("destination", "sna antonio", map[string]string{"destination": "San Antonio"}),
			r6("destination", "buenos iares", map[string]string{"destination": "Buenos Aires"}),
			r6("destination", "sna frxnxixco", map[string]string{"destination": ""}),
			// A city named, wavered on, and named again to close.
			r6("destination", "denver, or... yes denver", map[string]string{"destination": "Denver"}),
			r6("origin", "boston, well, technically cambridge but boston airport", map[string]string{"origin": "Boston"}),
			r6("destination", "lisbon or porto", map[string]string{"destination": ""}),
			r6("destination", "denver, or... maybe dallas", map[string]string{"destination": ""}),
		},
	})
}
