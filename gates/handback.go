package gates

import (
	"maps"
	"time"

	"github.com/parleyhq/parley"
)

// StateHandoffComplete is the state a handback adds: the human has finished (seed
// 002's gate example "HANDOFF": statesAll ["HANDOFF_COMPLETE"]).
const StateHandoffComplete = "HANDOFF_COMPLETE"

// TriggerHandback is the trigger of a handback's transition.
const TriggerHandback = "HANDBACK"

// Handback returns a conversation a human has taken over (a HANDOFF, or a DEADLOCK,
// which hands off too) to the controller: POST .../handback and a resolved Chatwoot
// conversation call it through the runtime. HANDOFF_REQUESTED gives way to
// HANDOFF_COMPLETE, the loop guard starts over, and every node's retry budget
// counts again from its attempts now (attemptsByNode itself never resets), so the
// node that exhausted its attempts is asked once more rather than handed straight
// back to a human. The next message answers no prompt. A conversation that is not
// handed off is an error with code parley.ECONFLICT.
func (e *Engine) Handback(state any, reason string, at time.Time) (parley.Decision, error) {
	st, err := e.stateOf(state)
	if err != nil {
		return parley.Decision{}, err
	}
	if st.Status != StatusHandoff && st.Status != StatusDeadlock {
		return parley.Decision{}, parley.Errorf(parley.ECONFLICT, "the conversation is %s, not handed off", st.Status)
	}
	from := st.Status
	st.Status = StatusActive
	if st.Completed {
		// Handed off after completion: the flow is still complete, and the next
		// message gets the after-goal answer again.
		st.Status, st.AfterGoalMessages = StatusComplete, 0
	}
	st.HandoffReason = ""
	remove(&st.States, StateHandoffRequested)
	add(&st.States, StateHandoffComplete)
	st.AttemptsAtHandback = maps.Clone(st.AttemptsByNode)
	st.LastSelectedNode, st.ConsecutiveSelections = "", 0
	st.LastPromptedNode, st.LastPromptedMode = "", ""
	st.Metrics = metricsOf(st)
	data := map[string]string{"reason": reason, "from": from}
	if !at.IsZero() {
		data["at"] = at.UTC().Format(time.RFC3339Nano)
	}
	pos := positionName(st.Position)
	return parley.Decision{
		State:       st,
		Transitions: []parley.Transition{{From: pos, To: pos, Trigger: TriggerHandback}},
		Events:      []parley.EventData{{Type: "handback", Data: data}},
	}, nil
}
