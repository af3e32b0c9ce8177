package sgd

import (
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/parleyhq/parley/flows"
	"github.com/parleyhq/parley/nlu"
)

// compareCalls checks the service call a system turn makes against the calls
// the engine made in the user turn before it.
func (r *replayer) compareCalls(want *ServiceCall, made []*call, res *DialogueResult, miss func(what, want, got string)) {
	if want == nil {
		for _, c := range made {
			miss("service call", "no call", c.String())
		}
		return
	}
	res.Calls++
	wantText := want.Method + formatParams(want.Parameters)
	if len(made) != 1 {
		got := "no call"
		if len(made) > 1 {
			got = fmt.Sprintf("%d calls", len(made))
		}
		miss("service call", wantText, got)
		return
	}
	c := made[0]
	if c.Method != want.Method || !r.sameParams(want, c) {
		miss("service call", wantText, c.String())
		return
	}
	res.CallsMatched++
}

// sameParams compares the engine's parameters with the dataset's canonical ones.
// A slot holding dontcare is no parameter (SGD leaves it out of the call); an
// optional slot at its schema default equals an absent one; a value matches a
// canonical value when they are equal ignoring case, when both read as the same
// number ("$1,470" and "1470", "720 dollars" and "720"), or through another
// surface form the annotated state lists for the same value.
func (r *replayer) sameParams(want *ServiceCall, c *call) bool {
	in, _ := r.svc.Intent(want.Method)
	names := map[string]bool{}
	for k := range want.Parameters {
		names[k] = true
	}
	for k := range c.Params {
		names[k] = true
	}
	for name := range names {
		if !sameParam(in, name, want, c) {
			return false
		}
	}
	return true
}

// sameParam compares one parameter of the dataset's call and the engine's: both
// absent, one absent and the other the intent's default, or matching values.
func sameParam(in *Intent, name string, want *ServiceCall, c *call) bool {
	w, wok := want.Parameters[name]
	g, gok := c.Params[name]
	if gok && sameText(g, DontCare) {
		gok = false
	}
	switch {
	case !wok && !gok:
		return true
	case !wok:
		return in != nil && isDefault(in, name, g)
	case !gok:
		return in != nil && isDefault(in, name, w)
	}
	return matchesCanonical(g, w, c.listed[name])
}

// compareState checks the engine's state after a user turn against the
// annotated state: the active flow is the active intent, and each slot of the
// service holds one of the values listed for it (none when none is listed).
//
// The flows engine rests in idle once a flow has ended, with the slots kept and
// metadata.last_flow naming the flow; SGD keeps the intent active until the
// user names another, however its task ended (done, refused by the service,
// or left by the user: "No, I'm all set, thanks"). So an idle engine whose
// last flow is the intent matches it, and any idle engine matches NONE. An optional slot the
// engine holds at its schema default matches an unlisted one: the engine gives
// the default before the confirmation that shows it, the annotation lists it
// once the user has accepted that confirmation.
func (r *replayer) compareState(want *State, s *flows.State, miss func(what, want, got string)) {
	if active, ok := activeIntent(want, s); !ok {
		miss("active intent", want.ActiveIntent, active)
	}
	in, _ := r.svc.Intent(want.ActiveIntent)
	for _, sl := range r.svc.Slots {
		r.compareSlot(in, sl.Name, want.SlotValues[sl.Name], s, miss)
	}
}

// activeIntent describes the engine's active flow and whether it matches the
// annotated active intent.
func activeIntent(want *State, s *flows.State) (string, bool) {
	active := s.CurrentFlow
	if active != flows.FlowNone {
		return active, active == want.ActiveIntent
	}
	ok := want.ActiveIntent == IntentNone || s.Metadata.LastFlow == want.ActiveIntent
	active = "none"
	if s.Metadata.LastFlow != "" {
		active += " (last flow " + s.Metadata.LastFlow + " " + s.Metadata.LastOutcome + ")"
	}
	return active, ok
}

// compareSlot checks one slot of the engine's state against the values listed
// for it.
func (r *replayer) compareSlot(in *Intent, slot string, values []string, s *flows.State, miss func(what, want, got string)) {
	v, has := s.Slots[slot]
	has = has && v != nil
	switch {
	case len(values) > 0 && !has:
		miss("slot "+slot, listText(values), "none")
	case len(values) > 0:
		if !slices.ContainsFunc(values, func(w string) bool { return r.sameSlotValue(slot, w, valueText(v)) }) {
			miss("slot "+slot, listText(values), fmt.Sprintf("%q", valueText(v)))
		}
	case has && (in == nil || !isDefault(in, slot, valueText(v))):
		miss("slot "+slot, "none", fmt.Sprintf("%q", valueText(v)))
	}
}

// sameSlotValue compares a listed surface form with the engine's value: the
// same text, or the value the engine reads the form as (a date, a time, a city,
// a count: the engine normalized what the user said).
func (r *replayer) sameSlotValue(slot, listed, got string) bool {
	if sameText(listed, got) {
		return true
	}
	c, ok := r.engine.Normalize(slot, listed, r.start)
	return ok && sameText(c, got)
}

// intentSlots are the intent's parameters: required slots, then optional ones.
func intentSlots(in *Intent) []string {
	out := slices.Clone(in.RequiredSlots)
	return append(out, slices.Sorted(maps.Keys(in.OptionalSlots))...)
}

func isDefault(in *Intent, slot, v string) bool {
	d, ok := in.OptionalSlots[slot]
	return ok && sameText(d, v)
}

func sameText(a, b string) bool {
	return strings.EqualFold(strings.TrimSpace(a), strings.TrimSpace(b))
}

// sameValue compares an engine value with a canonical one: equal text, or the
// same number.
func sameValue(got, canonical string) bool {
	if sameText(got, canonical) {
		return true
	}
	g, gok := number(got)
	c, cok := number(canonical)
	return gok && cok && g == c
}

// matchesCanonical reports whether the engine's value g is the canonical value
// w: the same value, or one surface form of a listed value another form of
// which is w.
func matchesCanonical(g, w string, listed []string) bool {
	if sameValue(g, w) {
		return true
	}
	if !slices.ContainsFunc(listed, func(l string) bool { return sameText(l, g) }) {
		return false
	}
	return slices.ContainsFunc(listed, func(l string) bool { return sameValue(l, w) })
}

// number reads a value as a number: the whole text ("$1,470", "twenty") or its
// one quantity ("720 dollars").
func number(s string) (float64, bool) {
	if v, ok := nlu.ParseNumber(s); ok {
		return v, true
	}
	if q := nlu.ExtractQuantities(s); len(q) == 1 {
		return q[0].Value, true
	}
	return 0, false
}

func valueText(v any) string {
	switch x := v.(type) {
	case string:
		return x
	case nil:
		return ""
	}
	data, _ := json.Marshal(v)
	return string(data)
}

func listText(values []string) string {
	q := make([]string, len(values))
	for i, v := range values {
		q[i] = fmt.Sprintf("%q", v)
	}
	return "one of [" + strings.Join(q, ", ") + "]"
}
