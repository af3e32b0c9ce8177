package flows

import "testing"

// TestRound17PriceComplaint plays phrasings of our own of round 17's price
// complaint at the hotel question, which never picks a hotel.
func TestRound17PriceComplaint(t *testing.T) {
	ends := heldOutCase{At: "hotel_name", Text: "never mind, too pricey", Ends: true}
	playClasses(t, map[string][]heldOutCase{
		"hotel": {
			r6("hotel_name", "that's over my budget", map[string]string{"hotel_name": ""}),
			r6("hotel_name", "all too expensive", map[string]string{"hotel_name": ""}),
			r6("hotel_name", "trop cher", map[string]string{"hotel_name": ""}),
			r6("hotel_name", "we can't afford those", map[string]string{"hotel_name": ""}),
			r6("hotel_name", "the budget one", map[string]string{"hotel_name": "Tagus View"}),
			ends,
		},
	})
}
