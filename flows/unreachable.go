package flows

import "fmt"

// skippedBy says why step i of flow f (at p), which no path reaches, is skipped:
// what the step before it does instead of going on to it (its next:, a branch
// whose else goes elsewhere, a link, an action that ends the flow), at that
// field's position, or that the step before it is unreachable too. seen marks
// the reachable steps.
func (v *validation) skippedBy(p string, f *Flow, i int, seen []bool) string {
	if i == 0 {
		return "no step leads to it"
	}
	prev := f.Steps[i-1]
	sp := fmt.Sprintf("%s.steps[%d]", p, i-1)
	at := func(path string) string { return v.def.Position(path) }
	switch {
	case !seen[i-1]:
		return fmt.Sprintf("so is step %s before it, and no next: or branch names %s", prev.ID, f.Steps[i].ID)
	case prev.Link != "":
		return fmt.Sprintf("step %s before it links to flow %s (%s), and no next: or branch names it", prev.ID, prev.Link, at(sp+".link"))
	case prev.Action != nil && prev.Action.End:
		return fmt.Sprintf("step %s before it ends the flow (action.end at %s), and no next: or branch names it", prev.ID, at(sp+".action.end"))
	case prev.Branch != nil:
		for j, c := range prev.Branch {
			if c.Else || c.If == nil {
				return fmt.Sprintf("the branch of step %s before it always goes elsewhere (its else goes to %s at %s), and no next: or branch names it", prev.ID, c.Goto, at(fmt.Sprintf("%s.branch[%d].goto", sp, j)))
			}
		}
	case prev.Next != "":
		return fmt.Sprintf("step %s before it goes on to %s (next: %s at %s), and no next: or branch names it", prev.ID, prev.Next, prev.Next, at(sp+".next"))
	}
	return "no next: or branch names it"
}
