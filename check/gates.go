package check

import (
	"cmp"
	"context"
	"encoding/json"
	"maps"
	"slices"
	"strings"

	"github.com/parleyhq/parley"
	"github.com/parleyhq/parley/gates"
)

// GatesModel checks a gates bot (seed 002).
type GatesModel struct {
	flow   *gates.Flow
	engine *gates.Engine
	inputs []Input
	// ageCap bounds the turns since a node's last attempt that the abstraction
	// distinguishes: one past the longest cooldown.
	ageCap int
	// file names the flow in explanations.
	file string
	// countCap bounds attempts and executions: one past the largest budget.
	countCap int
}

// staticFlow serves one flow definition as version 1.
type staticFlow []byte

func (f staticFlow) Flow(context.Context, string, int) ([]byte, int, error) { return f, 1, nil }

// loopGuard is seed 002's "same node selected 10+ consecutive turns": the
// abstraction keeps the consecutive count exact up to one past it.
const loopGuard = 10

// NewGatesModel parses (and so validates) a gates flow and derives its alphabet.
func NewGatesModel(data []byte, filename string) (*GatesModel, error) {
	f, err := gates.ParseFlow(data, filename)
	if err != nil {
		return nil, err
	}
	e, err := gates.New(gates.Options{FlowID: f.ID, Source: staticFlow(data)})
	if err != nil {
		return nil, err
	}
	m := &GatesModel{flow: f, engine: e, ageCap: 1, countCap: 4, file: filename}
	for _, p := range policies(f) {
		if p.CooldownTurns != nil {
			m.ageCap = max(m.ageCap, *p.CooldownTurns+1)
		}
		m.countCap = max(m.countCap, p.MaxAttempts+1)
	}
	for _, n := range f.Nodes {
		if n.RunPolicy.MaxExecutions != nil {
			m.countCap = max(m.countCap, *n.RunPolicy.MaxExecutions+1)
		}
		m.inputs = append(m.inputs, nodeInputs(n)...)
	}
	m.inputs = append(m.inputs, Input{Label: "unknown", Stalling: true, Message: parley.Message{Text: unknownText}})
	return m, nil
}

func policies(f *gates.Flow) []*gates.RetryPolicy {
	var out []*gates.RetryPolicy
	if f.Defaults.RetryPolicy != nil {
		out = append(out, f.Defaults.RetryPolicy)
	}
	for _, n := range f.Nodes {
		if n.RetryPolicy != nil {
			out = append(out, n.RetryPolicy)
		}
	}
	return out
}

// nodeInputs: the node's extraction succeeding for every fact it reads, and for
// each one alone when it reads several.
func nodeInputs(n gates.Node) []Input {
	values := map[string]any{}
	var facts []string
	for _, x := range n.Extract {
		for fact, v := range extractorSamples(x) {
			values[fact] = v
			facts = append(facts, fact)
		}
	}
	if len(facts) == 0 {
		return nil
	}
	slices.Sort(facts)
	out := []Input{factInput(n.ID+": "+strings.Join(facts, ", "), values)}
	if len(facts) > 1 {
		for _, f := range facts {
			out = append(out, factInput(n.ID+": "+f, map[string]any{f: values[f]}))
		}
	}
	return out
}

func factInput(label string, entities map[string]any) Input {
	var parts []string
	for _, k := range slices.Sorted(maps.Keys(entities)) {
		parts = append(parts, k+" "+entities[k].(string))
	}
	return Input{Label: label, Message: parley.Message{Text: strings.Join(parts, ", "),
		NLU: &parley.NLU{Intent: "inform", Entities: entities, Confidence: 1}}}
}

// extractorSamples gives a value of the extractor's kind for each fact it reads.
func extractorSamples(x gates.Extractor) map[string]any {
	if x.Kind == gates.ExtractRegex {
		out := map[string]any{}
		for _, g := range namedGroups(x.Pattern) {
			out[g] = "x"
		}
		return out
	}
	sample, ok := kindSamples[x.Kind]
	if !ok {
		return nil // delta: computed from facts already known
	}
	return map[string]any{cmp.Or(x.Entity, x.Fact): sample(x)}
}

// kindSamples give a value of each extractor kind that reads one fact.
var kindSamples = map[string]func(x gates.Extractor) any{
	gates.ExtractEmail: func(gates.Extractor) any { return "someone@example.com" },
	gates.ExtractPhone: func(gates.Extractor) any { return "+1 415 555 0100" },
	gates.ExtractDate:  func(gates.Extractor) any { return "2026-06-15" },
	gates.ExtractNumber: func(x gates.Extractor) any {
		if len(x.Unit) > 0 {
			return "42 " + x.Unit[0]
		}
		return "42"
	},
	gates.ExtractCategory: func(x gates.Extractor) any {
		if keys := slices.Sorted(maps.Keys(x.Categories)); len(keys) > 0 {
			return keys[0]
		}
		return x.Default
	},
}

func namedGroups(pattern string) []string {
	var out []string
	for _, part := range strings.Split(pattern, "(?P<")[1:] {
		if i := strings.IndexByte(part, '>'); i > 0 {
			out = append(out, part[:i])
		}
	}
	for _, part := range strings.Split(pattern, "(?<")[1:] {
		if i := strings.IndexByte(part, '>'); i > 0 && part[0] != '=' && part[0] != '!' {
			out = append(out, part[:i])
		}
	}
	return out
}

// Engine returns the engine.
func (m *GatesModel) Engine() parley.Engine { return m.engine }

// Inputs are the same in every state: any node's answer can come at any time.
func (m *GatesModel) Inputs(any) []Input { return m.inputs }

// volatileGatesKeys record history or values, not the controller's position.
var volatileGatesKeys = []string{"turnLog", "metrics", "gateTimeline", "factValues", "handoffReason", "flowVersion", "userTurns"}

// smallCounters are read only as "none, one, more" by the controller.
var smallCounters = []string{"afterGoalMessages", "deadlocks", "handoffs"}

// Abstract drops logs and values, turns last-attempt turns into ages (what
// cooldowns read) and caps counters one past their budgets; a number the
// abstraction does not know is capped like a counter.
func (m *GatesModel) Abstract(state any, _ int64) (string, error) {
	st := state.(*gates.RuntimeState)
	// Clear the logs on a shallow copy first: they are most of the bytes.
	light := *st
	light.TurnLog, light.GateTimeline, light.FactValues = nil, nil, nil
	light.Metrics = gates.ConversationMetrics{}
	doc, err := toMap(&light)
	if err != nil {
		return "", err
	}
	for _, k := range volatileGatesKeys {
		delete(doc, k)
	}
	next := st.UserTurns + 1 // the turn number the next message gets
	ages := map[string]any{}
	for n, t := range st.LastAttemptTurn {
		ages[n] = min(next-t, m.ageCap)
	}
	doc["lastAttemptTurn"] = ages
	if v, ok := doc["consecutiveSelections"].(float64); ok {
		doc["consecutiveSelections"] = min(int(v), loopGuard+1)
	}
	for _, k := range smallCounters {
		if v, ok := doc[k].(float64); ok {
			doc[k] = min(int(v), 2)
		}
	}
	m.capCounts(doc)
	b, err := json.Marshal(doc)
	return string(b), err
}

// capCounts caps the numbers of doc, and of its maps but lastAttemptTurn (ages,
// capped already), at countCap.
func (m *GatesModel) capCounts(doc map[string]any) {
	for k, v := range doc {
		switch v := v.(type) {
		case float64:
			doc[k] = min(v, float64(m.countCap))
		case map[string]any:
			if k != "lastAttemptTurn" {
				m.capMap(v)
			}
		}
	}
}

func (m *GatesModel) capMap(v map[string]any) {
	for n, x := range v {
		if f, ok := x.(float64); ok {
			v[n] = min(f, float64(m.countCap))
		}
	}
}

// Observe: the goal is the flow complete; a handoff or deadlock leaves the
// conversation to a human; a complete flow has no task under way.
func (m *GatesModel) Observe(d parley.Decision) Observation {
	st := d.State.(*gates.RuntimeState)
	return Observation{
		Handoff: handedOff(d),
		Goal:    st.Status == gates.StatusComplete,
		Exit:    st.Status == gates.StatusHandoff || st.Status == gates.StatusDeadlock,
		Resting: st.Status == gates.StatusComplete,
	}
}

// Units are the node the conversation is at and the gates satisfied.
func (m *GatesModel) Units(state any) []string {
	st := state.(*gates.RuntimeState)
	var out []string
	for _, n := range []string{st.Position, st.LastPromptedNode} {
		if m.isNode(n) {
			out = append(out, "node "+n)
		}
	}
	for _, g := range st.GatesSatisfied {
		out = append(out, "gate "+g)
	}
	return out
}

func (m *GatesModel) isNode(id string) bool {
	return slices.ContainsFunc(m.flow.Nodes, func(n gates.Node) bool { return n.ID == id })
}

// AllUnits lists every node and gate of the flow.
func (m *GatesModel) AllUnits() []string {
	var out []string
	for _, n := range m.flow.Nodes {
		out = append(out, "node "+n.ID)
	}
	for _, g := range slices.Sorted(maps.Keys(m.flow.Gates)) {
		out = append(out, "gate "+g)
	}
	return out
}

// Describe names the controller's position.
func (m *GatesModel) Describe(state any) (string, map[string]any) {
	st := state.(*gates.RuntimeState)
	sig := map[string]any{"status": st.Status}
	desc := st.Status
	if st.Position != "" {
		sig["position"] = st.Position
		desc += " at " + st.Position
	}
	if st.LastPromptedNode != "" {
		sig["lastPromptedNode"] = st.LastPromptedNode
		desc += ", asking " + st.LastPromptedNode
	}
	return desc, sig
}
