package flows

import (
	"strings"
	"testing"
)

// clinicFlows: a clinic whose booking flow's triggers never name a treatment,
// and a billing flow that shares one value with it.
const clinicFlows = `
flows:
  - name: book_visit
    description: booking your visit
    trigger:
      keywords: [appointment]
    slots:
      - name: treatment
        type: enum
        values: [root canal, cleaning, whitening, check-up]
        synonyms: {cleaning: [scale and polish]}
        prompt: Which treatment?
      - name: day
        type: date
        prompt: Which day?
    steps:
      - {id: ask_treatment, collect: treatment}
      - {id: ask_day, collect: day}
      - {id: done, say: "Booked: {treatment} on {day}."}
  - name: billing
    description: your bill
    trigger:
      keywords: [invoice]
    slots:
      - name: item
        type: enum
        values: [whitening, x-ray]
        prompt: Which item?
    steps:
      - {id: ask_item, collect: item}
      - {id: done, say: "Bill for {item} sent."}
`

func clinicEngine(t *testing.T) *Engine {
	t.Helper()
	def, err := Parse([]byte(clinicFlows), "clinic.yaml")
	if err != nil {
		t.Fatal(err)
	}
	e, err := New(def, Options{})
	if err != nil {
		t.Fatal(err)
	}
	return e
}

// TestSlotValueStartsItsFlow: issue 38 item 3, "I'd like a root canal on
// Tuesday" starts the clinic booking with the treatment filled; a synonym does
// too; a value two flows share starts neither.
func TestSlotValueStartsItsFlow(t *testing.T) {
	e := clinicEngine(t)
	playWalk(t, e, "c-1", []walkTurn{
		{user: "I'd like a root canal on Tuesday", flow: "none", state: "idle", reply: "Booked: root canal on",
			slots: map[string]any{"treatment": "root canal"}},
	})
	playWalk(t, e, "c-2", []walkTurn{
		{user: "Could I get a scale and polish?", flow: "book_visit", waiting: "day", slots: map[string]any{"treatment": "cleaning"}},
	})
	playWalk(t, e, "c-3", []walkTurn{
		{user: "whitening please", state: "idle", flow: "none", reply: "didn't understand"},
	})
}

// TestWarningsNameASharedValue: parley validate says a value two flows share
// starts neither.
func TestWarningsNameASharedValue(t *testing.T) {
	def, err := Parse([]byte(clinicFlows), "clinic.yaml")
	if err != nil {
		t.Fatal(err)
	}
	w := Warnings(def)
	if len(w) != 1 || !strings.Contains(w[0].Message, `the value "whitening" of slot item is also a value of flow book_visit's slot treatment: naming it starts neither flow`) {
		t.Fatalf("warnings %+v", w)
	}
}
