package gates

import (
	"fmt"
	"maps"
	"slices"
	"strings"
)

// Modes of a decision (seed 002 "Mode Behaviors"). SKIP never reaches a turn: the
// selector moves on to the next eligible node instead.
const (
	ModeExecute = "EXECUTE"
	ModeRetry   = "RETRY"
	ModeBroaden = "BROADEN"
	ModeHandoff = "HANDOFF"
	ModeSkip    = "SKIP"
)

// Decision statuses of selectNextNode.
const (
	SelectOK       = "OK"
	SelectComplete = "COMPLETE"
	SelectDeadlock = "DEADLOCK"
	// SelectWait: the only node that could run is a RETRY still in its cooldown.
	SelectWait = "WAIT"
)

// loopLimit is seed 002's "same node selected 10+ consecutive turns".
const loopLimit = 10

// Built-in retry policy, used where neither the node nor the flow defaults say.
const (
	defaultMaxAttempts = 3
	defaultOnExhaust   = OnExhaustHandoff
	defaultStrategy    = StrategyRotate
)

// Selection is the controller's decision for one turn.
type Selection struct {
	Status string `json:"status"`
	NodeID string `json:"nodeId,omitempty"`
	Mode   string `json:"mode,omitempty"`
	Reason string `json:"reason,omitempty"`
	// Consecutive counts the turns in a row NodeID has been selected, this one
	// included; LoopGuard is set when that count forced the mode.
	Consecutive int  `json:"consecutive,omitempty"`
	LoopGuard   bool `json:"loopGuard,omitempty"`
	// Skipped are eligible nodes passed over because their onExhaust is SKIP.
	Skipped []string `json:"skipped,omitempty"`
	// Blockers explain, for a DEADLOCK, why each node could not run.
	Blockers []Blocker `json:"blockers,omitempty"`
	// GatesSatisfied are the gates evaluated at step 1.
	GatesSatisfied []string `json:"gatesSatisfied"`
}

// Blocker is one node that cannot run and why.
type Blocker struct {
	NodeID string `json:"nodeId"`
	Reason string `json:"reason"`
}

type retryPolicy struct {
	maxAttempts int
	onExhaust   string
	cooldown    int
	strategy    string
}

// canonical applies the flow's fact aliases to a raw fact name.
func (f *Flow) canonical(fact string) string {
	if to, ok := f.FactAliases[fact]; ok && to != "" {
		return to
	}
	return fact
}

func (f *Flow) node(id string) *Node {
	for i := range f.Nodes {
		if f.Nodes[i].ID == id {
			return &f.Nodes[i]
		}
	}
	return nil
}

// isGateSatisfied is seed 002's isGateSatisfied: an undefined gate is never satisfied.
func (f *Flow) isGateSatisfied(name string, s *RuntimeState) bool {
	g, ok := f.Gates[name]
	if !ok {
		return false
	}
	by := g.SatisfiedBy
	if !allIn(by.MetricsAll, s.Facts) {
		return false
	}
	if len(by.MetricsAny) > 0 && !anyIn(by.MetricsAny, s.Facts) {
		return false
	}
	return allIn(by.StatesAll, s.States)
}

// satisfiedGates derives gatesSatisfied from facts and states (updateGatesSatisfied).
func (f *Flow) satisfiedGates(s *RuntimeState) []string {
	out := []string{}
	for _, name := range slices.Sorted(maps.Keys(f.Gates)) {
		if f.isGateSatisfied(name, s) {
			out = append(out, name)
		}
	}
	return out
}

// goalSatisfied is isPrimaryGoalSatisfied; s.GatesSatisfied must be current.
func (f *Flow) goalSatisfied(s *RuntimeState) bool {
	switch f.PrimaryGoal.Type {
	case GoalGate:
		return has(s.GatesSatisfied, f.PrimaryGoal.Gate)
	case GoalState:
		return has(s.States, f.PrimaryGoal.State)
	}
	return false
}

// blockers lists why a node is not eligible (seed 002's isNodeEligible, its four
// rules); an empty result means eligible.
func (f *Flow) blockers(n *Node, s *RuntimeState) []string {
	var why []string
	executions := s.ExecutionsByNode[n.ID]
	if m := n.RunPolicy.MaxExecutions; m != nil && executions >= *m {
		why = append(why, fmt.Sprintf("maxExecutions %d reached", *m))
	}
	why = append(why, f.missingGates(n, s)...)
	why = append(why, f.missingStates(n, s)...)
	if len(n.Satisfies.Gates) > 0 && allIn(n.Satisfies.Gates, s.GatesSatisfied) && executions > 0 {
		why = append(why, fmt.Sprintf("already satisfied %s", strings.Join(n.Satisfies.Gates, ", ")))
	}
	return why
}

// missingGates are the gates node n requires that are neither satisfied nor
// given by a broadened node.
func (f *Flow) missingGates(n *Node, s *RuntimeState) []string {
	var why []string
	for _, g := range n.Requires {
		if !has(s.GatesSatisfied, g) && !f.relaxed(s, func(m *Node) bool { return slices.Contains(m.Satisfies.Gates, g) }) {
			why = append(why, fmt.Sprintf("requires gate %s (not satisfied)", g))
		}
	}
	return why
}

// missingStates are the states node n requires that are neither present nor
// given by a broadened node.
func (f *Flow) missingStates(n *Node, s *RuntimeState) []string {
	var why []string
	for _, st := range n.RequiresStates {
		if !has(s.States, st) && !f.relaxed(s, func(m *Node) bool { return slices.Contains(m.ProducesStates, st) }) {
			why = append(why, fmt.Sprintf("requires state %s (absent)", st))
		}
	}
	return why
}

// relaxed reports whether a broadened node gives what a requirement asks for: BROADEN
// relaxes the constraints of the nodes adjacent to the broadened one (those that
// require a gate it satisfies or a state it produces), so they may run before it.
func (f *Flow) relaxed(s *RuntimeState, gives func(*Node) bool) bool {
	for _, id := range s.BroadenedNodes {
		if m := f.node(id); m != nil && gives(m) {
			return true
		}
	}
	return false
}

// retryPolicyOf merges the node's retry policy over the flow defaults, field by
// field, over the built-in default.
func (f *Flow) retryPolicyOf(n *Node) retryPolicy {
	p := retryPolicy{maxAttempts: defaultMaxAttempts, onExhaust: defaultOnExhaust, strategy: defaultStrategy}
	for _, layer := range []*RetryPolicy{f.Defaults.RetryPolicy, n.RetryPolicy} {
		if layer == nil {
			continue
		}
		if layer.MaxAttempts > 0 {
			p.maxAttempts = layer.MaxAttempts
		}
		if layer.OnExhaust != "" {
			p.onExhaust = layer.OnExhaust
		}
		if layer.CooldownTurns != nil {
			p.cooldown = *layer.CooldownTurns
		}
		if layer.PromptVariantStrategy != "" {
			p.strategy = layer.PromptVariantStrategy
		}
	}
	return p
}

// objectiveSatisfied is the seed's checkObjectiveSatisfied: the node's satisfies.gates
// when it declares some; otherwise every fact and state it produces; a node that
// declares none of these has met its objective once it has executed.
func (f *Flow) objectiveSatisfied(n *Node, s *RuntimeState) bool {
	if len(n.Satisfies.Gates) > 0 {
		return allIn(n.Satisfies.Gates, s.GatesSatisfied)
	}
	if len(n.Produces) == 0 && len(n.ProducesStates) == 0 {
		return s.ExecutionsByNode[n.ID] > 0
	}
	for _, fact := range n.Produces {
		if !has(s.Facts, f.canonical(fact)) {
			return false
		}
	}
	return allIn(n.ProducesStates, s.States)
}

// needsNoAnswer reports whether a node selected in mode can run without the user:
// an EXECUTE of a node with nothing to ask (no prompt variants, no extractors), or
// of a node whose facts the user already gave while another node was asked (its
// satisfies.gates hold, or, without gates, every fact it produces is known).
func (f *Flow) needsNoAnswer(n *Node, s *RuntimeState, mode string) bool {
	if mode != ModeExecute {
		return false
	}
	if len(n.Prompts.Variants) == 0 && len(n.Extract) == 0 {
		return true
	}
	if len(n.Satisfies.Gates) > 0 {
		return allIn(n.Satisfies.Gates, f.satisfiedGates(s))
	}
	if len(n.Produces) == 0 {
		return false
	}
	for _, fact := range n.Produces {
		if !has(s.Facts, f.canonical(fact)) {
			return false
		}
	}
	return true
}

// determineMode is seed 002's determineMode. CLARIFY maps to RETRY as written: a
// node whose onExhaust is CLARIFY keeps clarifying until the loop guard steps in.
func (f *Flow) determineMode(n *Node, s *RuntimeState) (mode, reason string) {
	attempts := s.AttemptsByNode[n.ID]
	p := f.retryPolicyOf(n)
	if attempts == 0 {
		return ModeExecute, "first attempt"
	}
	if f.objectiveSatisfied(n, s) {
		return ModeExecute, "objective satisfied"
	}
	if spent := attempts - s.AttemptsAtHandback[n.ID]; spent >= p.maxAttempts {
		reason := fmt.Sprintf("attempts %d >= maxAttempts %d, onExhaust %s", spent, p.maxAttempts, p.onExhaust)
		switch p.onExhaust {
		case OnExhaustClarify:
			return ModeRetry, reason
		case OnExhaustBroaden:
			if has(s.BroadenedNodes, n.ID) {
				// Broadened once and still unmet: asking the broaden prompt again
				// would repeat it until the loop guard, so a human is brought in.
				return ModeHandoff, reason + "; already broadened"
			}
			return ModeBroaden, reason
		case OnExhaustSkip:
			return ModeSkip, reason
		default:
			return ModeHandoff, reason
		}
	}
	return ModeRetry, fmt.Sprintf("attempts %d < maxAttempts %d", attempts, p.maxAttempts)
}

func importanceScore(n *Node, s *RuntimeState) int {
	if has(s.BroadenedNodes, n.ID) {
		return 1 // BROADEN lowers the node's importance until it next executes
	}
	switch n.Importance {
	case ImportanceHigh:
		return 3
	case ImportanceLow:
		return 1
	}
	return 2
}

// inCooldown reports whether a RETRY of n at turn would come sooner than its
// cooldownTurns allow: a retry needs cooldownTurns other turns since the last
// attempt. An attempt that read none of the node's facts from the user's answer
// (a non-answer: "hmm", a question back, a past day) starts no cooldown: the
// cooldown paces the retries of a question answered in part, and one left
// unanswered is asked again at once (issue 38 item 6), the attempt still
// counting toward maxAttempts.
func (f *Flow) inCooldown(n *Node, s *RuntimeState, turn int) bool {
	cooldown := f.retryPolicyOf(n).cooldown
	last := s.LastAttemptTurn[n.ID]
	return cooldown > 0 && last > 0 && turn <= last+cooldown && !readNothingAt(n.ID, s, last)
}

// readNothingAt reports whether node id's attempt at turn was an answer it
// read no fact from: its log entry took a message and produced no fact.
func readNothingAt(id string, s *RuntimeState, turn int) bool {
	for i := len(s.TurnLog) - 1; i >= 0; i-- {
		e := s.TurnLog[i]
		if e.TurnIndex < turn {
			break
		}
		if e.NodeID == id && e.TurnIndex == turn && e.Mode != ModeHandoff {
			return e.UserInput != "" && len(e.FactsProduced) == 0
		}
	}
	return false
}

// selectNextNode is seed 002's controller decision for the turn with the given index.
// It reads s and never modifies it. Beyond the seed's main loop it applies the seed's
// other rules: postGoalPolicy, SKIP (move to the next eligible node), cooldownTurns
// (prefer a node that is not cooling down) and the loop guard.
func (f *Flow) selectNextNode(s *RuntimeState, turn int) Selection {
	// 1. Evaluate all gates, on a shallow copy: the caller's state stays untouched.
	view := *s
	view.GatesSatisfied = f.satisfiedGates(s)
	sel := Selection{GatesSatisfied: view.GatesSatisfied}

	// 2. Primary goal.
	goalMet := f.goalSatisfied(&view)
	if goalMet && f.PostGoalPolicy != PostGoalContinueHigh {
		sel.Status, sel.Reason = SelectComplete, "primary goal satisfied"
		return sel
	}

	// 3. Eligible nodes.
	eligible, blocked := f.eligibleNodes(&view, goalMet)
	if goalMet && len(eligible) == 0 {
		sel.Status, sel.Reason = SelectComplete, "primary goal satisfied"
		return sel
	}

	// 4. Importance, then fewer attempts; the stable sort keeps definition order.
	slices.SortStableFunc(eligible, func(a, b *Node) int {
		if sa, sb := importanceScore(a, &view), importanceScore(b, &view); sa != sb {
			return sb - sa
		}
		return view.AttemptsByNode[a.ID] - view.AttemptsByNode[b.ID]
	})

	// 5. Mode of the first node that does not skip, preferring one not cooling down.
	p := f.pickOrDefer(eligible, &view, turn)
	sel.Skipped = p.skipped
	f.settle(&sel, p, append(blocked, p.skippedWhy...), &view)
	return sel
}

// settle completes the selection from what was picked: a wait for a node
// cooling down, a deadlock with its blockers in definition order, or the node
// and mode picked (through the loop guard).
func (f *Flow) settle(sel *Selection, p picked, blocked []Blocker, view *RuntimeState) {
	switch {
	case p.node == nil && p.deferred != nil:
		// cooldownTurns holds even when nothing else can run: the turn waits.
		sel.Status, sel.NodeID, sel.Mode = SelectWait, p.deferred.ID, ModeRetry
		cooldown := f.retryPolicyOf(p.deferred).cooldown
		sel.Reason = fmt.Sprintf("%s: %s; cooling down (cooldownTurns %d) until turn %d, and no other node can run",
			p.deferred.ID, p.deferredReason, cooldown, view.LastAttemptTurn[p.deferred.ID]+cooldown+1)
	case p.node == nil:
		sel.Status, sel.Reason = SelectDeadlock, "no eligible node"
		slices.SortStableFunc(blocked, func(a, b Blocker) int { return f.nodeIndex(a.NodeID) - f.nodeIndex(b.NodeID) })
		sel.Blockers = blocked
	default:
		sel.Status, sel.NodeID, sel.Mode, sel.Reason = SelectOK, p.node.ID, p.mode, p.node.ID+": "+p.reason
		f.loopGuard(sel, p.node, view)
	}
}

type picked struct {
	node, deferred *Node
	mode, reason   string
	deferredReason string
	skipped        []string
	skippedWhy     []Blocker
}

// pickOrDefer walks the eligible nodes in order: a node whose mode is SKIP is
// passed over (and blocks), a node that would retry while cooling down is deferred
// (the first one kept), and the first other node is picked.
func (f *Flow) pickOrDefer(eligible []*Node, view *RuntimeState, turn int) picked {
	var p picked
	for _, n := range eligible {
		mode, reason := f.determineMode(n, view)
		if mode == ModeSkip {
			p.skipped = append(p.skipped, n.ID)
			p.skippedWhy = append(p.skippedWhy, Blocker{NodeID: n.ID, Reason: reason})
			continue
		}
		if mode == ModeRetry && f.inCooldown(n, view, turn) {
			if p.deferred == nil {
				p.deferred, p.deferredReason = n, reason
			}
			continue
		}
		p.node, p.mode, p.reason = n, mode, reason
		break
	}
	return p
}

// eligibleNodes returns the nodes that may run now, in definition order, and a
// blocker for each of the others. Once the primary goal is met only high-importance
// nodes that never ran may continue.
func (f *Flow) eligibleNodes(view *RuntimeState, goalMet bool) ([]*Node, []Blocker) {
	var eligible []*Node
	var blocked []Blocker
	for i := range f.Nodes {
		n := &f.Nodes[i]
		why := f.blockers(n, view)
		if goalMet && len(why) == 0 && (n.Importance != ImportanceHigh || view.ExecutionsByNode[n.ID] > 0) {
			why = []string{"primary goal satisfied; only unrun high-importance nodes continue"}
		}
		if len(why) > 0 {
			blocked = append(blocked, Blocker{NodeID: n.ID, Reason: strings.Join(why, "; ")})
			continue
		}
		eligible = append(eligible, n)
	}
	return eligible, blocked
}

// loopGuard counts the turns in a row sel's node was selected and, at loopLimit,
// forces a broaden, then a handoff; a node whose own policy is to hand off goes
// straight to a human.
func (f *Flow) loopGuard(sel *Selection, picked *Node, view *RuntimeState) {
	sel.Consecutive = 1
	if view.LastSelectedNode == picked.ID {
		sel.Consecutive = view.ConsecutiveSelections + 1
	}
	if sel.Consecutive < loopLimit {
		return
	}
	sel.LoopGuard = true
	sel.Mode = ModeBroaden
	if sel.Consecutive > loopLimit || f.retryPolicyOf(picked).onExhaust == OnExhaustHandoff {
		sel.Mode = ModeHandoff
	}
	sel.Reason = fmt.Sprintf("%s: selected %d turns in a row, loop guard forces %s", picked.ID, sel.Consecutive, sel.Mode)
}

func (f *Flow) nodeIndex(id string) int {
	for i := range f.Nodes {
		if f.Nodes[i].ID == id {
			return i
		}
	}
	return len(f.Nodes)
}
