package actor

import (
	"context"

	"github.com/parleyhq/parley"
	"github.com/parleyhq/parley/fsm"
)

// StateHandler is seed 004's handler interface in Go: one per lifecycle state.
// HandleEvent decides what an event does in that state; OnEnter and OnExit return the
// actions the actor performs around a transition. Every transition a handler returns
// is checked against fsm.Lifecycle, so no handler can take one outside the seed's
// Transition Rules.
type StateHandler interface {
	State() parley.Lifecycle
	OnEnter(sc *StateContext) ([]StateAction, error)
	OnExit(sc *StateContext) ([]StateAction, error)
	HandleEvent(ev fsm.LifecycleEvent, sc *StateContext) (EventResult, error)
}

// StateContext is what a handler sees: the conversation and the reason given.
type StateContext struct {
	Key    parley.ConversationKey
	From   parley.Lifecycle
	Reason string
}

// EventResult is a handler's answer to an event: a transition to Next, or Ignored
// (the event is handled without a state change, as Ping and Shutdown are).
type EventResult struct {
	Next    parley.Lifecycle
	Ignored bool
}

// StateAction is an action the actor performs on entering or leaving a state.
type StateAction string

const (
	// ActionArmInactivity (re)starts the inactivity timer.
	ActionArmInactivity StateAction = "arm_inactivity"
	// ActionDisarmInactivity stops the inactivity timer while a turn runs.
	ActionDisarmInactivity StateAction = "disarm_inactivity"
	// ActionEmitStopped records seed 004's stopped event.
	ActionEmitStopped StateAction = "emit_stopped"
	// ActionShutdown persists the final state, cancels the heartbeat, closes the
	// mailbox and ends the actor; the hub stays.
	ActionShutdown StateAction = "shutdown"
)

// tableHandler handles an event by the seed's Transition Rules.
type tableHandler struct {
	state   parley.Lifecycle
	onEnter []StateAction
	onExit  []StateAction
}

func (h tableHandler) State() parley.Lifecycle                      { return h.state }
func (h tableHandler) OnEnter(*StateContext) ([]StateAction, error) { return h.onEnter, nil }
func (h tableHandler) OnExit(*StateContext) ([]StateAction, error)  { return h.onExit, nil }

func (h tableHandler) HandleEvent(ev fsm.LifecycleEvent, sc *StateContext) (EventResult, error) {
	if (ev == fsm.LifecycleEventPing || ev == fsm.LifecycleEventShutdown) && !h.state.Terminal() {
		// No row in the Transition Rules: Ping keeps the actor alive, Shutdown stops
		// the goroutine and leaves the stored lifecycle as it is.
		return EventResult{Ignored: true}, nil
	}
	next, err := fsm.Lifecycle.Fire(context.Background(), h.state, ev, nil)
	if err != nil {
		return EventResult{}, err
	}
	return EventResult{Next: next}, nil
}

// handlers are the seven state handlers (seed 004 "State Handlers").
var handlers = map[parley.Lifecycle]StateHandler{
	parley.LifecycleCreated:   tableHandler{state: parley.LifecycleCreated},
	parley.LifecycleIdle:      tableHandler{state: parley.LifecycleIdle, onEnter: []StateAction{ActionArmInactivity}},
	parley.LifecycleRunning:   tableHandler{state: parley.LifecycleRunning, onEnter: []StateAction{ActionDisarmInactivity}},
	parley.LifecyclePaused:    tableHandler{state: parley.LifecyclePaused, onEnter: []StateAction{ActionArmInactivity}},
	parley.LifecycleError:     tableHandler{state: parley.LifecycleError, onEnter: []StateAction{ActionEmitStopped, ActionShutdown}},
	parley.LifecycleCancelled: tableHandler{state: parley.LifecycleCancelled, onEnter: []StateAction{ActionEmitStopped, ActionShutdown}},
	parley.LifecycleCompleted: tableHandler{state: parley.LifecycleCompleted, onEnter: []StateAction{ActionEmitStopped, ActionShutdown}},
}

// Handler returns the handler of a lifecycle state.
func Handler(s parley.Lifecycle) (StateHandler, bool) {
	h, ok := handlers[s]
	return h, ok
}

// step is one lifecycle transition with the actions it implies.
type step struct {
	from, to parley.Lifecycle
	event    fsm.LifecycleEvent
	reason   string
	ignored  bool
	actions  []StateAction
}

// lifecycleStep runs ev through the current state's handler.
func lifecycleStep(key parley.ConversationKey, from parley.Lifecycle, ev fsm.LifecycleEvent, reason string) (step, error) {
	h, ok := handlers[from]
	if !ok {
		return step{}, parley.Errorf(parley.EINVALIDSTATE, "unknown lifecycle %q", from)
	}
	sc := &StateContext{Key: key, From: from, Reason: reason}
	res, err := h.HandleEvent(ev, sc)
	if err != nil {
		return step{}, err
	}
	st := step{from: from, to: from, event: ev, reason: reason, ignored: res.Ignored}
	if res.Ignored {
		return st, nil
	}
	st.to = res.Next
	exit, err := h.OnExit(sc)
	if err != nil {
		return step{}, err
	}
	enter, err := handlers[res.Next].OnEnter(sc)
	if err != nil {
		return step{}, err
	}
	st.actions = append(append(st.actions, exit...), enter...)
	return st, nil
}

func (s step) has(a StateAction) bool {
	for _, x := range s.actions {
		if x == a {
			return true
		}
	}
	return false
}
