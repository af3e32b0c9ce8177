package check

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/parleyhq/parley"
	"github.com/parleyhq/parley/flows"
)

// FlowsModel checks a flows bot (seeds 001 and 003).
type FlowsModel struct {
	def    *flows.Definition
	engine *flows.Engine
	static []Input
	// entities are, per flow, its slots' values as an upstream parse gives them;
	// answers are the plain answers to an awaited slot: valid, then invalid.
	entities map[string][]Input
	answers  map[string][]Input
	// kept are the values branches compare slots with: those slots' values stay
	// in the abstract state.
	kept   map[string][]string
	live   liveness
	runner *sampleRunner
	// changes are, per flow and confirm step whose no asks what to change, a
	// message naming each slot a step collects ("the appointment time"): the
	// change loop.
	changes map[string]map[string][]Input
	// blocked are the slots no sample value passes, by flow and slot.
	blocked []blockedSlot
	// Exact turns the reduction off (liveness): every field of the state but the
	// history stays in the abstract state. The verdicts must be the same.
	Exact bool
}

// sampleRunner answers every webhook action as succeeded, with no data: the
// checker explores the dialogue, not the service behind it. A custom validator
// takes every value but the one chosen to stand for its refusal (refused, by
// slot), so that both of its answers are explored.
type sampleRunner struct{ refused map[string]string }

func (r *sampleRunner) Run(_ context.Context, req flows.ActionRequest) (flows.ActionResult, error) {
	valid := true
	if slot, ok := strings.CutPrefix(req.Step, validatePrefix); ok {
		if v, has := r.refused[slot]; has && fmt.Sprint(req.Slots[slot]) == v {
			valid = false
		}
	}
	return flows.ActionResult{Valid: &valid}, nil
}

// validatePrefix starts the step of a custom validator's request ("validate:" and
// the slot's name).
const validatePrefix = "validate:"

// NewFlowsModel compiles def with actions that succeed and derives its alphabet.
func NewFlowsModel(def *flows.Definition) (*FlowsModel, error) {
	runner := &sampleRunner{refused: map[string]string{}}
	e, err := flows.New(def, flows.Options{Runner: runner})
	if err != nil {
		return nil, err
	}
	m := &FlowsModel{def: def, engine: e, runner: runner, entities: map[string][]Input{}, answers: map[string][]Input{}, kept: branchValues(def)}
	m.live = newLiveness(def, m.kept)
	m.changes = changeInputs(def)
	m.static = append(m.static, m.triggers()...)
	m.slotInputs()
	m.static = append(m.static,
		Input{Label: "affirm", Message: parley.Message{Text: "yes"}},
		Input{Label: "deny", Message: parley.Message{Text: "no"}},
		Input{Label: "cancel", Message: parley.Message{Text: "cancel"}},
		Input{Label: "unknown", Stalling: true, Message: parley.Message{Text: unknownText}},
	)
	return m, nil
}

// unknownText is a message no rule understands and no extractor reads.
const unknownText = "qwzx vlorp"

func (m *FlowsModel) triggers() []Input {
	var out []Input
	for _, f := range m.def.Flows {
		msg := parley.Message{}
		switch {
		case len(f.Trigger.Intents) > 0:
			msg.Text = f.Trigger.Intents[0]
			msg.NLU = &parley.NLU{Intent: f.Trigger.Intents[0], Confidence: 1}
		case len(f.Trigger.Keywords) > 0:
			msg.Text = f.Trigger.Keywords[0]
		case len(f.Trigger.Examples) > 0:
			msg.Text = f.Trigger.Examples[0]
		default:
			continue
		}
		out = append(out, Input{Label: "start " + f.Name, Message: msg})
	}
	return out
}

// slotInputs gives each slot a valid and (when one exists) an invalid value, both
// as entities of an upstream parse while its flow is active and as a plain answer
// while the slot is awaited. A slot a branch tests gets each value the branch names.
func (m *FlowsModel) slotInputs() {
	seen := map[string]bool{}
	for fi, f := range m.def.Flows {
		var out []Input
		taken := map[string]bool{}
		for si, sl := range f.Slots {
			smp := slotSamples(m.engine, f.Name, sl, Options{}.start(), taken)
			for _, v := range smp.valid {
				taken[v] = true
			}
			if smp.blocked != nil {
				m.blocked = append(m.blocked, blockedSlot{flow: fi, slot: si, blocked: *smp.blocked})
			}
			out = append(out, m.slotValueInputs(sl, smp, !seen[sl.Name])...)
			seen[sl.Name] = true
		}
		m.entities[f.Name] = out
	}
}

// slotValueInputs are the entity inputs of a slot's values; first says the slot
// is met for the first time, its plain answers are then recorded too.
func (m *FlowsModel) slotValueInputs(sl *flows.Slot, smp samples, first bool) []Input {
	var out []Input
	for i, v := range dedupe(append(smp.valid, m.kept[sl.Name]...)) {
		label := "valid " + sl.Name
		if i > 0 {
			label += " = " + v
		}
		out = append(out, entity(label, sl.Name, v, false))
		if first {
			m.answers[sl.Name] = append(m.answers[sl.Name], Input{Label: "answer " + label, Message: parley.Message{Text: v}})
		}
	}
	if smp.refused != "" {
		m.runner.refused[sl.Name] = smp.refused
	}
	// An upstream parse's city is taken as given (its NLU knows more places
	// than Parley's list): only a typed answer can be no city. A value of a
	// closed slot outside its list is not understood, like a typed answer it
	// cannot read: the user is asked again, as when stalling.
	bad := []struct {
		label, value string
		entity       bool
	}{{"invalid " + sl.Name, smp.invalid, sl.Type != flows.TypeCity && !smp.closed}, {"refused " + sl.Name, smp.refused, true}}
	for _, b := range bad {
		if b.value != "" && b.entity {
			out = append(out, entity(b.label, sl.Name, b.value, true))
		}
		if b.value != "" && first {
			m.answers[sl.Name] = append(m.answers[sl.Name], Input{Label: "answer " + b.label, Stalling: true, Message: parley.Message{Text: b.value}})
		}
	}
	return out
}

// changeInputs name each collected slot of a flow at its confirm steps whose
// on_no is ask_change, as a user answers "what would you like to change?".
func changeInputs(def *flows.Definition) map[string]map[string][]Input {
	out := map[string]map[string][]Input{}
	for _, f := range def.Flows {
		var names []Input
		for _, st := range f.Steps {
			if st.Collect != "" {
				names = append(names, Input{Label: "change " + st.Collect, Message: parley.Message{Text: "the " + slotLabel(f, st.Collect)}})
			}
		}
		for _, st := range f.Steps {
			if st.Confirm != nil && st.Confirm.OnNo == "ask_change" {
				if out[f.Name] == nil {
					out[f.Name] = map[string][]Input{}
				}
				out[f.Name][st.ID] = names
			}
		}
	}
	return out
}

// slotLabel is how replies name a slot of f: its label, else its name in words.
func slotLabel(f *flows.Flow, name string) string {
	for _, sl := range f.Slots {
		if sl.Name == name && sl.Label != "" {
			return sl.Label
		}
	}
	return strings.ReplaceAll(name, "_", " ")
}

func entity(label, slot, value string, stalling bool) Input {
	return Input{Label: label, Stalling: stalling, Message: parley.Message{Text: value,
		NLU: &parley.NLU{Intent: "inform", Entities: map[string]any{slot: value}, Confidence: 1}}}
}

func dedupe(values []string) []string {
	var out []string
	for _, v := range values {
		if v != "" && !slices.Contains(out, v) {
			out = append(out, v)
		}
	}
	return out
}

// branchValues collects, per slot, the values branch conditions compare it with
// (and one on each side of a numeric bound), so each branch can be taken.
func branchValues(def *flows.Definition) map[string][]string {
	out := map[string][]string{}
	for _, f := range def.Flows {
		for _, st := range f.Steps {
			for _, c := range st.Branch {
				if c.If != nil {
					out[c.If.Slot] = append(out[c.If.Slot], conditionValues(c.If)...)
				}
			}
		}
	}
	return out
}

// conditionValues are the values a branch condition compares its slot with, and
// one on each side of a numeric bound.
func conditionValues(c *flows.Condition) []string {
	var v []string
	for _, s := range []*string{c.Equals, c.NotEquals} {
		if s != nil {
			v = append(v, *s)
		}
	}
	v = append(v, c.In...)
	num := func(f float64) string { return strconv.FormatFloat(f, 'f', -1, 64) }
	for _, b := range []*float64{c.GT, c.LT} {
		if b != nil {
			v = append(v, num(*b-1), num(*b+1))
		}
	}
	return v
}

// Engine returns the compiled engine.
func (m *FlowsModel) Engine() parley.Engine { return m.engine }

// Inputs adds to the static alphabet the active flow's slot values and the plain
// answers of the awaited slot.
func (m *FlowsModel) Inputs(state any) []Input {
	s := state.(*flows.State)
	in := append(slices.Clip(m.static), m.entities[s.CurrentFlow]...)
	if s.WaitingForSlot != nil {
		in = append(in, m.answers[*s.WaitingForSlot]...)
	}
	if s.CurrentStep != nil {
		in = append(in, m.changes[s.CurrentFlow][*s.CurrentStep]...)
	}
	return in
}

// Abstract drops the history and collapses slot values to "set", except the
// values of slots a branch tests. It works on a copy of the state, cleared of
// what records history rather than position, and encodes that copy: every other
// field, a new one included, stays part of the abstract state.
func (m *FlowsModel) Abstract(state any, _ int64) (string, error) {
	light := *state.(*flows.State)
	light.Messages, light.Trace, light.TurnCount, light.LastResponse, light.LastNLUCall = nil, nil, 0, "", nil
	// The count of calls made names the next call's idempotency key, and
	// nothing else: history, not position.
	light.Metadata.Calls = 0
	if !m.Exact {
		m.live.reduce(&light)
	}
	light.Slots = m.collapse(light.Slots)
	if e := light.Metadata.Error; e != nil {
		light.Metadata.Error = &flows.ErrorInfo{Type: e.Type, RecoveryState: e.RecoveryState}
	}
	if len(light.FlowStack) > 0 {
		stack := make([]flows.Frame, len(light.FlowStack))
		for i, fr := range light.FlowStack {
			fr.Slots = m.collapse(fr.Slots)
			stack[i] = fr
		}
		light.FlowStack = stack
	}
	b, err := json.Marshal(&light)
	return string(b), err
}

// collapse returns a copy of slots with each value "set", but the values of
// slots a branch tests.
func (m *FlowsModel) collapse(slots map[string]any) map[string]any {
	if slots == nil {
		return nil
	}
	out := make(map[string]any, len(slots))
	for k, v := range slots {
		if _, ok := m.kept[k]; ok || v == nil {
			out[k] = v
		} else {
			out[k] = "set"
		}
	}
	return out
}

// Observe reads a flows decision: the goal is a flow completed (not cancelled or
// handed off); no task is under way when no flow is active.
func (m *FlowsModel) Observe(d parley.Decision) Observation {
	s := d.State.(*flows.State)
	obs := Observation{Handoff: handedOff(d), Resting: s.CurrentFlow == flows.FlowNone,
		// A human has the conversation until handback: the bot says nothing.
		Exit: s.Metadata.Handoff != ""}
	if s.Metadata.LastFlow != "" {
		// A flow that ran within one turn (a handoff, a say) never rests.
		obs.Units = append(obs.Units, "flow "+s.Metadata.LastFlow)
	}
	for _, t := range d.Transitions {
		if t.To == "completed" && s.Metadata.LastOutcome == flows.OutcomeCompleted {
			obs.Goal = true
		}
	}
	return obs
}

func handedOff(d parley.Decision) bool {
	for _, ev := range d.Events {
		if ev.Type == parley.EventHandoff {
			return true
		}
	}
	for _, ef := range d.Effects {
		if ef.Kind == "handoff" {
			return true
		}
	}
	return false
}

// Units are the active flow, its resting step and the slots filled.
func (m *FlowsModel) Units(state any) []string {
	s := state.(*flows.State)
	var out []string
	if s.CurrentFlow != flows.FlowNone {
		out = append(out, "flow "+s.CurrentFlow)
		if s.CurrentStep != nil {
			out = append(out, "step "+s.CurrentFlow+"."+*s.CurrentStep)
		}
	}
	for k := range s.Slots {
		out = append(out, "slot "+k)
	}
	return out
}

// AllUnits lists every flow, every slot and every step a conversation rests on
// (collect and confirm); steps passed through within a turn are proved by the goal.
func (m *FlowsModel) AllUnits() []string {
	var out []string
	for _, f := range m.def.Flows {
		out = append(out, "flow "+f.Name)
		for _, sl := range f.Slots {
			out = append(out, "slot "+sl.Name)
		}
		for _, st := range f.Steps {
			if st.Collect != "" || st.Confirm != nil {
				out = append(out, "step "+f.Name+"."+st.ID)
			}
		}
	}
	return dedupe(out)
}

// Describe names the dialogue position.
func (m *FlowsModel) Describe(state any) (string, map[string]any) {
	s := state.(*flows.State)
	sig := map[string]any{"conversation_state": string(s.ConversationState), "current_flow": s.CurrentFlow}
	desc := string(s.ConversationState)
	if s.CurrentFlow != flows.FlowNone {
		desc += " in " + s.CurrentFlow
	}
	if s.CurrentStep != nil {
		sig["current_step"] = *s.CurrentStep
		desc += " at step " + *s.CurrentStep
	}
	if s.WaitingForSlot != nil {
		sig["waiting_for_slot"] = *s.WaitingForSlot
		desc += fmt.Sprintf(" (awaiting %s)", *s.WaitingForSlot)
	}
	return desc, sig
}

func toMap(v any) (map[string]any, error) {
	b, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	var doc map[string]any
	err = json.Unmarshal(b, &doc)
	return doc, err
}
