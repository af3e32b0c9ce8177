package gates

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/parleyhq/parley"
)

// coachDoc returns the demo flow as a generic document to mutate.
func coachDoc(t *testing.T) map[string]any {
	t.Helper()
	var doc map[string]any
	if err := json.Unmarshal(DemoFlow(), &doc); err != nil {
		t.Fatal(err)
	}
	return doc
}

func nodeOf(doc map[string]any, i int) map[string]any {
	return doc["nodes"].([]any)[i].(map[string]any)
}

func TestDemoFlowIsValid(t *testing.T) {
	f, err := ParseFlow(DemoFlow(), "coach.json")
	if err != nil {
		t.Fatal(err)
	}
	if f.ID != "coach" || len(f.Nodes) != 5 || f.PrimaryGoal.Gate != "BOOKING" {
		t.Errorf("unexpected demo flow %+v", f)
	}
}

func TestParseFlowRefuses(t *testing.T) {
	tests := []struct {
		name   string
		mutate func(doc map[string]any)
		want   string // the error message starts with this
	}{
		{"undefined gate in requires", func(d map[string]any) {
			nodeOf(d, 4)["requires"] = []any{"CONTACTS"}
		}, `nodes[4].requires[0]: gate "CONTACTS" is not defined`},
		{"undefined gate in satisfies", func(d map[string]any) {
			nodeOf(d, 3)["satisfies"] = map[string]any{"gates": []any{"NOPE"}}
		}, `nodes[3].satisfies.gates[0]: gate "NOPE" is not defined`},
		{"undefined state", func(d map[string]any) {
			nodeOf(d, 1)["requiresStates"] = []any{"WELCOMED"}
		}, `nodes[1].requiresStates[0]: state "WELCOMED" is not produced by any node`},
		{"duplicate node id", func(d map[string]any) {
			nodeOf(d, 4)["id"] = "contact-1"
		}, `nodes[4].id: duplicate node id "contact-1" (also nodes[3])`},
		{"unreachable primary goal", func(d map[string]any) {
			nodeOf(d, 4)["requiresStates"] = []any{"BOOKED"}
			nodeOf(d, 4)["producesStates"] = []any{"BOOKED"}
		}, `primaryGoal.gate: no node can reach gate "BOOKING": nothing reachable produces fact booking_date; fact booking_type`},
		{"undefined goal gate", func(d map[string]any) {
			d["primaryGoal"] = map[string]any{"type": "GATE", "gate": "PAID"}
		}, `primaryGoal.gate: gate "PAID" is not defined`},
		{"alias source produced by nobody", func(d map[string]any) {
			d["factAliases"].(map[string]any)["mail"] = "contact_email"
		}, `factAliases.mail: alias source "mail" is not produced by any node`},
		{"alias target nowhere", func(d map[string]any) {
			d["factAliases"].(map[string]any)["email"] = "contact_emial"
		}, `factAliases.email: alias target "contact_emial" is used by no gate, extractor or prompt`},
		{"gate fact produced by nobody", func(d map[string]any) {
			d["gates"].(map[string]any)["BOOKING"] = map[string]any{"satisfiedBy": map[string]any{"metricsAll": []any{"booking_date", "booking_kind"}}}
		}, `gates.BOOKING.satisfiedBy.metricsAll[1]: fact "booking_kind" is not produced by any node`},
		{"unknown key", func(d map[string]any) {
			nodeOf(d, 2)["retryPolicy"] = map[string]any{"maxAttempts": 2, "onExhausted": "SKIP"}
		}, `nodes[2].retryPolicy: unknown key "onExhausted"`},
		{"ask for a fact the node does not produce", func(d map[string]any) {
			nodeOf(d, 4)["prompts"].(map[string]any)["ask"] = map[string]any{"contact_email": "Your email?"}
		}, `nodes[4].prompts.ask.contact_email: fact "contact_email" is not produced by node booking-1`},
		{"ask placeholder names no fact", func(d map[string]any) {
			nodeOf(d, 4)["prompts"].(map[string]any)["ask"] = map[string]any{"booking_type": "On {booking_day}?"}
		}, `nodes[4].prompts.ask.booking_type:`},
		{"flow message placeholder names no fact", func(d map[string]any) {
			d["messages"].(map[string]any)["afterGoal"] = "See you on {booking_day}."
		}, `messages.afterGoal:`},
		{"unknown top-level key", func(d map[string]any) {
			d["edges"] = []any{}
		}, `(root): unknown key "edges"`},
		{"bad importance", func(d map[string]any) {
			nodeOf(d, 0)["importance"] = "urgent"
		}, `nodes[0].importance: "urgent" is not one of high, normal, low`},
		{"bad onExhaust", func(d map[string]any) {
			nodeOf(d, 3)["retryPolicy"].(map[string]any)["onExhaust"] = "GIVE_UP"
		}, `nodes[3].retryPolicy.onExhaust: "GIVE_UP" is not one of CLARIFY, BROADEN, HANDOFF, SKIP`},
		{"wrong type", func(d map[string]any) {
			nodeOf(d, 3)["retryPolicy"].(map[string]any)["maxAttempts"] = "three"
		}, `nodes[3].retryPolicy.maxAttempts: expected an integer, got a string`},
		{"extractor fact not produced", func(d map[string]any) {
			nodeOf(d, 3)["extract"] = []any{map[string]any{"kind": "email", "fact": "mail"}}
		}, `nodes[3].extract[0].fact: fact "mail" is not in the node's produces`},
		{"bad regex", func(d map[string]any) {
			nodeOf(d, 3)["extract"] = []any{map[string]any{"kind": "regex", "pattern": "(?P<email>"}}
		}, `nodes[3].extract[0].pattern: not a valid regular expression`},
		{"unknown extractor kind", func(d map[string]any) {
			nodeOf(d, 3)["extract"] = []any{map[string]any{"kind": "llm", "fact": "email"}}
		}, `nodes[3].extract[0].kind: "llm" is not one of`},
		{"zero max executions", func(d map[string]any) {
			nodeOf(d, 0)["runPolicy"] = map[string]any{"maxExecutions": 0}
		}, `nodes[0].runPolicy.maxExecutions: must be at least 1`},
		{"placeholder names no fact", func(d map[string]any) {
			nodeOf(d, 4)["prompts"].(map[string]any)["done"] = "See you {booking_day}"
		}, `nodes[4].prompts.done: placeholder {booking_day} names no fact`},
		{"no nodes", func(d map[string]any) { d["nodes"] = []any{} }, `nodes: a flow needs at least one node`},
		{"bad post-goal policy", func(d map[string]any) { d["postGoalPolicy"] = "LATER" }, `postGoalPolicy: "LATER" is not one of STOP, CONTINUE_HIGH`},
		{"missing goal", func(d map[string]any) { delete(d, "primaryGoal") }, `primaryGoal.type: a flow needs a primary goal`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			doc := coachDoc(t)
			tt.mutate(doc)
			data, err := json.Marshal(doc)
			if err != nil {
				t.Fatal(err)
			}
			_, err = ParseFlow(data, "coach.json")
			if parley.ErrorCode(err) != parley.EINVALID {
				t.Fatalf("error %v, want code invalid", err)
			}
			if msg := parley.ErrorMessage(err); !strings.HasPrefix(msg, tt.want) {
				t.Errorf("message\n  %s\nwant prefix\n  %s", msg, tt.want)
			}
		})
	}
}

func TestParseFlowYAML(t *testing.T) {
	const doc = `
id: tiny
primaryGoal: {type: STATE, state: DONE}
nodes:
  - id: only
    producesStates: [DONE]
    prompts:
      variants: ["Ready?"]
`
	f, err := ParseFlow([]byte(doc), "tiny.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if f.ID != "tiny" || f.Nodes[0].Prompts.Variants[0] != "Ready?" {
		t.Errorf("decoded %+v", f)
	}
	_, err = ParseFlow([]byte(doc+"    colour: red\n"), "tiny.yml")
	if msg := parley.ErrorMessage(err); !strings.HasPrefix(msg, `nodes[0]: unknown key "colour"`) {
		t.Errorf("unknown YAML key: %v", err)
	}
	if _, err := ParseFlow([]byte("nodes: [unclosed"), "bad.yaml"); parley.ErrorCode(err) != parley.EINVALID {
		t.Errorf("bad YAML: %v", err)
	}
}

// FuzzParseFlow: any input is either refused with EINVALID or accepted as a flow
// that survives a JSON round trip unchanged; never a panic.
func FuzzParseFlow(f *testing.F) {
	f.Add(DemoFlow(), "coach.json")
	f.Add([]byte(`{"nodes":[{"id":"a","producesStates":["S"]}],"primaryGoal":{"type":"STATE","state":"S"}}`), "a.json")
	f.Add([]byte("primaryGoal: {type: GATE, gate: G}\ngates: {G: {satisfiedBy: {}}}\nnodes: [{id: a}]\n"), "a.yaml")
	f.Add([]byte(`{"nodes":[{"id":"a","extract":[{"kind":"regex","pattern":"(?P<x>\\d+)"}],"produces":["x"]}]}`), "r.json")
	f.Fuzz(func(t *testing.T, data []byte, name string) {
		flow, err := ParseFlow(data, name)
		if err != nil {
			if parley.ErrorCode(err) != parley.EINVALID {
				t.Fatalf("error code %q: %v", parley.ErrorCode(err), err)
			}
			return
		}
		again, err := json.Marshal(flow)
		if err != nil {
			t.Fatal(err)
		}
		back, err := ParseFlow(again, "again.json")
		if err != nil {
			t.Fatalf("accepted flow does not re-parse: %v\n%s", err, again)
		}
		if third, _ := json.Marshal(back); string(third) != string(again) {
			t.Fatalf("round trip changed the flow:\n%s\n%s", again, third)
		}
	})
}

func TestParseFlowRefusesTrailingData(t *testing.T) {
	for _, tail := range []string{"}", "]", " {}", "x"} {
		data := append(append([]byte(nil), DemoFlow()...), tail...)
		if _, err := ParseFlow(data, "coach.json"); parley.ErrorCode(err) != parley.EINVALID {
			t.Errorf("flow followed by %q: %v, want code invalid", tail, err)
		}
	}
	if _, err := ParseFlow(append(append([]byte(nil), DemoFlow()...), " \n"...), "coach.json"); err != nil {
		t.Errorf("trailing whitespace refused: %v", err)
	}
}
