package flows

import "testing"

// TestCountryIsNoCity: a typed country, alone, captured by a cue or asked
// about, fills no city slot; an upstream parse's entity is taken as given.
func TestCountryIsNoCity(t *testing.T) {
	def, err := Parse([]byte(`bot: trip
flows:
  - name: fly
    trigger: {keywords: [book a flight]}
    slots:
      - name: destination
        type: city
        label: destination
        prompt: Where to?
        patterns: ['(?i)\bto\s+(\p{L}+)']
    steps:
      - {id: ask_destination, collect: destination}
      - id: done
        action: {set: {done: "yes"}, reply: ok}
`), "trip.yaml")
	if err != nil {
		t.Fatal(err)
	}
	e, err := New(def, Options{})
	if err != nil {
		t.Fatal(err)
	}
	none := map[string]any{"destination": nil}
	playWalk(t, e, "c", []walkTurn{
		{user: "book a flight", waiting: "destination"},
		{user: "Portugal", waiting: "destination", slots: none},
		{user: "do you fly to Iceland?", waiting: "destination", slots: none},
		{user: "Singapore", state: "idle", slots: map[string]any{"destination": "Singapore"}},
	})
}
