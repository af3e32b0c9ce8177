package flows

import "github.com/parleyhq/parley/fsm"

// This file holds the dialogue's transition table, built once from literals with
// fsm.MustBuild and never changed afterwards: a package-level value, not
// package-level state. Its test (machine_test.go) restates the table from seeds 001
// and 003 independently, so a change here must be a deliberate change there too.

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

// dialogueBuilder is the builder of the Dialogue table.
type dialogueBuilder = fsm.Builder[DialogueState, DialogueTrigger]

func buildDialogue() *fsm.Machine[DialogueState, DialogueTrigger] {
	b := fsm.New[DialogueState, DialogueTrigger]("dialogue").
		States(DialogueIdle, DialogueUnderstanding, DialogueWaitingForSlot, DialogueValidatingSlot,
			DialogueExecutingAction, DialogueConfirming, DialogueCompleted, DialogueError,
			DialogueReadyForAction, DialogueReadyForConfirmation, DialogueGeneratingResponse).
		Initial(DialogueIdle)
	permitSeed001(b)
	permitSeed003(b)
	return fsm.MustBuild(b)
}

// permitSeed001 adds seed 001's Transition Matrix.
func permitSeed001(b *dialogueBuilder) {
	b.Permit(DialogueIdle, DialogueUserMessage, DialogueUnderstanding).
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
		Permit(DialogueError, DialogueUserCancels, DialogueIdle)
}

// permitSeed003 adds seed 003's VALID_TRANSITIONS that seed 001 does not have:
// its step advances and intermediate states.
func permitSeed003(b *dialogueBuilder) {
	b.Permit(DialogueValidatingSlot, DialogueNeedsConfirmation, DialogueConfirming).
		Permit(DialogueConfirming, DialogueUserResponds, DialogueUnderstanding).
		Permit(DialogueConfirming, DialogueIntentChange, DialogueUnderstanding).
		Permit(DialogueConfirming, DialogueUserCorrects, DialogueWaitingForSlot).
		Permit(DialogueCompleted, DialogueUserMessage, DialogueUnderstanding)
	// Step advances from every state in which a step finishes: understanding (a
	// message fills the last slot at once), validating_slot (steps 5 and 8 of seed
	// 003's example), executing_action (step 13), confirming (the user's yes, steps
	// 11-12) and generating_response (a say step is done).
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
	// Intermediate states.
	b.Permit(DialogueReadyForAction, DialogueExecuteAction, DialogueExecutingAction).
		Permit(DialogueReadyForConfirmation, DialogueAskConfirmation, DialogueConfirming).
		Permit(DialogueCompleted, DialogueFinalResponse, DialogueGeneratingResponse).
		Permit(DialogueGeneratingResponse, DialogueResponseSent, DialogueIdle)
}
