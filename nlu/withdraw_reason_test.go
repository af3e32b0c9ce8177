package nlu

import "testing"

// TestCancelsWithReasonProperty: a cancel clause beside any reason reads as
// a change of mind; beside a place, a number, a question, a new request, or
// a value the caller reads, it does not; a reason alone is no cancel.
func TestCancelsWithReasonProperty(t *testing.T) {
	cancels := []string{"scrap it", "nah ditch the flight", "forget the hotel", "never mind", "count me out", "bin that", "drop it"}
	reasons := []string{"the story got spiked", "the venue flooded", "the client moved the meeting", "my boss said no", "we'll drive down instead", "the crew hotel is sorted"}
	answers := []string{"make it Rome", "Porto", "the 5th", "how about the other one", "book the loft one", "is there anything cheaper?", "3 nights"}
	none := func(string) bool { return false }
	for _, c := range cancels {
		for _, r := range reasons {
			for _, text := range []string{c + ", " + r, r + ", " + c, c + ". " + r + "."} {
				if !CancelsWithReason(text, none) {
					t.Errorf("%q: not read as a change of mind", text)
				}
				if CancelsWithReason(text, func(s string) bool { return s == " "+r || s == r }) {
					t.Errorf("%q: read as a change of mind though its reason holds a value", text)
				}
			}
			if CancelsWithReason(r, none) {
				t.Errorf("%q: a reason alone read as a change of mind", r)
			}
		}
		for _, a := range answers {
			if text := c + ", " + a; CancelsWithReason(text, none) {
				t.Errorf("%q: a new request read as a change of mind", text)
			}
		}
	}
}
