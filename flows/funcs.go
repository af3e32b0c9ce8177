package flows

import (
	"context"
	"encoding/json"
	"slices"
	"strings"

	"github.com/parleyhq/parley"
)

// ActionFunc is a webhook action or custom validator written as a Go function: a
// program that embeds Parley registers it by name (Options.Funcs) and a flow calls
// it with func: NAME on an action or a custom validator. It receives the request a
// webhook would receive, its slots as JSON values (a number is a float64), and
// answers what a webhook would answer (docs/reference/actions.md). Its
// IdempotencyKey names the call: a call whose outcome was unknown is made again with
// the same key. An error with code EINVALID is a refusal (the flow's error text, the
// call forgotten); any other error leaves the outcome unknown, and the call is made
// again, same key, on the user's next message.
type ActionFunc func(ctx context.Context, req ActionRequest) (ActionResult, error)

// funcRunner calls the registered Go function of a request whose webhook is a
// func, and passes every other request to next (the webhook runner).
type funcRunner struct {
	funcs map[string]ActionFunc
	next  ActionRunner
}

func (r funcRunner) Run(ctx context.Context, req ActionRequest) (ActionResult, error) {
	if req.Webhook != nil && req.Webhook.Func != "" {
		if fn := r.funcs[req.Webhook.Func]; fn != nil {
			slots, err := asJSON(req.Slots)
			if err != nil {
				return ActionResult{}, parley.WrapError(parley.EINVALID, err, "slots of %s", req.Action)
			}
			req.Slots = slots
			return fn(ctx, req)
		}
	}
	return r.next.Run(ctx, req)
}

// asJSON gives a function the slots as a webhook decodes them from its body: JSON
// values (a number is a float64 whatever the slot's type), so that a function and
// a webhook receiver read one shape, in a first call and in a call made again.
func asJSON(slots map[string]any) (map[string]any, error) {
	b, err := json.Marshal(slots)
	if err != nil {
		return nil, err
	}
	var out map[string]any
	return out, json.Unmarshal(b, &out)
}

// usedFuncs lists the Go functions a definition calls, sorted.
func usedFuncs(def *Definition) []string {
	var out []string
	add := func(w *Webhook) {
		if w != nil && w.Func != "" && !slices.Contains(out, w.Func) {
			out = append(out, w.Func)
		}
	}
	for _, f := range def.Flows {
		for _, st := range f.Steps {
			if st.Action != nil {
				add(st.Action.Webhook)
			}
		}
		for _, s := range f.Slots {
			for _, v := range s.Validators {
				add(v.Webhook)
			}
		}
	}
	slices.Sort(out)
	return out
}

// checkFuncs refuses a definition that calls Go functions the program did not
// register: only a Go program can run them (parley serve cannot).
func checkFuncs(def *Definition, funcs map[string]ActionFunc) error {
	var missing []string
	for _, name := range usedFuncs(def) {
		if funcs[name] == nil {
			missing = append(missing, name)
		}
	}
	if len(missing) > 0 {
		return parley.Errorf(parley.EINVALID, "%s: the flows call Go functions %s, which only a Go program embedding Parley can register (flows.Options.Funcs); parley serve calls webhooks", def.File, strings.Join(missing, ", "))
	}
	return nil
}
