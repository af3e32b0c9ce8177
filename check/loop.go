package check

import (
	"fmt"

	"github.com/parleyhq/parley/flows"
)

// backLoop explains a loop that comes back to step target of flow flowName: the
// later step whose next: or branch case goes back to it (or before it), with
// that field's position, the two steps the loop runs between and the exit it
// lacks; "" when no step goes back.
func (m *FlowsModel) backLoop(flowName, target string) string {
	for fi, f := range m.def.Flows {
		if f.Name != flowName {
			continue
		}
		at := stepIndex(f, target)
		if at < 0 {
			return ""
		}
		for si := at; si < len(f.Steps); si++ {
			if field, to, ok := goesBack(f, si, at); ok {
				back := f.Steps[si]
				pos := m.def.Position(fmt.Sprintf("$.flows[%d].steps[%d].%s", fi, si, field))
				return fmt.Sprintf("step %s sends the conversation back to step %s (%s at %s), so the loop %s -> %s has no exit: give step %s a way out that ends the flow or hands off (an else, or a case for the value that keeps failing), or end the retries of the slot %s asks for with on_exhaust: handoff or cancel",
					back.ID, to, field, pos, to, back.ID, back.ID, to)
			}
		}
	}
	return ""
}

// goesBack reports whether step si of f goes back to step at or before it, by
// which field (next, branch[j].goto) and to which step.
func goesBack(f *flows.Flow, si, at int) (field, to string, ok bool) {
	st := f.Steps[si]
	if j := stepIndex(f, st.Next); j >= 0 && j <= at {
		return "next", st.Next, true
	}
	for k, c := range st.Branch {
		if j := stepIndex(f, c.Goto); j >= 0 && j <= at {
			return fmt.Sprintf("branch[%d].goto", k), c.Goto, true
		}
	}
	return "", "", false
}

func stepIndex(f *flows.Flow, id string) int {
	for i, st := range f.Steps {
		if id != "" && st.ID == id {
			return i
		}
	}
	return -1
}

// unusedStep explains "step F.S is never reached" (msg) by the ways into S: the
// branch cases and next: fields that name it, with their positions; a branch
// case whose condition no explored answer met is the usual cause. "" for
// another unit, or a step nothing names.
func (m *FlowsModel) unusedStep(msg string) string {
	var flowName, step string
	if _, err := fmt.Sscanf(msg, "step %s is never reached", &step); err != nil {
		return ""
	}
	for fi, f := range m.def.Flows {
		if prefix := f.Name + "."; len(step) > len(prefix) && step[:len(prefix)] == prefix {
			flowName, step = f.Name, step[len(prefix):]
			if ways := m.waysInto(fi, f, step); len(ways) > 0 {
				return fmt.Sprintf("step %s of flow %s is entered only through %s, and no explored conversation took one: check that the condition can hold for a value its slot accepts, or that the step before it can finish", step, flowName, joinOr(ways))
			}
		}
	}
	return ""
}

// waysInto lists the fields of flow f (the fi-th) that lead to step: branch
// cases and next: naming it.
func (m *FlowsModel) waysInto(fi int, f *flows.Flow, step string) []string {
	var ways []string
	for si, st := range f.Steps {
		at := fmt.Sprintf("$.flows[%d].steps[%d]", fi, si)
		if st.Next == step {
			ways = append(ways, fmt.Sprintf("next: of step %s (%s)", st.ID, m.def.Position(at+".next")))
		}
		for k, c := range st.Branch {
			if c.Goto == step && c.If != nil {
				ways = append(ways, fmt.Sprintf("branch[%d] of step %s, if %s (%s)", k, st.ID, condition(c.If), m.def.Position(fmt.Sprintf("%s.branch[%d].if", at, k))))
			}
		}
	}
	return ways
}

// condition writes a branch condition as its author did ("size equals medium").
func condition(c *flows.Condition) string {
	s := c.Slot
	switch {
	case c.Equals != nil:
		s += " equals " + *c.Equals
	case c.NotEquals != nil:
		s += " is not " + *c.NotEquals
	case len(c.In) > 0:
		s += fmt.Sprintf(" in %v", c.In)
	case c.GT != nil:
		s += fmt.Sprintf(" > %v", *c.GT)
	case c.LT != nil:
		s += fmt.Sprintf(" < %v", *c.LT)
	case c.Filled != nil:
		s += fmt.Sprintf(" filled: %v", *c.Filled)
	}
	return s
}

func joinOr(ways []string) string {
	out := ways[0]
	for i, w := range ways[1:] {
		if i == len(ways)-2 {
			out += " or " + w
		} else {
			out += ", " + w
		}
	}
	return out
}
