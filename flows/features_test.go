package flows

import (
	"testing"
)

const featureFlows = `
bot: pizza
messages:
  cancelled: "Stopped {flow}."
flows:
  - name: order
    description: your order
    trigger: {keywords: [order pizza]}
    slots:
      - name: size
        type: enum
        values: [small, large]
        synonyms: {large: [big, family size]}
        prompt: Which size?
      - name: count
        type: integer
        prompt: How many?
        validators: [{type: range, min: 1, max: 5, message: Between 1 and 5 please.}]
        max_retries: 2
        on_exhaust: skip
      - name: delivery
        type: boolean
        prompt: Delivery?
    steps:
      - id: ask_size
        collect: size
      - id: ask_count
        collect: count
      - id: route
        branch:
          - if: {slot: count, filled: false}
            goto: single
          - if: {slot: count, gt: 3}
            goto: party
          - else: true
            goto: ask_delivery
      - id: single
        say: One pizza then.
        next: ask_delivery
      - id: party
        say: That is a party!
      - id: ask_delivery
        collect: delivery
      - id: where
        branch:
          - if: {slot: delivery, equals: "yes"}
            goto: contact
          - else: true
            goto: done
      - id: contact
        call: contact
      - id: done
        action:
          set: {status: "placed {size}"}
          reply: Order placed.
          end: true
  - name: contact
    slots:
      - name: email
        type: email
        prompt: Your email?
        max_retries: 1
        on_exhaust: cancel
      - name: phone
        type: phone
        prompt: Your phone?
    steps:
      - id: ask_email
        collect: email
      - id: ask_phone
        collect: phone
      - id: thanks
        say: Thanks, we will call {phone}.
  - name: upgrade
    trigger: {keywords: [upgrade me]}
    steps:
      - id: go
        link: order
`

func featureEngine(t *testing.T) *Engine {
	t.Helper()
	def, err := Parse([]byte(featureFlows), "pizza.yaml")
	if err != nil {
		t.Fatal(err)
	}
	e, err := New(def, Options{})
	if err != nil {
		t.Fatal(err)
	}
	return e
}

func TestFlowFeatures(t *testing.T) {
	tests := []struct {
		name  string
		turns []walkTurn
	}{
		{"enum synonyms, integer range, branch, say, call and set", []walkTurn{
			{user: "order pizza", waiting: "size"},
			{user: "a big one", waiting: "count", slots: map[string]any{"size": "large"}},
			{user: "9", waiting: "count", reply: "Between 1 and 5 please. How many?"},
			{user: "four", waiting: "delivery", reply: "That is a party! Delivery?",
				transitions: "waiting_for_slot->validating_slot,validating_slot->understanding,understanding->generating_response,generating_response->waiting_for_slot"},
			{user: "yes", flow: "contact", waiting: "email", slots: map[string]any{"delivery": true}},
			{user: "me@example.com", waiting: "phone"},
			{user: "+1 415 555 0100", state: "idle", flow: "none",
				reply: "Thanks, we will call", slots: map[string]any{"status": "placed large"},
				transitions: "waiting_for_slot->validating_slot,validating_slot->generating_response,generating_response->completed,completed->generating_response,generating_response->ready_for_action,ready_for_action->executing_action,executing_action->completed,completed->idle"},
		}},
		{"a skipped slot takes the else-less path", []walkTurn{
			{user: "order pizza"},
			{user: "small"},
			{user: "0", waiting: "count"},
			{user: "-3", waiting: "delivery", reply: "One pizza then. Delivery?"},
			{user: "no", state: "idle", reply: "Order placed."},
		}},
		{"on_exhaust cancel ends the called flow and its caller", []walkTurn{
			{user: "order pizza"},
			{user: "small"},
			{user: "2"},
			{user: "yes", flow: "contact", waiting: "email"},
			{user: "not an email", state: "idle", flow: "none", reply: "That doesn't look like a valid email. Stopped contact.",
				transitions: "waiting_for_slot->validating_slot,validating_slot->completed,completed->idle"},
		}},
		{"link replaces the flow", []walkTurn{
			{user: "upgrade me", flow: "order", waiting: "size"},
		}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			playWalk(t, featureEngine(t), "c", tc.turns)
		})
	}
}

func TestGraphGolden(t *testing.T) {
	for _, format := range []string{"mermaid", "dot"} {
		out, err := featureEngine(t).Graph(format)
		if err != nil {
			t.Fatal(err)
		}
		golden(t, "graph/pizza."+format, out)
	}
	if _, err := demo(t).Graph("svg"); err == nil {
		t.Error("svg accepted")
	}
}
