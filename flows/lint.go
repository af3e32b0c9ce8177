package flows

import (
	"fmt"
	"slices"
	"sort"
)

// Warnings reports what parses and validates but would read wrong to a user: a
// text naming a {slot} that no earlier step of its flow fills, so that the user
// would see an empty gap ("we'll call . Place the order?"). A slot counts as filled
// before a step when an earlier step collects it, an earlier action sets,
// references, outputs or offers it, it has a default (shown at the confirmation),
// or, with settings.shared_slots, another flow collects or sets it. Warnings do not
// make a file invalid: `parley validate` and `parley check` print them and go on.
func Warnings(def *Definition) []Diagnostic {
	v := &validation{def: def}
	shared := map[string]bool{}
	if def.Settings.SharedSlots {
		for _, f := range def.Flows {
			for _, st := range f.Steps {
				for _, name := range stepFills(st) {
					shared[name] = true
				}
			}
		}
	}
	for i, f := range def.Flows {
		lintFlow(v, fmt.Sprintf("$.flows[%d]", i), f, shared)
	}
	if !def.Settings.SharedSlots {
		// Shared slots are one slot in every flow: their values are no
		// flow's own by design.
		lintSharedValues(v, def)
	}
	sort.SliceStable(v.out, func(a, b int) bool {
		return v.out[a].Line < v.out[b].Line || v.out[a].Line == v.out[b].Line && v.out[a].Col < v.out[b].Col
	})
	return v.out
}

// lintFlow walks a flow's steps in order, knowing what the steps before each one
// fill.
func lintFlow(v *validation, p string, f *Flow, shared map[string]bool) {
	filled := map[string]bool{}
	slotAt := map[string]int{}
	for i, s := range f.Slots {
		slotAt[s.Name] = i
		if s.Default != "" {
			filled[s.Name] = true
		}
	}
	for name := range shared {
		filled[name] = true
	}
	// A name no step can fill is an unknown slot, which Validate reports (with
	// the name it is likely a typo of): no warning to collect it first.
	known := map[string]bool{}
	for _, s := range f.Slots {
		known[s.Name] = true
	}
	for _, st := range f.Steps {
		for _, name := range stepFills(st) {
			known[name] = true
		}
	}
	for j, st := range f.Steps {
		for _, t := range stepTexts(p, fmt.Sprintf("%s.steps[%d]", p, j), f, st, slotAt) {
			for _, m := range placeholderPattern.FindAllStringSubmatch(t.text, -1) {
				if name := m[1]; known[name] && !filled[name] && !slices.Contains(t.own, name) {
					v.report(t.path, "warning: {%s} is not filled by any earlier step of flow %s: the user would see an empty gap; collect %s first, give it a default, or take it out of this text", name, f.Name, name)
				}
			}
		}
		for _, name := range stepFills(st) {
			filled[name] = true
		}
	}
}

// stepText is a text a step says, where it is written, and the slots the step
// itself fills before saying it.
type stepText struct {
	path, text string
	own        []string
}

// stepTexts lists the texts step st (at sp, in flow f at p) says: a collect step's
// prompt (the slot's when the step has none), a confirmation's prompt, say, and
// an action's set values and reply.
func stepTexts(p, sp string, f *Flow, st *Step, slotAt map[string]int) []stepText {
	var out []stepText
	if st.Collect != "" {
		own := []string{st.Collect}
		out = append(out, stepText{sp + ".prompt", st.Prompt, own})
		if i, ok := slotAt[st.Collect]; ok && st.Prompt == "" {
			out = append(out, stepText{fmt.Sprintf("%s.slots[%d].prompt", p, i), f.Slots[i].Prompt, own})
		}
	}
	if st.Confirm != nil {
		out = append(out, stepText{sp + ".confirm.prompt", st.Confirm.Prompt, nil})
	}
	out = append(out, stepText{sp + ".say", st.Say, nil})
	if a := st.Action; a != nil {
		for k, val := range a.Set {
			out = append(out, stepText{sp + ".action.set." + k, val, nil})
		}
		out = append(out, stepText{sp + ".action.reply", a.Reply, stepFills(st)})
	}
	return out
}

// stepFills are the slots a step fills: the slot it collects, or what its action
// sets, references, outputs or offers.
func stepFills(st *Step) []string {
	var out []string
	if st.Collect != "" {
		out = append(out, st.Collect)
	}
	a := st.Action
	if a == nil {
		return out
	}
	for k := range a.Set {
		out = append(out, k)
	}
	if a.Reference != nil && a.Reference.Slot != "" {
		out = append(out, a.Reference.Slot)
	}
	out = append(out, a.Outputs...)
	return append(out, a.Offer...)
}
