package fsm

import "github.com/parleyhq/parley"

// This file holds the transition tables of the seed machines. They are built once
// from literals with MustBuild and never change afterwards: package-level values,
// not package-level state. Their tests (seeds_test.go) restate every table from the
// seeds independently, so a change here must be a deliberate change there too.

// ---------------------------------------------------------------------------
// Shop: seed 000 section 3 (the WooCommerce shopping assistant).
// ---------------------------------------------------------------------------

// ShopState is a state of the shopping conversation (seed 000 section 2: "The only
// valid state values are ...").
type ShopState string

const (
	// ShopIdle: entered on a "New conversation or reset due to global timeout
	// fallback", from recommending ("response complete and no pending action"),
	// awaiting_confirmation ("cancellation or completion with no further action", and
	// on expiry, section 6.2), paginating ("no more results"), error ("fallback/retry
	// prepared and state normalized") and handoff ("only after explicit human
	// resolution"). Left on a new request to recommending, clarifying,
	// awaiting_confirmation, error or handoff.
	ShopIdle ShopState = "idle"
	// ShopClarifying: entered when "Intent confidence below threshold or required
	// slot(s) missing" (from idle, from itself, from recommending on "repeated
	// unresolved intent", from awaiting_confirmation when the reply "is neither valid
	// confirmation nor cancellation", from paginating on "lost/invalid query
	// context"). Left when the "clarification resolved" (recommending), for a
	// confirmation, to handoff when the "clarification limit exceeded", or to error.
	ShopClarifying ShopState = "clarifying"
	// ShopRecommending: "Agent is returning initial recommendation set" (from idle,
	// clarifying, awaiting_confirmation, paginating). Left by show_more
	// (paginating), a selection needing confirmation, repeated intent (clarifying),
	// "response complete" (idle), error, handoff.
	ShopRecommending ShopState = "recommending"
	// ShopAwaitingConfirmation: "Agent has asked user to confirm/cancel an action and
	// set pending_confirmation" (from idle, clarifying, recommending). Left when the
	// "confirmation accepted" (recommending), on cancellation or expiry (idle), an
	// unclear reply (clarifying), handoff, error.
	ShopAwaitingConfirmation ShopState = "awaiting_confirmation"
	// ShopPaginating: "User requested additional results from current query context"
	// (from recommending on show_more). Left when the "next page found and rendered"
	// (recommending), on "no more results" (idle), lost context (clarifying), error.
	ShopPaginating ShopState = "paginating"
	// ShopError: "Recoverable runtime or dependency issue" (from every state but
	// handoff). Left to idle once "fallback/retry prepared", or to handoff on
	// "repeated errors or user requests human".
	ShopError ShopState = "error"
	// ShopHandoff: "User requested human or automation cannot safely continue".
	// Loops "while waiting for human ownership"; left to idle "only after explicit
	// human resolution and bot reactivation policy allows return".
	ShopHandoff ShopState = "handoff"
)

// ShopTrigger names why the shopping conversation changes state; each is the
// trigger text of a seed 000 section 3 bullet. A trigger reused from several states
// means the same thing in each.
type ShopTrigger string

const (
	ShopProductSearch      ShopTrigger = "product_search"      // "clear product-search intent"
	ShopAmbiguous          ShopTrigger = "ambiguous"           // "ambiguous/underspecified query"; "additional clarification needed"
	ShopNeedsConfirmation  ShopTrigger = "needs_confirmation"  // "intent requires explicit confirmation before action"
	ShopFailure            ShopTrigger = "failure"             // "recoverable system failure" (any recoverable failure)
	ShopHumanRequest       ShopTrigger = "human_request"       // "explicit user request for human or hard policy/system condition"
	ShopClarified          ShopTrigger = "clarified"           // "clarification resolved and searchable query formed"
	ShopClarificationLimit ShopTrigger = "clarification_limit" // "clarification limit exceeded (see loop prevention)"
	ShopShowMore           ShopTrigger = "show_more"           // "user chooses show_more"
	ShopSelect             ShopTrigger = "select"              // "user selects an item requiring confirmation"
	ShopRepeatedIntent     ShopTrigger = "repeated_intent"     // "repeated unresolved intent or filter ambiguity"
	ShopResponseComplete   ShopTrigger = "response_complete"   // "response complete and no pending action"
	ShopConfirmAccepted    ShopTrigger = "confirm_accepted"    // "confirmation accepted and next result should be shown"
	ShopCancelled          ShopTrigger = "cancelled"           // "cancellation or completion with no further action"
	ShopExpired            ShopTrigger = "expired"             // "pending_confirmation is expired (> 5 minutes) ... transition to idle"
	ShopNotUnderstood      ShopTrigger = "not_understood"      // "user reply is neither valid confirmation nor cancellation"
	ShopPageFound          ShopTrigger = "page_found"          // "next page found and rendered"
	ShopNoMoreResults      ShopTrigger = "no_more_results"     // "no more results"
	ShopLostContext        ShopTrigger = "lost_context"        // "lost/invalid query context (last_query_hash mismatch/null)"
	ShopRecovered          ShopTrigger = "recovered"           // "fallback/retry prepared and state normalized"
	ShopRepeatedErrors     ShopTrigger = "repeated_errors"     // "repeated errors or user requests human"
	ShopWaitingForHuman    ShopTrigger = "waiting_for_human"   // "While waiting for human ownership"
	ShopHumanResolved      ShopTrigger = "human_resolved"      // "Only after explicit human resolution and bot reactivation policy allows return"
)

// Shop is the shopping conversation of seed 000 section 3: every allowed transition
// of the seed, one trigger per bullet, and nothing else. It starts idle and has no
// terminal state. Two triggers are added on pairs the seed already allows:
// awaiting_confirmation --expired--> idle (section 3.4 "Required behavior" and
// section 6.2 "On expiry: ... transition to idle"), and error --human_request-->
// handoff (section 3.6 "repeated errors or user requests human", so a request for a
// human is the same trigger in every state), and clarifying --human_request-->
// handoff (section 3.2 allows clarifying -> handoff; section 3.7 enters handoff
// when the "User requested human", so a request for a human made while clarifying
// is labelled as what it is, not as an exceeded clarification limit). The global
// fallback of section 7
// ("Reset state to idle") is not a transition: it replaces a state that cannot be
// trusted, so it is outside this table by design.
var Shop = MustBuild(New[ShopState, ShopTrigger]("shop").
	States(ShopIdle, ShopClarifying, ShopRecommending, ShopAwaitingConfirmation, ShopPaginating, ShopError, ShopHandoff).
	Initial(ShopIdle).
	// 3.1 idle
	Permit(ShopIdle, ShopProductSearch, ShopRecommending).
	Permit(ShopIdle, ShopAmbiguous, ShopClarifying).
	Permit(ShopIdle, ShopNeedsConfirmation, ShopAwaitingConfirmation).
	Permit(ShopIdle, ShopFailure, ShopError).
	Permit(ShopIdle, ShopHumanRequest, ShopHandoff).
	// 3.2 clarifying
	Permit(ShopClarifying, ShopClarified, ShopRecommending).
	Permit(ShopClarifying, ShopNeedsConfirmation, ShopAwaitingConfirmation).
	Permit(ShopClarifying, ShopAmbiguous, ShopClarifying).
	Permit(ShopClarifying, ShopClarificationLimit, ShopHandoff).
	Permit(ShopClarifying, ShopHumanRequest, ShopHandoff).
	Permit(ShopClarifying, ShopFailure, ShopError).
	// 3.3 recommending
	Permit(ShopRecommending, ShopShowMore, ShopPaginating).
	Permit(ShopRecommending, ShopSelect, ShopAwaitingConfirmation).
	Permit(ShopRecommending, ShopRepeatedIntent, ShopClarifying).
	Permit(ShopRecommending, ShopResponseComplete, ShopIdle).
	Permit(ShopRecommending, ShopFailure, ShopError).
	Permit(ShopRecommending, ShopHumanRequest, ShopHandoff).
	// 3.4 awaiting_confirmation
	Permit(ShopAwaitingConfirmation, ShopConfirmAccepted, ShopRecommending).
	Permit(ShopAwaitingConfirmation, ShopCancelled, ShopIdle).
	Permit(ShopAwaitingConfirmation, ShopExpired, ShopIdle).
	Permit(ShopAwaitingConfirmation, ShopNotUnderstood, ShopClarifying).
	Permit(ShopAwaitingConfirmation, ShopHumanRequest, ShopHandoff).
	Permit(ShopAwaitingConfirmation, ShopFailure, ShopError).
	// 3.5 paginating
	Permit(ShopPaginating, ShopPageFound, ShopRecommending).
	Permit(ShopPaginating, ShopNoMoreResults, ShopIdle).
	Permit(ShopPaginating, ShopLostContext, ShopClarifying).
	Permit(ShopPaginating, ShopFailure, ShopError).
	// 3.6 error
	Permit(ShopError, ShopRecovered, ShopIdle).
	Permit(ShopError, ShopRepeatedErrors, ShopHandoff).
	Permit(ShopError, ShopHumanRequest, ShopHandoff).
	// 3.7 handoff
	Permit(ShopHandoff, ShopWaitingForHuman, ShopHandoff).
	Permit(ShopHandoff, ShopHumanResolved, ShopIdle))

// ---------------------------------------------------------------------------
// Dialogue: seed 001 "Transition Matrix" ∪ seed 003 VALID_TRANSITIONS (flows).
// ---------------------------------------------------------------------------

// DialogueState is a state of a flow-driven dialogue: seed 001's ConversationState
// plus seed 003's intermediate states (its legacy "collecting" is left out: "Usar
// waiting_for_slot preferentemente").
type DialogueState string

const (
	// DialogueIdle: "No active flow, waiting for user to start a task".
	DialogueIdle DialogueState = "idle"
	// DialogueUnderstanding: "Processing user intent via NLU".
	DialogueUnderstanding DialogueState = "understanding"
	// DialogueWaitingForSlot: "Waiting for user to provide a specific slot value".
	DialogueWaitingForSlot DialogueState = "waiting_for_slot"
	// DialogueValidatingSlot: "Validating a slot value against validators".
	DialogueValidatingSlot DialogueState = "validating_slot"
	// DialogueExecutingAction: "Running an external action (API call, DB query, etc.)".
	DialogueExecutingAction DialogueState = "executing_action"
	// DialogueConfirming: "Esperando respuesta de confirmación del usuario" (seed 003).
	DialogueConfirming DialogueState = "confirming"
	// DialogueCompleted: "Flow completed successfully".
	DialogueCompleted DialogueState = "completed"
	// DialogueError: "Error occurred, system is in error recovery mode".
	DialogueError DialogueState = "error"
	// DialogueReadyForAction: seed 003 "Intermedio: Listo para ejecutar acción".
	DialogueReadyForAction DialogueState = "ready_for_action"
	// DialogueReadyForConfirmation: seed 003 "Intermedio: Listo para pedir confirmación".
	DialogueReadyForConfirmation DialogueState = "ready_for_confirmation"
	// DialogueGeneratingResponse: seed 003 "Generando respuesta final", a say step.
	DialogueGeneratingResponse DialogueState = "generating_response"
)

// DialogueTrigger names why a dialogue changes state: seed 001's Trigger column,
// then the step-advance triggers of seed 003's advance_to_next_step, then the
// triggers of the intermediate states.
type DialogueTrigger string

const (
	DialogueUserMessage             DialogueTrigger = "user_message"              // 001 "User message"
	DialogueSlotNeeded              DialogueTrigger = "slot_needed"               // 001 "Slot needed"
	DialogueAllSlotsFilled          DialogueTrigger = "all_slots_filled"          // 001 "All slots filled"
	DialogueNoIntent                DialogueTrigger = "no_intent"                 // 001 "No intent"
	DialogueUserResponds            DialogueTrigger = "user_responds"             // 001 "User responds"; 003 "Usuario responde"
	DialogueIntentChange            DialogueTrigger = "intent_change"             // 001 "User changes intent"
	DialogueValidationFailed        DialogueTrigger = "validation_failed"         // 001 "Validation fails"
	DialogueValidationSucceeded     DialogueTrigger = "validation_succeeded"      // 001 "Validation succeeds"
	DialogueAllSlotsValidated       DialogueTrigger = "all_slots_validated"       // 001 "All slots validated"
	DialogueNeedsConfirmation       DialogueTrigger = "needs_confirmation"        // 003 validating_slot → confirming
	DialogueActionSucceeded         DialogueTrigger = "action_succeeded"          // 001 "Action succeeds"
	DialogueActionNeedsData         DialogueTrigger = "action_needs_data"         // 001 "Action needs more data"
	DialogueActionNeedsConfirmation DialogueTrigger = "action_needs_confirmation" // 001 "Action needs confirmation"
	DialogueUserConfirms            DialogueTrigger = "user_confirms"             // 001 "User confirms"
	DialogueUserCancels             DialogueTrigger = "user_cancels"              // 001 "User cancels"
	DialogueUserCorrects            DialogueTrigger = "user_corrects"             // 003 confirming → waiting_for_slot
	DialogueFlowDone                DialogueTrigger = "flow_done"                 // 001 "Flow done"
	DialogueException               DialogueTrigger = "exception"                 // 001 "Exception"
	DialogueUserRetries             DialogueTrigger = "user_retries"              // 001 "User retries"

	// Step advances: seed 003 step_type_to_state maps the type of the next step to a
	// state ("action" → ready_for_action, "collect" → waiting_for_slot, "confirm" →
	// ready_for_confirmation, "branch" → understanding, "say" → generating_response)
	// and "if not next_step: return completed".
	DialogueNextStepAction  DialogueTrigger = "next_step_action"
	DialogueNextStepCollect DialogueTrigger = "next_step_collect"
	DialogueNextStepConfirm DialogueTrigger = "next_step_confirm"
	DialogueNextStepBranch  DialogueTrigger = "next_step_branch"
	DialogueNextStepSay     DialogueTrigger = "next_step_say"
	DialogueNoMoreSteps     DialogueTrigger = "no_more_steps"

	DialogueExecuteAction   DialogueTrigger = "execute_action"   // 003 ready_for_action "→ execute_action nodo"
	DialogueAskConfirmation DialogueTrigger = "ask_confirmation" // 003 ready_for_confirmation "→ confirm_action nodo"
	DialogueFinalResponse   DialogueTrigger = "final_response"   // 003 generating_response "Generando respuesta final"
	DialogueResponseSent    DialogueTrigger = "response_sent"    // 003 generating_response "→ END"
)

// Dialogue is the flows machine: the union of seed 001's Transition Matrix and seed
// 003's VALID_TRANSITIONS, with explicit edges for seed 003's intermediate states.
// It starts idle and has no terminal state ("ANY → ERROR" means every state but
// error; error is left by user_retries or user_cancels).
//
// Seed 001 rows, each with its trigger: idle→understanding (user_message),
// understanding→waiting_for_slot (slot_needed), understanding→executing_action
// (all_slots_filled), understanding→idle (no_intent), waiting_for_slot→
// validating_slot (user_responds), waiting_for_slot→understanding (intent_change),
// validating_slot→waiting_for_slot (validation_failed), validating_slot→
// understanding (validation_succeeded), validating_slot→executing_action
// (all_slots_validated), executing_action→completed (action_succeeded),
// executing_action→waiting_for_slot (action_needs_data), executing_action→
// confirming (action_needs_confirmation), confirming→executing_action
// (user_confirms), confirming→completed (user_cancels), completed→idle (flow_done),
// ANY→error (exception), error→understanding (user_retries), error→idle
// (user_cancels).
//
// Seed 003 pairs not in seed 001: validating_slot→confirming (needs_confirmation),
// confirming→understanding ("Usuario responde → understand_node": user_responds;
// also intent_change, seed 001's CONFIRMING "UNDERSTANDING (if user changes
// request)"), confirming→waiting_for_slot (user_corrects), completed→understanding
// (user_message: "completed ... → idle, understanding").
//
// Edges added beyond both tables, because seed 003 sets the intermediate states but
// "no tienen transiciones validadas porque son momentáneos":
//   - From every advancing state (understanding, validating_slot, executing_action,
//     confirming, generating_response) the six step advances of seed 003's
//     step_type_to_state: next_step_action→ready_for_action, next_step_collect→
//     waiting_for_slot, next_step_confirm→ready_for_confirmation, next_step_branch→
//     understanding, next_step_say→generating_response, no_more_steps→completed
//     ("if not next_step: return {conversation_state: completed}"). This covers
//     validating_slot→ready_for_action / ready_for_confirmation ("if next_step.type
//     == confirm: return ready_for_confirmation"), understanding→ready_for_action /
//     ready_for_confirmation (a message that fills the last slot at once),
//     confirming→ready_for_action (seed 003 example step 12 after the user's "Sí"),
//     and the say steps entering and leaving generating_response. The pairs this
//     creates that no brief or table names explicitly are understanding→
//     understanding, understanding→completed, validating_slot→completed,
//     executing_action→ready_for_action / ready_for_confirmation / understanding,
//     confirming→ready_for_confirmation / generating_response, and
//     generating_response→understanding / generating_response: consecutive steps of
//     those types in one flow need them.
//   - ready_for_action→executing_action (execute_action: "→ execute_action nodo").
//   - ready_for_confirmation→confirming (ask_confirmation: "→ confirm_action nodo",
//     where "Estado cambia a [confirming]").
//   - completed→generating_response (final_response: generating_response "Generando
//     respuesta final ... Antes de END").
//   - generating_response→idle (response_sent: "→ END" with no active flow).
var Dialogue = buildDialogue()

func buildDialogue() *Machine[DialogueState, DialogueTrigger] {
	b := New[DialogueState, DialogueTrigger]("dialogue").
		States(DialogueIdle, DialogueUnderstanding, DialogueWaitingForSlot, DialogueValidatingSlot,
			DialogueExecutingAction, DialogueConfirming, DialogueCompleted, DialogueError,
			DialogueReadyForAction, DialogueReadyForConfirmation, DialogueGeneratingResponse).
		Initial(DialogueIdle).
		// Seed 001 Transition Matrix.
		Permit(DialogueIdle, DialogueUserMessage, DialogueUnderstanding).
		Permit(DialogueUnderstanding, DialogueSlotNeeded, DialogueWaitingForSlot).
		Permit(DialogueUnderstanding, DialogueAllSlotsFilled, DialogueExecutingAction).
		Permit(DialogueUnderstanding, DialogueNoIntent, DialogueIdle).
		Permit(DialogueWaitingForSlot, DialogueUserResponds, DialogueValidatingSlot).
		Permit(DialogueWaitingForSlot, DialogueIntentChange, DialogueUnderstanding).
		Permit(DialogueValidatingSlot, DialogueValidationFailed, DialogueWaitingForSlot).
		Permit(DialogueValidatingSlot, DialogueValidationSucceeded, DialogueUnderstanding).
		Permit(DialogueValidatingSlot, DialogueAllSlotsValidated, DialogueExecutingAction).
		Permit(DialogueExecutingAction, DialogueActionSucceeded, DialogueCompleted).
		Permit(DialogueExecutingAction, DialogueActionNeedsData, DialogueWaitingForSlot).
		Permit(DialogueExecutingAction, DialogueActionNeedsConfirmation, DialogueConfirming).
		Permit(DialogueConfirming, DialogueUserConfirms, DialogueExecutingAction).
		Permit(DialogueConfirming, DialogueUserCancels, DialogueCompleted).
		Permit(DialogueCompleted, DialogueFlowDone, DialogueIdle).
		PermitFromAny(DialogueException, DialogueError).
		Permit(DialogueError, DialogueUserRetries, DialogueUnderstanding).
		Permit(DialogueError, DialogueUserCancels, DialogueIdle).
		// Seed 003 VALID_TRANSITIONS not in seed 001.
		Permit(DialogueValidatingSlot, DialogueNeedsConfirmation, DialogueConfirming).
		Permit(DialogueConfirming, DialogueUserResponds, DialogueUnderstanding).
		Permit(DialogueConfirming, DialogueIntentChange, DialogueUnderstanding).
		Permit(DialogueConfirming, DialogueUserCorrects, DialogueWaitingForSlot).
		Permit(DialogueCompleted, DialogueUserMessage, DialogueUnderstanding)
	// Seed 003 step advances from every state in which a step finishes:
	// understanding (a message fills the last slot at once), validating_slot (steps 5
	// and 8 of seed 003's example), executing_action (step 13), confirming (the user's
	// yes, steps 11-12) and generating_response (a say step is done).
	advancing := []DialogueState{
		DialogueUnderstanding, DialogueValidatingSlot, DialogueExecutingAction, DialogueConfirming, DialogueGeneratingResponse,
	}
	for _, from := range advancing {
		b.Permit(from, DialogueNextStepAction, DialogueReadyForAction).
			Permit(from, DialogueNextStepCollect, DialogueWaitingForSlot).
			Permit(from, DialogueNextStepConfirm, DialogueReadyForConfirmation).
			Permit(from, DialogueNextStepBranch, DialogueUnderstanding).
			Permit(from, DialogueNextStepSay, DialogueGeneratingResponse).
			Permit(from, DialogueNoMoreSteps, DialogueCompleted)
	}
	// Seed 003 intermediate states.
	b.Permit(DialogueReadyForAction, DialogueExecuteAction, DialogueExecutingAction).
		Permit(DialogueReadyForConfirmation, DialogueAskConfirmation, DialogueConfirming).
		Permit(DialogueCompleted, DialogueFinalResponse, DialogueGeneratingResponse).
		Permit(DialogueGeneratingResponse, DialogueResponseSent, DialogueIdle)
	return MustBuild(b)
}

// ---------------------------------------------------------------------------
// Lifecycle: seed 004 "Transition Rules" (the conversation actor).
// ---------------------------------------------------------------------------

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
