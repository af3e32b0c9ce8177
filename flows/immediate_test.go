package flows

import (
	"context"
	"strings"
	"testing"

	"github.com/parleyhq/parley"
)

// writerFunc is a ReplyWriter that says the draft (a model the engine would wait on).
type writerFunc func(parley.ReplyRequest) string

func (f writerFunc) WriteReply(_ context.Context, req parley.ReplyRequest, _ func(string)) (string, error) {
	return f(req), nil
}

// TestImmediateIsFalseWhereATurnMayWait: a flows engine is immediate (the runtime
// decides its turns on one goroutine) unless a model writes its replies or a step
// or validator calls out, by webhook or by a registered function.
func TestImmediateIsFalseWhereATurnMayWait(t *testing.T) {
	const plain = `
bot: shop
flows:
  - name: order
    trigger: {keywords: [order pizza]}
    slots:
      - name: size
        type: enum
        values: [small, large]
        prompt: Which size?
        VALIDATORS
    steps:
      - id: ask_size
        collect: size
      - id: place
        action:
          ACTION
`
	tests := []struct {
		name, validators, action string
		writer                   bool
		want                     bool
	}{
		{"rules only", "", `set: {placed: "yes"}`, false, true},
		{"a model writes replies", "", `set: {placed: "yes"}`, true, false},
		{"a webhook action", "", `webhook: {url: "http://127.0.0.1:1/order"}`, false, false},
		{"a function action", "", `func: place`, false, false},
		{"a webhook validator", `validators: [{type: custom, webhook: {url: "http://127.0.0.1:1/v"}}]`, `set: {placed: "yes"}`, false, false},
		{"a function validator", `validators: [{type: custom, func: check}]`, `set: {placed: "yes"}`, false, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			src := strings.NewReplacer("VALIDATORS", tt.validators, "ACTION", tt.action).Replace(plain)
			def, err := Parse([]byte(src), "order.yaml")
			if err != nil {
				t.Fatal(err)
			}
			opts := Options{Funcs: map[string]ActionFunc{
				"place": func(context.Context, ActionRequest) (ActionResult, error) { return ActionResult{}, nil },
				"check": func(context.Context, ActionRequest) (ActionResult, error) { return ActionResult{}, nil },
			}}
			if tt.writer {
				opts.Writer = writerFunc(func(r parley.ReplyRequest) string { return r.Draft })
			}
			e, err := New(def, opts)
			if err != nil {
				t.Fatal(err)
			}
			if got := parley.IsImmediate(e); got != tt.want {
				t.Fatalf("IsImmediate = %v, want %v", got, tt.want)
			}
		})
	}
}
