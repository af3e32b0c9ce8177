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
	for j, st := range f.Steps {
		sp := fmt.Sprintf("%s.steps[%d]", p, j)
		check := func(path, text string, own ...string) {
			for _, m := range placeholderPattern.FindAllStringSubmatch(text, -1) {
				if name := m[1]; !filled[name] && !slices.Contains(own, name) {
					v.report(path, "warning: {%s} is not filled by any earlier step of flow %s: the user would see an empty gap; collect %s first, give it a default, or take it out of this text", name, f.Name, name)
				}
			}
		}
		if st.Collect != "" {
			check(sp+".prompt", st.Prompt, st.Collect)
			if i, ok := slotAt[st.Collect]; ok && st.Prompt == "" {
				check(fmt.Sprintf("%s.slots[%d].prompt", p, i), f.Slots[i].Prompt, st.Collect)
			}
		}
		if st.Confirm != nil {
			check(sp+".confirm.prompt", st.Confirm.Prompt)
		}
		check(sp+".say", st.Say)
		if a := st.Action; a != nil {
			for k, val := range a.Set {
				check(sp+".action.set."+k, val)
			}
			check(sp+".action.reply", a.Reply, stepFills(st)...)
		}
		for _, name := range stepFills(st) {
			filled[name] = true
		}
	}
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
