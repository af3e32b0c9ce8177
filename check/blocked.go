package check

import (
	"cmp"
	"fmt"
	"strings"

	"github.com/parleyhq/parley/flows"
)

// PropValues is the property that every slot has a value its validators take:
// without one, nothing after the step that collects it can be explored.
const PropValues = "every slot can be filled"

// blockedSlot is a slot (flows[flow].slots[slot] of the definition) no sample
// value passes.
type blockedSlot struct {
	flow, slot int
	blocked
}

// staticFindings are what the model found before exploring: each slot no sample
// passes, at the validator that refused the candidate that got furthest.
func (m *FlowsModel) staticFindings() []Finding {
	var out []Finding
	for _, b := range m.blocked {
		out = append(out, Finding{Property: PropValues, State: -1, Message: m.blockedMessage(b)})
	}
	return out
}

// blockedMessage says which validator no value passes, where, what was tried and
// which steps could not be explored: "no value of appointment_time passes its
// regex at clinic.yaml:33:13 (tried 9am, 10am); steps after ask_time were not
// explored".
func (m *FlowsModel) blockedMessage(b blockedSlot) string {
	f := m.def.Flows[b.flow]
	sl := f.Slots[b.slot]
	at := fmt.Sprintf("$.flows[%d].slots[%d]", b.flow, b.slot)
	what := fmt.Sprintf("reads as its type (%s)", cmp.Or(sl.Type, flows.TypeText))
	if b.validator >= 0 && b.validator < len(sl.Validators) {
		at = fmt.Sprintf("%s.validators[%d]", at, b.validator)
		what = "passes its " + sl.Validators[b.validator].Type
	} else {
		at += ".type"
	}
	msg := fmt.Sprintf("no value of %s %s at %s (tried %s)", sl.Name, what, m.def.Position(at), strings.Join(b.tried, ", "))
	if step := collectStep(f, sl.Name); step != "" {
		msg += fmt.Sprintf("; steps after %s were not explored", step)
	}
	return msg
}

// collectStep is the id of the first step of f that collects slot; "" when none.
func collectStep(f *flows.Flow, slot string) string {
	for _, st := range f.Steps {
		if st.Collect == slot {
			return st.ID
		}
	}
	return ""
}

// blockedWhy explains a finding a slot without a value causes: "" when every
// slot has one.
func (m *FlowsModel) blockedWhy() string {
	if len(m.blocked) == 0 {
		return ""
	}
	b := m.blocked[0]
	sl := m.def.Flows[b.flow].Slots[b.slot]
	return fmt.Sprintf("slot %s takes none of the values check tried (see %q above), so the conversation stops at the step that collects it: correct its validators or its type first", sl.Name, PropValues)
}
