package flows

import (
	"slices"
)

// startFlow activates f: its own slots start empty (values kept from an earlier
// run of any flow are not reused), and the current step is its first.
func (tu *turn) startFlow(f *flow) {
	switch {
	case !tu.e.sharedSlots:
		for _, sl := range f.slotOrder {
			delete(tu.s.Slots, sl.name)
		}
	case tu.transactionDone() || tu.transactionWithdrawn():
		// Shared slots carry a service's state from one task to the next (the
		// city searched is the city booked), until a transaction is done or
		// the user withdrew from it: the same one again starts from nothing
		// (a second payment does not inherit the first one's amount or
		// method; a booking cancelled at a Lisbon hotel leaves no hotel to
		// "book me into porto"), another keeps only the values of its own
		// slots (the account whose balance follows a transfer from it). The
		// values the new request restates are read after this.
		if tu.s.Metadata.LastFlow == f.name {
			clear(tu.s.Slots)
			break
		}
		for name := range tu.s.Slots {
			if f.slots[name] == nil {
				delete(tu.s.Slots, name)
			}
		}
	}
	tu.s.Metadata.Retries = nil
	tu.s.Metadata.Withdrawn = false // spent: one new request starts clean
	tu.s.CurrentFlow = f.name
	tu.s.WaitingForSlot = nil
	if len(f.steps) > 0 {
		tu.setStep(f.steps[0])
	} else {
		tu.s.CurrentStep = nil
	}
}

// transactionDone reports whether the last flow that ended was a transaction
// (a flow with a confirm step) that completed.
func (tu *turn) transactionDone() bool {
	m := tu.s.Metadata
	if m.LastOutcome != OutcomeCompleted {
		return false
	}
	last := tu.e.flows[m.LastFlow]
	return last != nil && slices.ContainsFunc(last.steps, func(st *step) bool { return st.kind == KindConfirm })
}

// transactionWithdrawn reports whether the last flow that ended was a
// transaction the user withdrew from in their own words (a cancel, a change
// of mind: metadata.withdrawn), with nothing suspended that a new request
// would interrupt. A plain no to the confirmation is no withdrawal: it
// rejects the proposal, and the value it changes may follow ("no" then "make
// it 3 people", as Schema-Guided Dialogue users do), so the values stay.
func (tu *turn) transactionWithdrawn() bool {
	m := tu.s.Metadata
	if !m.Withdrawn || m.LastOutcome != OutcomeCancelled || len(tu.s.FlowStack) > 0 {
		return false
	}
	last := tu.e.flows[m.LastFlow]
	return last != nil && slices.ContainsFunc(last.steps, func(st *step) bool { return st.kind == KindConfirm })
}

// withdraw ends the active flow as the user's own cancel (metadata.withdrawn,
// when no suspended flow resumes: a resumed one keeps the values it was given).
func (tu *turn) withdraw() error {
	if err := tu.endFlow(OutcomeCancelled); err != nil {
		return err
	}
	tu.s.Metadata.Withdrawn = tu.s.CurrentFlow == FlowNone
	return nil
}

// advance runs the active flow from step index i until it needs the user
// (collect, confirm), fails, or ends; each step entered goes through seed 003's
// step_type_to_state transitions.
func (tu *turn) advance(i int) error {
	for n := 0; ; n++ {
		if n > maxStepsPerTurn {
			return tu.fail("flow_loop", "too many steps without asking the user")
		}
		f := tu.flow()
		if i < 0 || i >= len(f.steps) {
			return tu.endFlow(OutcomeCompleted)
		}
		next, stop, err := tu.runStep(f, f.steps[i])
		if err != nil || stop {
			return err
		}
		i = next
	}
}

// runStep runs one step of flow f: it returns the index of the step to run next, or
// stop when the turn ends here (it waits for the user, or failed).
func (tu *turn) runStep(f *flow, st *step) (next int, stop bool, err error) {
	switch st.kind {
	case KindCollect:
		return tu.collectStep(st)
	case KindConfirm:
		return 0, true, tu.confirmStep(st)
	case KindAction:
		return tu.actionStep(f, st)
	case KindBranch:
		tu.setStep(st)
		if err := tu.fire(DialogueNextStepBranch); err != nil {
			return 0, true, err
		}
		return tu.branch(st), false, nil
	case KindSay:
		return tu.sayStep(st)
	case KindCall:
		tu.s.FlowStack = append(tu.s.FlowStack, Frame{Flow: f.name, Step: st.id, Call: true})
		tu.startFlow(st.target)
		return 0, false, nil
	case KindLink:
		tu.startFlow(st.target)
		return 0, false, nil
	default:
		return 0, true, tu.fail("invalid_step", "step "+st.id+" does nothing")
	}
}

// actionStep runs the step's action, moving to executing_action first.
func (tu *turn) actionStep(f *flow, st *step) (next int, stop bool, err error) {
	tu.setStep(st)
	if tu.s.ConversationState != DialogueExecutingAction {
		if err := tu.fire(DialogueNextStepAction); err != nil {
			return 0, true, err
		}
		if err := tu.fire(DialogueExecuteAction); err != nil {
			return 0, true, err
		}
	}
	next, done, err := tu.act(f, st)
	return next, done || err != nil, err
}

// sayStep says the step's text (written by the model when the step generates).
func (tu *turn) sayStep(st *step) (next int, stop bool, err error) {
	tu.setStep(st)
	if tu.s.ConversationState != DialogueGeneratingResponse {
		if err := tu.fire(DialogueNextStepSay); err != nil {
			return 0, true, err
		}
	}
	tu.say(tu.generate(st.def, tu.render(st.def.Say)))
	return st.next, false, nil
}

// collectStep asks for the step's slot, unless it already has a value.
func (tu *turn) collectStep(st *step) (next int, stop bool, err error) {
	s := tu.s
	if v, ok := s.Slots[st.slot.name]; ok && v != nil {
		return st.next, false, nil
	}
	trigger := DialogueNextStepCollect
	if s.ConversationState == DialogueUnderstanding {
		trigger = DialogueSlotNeeded // 001 Rule 2
	}
	if err := tu.fire(trigger); err != nil {
		return 0, true, err
	}
	tu.setStep(st)
	tu.await(st)
	tu.say(tu.generate(st.def, tu.render(st.prompt)))
	return 0, true, nil
}

// endFlow ends the active flow with the outcome: -> completed, then either back to
// the suspended flow beneath it (completed -> generating_response, which says the
// resume prompt, -> its step) or to idle (001 "COMPLETED -> IDLE").
func (tu *turn) endFlow(outcome string) error {
	if err := tu.complete(outcome); err != nil {
		return err
	}
	s := tu.s
	s.Metadata.LastFlow, s.Metadata.LastOutcome = s.CurrentFlow, outcome
	s.Metadata.Retries, s.Metadata.Withdrawn = nil, false
	s.CurrentFlow, s.CurrentStep, s.WaitingForSlot = FlowNone, nil, nil
	if outcome != OutcomeCompleted {
		// A called flow is part of its caller: cancelling it cancels the caller.
		for len(s.FlowStack) > 0 && s.FlowStack[len(s.FlowStack)-1].Call {
			s.FlowStack = s.FlowStack[:len(s.FlowStack)-1]
		}
	}
	if len(s.FlowStack) == 0 {
		return tu.fire(DialogueFlowDone)
	}
	return tu.resumeSuspended()
}

// complete moves the dialogue to completed from the state the flow ended in.
func (tu *turn) complete(outcome string) error {
	trigger := DialogueNoMoreSteps
	switch tu.s.ConversationState {
	case DialogueExecutingAction:
		if outcome == OutcomeCompleted {
			trigger = DialogueActionSucceeded // 001 Rule 6
		}
	case DialogueConfirming:
		trigger = DialogueUserCancels // 001 "CONFIRMING -> COMPLETED: User cancels"
	case DialogueWaitingForSlot:
		if err := tu.fire(DialogueIntentChange); err != nil {
			return err
		}
	}
	return tu.fire(trigger)
}

// resumeSuspended goes back to the flow on top of the stack: a caller after its
// call step; a flow another one interrupted at its step, with its own slots back
// (unless slots are shared) and the resume prompt said.
func (tu *turn) resumeSuspended() error {
	s := tu.s
	fr := s.FlowStack[len(s.FlowStack)-1]
	s.FlowStack = s.FlowStack[:len(s.FlowStack)-1]
	if err := tu.fire(DialogueFinalResponse); err != nil {
		return err
	}
	f := tu.e.flows[fr.Flow]
	s.CurrentFlow = f.name
	i := f.stepIndex[fr.Step]
	if fr.Call {
		return tu.advance(f.steps[i].next)
	}
	if !tu.e.sharedSlots {
		restoreSlots(f, s.Slots, fr.Slots)
	}
	resume := f.resume
	if resume == "" {
		resume = tu.e.text["resume"]
	}
	tu.say(fill(resume, "flow", f.label))
	return tu.advance(i)
}

// ownSlots copies the values of f's declared slots (nil when none is set).
func ownSlots(f *flow, slots map[string]any) map[string]any {
	var own map[string]any
	for _, sl := range f.slotOrder {
		if v, ok := slots[sl.name]; ok && v != nil {
			if own == nil {
				own = make(map[string]any, len(f.slotOrder))
			}
			own[sl.name] = v
		}
	}
	return own
}

// restoreSlots gives f's declared slots back the values saved when it was
// suspended.
func restoreSlots(f *flow, slots, saved map[string]any) {
	for _, sl := range f.slotOrder {
		if v, ok := saved[sl.name]; ok {
			slots[sl.name] = v
		} else {
			delete(slots, sl.name)
		}
	}
}

// branch picks the first case whose condition holds; a case without one is else.
func (tu *turn) branch(st *step) int {
	for _, c := range st.cases {
		if c.cond == nil || holds(c.cond, tu.s.Slots) {
			return c.next
		}
	}
	return st.next
}
