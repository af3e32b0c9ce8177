package shop

import "github.com/parleyhq/parley/fsm"

// This file holds the shop's transition table, built once from literals with
// fsm.MustBuild and never changed afterwards: a package-level value, not
// package-level state. Its test (machine_test.go) restates the table from seed 000
// independently, so a change here must be a deliberate change there too.

// StateName is a state of the shopping conversation (seed 000 section 2: "The only
// valid state values are ...").
type StateName string

const (
	// StateIdle: entered on a "New conversation or reset due to global timeout
	// fallback", from recommending ("response complete and no pending action"),
	// awaiting_confirmation ("cancellation or completion with no further action", and
	// on expiry, section 6.2), paginating ("no more results"), error ("fallback/retry
	// prepared and state normalized") and handoff ("only after explicit human
	// resolution"). Left on a new request to recommending, clarifying,
	// awaiting_confirmation, error or handoff.
	StateIdle StateName = "idle"
	// StateClarifying: entered when "Intent confidence below threshold or required
	// slot(s) missing" (from idle, from itself, from recommending on "repeated
	// unresolved intent", from awaiting_confirmation when the reply "is neither valid
	// confirmation nor cancellation", from paginating on "lost/invalid query
	// context"). Left when the "clarification resolved" (recommending), for a
	// confirmation, to handoff when the "clarification limit exceeded", or to error.
	StateClarifying StateName = "clarifying"
	// StateRecommending: "Agent is returning initial recommendation set" (from idle,
	// clarifying, awaiting_confirmation, paginating). Left by show_more
	// (paginating), a selection needing confirmation, repeated intent (clarifying),
	// "response complete" (idle), error, handoff.
	StateRecommending StateName = "recommending"
	// StateAwaitingConfirmation: "Agent has asked user to confirm/cancel an action and
	// set pending_confirmation" (from idle, clarifying, recommending). Left when the
	// "confirmation accepted" (recommending), on cancellation or expiry (idle), an
	// unclear reply (clarifying), handoff, error.
	StateAwaitingConfirmation StateName = "awaiting_confirmation"
	// StatePaginating: "User requested additional results from current query context"
	// (from recommending on show_more). Left when the "next page found and rendered"
	// (recommending), on "no more results" (idle), lost context (clarifying), error.
	StatePaginating StateName = "paginating"
	// StateError: "Recoverable runtime or dependency issue" (from every state but
	// handoff). Left to idle once "fallback/retry prepared", or to handoff on
	// "repeated errors or user requests human".
	StateError StateName = "error"
	// StateHandoff: "User requested human or automation cannot safely continue".
	// Loops "while waiting for human ownership"; left to idle "only after explicit
	// human resolution and bot reactivation policy allows return".
	StateHandoff StateName = "handoff"
)

// Trigger names why the shopping conversation changes state; each is the
// trigger text of a seed 000 section 3 bullet. A trigger reused from several states
// means the same thing in each.
type Trigger string

const (
	TriggerProductSearch      Trigger = "product_search"      // "clear product-search intent"
	TriggerAmbiguous          Trigger = "ambiguous"           // "ambiguous/underspecified query"; "additional clarification needed"
	TriggerNeedsConfirmation  Trigger = "needs_confirmation"  // "intent requires explicit confirmation before action"
	TriggerFailure            Trigger = "failure"             // "recoverable system failure" (any recoverable failure)
	TriggerHumanRequest       Trigger = "human_request"       // "explicit user request for human or hard policy/system condition"
	TriggerClarified          Trigger = "clarified"           // "clarification resolved and searchable query formed"
	TriggerClarificationLimit Trigger = "clarification_limit" // "clarification limit exceeded (see loop prevention)"
	TriggerShowMore           Trigger = "show_more"           // "user chooses show_more"
	TriggerSelect             Trigger = "select"              // "user selects an item requiring confirmation"
	TriggerRepeatedIntent     Trigger = "repeated_intent"     // "repeated unresolved intent or filter ambiguity"
	TriggerResponseComplete   Trigger = "response_complete"   // "response complete and no pending action"
	TriggerConfirmAccepted    Trigger = "confirm_accepted"    // "confirmation accepted and next result should be shown"
	TriggerCancelled          Trigger = "cancelled"           // "cancellation or completion with no further action"
	TriggerExpired            Trigger = "expired"             // "pending_confirmation is expired (> 5 minutes) ... transition to idle"
	TriggerNotUnderstood      Trigger = "not_understood"      // "user reply is neither valid confirmation nor cancellation"
	TriggerPageFound          Trigger = "page_found"          // "next page found and rendered"
	TriggerNoMoreResults      Trigger = "no_more_results"     // "no more results"
	TriggerLostContext        Trigger = "lost_context"        // "lost/invalid query context (last_query_hash mismatch/null)"
	TriggerRecovered          Trigger = "recovered"           // "fallback/retry prepared and state normalized"
	TriggerRepeatedErrors     Trigger = "repeated_errors"     // "repeated errors or user requests human"
	TriggerWaitingForHuman    Trigger = "waiting_for_human"   // "While waiting for human ownership"
	TriggerHumanResolved      Trigger = "human_resolved"      // "Only after explicit human resolution and bot reactivation policy allows return"
)

// Machine is the shopping conversation's transition table, seed 000 section 3:
// every allowed transition of the seed, one trigger per bullet, and nothing else. It
// starts idle and has no terminal state. Three triggers are added on pairs the seed
// already allows: awaiting_confirmation --expired--> idle (section 3.4 "Required
// behavior" and section 6.2 "On expiry: ... transition to idle"), error
// --human_request--> handoff (section 3.6 "repeated errors or user requests human",
// so a request for a human is the same trigger in every state), and clarifying
// --human_request--> handoff (section 3.2 allows clarifying -> handoff; section 3.7
// enters handoff when the "User requested human", so a request for a human made
// while clarifying is labelled as what it is, not as an exceeded clarification
// limit). The global fallback of section 7 ("Reset state to idle") is not a
// transition: it replaces a state that cannot be trusted, so it is outside this
// table by design.
var Machine = fsm.MustBuild(fsm.New[StateName, Trigger]("shop").
	States(StateIdle, StateClarifying, StateRecommending, StateAwaitingConfirmation, StatePaginating, StateError, StateHandoff).
	Initial(StateIdle).
	// 3.1 idle
	Permit(StateIdle, TriggerProductSearch, StateRecommending).
	Permit(StateIdle, TriggerAmbiguous, StateClarifying).
	Permit(StateIdle, TriggerNeedsConfirmation, StateAwaitingConfirmation).
	Permit(StateIdle, TriggerFailure, StateError).
	Permit(StateIdle, TriggerHumanRequest, StateHandoff).
	// 3.2 clarifying
	Permit(StateClarifying, TriggerClarified, StateRecommending).
	Permit(StateClarifying, TriggerNeedsConfirmation, StateAwaitingConfirmation).
	Permit(StateClarifying, TriggerAmbiguous, StateClarifying).
	Permit(StateClarifying, TriggerClarificationLimit, StateHandoff).
	Permit(StateClarifying, TriggerHumanRequest, StateHandoff).
	Permit(StateClarifying, TriggerFailure, StateError).
	// 3.3 recommending
	Permit(StateRecommending, TriggerShowMore, StatePaginating).
	Permit(StateRecommending, TriggerSelect, StateAwaitingConfirmation).
	Permit(StateRecommending, TriggerRepeatedIntent, StateClarifying).
	Permit(StateRecommending, TriggerResponseComplete, StateIdle).
	Permit(StateRecommending, TriggerFailure, StateError).
	Permit(StateRecommending, TriggerHumanRequest, StateHandoff).
	// 3.4 awaiting_confirmation
	Permit(StateAwaitingConfirmation, TriggerConfirmAccepted, StateRecommending).
	Permit(StateAwaitingConfirmation, TriggerCancelled, StateIdle).
	Permit(StateAwaitingConfirmation, TriggerExpired, StateIdle).
	Permit(StateAwaitingConfirmation, TriggerNotUnderstood, StateClarifying).
	Permit(StateAwaitingConfirmation, TriggerHumanRequest, StateHandoff).
	Permit(StateAwaitingConfirmation, TriggerFailure, StateError).
	// 3.5 paginating
	Permit(StatePaginating, TriggerPageFound, StateRecommending).
	Permit(StatePaginating, TriggerNoMoreResults, StateIdle).
	Permit(StatePaginating, TriggerLostContext, StateClarifying).
	Permit(StatePaginating, TriggerFailure, StateError).
	// 3.6 error
	Permit(StateError, TriggerRecovered, StateIdle).
	Permit(StateError, TriggerRepeatedErrors, StateHandoff).
	Permit(StateError, TriggerHumanRequest, StateHandoff).
	// 3.7 handoff
	Permit(StateHandoff, TriggerWaitingForHuman, StateHandoff).
	Permit(StateHandoff, TriggerHumanResolved, StateIdle))
