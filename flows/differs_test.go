package flows

import (
	"testing"
)

// rideFlows has two city slots: a ride's pickup and drop-off may be one city,
// a flight's two ends may not (differs_from).
const rideFlows = `
flows:
  - name: ride
    trigger: {keywords: [book a ride]}
    slots:
      - {name: pickup, type: city, prompt: Pick up in which city?}
      - {name: dropoff, type: city, prompt: Drop off in which city?}
    steps:
      - {id: ask_pickup, collect: pickup}
      - {id: ask_dropoff, collect: dropoff}
      - {id: done, say: "Ride from {pickup} to {dropoff}."}
  - name: fly
    trigger: {keywords: [book a flight]}
    slots:
      - {name: origin, type: city, prompt: Flying from?}
      - name: destination
        type: city
        prompt: Flying to?
        validators:
          - {type: differs_from, slot: origin, message: "That's where you fly from. Flying to?"}
    steps:
      - {id: ask_origin, collect: origin}
      - {id: ask_destination, collect: destination}
      - {id: done, say: "Flight from {origin} to {destination}."}
`

// TestDiffersFrom: a value another slot holds is refused, and asked again, only
// where the flow says so (differs_from); elsewhere one city may fill both slots.
func TestDiffersFrom(t *testing.T) {
	def, err := Parse([]byte(rideFlows), "rides.yaml")
	if err != nil {
		t.Fatal(err)
	}
	e, err := New(def, Options{})
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name  string
		turns []walkTurn
	}{
		{"a ride within one city", []walkTurn{
			{user: "book a ride", waiting: "pickup"},
			{user: "Boston", waiting: "dropoff"},
			{user: "boston", state: "idle", reply: "Ride from Boston to Boston."},
		}},
		{"a flight from a city to itself is asked again", []walkTurn{
			{user: "book a flight", waiting: "origin"},
			{user: "Boston", waiting: "destination"},
			{user: "boston", waiting: "destination", reply: "That's where you fly from. Flying to?"},
			{user: "Madrid", state: "idle", reply: "Flight from Boston to Madrid."},
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			playWalk(t, e, "c-1", tt.turns)
		})
	}
}
