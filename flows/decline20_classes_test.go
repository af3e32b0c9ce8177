package flows

import "testing"

// TestDecline20RecordPickDeclined: a hotel named and then declined is no
// pick of it; the name alone still is.
func TestDecline20RecordPickDeclined(t *testing.T) {
	playClasses(t, map[string][]heldOutCase{
		"hotel": {
			r6("hotel_name", "alfama garden, no thanks", map[string]string{"hotel_name": ""}),
			r6("hotel_name", "alfama garden no thanks", map[string]string{"hotel_name": ""}),
			r6("hotel_name", "alfama garden, nah thanks", map[string]string{"hotel_name": ""}),
			r6("hotel_name", "the alfama garden, not for me", map[string]string{"hotel_name": ""}),
			r6("hotel_name", "alfama garden", map[string]string{"hotel_name": "Alfama Garden"}),
		},
	})
}
