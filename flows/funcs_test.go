package flows

import (
	"context"
	"strings"
	"testing"

	"github.com/parleyhq/parley"
)

const funcFlows = `
bot: bakery
flows:
  - name: order
    trigger: {keywords: [order bread]}
    slots:
      - name: loaves
        type: integer
        prompt: How many loaves?
        validators: [{type: custom, func: in_stock}]
    steps:
      - id: ask_loaves
        collect: loaves
      - id: place
        action:
          func: place_order
          outputs: [order_id]
          reply: "Order {order_id} placed."
`

// TestGoFunctionsAsActionsAndValidators: a flow's func: calls the Go function
// registered under that name with the request a webhook would get, and takes its
// answer as a webhook's: a validator refuses or accepts, an action sets slots.
func TestGoFunctionsAsActionsAndValidators(t *testing.T) {
	def, err := Parse([]byte(funcFlows), "bakery.yaml")
	if err != nil {
		t.Fatal(err)
	}
	var calls []ActionRequest
	funcs := map[string]ActionFunc{
		"in_stock": func(_ context.Context, req ActionRequest) (ActionResult, error) {
			calls = append(calls, req)
			ok := req.Slots["loaves"].(float64) <= 5
			return ActionResult{Valid: &ok, Message: "We have 5 loaves left."}, nil
		},
		"place_order": func(_ context.Context, req ActionRequest) (ActionResult, error) {
			calls = append(calls, req)
			return ActionResult{Slots: map[string]any{"order_id": "B-1"}}, nil
		},
	}
	e, err := New(def, Options{Funcs: funcs})
	if err != nil {
		t.Fatal(err)
	}
	playWalk(t, e, "c-1", []walkTurn{
		{user: "order bread", waiting: "loaves"},
		{user: "9", waiting: "loaves", reply: "We have 5 loaves left."},
		{user: "3", state: "idle", reply: "Order B-1 placed.", slots: map[string]any{"order_id": "B-1"}},
	})
	if len(calls) != 3 || calls[0].Step != "validate:loaves" || calls[2].Action != "place" || calls[2].IdempotencyKey == "" {
		t.Fatalf("calls: %+v", calls)
	}

	// Only a program that registers the functions can run the flow.
	if _, err := New(def, Options{}); err == nil || !strings.Contains(parley.ErrorMessage(err), "in_stock, place_order") {
		t.Fatalf("New without the functions: %v", err)
	}
	both, err := Parse([]byte(strings.Replace(funcFlows, "func: place_order", "func: place_order\n          webhook: {url: \"http://127.0.0.1:1/x\"}", 1)), "both.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if diags := Validate(both); len(diags) == 0 || !strings.Contains(diags[0].Message, "both func and webhook") {
		t.Fatalf("Validate of func and webhook: %v", diags)
	}
}
