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
// It is the lifecycle's only form: the actor moves through it with move, and
// TestLifecycleMatchesSeed004 checks it against the seed's table written out. A failed
// turn is InteractionComplete (error); the runtime never raises Error. The table
// draws the lifecycle (`parley graph lifecycle`, GET /v1/bots/{bot}/graph?machine=lifecycle).
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

// move is the one function that moves a conversation's lifecycle: event ev taken
// from from, as the table (Lifecycle) has it, with the reason the state_changed
// event gives. A move outside the table is the kernel's *fsm.TransitionError (code
// parley.ETRANSITION); an unknown stored lifecycle is EINVALIDSTATE. Ping and
// Shutdown have no row: the runtime counts the heartbeat and shuts actors down
// without moving (a shutdown leaves the stored lifecycle as it is), and never calls
// move with them.
func move(from parley.Lifecycle, ev LifecycleEvent, reason string) (step, error) {
	if !from.Valid() {
		return step{}, parley.Errorf(parley.EINVALIDSTATE, "unknown lifecycle %q", from)
	}
	to, ok := Lifecycle.Next(from, ev)
	if !ok {
		return step{}, Lifecycle.Check(from, ev, "")
	}
	return step{from: from, to: to, reason: reason}, nil
}
