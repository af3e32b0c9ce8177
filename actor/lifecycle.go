package actor

import (
	"github.com/parleyhq/parley"
	"github.com/parleyhq/parley/fsm"
)

// LifecycleEvent is an event of the conversation actor (docs/spec/004-agent-lifecycle.txt
// "Events"), with InteractionComplete split by its success flag as the Transition
// Rules split it, and Error for the "Any | Error | Error" row.
type LifecycleEvent string

const (
	LifecycleEventProcessInteraction         LifecycleEvent = "ProcessInteraction"         // "Start processing a user message"
	LifecycleEventPause                      LifecycleEvent = "Pause"                      // "Pause the current session"
	LifecycleEventCancel                     LifecycleEvent = "Cancel"                     // "Cancel the current session"
	LifecycleEventPing                       LifecycleEvent = "Ping"                       // "Keep-alive heartbeat": no transition
	LifecycleEventShutdown                   LifecycleEvent = "Shutdown"                   // "Graceful shutdown request": no transition
	LifecycleEventInteractionCompleteSuccess LifecycleEvent = "InteractionCompleteSuccess" // "InteractionComplete (success)"
	LifecycleEventInteractionCompleteError   LifecycleEvent = "InteractionCompleteError"   // "InteractionComplete (error)"
	LifecycleEventInactivityTimeout          LifecycleEvent = "InactivityTimeout"          // "Fired when idle timeout expires"
	LifecycleEventError                      LifecycleEvent = "Error"                      // "Any | Error | Error"
)

// Lifecycle is the conversation actor of seed 004 (docs/spec/004-agent-lifecycle.txt
// "Transition Rules") as a table: the rules exactly, plus created
// --ProcessInteraction--> idle (the diagram's first edge; "Spawn: ... Enters Idle
// state"). error, cancelled and completed are terminal ("No further state
// transitions are possible"). "Any" rows apply to every non-terminal state, created
// included. Ping and Shutdown have no row: the actor handles them without a state
// change. There is no Resume event: resuming is paused --ProcessInteraction--> idle
// (the diagram labels that edge "(resume)"; the rule reads "Resume by processing
// interaction"), after which the message is processed with idle
// --ProcessInteraction--> running.
//
// The actor moves through it with the lifecycle methods below, one per event the
// runtime raises; TestLifecycleMethodsFollowTheSeedTable keeps the two equal. Error,
// Ping and Shutdown have no method: a failed turn is InteractionComplete (error), and
// the actor's loop takes the heartbeat and a shutdown command without a lifecycle
// step (seed 004 gives them no row; a shutdown leaves the stored lifecycle as it is),
// so the table test states their rules itself. The table draws the
// lifecycle (`parley graph lifecycle`, GET /v1/bots/{bot}/graph?machine=lifecycle).
var Lifecycle = fsm.MustBuild(fsm.New[parley.Lifecycle, LifecycleEvent]("lifecycle").
	States(parley.LifecycleCreated, parley.LifecycleIdle, parley.LifecycleRunning, parley.LifecyclePaused,
		parley.LifecycleError, parley.LifecycleCancelled, parley.LifecycleCompleted).
	Initial(parley.LifecycleCreated).
	Terminal(parley.LifecycleError, parley.LifecycleCancelled, parley.LifecycleCompleted).
	Permit(parley.LifecycleCreated, LifecycleEventProcessInteraction, parley.LifecycleIdle).
	Permit(parley.LifecycleIdle, LifecycleEventProcessInteraction, parley.LifecycleRunning).
	Permit(parley.LifecycleIdle, LifecycleEventPause, parley.LifecyclePaused).
	Permit(parley.LifecycleIdle, LifecycleEventCancel, parley.LifecycleCancelled).
	Permit(parley.LifecycleIdle, LifecycleEventInactivityTimeout, parley.LifecycleCompleted).
	Permit(parley.LifecycleRunning, LifecycleEventInteractionCompleteSuccess, parley.LifecycleIdle).
	Permit(parley.LifecycleRunning, LifecycleEventInteractionCompleteError, parley.LifecycleError).
	Permit(parley.LifecycleRunning, LifecycleEventPause, parley.LifecyclePaused).
	Permit(parley.LifecycleRunning, LifecycleEventCancel, parley.LifecycleCancelled).
	Permit(parley.LifecyclePaused, LifecycleEventProcessInteraction, parley.LifecycleIdle).
	Permit(parley.LifecyclePaused, LifecycleEventInactivityTimeout, parley.LifecycleCompleted).
	PermitFromAny(LifecycleEventError, parley.LifecycleError).
	PermitFromAny(LifecycleEventCancel, parley.LifecycleCancelled))

// step is one lifecycle transition and the reason given for it (the state_changed
// event's).
type step struct {
	from, to parley.Lifecycle
	reason   string
}

// stops reports whether the step enters a terminal state: the actor records seed
// 004's stopped event and shuts down ("Terminal States").
func (s step) stops() bool { return s.to.Terminal() }

// lifecycle is a conversation's lifecycle as the receiver of seed 004's events, in
// the shape of a command state machine: one method per event, each a switch on the
// current state that returns the step the Transition Rules take, and illegal for any
// other state.
type lifecycle parley.Lifecycle

func (l lifecycle) to(next parley.Lifecycle, reason string) (step, error) {
	return step{from: parley.Lifecycle(l), to: next, reason: reason}, nil
}

// processInteraction starts a turn from idle, and spawns (created) or resumes
// (paused) into idle.
func (l lifecycle) processInteraction(reason string) (step, error) {
	switch parley.Lifecycle(l) {
	case parley.LifecycleCreated, parley.LifecyclePaused:
		return l.to(parley.LifecycleIdle, reason)
	case parley.LifecycleIdle:
		return l.to(parley.LifecycleRunning, reason)
	}
	return step{}, l.illegal(LifecycleEventProcessInteraction)
}

// completeSuccess is InteractionComplete (success): the turn is done.
func (l lifecycle) completeSuccess(reason string) (step, error) {
	if parley.Lifecycle(l) == parley.LifecycleRunning {
		return l.to(parley.LifecycleIdle, reason)
	}
	return step{}, l.illegal(LifecycleEventInteractionCompleteSuccess)
}

// completeError is InteractionComplete (error): the turn failed, terminally.
func (l lifecycle) completeError(reason string) (step, error) {
	if parley.Lifecycle(l) == parley.LifecycleRunning {
		return l.to(parley.LifecycleError, reason)
	}
	return step{}, l.illegal(LifecycleEventInteractionCompleteError)
}

// pause parks an idle conversation or interrupts a running turn.
func (l lifecycle) pause(reason string) (step, error) {
	switch parley.Lifecycle(l) {
	case parley.LifecycleIdle, parley.LifecycleRunning:
		return l.to(parley.LifecyclePaused, reason)
	}
	return step{}, l.illegal(LifecycleEventPause)
}

// cancel ends the conversation from any state that is not terminal ("Any | Cancel").
func (l lifecycle) cancel(reason string) (step, error) {
	switch parley.Lifecycle(l) {
	case parley.LifecycleCreated, parley.LifecycleIdle, parley.LifecycleRunning, parley.LifecyclePaused:
		return l.to(parley.LifecycleCancelled, reason)
	}
	return step{}, l.illegal(LifecycleEventCancel)
}

// inactivityTimeout completes an idle or paused conversation.
func (l lifecycle) inactivityTimeout(reason string) (step, error) {
	switch parley.Lifecycle(l) {
	case parley.LifecycleIdle, parley.LifecyclePaused:
		return l.to(parley.LifecycleCompleted, reason)
	}
	return step{}, l.illegal(LifecycleEventInactivityTimeout)
}

// illegal is the one report of a move outside the Transition Rules: an unknown
// stored lifecycle is EINVALIDSTATE, any other move the kernel's *fsm.TransitionError
// (code parley.ETRANSITION), worded as the table words it.
func (l lifecycle) illegal(ev LifecycleEvent) error {
	from := parley.Lifecycle(l)
	reason := "no such transition"
	switch {
	case !from.Valid():
		return parley.Errorf(parley.EINVALIDSTATE, "unknown lifecycle %q", from)
	case from.Terminal():
		reason = "terminal state"
	}
	return &fsm.TransitionError[parley.Lifecycle, LifecycleEvent]{Machine: "lifecycle", From: from, Trigger: ev, Reason: reason}
}
