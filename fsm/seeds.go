package fsm

import "github.com/parleyhq/parley"

// This file holds the conversation actor's lifecycle table (seed 004 "Transition
// Rules", docs/spec/004-agent-lifecycle.txt) until package actor owns it, as each
// engine owns its own table. It is built once from literals with MustBuild and never
// changes afterwards: a package-level value, not package-level state. Its test
// (seeds_test.go) restates the table from the seed independently.

// LifecycleEvent is an event of the conversation actor (seed 004 "Events"), with
// InteractionComplete split by its success flag as the Transition Rules split it,
// and Error for the "Any | Error | Error" row.
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

// Lifecycle is the conversation actor of seed 004: its Transition Rules exactly,
// plus created --ProcessInteraction--> idle (the diagram's first edge; "Spawn: ...
// Enters Idle state"). error, cancelled and completed are terminal ("No further state
// transitions are possible"). "Any" rows apply to every non-terminal state, created
// included. Ping and Shutdown have no row: the runtime handles them without a state
// change, and firing them is a TransitionError. There is no Resume event: resuming
// is paused --ProcessInteraction--> idle (the diagram labels that edge "(resume)";
// the rule reads "Resume by processing interaction"), after which the message is
// processed with idle --ProcessInteraction--> running.
var Lifecycle = MustBuild(New[parley.Lifecycle, LifecycleEvent]("lifecycle").
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
