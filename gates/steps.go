package gates

import (
	"encoding/json"
	"slices"
	"strings"

	"github.com/parleyhq/parley"
	"github.com/parleyhq/parley/nlu"
)

// wait ends a turn whose only runnable node is cooling down: the reply says so and
// asks nothing, so the next message answers no prompt (its facts are still kept).
func (r *turnRun) wait(sel Selection) {
	st := r.st
	st.LastPromptedNode, st.LastPromptedMode = "", ""
	st.WaitingNode = sel.NodeID
	text := orDefault(r.flow.Messages.Cooldown, "No rush, take a moment; we'll come back to this shortly.")
	if n := r.flow.node(sel.NodeID); n != nil && r.gainedFactOf(n) {
		// The message answered part of the question: say what was taken and what
		// is still missing now, not a turn later. It is no retry (no attempt is
		// spent): the next message is read as the answer still open.
		if ask, ok := r.flow.askMissing(n, st); ok {
			text = ask
		}
	}
	r.texts = append(r.texts, render(text, st.FactValues))
	r.events = append(r.events, parley.EventData{Type: EventCooldown, Data: map[string]any{"nodeId": sel.NodeID, "reason": sel.Reason}})
}

// gainedFactOf reports whether this turn added one of the node's facts.
func (r *turnRun) gainedFactOf(n *Node) bool {
	for _, fact := range n.Produces {
		c := r.flow.canonical(fact)
		if has(r.st.Facts, c) && !slices.Contains(r.factsBefore, c) {
			return true
		}
	}
	return false
}

// apply performs one decision's mode on the state and returns its turn log index.
func (r *turnRun) apply(sel Selection, turn int, userInput string) int {
	st, flow := r.st, r.flow
	n := flow.node(sel.NodeID)
	entry := TurnLogEntry{TurnIndex: turn, NodeID: n.ID, Mode: sel.Mode, FactsProduced: []string{}, StatesProduced: []string{}, UserInput: userInput}
	wasSatisfied := flow.objectiveSatisfied(n, st)

	msg := r.said
	// An answer that gives none of the node's facts (a greeting, a bare number
	// word, a question back, "not sure", a past or impossible day) is no answer
	// (issue 38 item 6: a non-answer is not a fact): its defaults are not taken
	// for what the user said, and its question comes again at once (see
	// Flow.inCooldown). A node that produces states would claim them for it
	// (GOAL_GAP_CAPTURED with no goal) and, run once, never ask again: it is not
	// executed, and its question comes again as a retry. A node that produces
	// none executes as seed 002's trace shows ("Umm, not ready to share that":
	// contact-1 EXECUTE, extraction failed) and is retried next, storing nothing.
	nonAnswer := userInput != "" && sel.Mode != ModeHandoff && flow.nonAnswer(n, msg)
	// An answer that gives part of the node's facts ("I weigh 80 kg" to "what
	// are you aiming for, and where are you now?") leaves a fact the node has an
	// Ask question for: the node is not executed on the part alone (it would
	// never ask again), its facts are kept, and the retry asks the missing one.
	partial := userInput != "" && !nonAnswer && sel.Mode != ModeHandoff && flow.leavesAsked(n, msg, st.FactValues)
	if userInput != "" {
		sel.Mode = answerMode(n, st, sel.Mode, nonAnswer || partial)
		entry.Mode = sel.Mode
	}
	if !(nonAnswer && r.givesOtherFacts(n, sel.Mode, msg)) {
		// An answer that gives another node's fact and none of this one's
		// (the email of a broadened contact node while the day is asked) made
		// progress: it spends no attempt of the node asked, which asks again
		// instead of being exhausted by it.
		r.spend(n, sel.Mode, turn)
	}
	if sel.Mode == ModeHandoff {
		entry.StatesProduced = append(entry.StatesProduced, StateHandoffRequested)
	}
	entry.FactsVolunteered, r.pendingVolunteered = r.pendingVolunteered, nil
	if userInput != "" {
		// A node applied without an answer reads nothing: an empty message would
		// only give extractor defaults, overwriting what the user said.
		r.readAnswer(n, sel.Mode, msg, &entry, !nonAnswer)
	}
	if sel.Mode == ModeExecute {
		r.produceStates(n, &entry)
	}
	r.updateGates(turn)
	r.moveTo(sel, n)
	// The done text is said when the objective is met now, or when the node ran at
	// once because the user had already given what it asks for.
	r.sayDone(n, wasSatisfied, userInput == "" && sel.Mode == ModeExecute)
	if sel.Mode == ModeHandoff {
		entry.LLMResponse = r.handOff(n.ID, sel.Reason)
	}
	st.TurnLog = append(st.TurnLog, entry)
	return len(st.TurnLog) - 1
}

// moveTo records the transition to the selected node n and clears the prompt
// the message answered.
func (r *turnRun) moveTo(sel Selection, n *Node) {
	st := r.st
	r.transitions = append(r.transitions, parley.Transition{From: positionName(st.Position), To: n.ID, Trigger: sel.Mode})
	st.Position = n.ID
	st.LastSelectedNode, st.ConsecutiveSelections = n.ID, sel.Consecutive
	st.LastPromptedNode, st.LastPromptedMode = "", ""
	r.reportSelection(sel, n)
}

// sayDone says node n's done text when its objective is met now (it was not
// before, or the node ran at once).
func (r *turnRun) sayDone(n *Node, wasSatisfied, ranAtOnce bool) {
	if done := n.Prompts.Done; done != "" && (!wasSatisfied || ranAtOnce) && r.flow.objectiveSatisfied(n, r.st) {
		r.texts = append(r.texts, render(done, r.st.FactValues))
	}
}

// readAnswer records the facts the user's answer gives for node n, then those it
// volunteers for the other nodes (widely in BROADEN mode).
func (r *turnRun) readAnswer(n *Node, mode string, msg said, entry *TurnLogEntry, own bool) {
	flow, st := r.flow, r.st
	if own {
		r.record(flow.extractFacts([]*Node{n}, msg, st.FactValues), &entry.FactsProduced)
	}
	volunteer := volunteerStrict
	if mode == ModeBroaden {
		volunteer = volunteerRelaxed
	}
	r.record(flow.volunteered(othersThan(flow, n), msg, st.FactValues, volunteer), &entry.FactsVolunteered)
}

// answerMode is the mode a node asked in mode is applied in for an answer: a
// node producing states is retried on a non-answer, and executed on the answer
// its question was asked again for (its first execution).
func answerMode(n *Node, st *RuntimeState, mode string, nonAnswer bool) string {
	switch {
	case len(n.ProducesStates) == 0:
	case nonAnswer && mode == ModeExecute:
		return ModeRetry
	case !nonAnswer && mode == ModeRetry && st.ExecutionsByNode[n.ID] == 0:
		return ModeExecute
	}
	return mode
}

// leavesAsked reports whether node n, which produces states, would still miss
// a fact it has an Ask question for once s's facts are read: a fact the
// author asks for by name is one the node needs. A node without Ask questions
// or states reads nothing here (no cost on its turns).
func (f *Flow) leavesAsked(n *Node, s said, known map[string]string) bool {
	if len(n.ProducesStates) == 0 || len(n.Prompts.Ask) == 0 {
		return false
	}
	got := map[string]bool{}
	for _, x := range f.extractFacts([]*Node{n}, s, known) {
		got[f.canonical(x.raw)] = true
	}
	for _, fact := range n.Produces {
		c := f.canonical(fact)
		if n.Prompts.Ask[fact] == "" && n.Prompts.Ask[c] == "" {
			continue
		}
		if _, ok := known[c]; !ok && !got[c] {
			return true
		}
	}
	return false
}

// givesOtherFacts reports whether msg, read as node n's answer in mode, gives a
// fact of another node not known yet.
func (r *turnRun) givesOtherFacts(n *Node, mode string, msg said) bool {
	volunteer := volunteerStrict
	if mode == ModeBroaden {
		volunteer = volunteerRelaxed
	}
	return len(r.flow.volunteered(othersThan(r.flow, n), msg, r.st.FactValues, volunteer)) > 0
}

// produceStates adds the states an executed node produces.
func (r *turnRun) produceStates(n *Node, entry *TurnLogEntry) {
	for _, s := range n.ProducesStates {
		add(&r.st.States, s)
		if !slices.Contains(entry.StatesProduced, s) {
			entry.StatesProduced = append(entry.StatesProduced, s)
		}
	}
}

// reportSelection records a loop guard's warning and counts a retry.
func (r *turnRun) reportSelection(sel Selection, n *Node) {
	if sel.LoopGuard {
		r.events = append(r.events, parley.EventData{Type: parley.EventWarning, Data: map[string]any{
			"reason": "loop_guard", "nodeId": n.ID, "consecutive": sel.Consecutive, "mode": sel.Mode, "message": sel.Reason,
		}})
	}
	if sel.Mode == ModeRetry && r.engine.recorder != nil {
		r.engine.recorder.NodeRetried(r.flow.ID, n.ID)
	}
}

// spend counts a decision's attempt and execution as its mode says.
func (r *turnRun) spend(n *Node, mode string, turn int) {
	st := r.st
	switch mode {
	case ModeExecute:
		st.AttemptsByNode[n.ID]++
		st.ExecutionsByNode[n.ID]++
		remove(&st.BroadenedNodes, n.ID)
	case ModeRetry:
		st.AttemptsByNode[n.ID]++
	case ModeBroaden:
		// Broaden relaxes the node: the answer is read more widely for the other
		// nodes' facts, the nodes that wait on it may run (Flow.relaxed), and it
		// ranks as low importance until it executes.
		st.AttemptsByNode[n.ID]++
		add(&st.BroadenedNodes, n.ID)
	case ModeHandoff:
		return // a handoff is no attempt
	}
	st.LastAttemptTurn[n.ID] = turn
}

// handOff hands the conversation to a human: status handoff, HANDOFF_REQUESTED, a
// handoff event and the handoff effect the channel acts on. It returns the reply.
func (r *turnRun) handOff(nodeID, reason string) string {
	st := r.st
	st.Status = StatusHandoff
	st.Handoffs++
	st.HandoffReason = reason
	add(&st.States, StateHandoffRequested)
	text := render(orDefault(r.flow.Messages.Handoff, "I'm bringing in someone from our team to help you from here."), st.FactValues)
	r.texts = append(r.texts, text)
	payload, _ := json.Marshal(map[string]string{"flowId": st.FlowID, "nodeId": nodeID, "reason": reason})
	r.events = append(r.events, parley.EventData{Type: parley.EventHandoff, Data: map[string]any{"nodeId": nodeID, "reason": reason}})
	r.effects = append(r.effects, parley.Effect{Kind: EffectHandoff, Payload: payload})
	r.observe(OutcomeHandoff, nodeID)
	return text
}

// updateGates re-derives gatesSatisfied and records newly opened gates.
func (r *turnRun) updateGates(turn int) {
	st := r.st
	gates := r.flow.satisfiedGates(st)
	for _, g := range gates {
		if !has(st.GatesSatisfied, g) {
			st.GateTimeline = append(st.GateTimeline, GateChange{Gate: g, TurnIndex: turn, At: r.turn.Message.SentAt})
			if r.engine.recorder != nil {
				r.engine.recorder.GateSatisfied(r.flow.ID, g, len(st.GateTimeline))
			}
		}
	}
	st.GatesSatisfied = gates
}

// outcome ends (or keeps ended) the flow with COMPLETE or DEADLOCK. A DEADLOCK is a
// real handoff: seed 002 says to log the blocking reasons and recommend manual
// intervention, so the channel is asked to bring in a human with every blocker in
// the reason, and the controller stays silent until the conversation is handed back.
func (r *turnRun) outcome(sel Selection) {
	st, flow := r.st, r.flow
	st.GatesSatisfied = sel.GatesSatisfied
	to, status := sel.Status, StatusComplete
	text := orDefault(flow.Messages.Complete, "That's everything I needed. Thank you!")
	if sel.Status == SelectDeadlock {
		status = StatusDeadlock
		text = orDefault(flow.Messages.Deadlock, "I can't take this further on my own, so I'm passing you to someone from our team; they'll reply here.")
	}
	r.transitions = append(r.transitions, parley.Transition{From: positionName(st.Position), To: to, Trigger: to})
	last := st.Position
	st.Position = to
	st.LastPromptedNode, st.LastPromptedMode = "", ""
	r.texts = append(r.texts, render(text, st.FactValues))
	if st.Status == status {
		return
	}
	st.Status = status
	if status == StatusDeadlock {
		reason := deadlockReason(sel.Blockers)
		st.HandoffReason = reason
		add(&st.States, StateHandoffRequested)
		payload, _ := json.Marshal(map[string]any{"flowId": st.FlowID, "reason": reason, "blockers": sel.Blockers})
		r.effects = append(r.effects, parley.Effect{Kind: EffectHandoff, Payload: payload})
		r.events = append(r.events,
			parley.EventData{Type: EventDeadlock, Data: map[string]any{"reason": sel.Reason, "blockers": sel.Blockers}},
			parley.EventData{Type: parley.EventHandoff, Data: map[string]any{"reason": reason}})
		st.Deadlocks++
		r.observe(OutcomeDeadlock, last)
		return
	}
	if !st.Completed {
		// Completing again after a CONTINUE_HIGH node ran past the goal is the same
		// conversation's outcome, observed once.
		st.Completed = true
		r.observe(OutcomeComplete, last)
	}
}

// deadlockReason is the handoff reason of a DEADLOCK: every node and what blocks it.
func deadlockReason(blockers []Blocker) string {
	parts := make([]string, 0, len(blockers))
	for _, b := range blockers {
		parts = append(parts, b.NodeID+": "+b.Reason)
	}
	return "deadlock, no node can run: " + strings.Join(parts, "; ")
}

func (r *turnRun) observe(outcome, nodeID string) {
	if r.engine.recorder != nil {
		r.engine.recorder.Outcome(r.flow.ID, outcome, nodeID, r.st.UserTurns)
	}
}

func positionName(p string) string {
	if p == "" {
		return "start"
	}
	return p
}

// Reasons of the handoffs after completion.
const (
	reasonHumanAfterGoal = "the user asked for a person after the flow completed"
	reasonHumanRequested = "the user asked for a person"
	reasonKeptWriting    = "the user kept writing after the flow completed; the flow has nothing more to ask"
)

// afterGoal answers a message that arrives once the flow is complete. The facts it
// volunteers are kept. Under CONTINUE_HIGH a fact that makes an unrun
// high-importance node eligible takes the flow up again. Otherwise the flow has
// nothing more to ask: the first message gets the flow's afterGoal message (which
// says what was settled and how to reach a person), and a request for a person, or
// any further message, is handed to a human rather than answered with the same
// sentence forever. Thanks, goodbyes and acknowledgements ask a person for
// nothing: they get the flow's closing message (Messages.Closing) every time.
func (r *turnRun) afterGoal(turn int) {
	st, flow := r.st, r.flow
	st.AfterGoalMessages++
	r.volunteer(turn)
	if flow.PostGoalPolicy == PostGoalContinueHigh {
		if sel := flow.selectNextNode(st, turn+1); sel.Status == SelectOK {
			st.Status, st.AfterGoalMessages = StatusActive, 0
			r.advance(turn)
			return
		}
	}
	text := r.turn.Message.Text
	switch {
	case nlu.IsHumanRequest(text):
		r.handOff(st.Position, reasonHumanAfterGoal)
	case st.AfterGoalMessages == 1:
		text := orDefault(flow.Messages.AfterGoal, "We're all set; there's nothing more I need from you. If something needs a person, just ask and I'll bring someone in.")
		r.texts = append(r.texts, render(text, st.FactValues))
	case closingWords(text):
		// Thanks, goodbyes and an "ok great" close the conversation; they ask a
		// person for nothing.
		reply := orDefault(flow.Messages.Closing, "You're welcome! We're all set. If anything needs a person, just ask.")
		r.texts = append(r.texts, render(reply, st.FactValues))
	default:
		r.handOff(st.Position, reasonKeptWriting)
	}
}

// closingWords reports whether a message only thanks, greets, says goodbye or
// acknowledges ("thanks a lot!", "bye", "ok great, thank you").
func closingWords(text string) bool {
	if nlu.SmallTalkOf(text) != nlu.NoSmallTalk {
		return true
	}
	// An acknowledgement, then maybe thanks or a goodbye ("ok thanks bye").
	a, rest := nlu.LeadingYesNo(text)
	return a != nlu.Unknown && (rest == "" || nlu.SmallTalkOf(rest) != nlu.NoSmallTalk)
}
