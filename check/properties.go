package check

import (
	"fmt"
	"slices"
)

// Properties the checker proves.
const (
	PropGoal     = "goal reachable"
	PropDeadEnd  = "no dead end"
	PropLoop     = "every loop has an exit"
	PropUsed     = "everything used"
	PropNoErrors = "no engine error"
)

// Finding is one refuted property with its counterexample.
type Finding struct {
	Property string
	Message  string
	// Path leads from a new conversation to the state that shows the defect;
	// Repeat, for a loop, is the input sent again and again from there.
	Path   []Input
	Repeat []Input
	// State is the abstract state the counterexample ends in.
	State int
	// Explanation says, in the author's terms, why it happens and which field of
	// the definition to change (Explainer); empty when the model cannot tell.
	Explanation string
}

// Report is the outcome of checking one bot.
type Report struct {
	Graph    *Graph
	Findings []Finding
}

// OK reports whether every property holds and the exploration was complete.
func (r *Report) OK() bool { return len(r.Findings) == 0 && !r.Graph.Truncated }

// Analyze checks every property on an explored graph. Findings of one property
// come shortest counterexample first; one finding per property and defect.
func Analyze(g *Graph, m Model) *Report {
	r := &Report{Graph: g}
	if g.Truncated {
		return r
	}
	if s, ok := m.(interface{ staticFindings() []Finding }); ok {
		r.Findings = append(r.Findings, s.staticFindings()...)
	}
	r.Findings = append(r.Findings, engineErrors(g)...)
	r.Findings = append(r.Findings, goalUnreachable(g)...)
	r.Findings = append(r.Findings, deadEnds(g)...)
	r.Findings = append(r.Findings, loops(g)...)
	r.Findings = append(r.Findings, unused(g, m)...)
	explain(g, m, r.Findings)
	return r
}

func engineErrors(g *Graph) []Finding {
	var out []Finding
	for i, s := range g.States {
		for _, st := range s.Steps {
			if st.Err != nil {
				out = append(out, Finding{Property: PropNoErrors, State: i,
					Message: fmt.Sprintf("input %q fails the turn: %v", st.Input.Label, st.Err),
					Path:    append(g.Path(i), st.Input)})
				return out // one is enough: the rest are usually the same bug
			}
		}
	}
	return out
}

// goalUnreachable finds states from which no input sequence reaches the goal. A
// handoff is no goal: a bot that can only give up strands its users. States left
// to a human are not asked to. Reverse reachability from goal steps, to a fixed
// point.
func goalUnreachable(g *Graph) []Finding {
	ok := reachesGoal(g)
	first := firstStranded(g, ok)
	if first < 0 {
		return nil
	}
	msg := fmt.Sprintf("from %s no input sequence completes the flow or reaches the goal", describeState(g, first))
	if !ok[0] {
		msg = "no conversation can reach the goal; stuck for instance at " + describeState(g, first)
	}
	return []Finding{{Property: PropGoal, State: first, Path: g.Path(first), Message: msg}}
}

// reachesGoal marks the states at which the goal is reached or from which it is
// reachable: reverse reachability from goal steps, to a fixed point.
func reachesGoal(g *Graph) []bool {
	ok := make([]bool, len(g.States))
	for i, s := range g.States {
		ok[i] = s.Goal
	}
	for changed := true; changed; {
		changed = false
		for i, s := range g.States {
			if !ok[i] && s.stepsToGoal(ok) {
				ok[i], changed = true, true
			}
		}
	}
	return ok
}

// stepsToGoal reports whether one of s's steps succeeds and reaches the goal, or a
// state marked ok.
func (s *State) stepsToGoal(ok []bool) bool {
	for _, st := range s.Steps {
		if st.Err == nil && (st.Goal || ok[st.To]) {
			return true
		}
	}
	return false
}

// firstStranded returns the state to show as stranded, or -1: in BFS order the
// first is the shortest counterexample. When the goal is unreachable from the
// start, the first task state is shown instead, where the user is visibly stuck,
// rather than an empty path. Exits (left to a human) are never stranded.
func firstStranded(g *Graph, ok []bool) int {
	first := -1
	for i, s := range g.States {
		if ok[i] || s.Exit {
			continue
		}
		if first < 0 {
			first = i
		}
		if i > 0 && !s.Resting {
			return i
		}
	}
	return first
}

// deadEnds finds states where every input leaves the state as it was, with no
// handoff: the user can say nothing that moves the conversation.
func deadEnds(g *Graph) []Finding {
	var out []Finding
	for i, s := range g.States {
		if s.Exit || len(s.Steps) == 0 || !s.stuck(i) {
			continue
		}
		var all []Input
		for _, st := range s.Steps {
			all = append(all, st.Input)
		}
		out = append(out, Finding{Property: PropDeadEnd, State: i, Path: g.Path(i), Repeat: all,
			Message: fmt.Sprintf("%s: every input leaves it unchanged", describeState(g, i))})
	}
	return out
}

// stuck reports whether every step of state i leads back to it without an
// error, a handoff or the goal.
func (s *State) stuck(i int) bool {
	for _, st := range s.Steps {
		if st.Err != nil || st.To != i || st.Handoff || st.Goal {
			return false
		}
	}
	return true
}

// loops follows each stalling input from each task state: repeating it must end
// in an exit, the goal, a resting state or an input no longer offered. A cycle
// instead is a loop the user can be held in forever.
func loops(g *Graph) []Finding {
	var out []Finding
	reported := map[string]bool{}
	for _, label := range stallingLabels(g) {
		// done[i]: following label from i is known to escape (or already reported).
		done := make([]bool, len(g.States))
		for start := range g.States {
			if done[start] {
				continue
			}
			walk, cycle := follow(g, label, start, done)
			if cycle != nil {
				f := loopFinding(g, label, cycle)
				// One finding per input and place: the same loop recurs under
				// every history that reaches it.
				if key := label + "@" + g.States[f.State].Desc; !reported[key] {
					reported[key] = true
					out = append(out, f)
				}
			}
			for _, w := range walk {
				done[w] = true
			}
		}
	}
	slices.SortStableFunc(out, func(a, b Finding) int { return len(a.Path) - len(b.Path) })
	return out
}

// follow repeats label from start until it escapes (an exit, a resting state, a
// state known to escape, an input no longer offered, an error, a handoff or the
// goal) or comes back to a state of the walk; it returns the states walked and, for
// the latter, the cycle.
func follow(g *Graph, label string, start int, done []bool) (walk, cycle []int) {
	seen := map[int]int{} // state -> position on this walk
	i := start
	for {
		s := g.States[i]
		if done[i] || s.Exit || s.Resting {
			return walk, nil
		}
		if at, ok := seen[i]; ok {
			return walk, walk[at:]
		}
		seen[i] = len(walk)
		walk = append(walk, i)
		st, ok := stepFor(s, label)
		if !ok || st.escapes() {
			return walk, nil
		}
		i = st.To
	}
}

// escapes reports whether the step leaves the loop: an error, a handoff or the
// goal.
func (st Step) escapes() bool { return st.Err != nil || st.Handoff || st.Goal }

func loopFinding(g *Graph, label string, cycle []int) Finding {
	entry := cycle[0]
	for _, c := range cycle { // enter the cycle where the path to it is shortest
		if len(g.Path(c)) < len(g.Path(entry)) {
			entry = c
		}
	}
	in, _ := stepFor(g.States[entry], label)
	repeat := make([]Input, 3*len(cycle)) // whole turns of the cycle: it ends where it began
	for k := range repeat {
		repeat[k] = in.Input
	}
	return Finding{Property: PropLoop, State: entry, Path: g.Path(entry), Repeat: repeat,
		Message: fmt.Sprintf("repeating %q from %s cycles through %d state(s) forever without a handoff", label, describeState(g, entry), len(cycle))}
}

func stallingLabels(g *Graph) []string {
	var labels []string
	for _, s := range g.States {
		for _, st := range s.Steps {
			if st.Input.Stalling && !slices.Contains(labels, st.Input.Label) {
				labels = append(labels, st.Input.Label)
			}
		}
	}
	slices.Sort(labels)
	return labels
}

func stepFor(s *State, label string) (Step, bool) {
	for _, st := range s.Steps {
		if st.Input.Label == label {
			return st, true
		}
	}
	return Step{}, false
}

// unused lists what the definition declares and no reachable state uses.
func unused(g *Graph, m Model) []Finding {
	used := map[string]bool{}
	for _, s := range g.States {
		for _, u := range s.Units {
			used[u] = true
		}
	}
	var out []Finding
	for _, u := range m.AllUnits() {
		if !used[u] {
			out = append(out, Finding{Property: PropUsed, State: -1, Message: u + " is never reached"})
		}
	}
	return out
}

func describeState(g *Graph, i int) string {
	if i == 0 {
		return "a new conversation"
	}
	return g.States[i].Desc
}
