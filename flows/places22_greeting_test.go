package flows

import "testing"

// TestGreetingThenFromTo: a first message that greets in a sentence of its
// own, then asks for a flight from one city to another, starts the flight
// with both cities (issue 38 round 20).
func TestGreetingThenFromTo(t *testing.T) {
	playClassCasesSent(t, r19Set, map[string][]heldOutCase{
		"booking": {
			r6("start", "Good morning, I need to fly from Boston to Denver.", map[string]string{"origin": "Boston", "destination": "Denver"}),
			r6("start", "Good evening, I want to fly from Norfolk to Atlanta.", map[string]string{"origin": "Norfolk", "destination": "Atlanta"}),
			r6("start", "I need to fly from Norfolk to Dallas.", map[string]string{"origin": "Norfolk", "destination": "Dallas"}),
			r6("start", "Hello, I need to fly from Boston to Denver", map[string]string{"origin": "Boston", "destination": "Denver"}),
			r6("start", "Good afternoon, I need to fly from Boston to Denver.", map[string]string{"origin": "Boston", "destination": "Denver"}),
			r6("start", "Good evening, I need to fly from Norfolk to Atlanta.", map[string]string{"origin": "Norfolk", "destination": "Atlanta"}),
			r6("start", "Hello, I want to fly from Boston to Denver", map[string]string{"origin": "Boston", "destination": "Denver"}),
			r6("start", "Hello. I need to fly from Boston to Denver", map[string]string{"origin": "Boston", "destination": "Denver"}),
			r6("start", "Hello, I need a flight from Boston to Denver", map[string]string{"origin": "Boston", "destination": "Denver"}),
		},
	})
}
