package check

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"github.com/parleyhq/parley/flows"
	"github.com/parleyhq/parley/gates"
)

// Explainer is implemented by models that can say, in the author's terms, why a
// finding happens and which field of the definition to change; Analyze fills
// Finding.Explanation with it. The counterexample path stays the proof; the
// explanation is where to look.
type Explainer interface {
	Explain(g *Graph, f Finding) string
}

// explain fills each finding's explanation from the model, when it has one.
func explain(g *Graph, m Model, findings []Finding) {
	x, ok := m.(Explainer)
	if !ok {
		return
	}
	for i := range findings {
		findings[i].Explanation = x.Explain(g, findings[i])
	}
}

// cycleStates are the states a loop finding goes through: its entry and the states
// repeating its input reaches from there.
func cycleStates(g *Graph, f Finding) []*State {
	if f.State < 0 {
		return nil
	}
	out := []*State{g.States[f.State]}
	i := f.State
	for range f.Repeat {
		st, ok := stepFor(g.States[i], f.Repeat[0].Label)
		if !ok || st.To < 0 || slices.Contains(out, g.States[st.To]) {
			break
		}
		i = st.To
		out = append(out, g.States[i])
	}
	return out
}

// Explain says what in a flows definition makes the finding happen.
func (m *FlowsModel) Explain(g *Graph, f Finding) string {
	switch f.Property {
	case PropLoop:
		for _, s := range cycleStates(g, f) {
			slot, _ := s.Signature["waiting_for_slot"].(string)
			flow, _ := s.Signature["current_flow"].(string)
			if why := m.slotLoop(flow, slot); why != "" {
				return why
			}
		}
		step, _ := g.States[f.State].Signature["current_step"].(string)
		flow, _ := g.States[f.State].Signature["current_flow"].(string)
		if why := m.backLoop(flow, step); why != "" {
			return why
		}
		return fmt.Sprintf("the flow comes back to step %s without asking anything new: give the branch or next that leads back an exit (an else that ends the flow or hands off), or a retry limit on the slot it waits for", step)
	case PropGoal, PropUsed:
		if why := m.blockedWhy(); why != "" {
			return why
		}
	}
	switch f.Property {
	case PropDeadEnd:
		return "no message changes this state: give the step that rests here a next step, a branch with an else, or an action that ends the flow"
	case PropGoal:
		return "every way on from here ends in a handoff, a cancel or a loop: give the steps after it a path that completes the flow (a valid answer, a confirmation, an action), or end the flow there on purpose with action.end"
	case PropUsed:
		if why := m.unusedStep(f.Message); why != "" {
			return why
		}
		return "no trigger, step, call or link leads to it: give the flow a trigger, reach the step with next or a branch, or remove it"
	}
	return ""
}

// slotLoop explains a loop on an awaited slot: its retry budget never runs out.
func (m *FlowsModel) slotLoop(flowName, slot string) string {
	for i, fl := range m.def.Flows {
		if fl.Name != flowName {
			continue
		}
		for j, s := range fl.Slots {
			if s.Name != slot {
				continue
			}
			path := fmt.Sprintf("$.flows[%d].slots[%d]", i, j)
			if s.OnExhaust == flows.ExhaustSkip {
				if why := m.backLoop(flowName, collectStep(fl, slot)); why != "" {
					return fmt.Sprintf("slot %s is skipped when its retries run out (on_exhaust: skip, %s), and %s", slot, m.def.Position(path+".on_exhaust"), why)
				}
			}
			if s.OnExhaust == flows.ExhaustReask {
				return fmt.Sprintf("slot %s asks again after every invalid answer and on_exhaust: reask starts the count over, so an answer that is never valid is asked for forever: set on_exhaust to handoff, skip or cancel (%s)", slot, m.def.Position(path+".on_exhaust"))
			}
			return fmt.Sprintf("slot %s is asked again after each invalid answer and nothing ends the retries: set max_retries and on_exhaust (handoff, skip or cancel) on it (%s)", slot, m.def.Position(path))
		}
	}
	return ""
}

// Explain says what in a gates flow makes the finding happen.
func (m *GatesModel) Explain(g *Graph, f Finding) string {
	if f.Property == PropLoop {
		if why := m.loopNode(g, f); why != "" {
			return why
		}
		return "the controller selects the same nodes again without progress: cap the nodes involved with runPolicy.maxExecutions, or end their retries with retryPolicy.onExhaust HANDOFF or SKIP"
	}
	return gatesAdvice[f.Property]
}

// gatesAdvice is what to do about a finding of each property but a loop.
var gatesAdvice = map[string]string{
	PropDeadEnd: "no node is eligible to move on from here: a node's requires or requiresStates is never produced; check which node should produce it",
	PropGoal:    "from here no node can satisfy the primary goal's gate: the nodes that produce it are blocked (maxExecutions reached, requirements never met) or hand off; relax their requires, or give the goal another node",
	PropUsed:    "nothing makes it eligible: a gate or state it requires is produced by no node that can run before it",
}

// loopNode explains a loop by a node of its cycle (at the position or last
// prompted) that loops by itself; "" when none does. A node that runs again with
// its objective met is looked for in the whole cycle first: it is a defect whatever
// the user answers, while a retry that clarifies forever loops only while the
// answers never come, and another node's retries may be what the cycle passes
// through on its way back to the uncapped one.
func (m *GatesModel) loopNode(g *Graph, f Finding) string {
	states := cycleStates(g, f)
	for _, explain := range []func(int, gates.Node, *State) string{m.runsAgain, m.retriesForever} {
		for _, s := range states {
			for _, key := range []string{"position", "lastPromptedNode"} {
				id, _ := s.Signature[key].(string)
				if why := m.nodeLoop(id, s, explain); why != "" {
					return why
				}
			}
		}
	}
	return ""
}

// nodeLoop applies explain to the node id names, if the flow has it.
func (m *GatesModel) nodeLoop(id string, s *State, explain func(int, gates.Node, *State) string) string {
	for i, n := range m.flow.Nodes {
		if n.ID == id && id != "" {
			return explain(i, n, s)
		}
	}
	return ""
}

// runsAgain explains a loop through node n (nodes[i]) that is selected again once it
// ran or what it produces is known, with nothing capping it.
func (m *GatesModel) runsAgain(i int, n gates.Node, s *State) string {
	if n.RunPolicy.MaxExecutions == nil && len(n.Satisfies.Gates) == 0 && (m.produced(n, s) || m.ran(n, s)) {
		return fmt.Sprintf("node %s runs again every time it is selected: once it ran, or what it produces is known, it is still eligible (\"objective satisfied\") and nothing caps it; add \"runPolicy\": {\"maxExecutions\": 1} to it (nodes[%d] of %s)", n.ID, i, m.flowFile())
	}
	return ""
}

// ran reports whether node n executed before state s.
func (m *GatesModel) ran(n gates.Node, s *State) bool {
	st, ok := s.Concrete.(*gates.RuntimeState)
	return ok && st.ExecutionsByNode[n.ID] > 0
}

// retriesForever explains a loop through node n (nodes[i]) whose retries never end.
func (m *GatesModel) retriesForever(i int, n gates.Node, _ *State) string {
	if m.clarifiesForever(n) {
		return fmt.Sprintf("node %s keeps retrying: retryPolicy.onExhaust CLARIFY asks again when its attempts run out; set onExhaust to HANDOFF or SKIP (nodes[%d] of %s)", n.ID, i, m.flowFile())
	}
	return ""
}

// clarifiesForever reports whether node n asks again when its attempts run out:
// its retry policy's onExhaust, or the defaults', is CLARIFY.
func (m *GatesModel) clarifiesForever(n gates.Node) bool {
	if p := n.RetryPolicy; p != nil {
		return strings.EqualFold(p.OnExhaust, gates.OnExhaustClarify)
	}
	return m.defaultsClarify()
}

// produced reports whether everything node n produces is known in state s: its
// objective is met, and it runs again only because nothing caps it.
func (m *GatesModel) produced(n gates.Node, s *State) bool {
	st, ok := s.Concrete.(*gates.RuntimeState)
	if !ok {
		return false
	}
	for _, fact := range n.Produces {
		if !slices.Contains(st.Facts, cmp.Or(m.flow.FactAliases[fact], fact)) {
			return false
		}
	}
	for _, state := range n.ProducesStates {
		if !slices.Contains(st.States, state) {
			return false
		}
	}
	return len(n.Produces)+len(n.ProducesStates) > 0
}

func (m *GatesModel) defaultsClarify() bool {
	d := m.flow.Defaults.RetryPolicy
	return d != nil && strings.EqualFold(d.OnExhaust, gates.OnExhaustClarify)
}

func (m *GatesModel) flowFile() string {
	if m.file == "" {
		return "the flow"
	}
	return m.file
}
