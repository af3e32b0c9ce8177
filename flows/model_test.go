package flows

import (
	"testing"
	"time"
)

const travelFlows = `
flows:
  - name: book_flight
    description: booking a flight
    trigger:
      examples: [I need a flight, book me a plane ticket, I want to fly somewhere]
    slots:
      - {name: destination, type: city, prompt: Where to?}
    steps:
      - {id: ask, collect: destination}
      - {id: done, say: "Flying to {destination}."}
  - name: rent_car
    description: renting a car
    trigger:
      examples: [I need a rental car, hire a car for the weekend]
    slots:
      - {name: city, type: city, prompt: Which city?}
    steps:
      - {id: ask, collect: city}
      - {id: done, say: "Car in {city}."}
`

// TestTriggerExamplesTrainTheModel: issue 38 item 3, a flow's trigger examples
// train the bot's intent model when it loads; a message the example overlap does
// not reach starts the flow through it, a built-in intent or a message about
// nothing the flows do starts none.
func TestTriggerExamplesTrainTheModel(t *testing.T) {
	def, err := Parse([]byte(travelFlows), "travel.yaml")
	if err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	e, err := New(def, Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("engine with its model built in %v", time.Since(start))
	playWalk(t, e, "m-1", []walkTurn{{user: "plane tickets please", flow: "book_flight", waiting: "destination"}})
	playWalk(t, e, "m-2", []walkTurn{{user: "a car", flow: "rent_car", waiting: "city"}})
	playWalk(t, e, "m-3", []walkTurn{{user: "thanks!", flow: "none", state: "idle"}})
	playWalk(t, e, "m-4", []walkTurn{{user: "is the museum open on sundays", flow: "none", state: "idle"}})
}

func BenchmarkTrainFlowModel(b *testing.B) {
	def, err := Parse([]byte(travelFlows), "travel.yaml")
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		trainFlowModel(def)
	}
}
