package flows

import (
	"testing"

	"github.com/parleyhq/parley/fsm/fsmtest"
)

// The expected tables below are written out from seeds 001 and 003, never derived
// from Dialogue: a change to machine.go that is not also made here fails.

// dialogueStates are seed 001's ConversationState plus seed 003's intermediate
// states.
var dialogueStates = []DialogueState{"idle", "understanding", "waiting_for_slot", "validating_slot", "executing_action",
	"confirming", "completed", "error", "ready_for_action", "ready_for_confirmation", "generating_response"}

// dialogueTriggers are every trigger constant of Dialogue.
var dialogueTriggers = []DialogueTrigger{
	DialogueUserMessage, DialogueSlotNeeded, DialogueAllSlotsFilled, DialogueNoIntent, DialogueUserResponds,
	DialogueIntentChange, DialogueValidationFailed, DialogueValidationSucceeded, DialogueAllSlotsValidated,
	DialogueNeedsConfirmation, DialogueActionSucceeded, DialogueActionNeedsData, DialogueActionNeedsConfirmation,
	DialogueUserConfirms, DialogueUserCancels, DialogueUserCorrects, DialogueFlowDone, DialogueException,
	DialogueUserRetries, DialogueNextStepAction, DialogueNextStepCollect, DialogueNextStepConfirm,
	DialogueNextStepBranch, DialogueNextStepSay, DialogueNoMoreSteps, DialogueExecuteAction,
	DialogueAskConfirmation, DialogueFinalResponse, DialogueResponseSent,
}

func TestDialogueMatchesSeeds001And003(t *testing.T) {
	type e = fsmtest.Edge[DialogueState, DialogueTrigger]
	// "ANY | ERROR | Exception": every state but error.
	var exceptions []e
	for _, s := range []DialogueState{"idle", "understanding", "waiting_for_slot", "validating_slot", "executing_action",
		"confirming", "completed", "ready_for_action", "ready_for_confirmation", "generating_response"} {
		exceptions = append(exceptions, e{From: s, Trigger: "exception", To: "error"})
	}
	// Seed 003 step_type_to_state, from every state in which a step finishes.
	var advances []e
	for _, s := range []DialogueState{"understanding", "validating_slot", "executing_action", "confirming", "generating_response"} {
		advances = append(advances,
			e{From: s, Trigger: "next_step_action", To: "ready_for_action"},        // "action": "ready_for_action"
			e{From: s, Trigger: "next_step_collect", To: "waiting_for_slot"},       // "collect": "waiting_for_slot"
			e{From: s, Trigger: "next_step_confirm", To: "ready_for_confirmation"}, // "confirm": "ready_for_confirmation"
			e{From: s, Trigger: "next_step_branch", To: "understanding"},           // "branch": "understanding"
			e{From: s, Trigger: "next_step_say", To: "generating_response"},        // "say": "generating_response"
			e{From: s, Trigger: "no_more_steps", To: "completed"},                  // "if not next_step: return completed"
		)
	}
	edges := []e{
		// Seed 001 Transition Matrix.
		{From: "idle", Trigger: "user_message", To: "understanding"},                       // "IDLE | UNDERSTANDING | User message"
		{From: "understanding", Trigger: "slot_needed", To: "waiting_for_slot"},            // "UNDERSTANDING | WAITING_FOR_SLOT | Slot needed"
		{From: "understanding", Trigger: "all_slots_filled", To: "executing_action"},       // "UNDERSTANDING | EXECUTING_ACTION | All slots filled"
		{From: "understanding", Trigger: "no_intent", To: "idle"},                          // "UNDERSTANDING | IDLE | No intent"
		{From: "waiting_for_slot", Trigger: "user_responds", To: "validating_slot"},        // "WAITING_FOR_SLOT | VALIDATING_SLOT | User responds"
		{From: "waiting_for_slot", Trigger: "intent_change", To: "understanding"},          // "WAITING_FOR_SLOT | UNDERSTANDING | User changes intent"
		{From: "validating_slot", Trigger: "validation_failed", To: "waiting_for_slot"},    // "VALIDATING_SLOT | WAITING_FOR_SLOT | Validation fails"
		{From: "validating_slot", Trigger: "validation_succeeded", To: "understanding"},    // "VALIDATING_SLOT | UNDERSTANDING | Validation succeeds"
		{From: "validating_slot", Trigger: "all_slots_validated", To: "executing_action"},  // "VALIDATING_SLOT | EXECUTING_ACTION | All slots validated"
		{From: "executing_action", Trigger: "action_succeeded", To: "completed"},           // "EXECUTING_ACTION | COMPLETED | Action succeeds"
		{From: "executing_action", Trigger: "action_needs_data", To: "waiting_for_slot"},   // "EXECUTING_ACTION | WAITING_FOR_SLOT | Action needs more data"
		{From: "executing_action", Trigger: "action_needs_confirmation", To: "confirming"}, // "EXECUTING_ACTION | CONFIRMING | Action needs confirmation"
		{From: "confirming", Trigger: "user_confirms", To: "executing_action"},             // "CONFIRMING | EXECUTING_ACTION | User confirms"
		{From: "confirming", Trigger: "user_cancels", To: "completed"},                     // "CONFIRMING | COMPLETED | User cancels"
		{From: "completed", Trigger: "flow_done", To: "idle"},                              // "COMPLETED | IDLE | Flow done"
		{From: "error", Trigger: "user_retries", To: "understanding"},                      // "ERROR | UNDERSTANDING | User retries"
		{From: "error", Trigger: "user_cancels", To: "idle"},                               // "ERROR | IDLE | User cancels"
		// Seed 003 VALID_TRANSITIONS not in seed 001.
		{From: "validating_slot", Trigger: "needs_confirmation", To: "confirming"}, // "validating_slot": [..., "confirming", ...]
		{From: "confirming", Trigger: "user_responds", To: "understanding"},        // "confirming": ["understanding", ...] ("Usuario responde")
		{From: "confirming", Trigger: "intent_change", To: "understanding"},        // 001 CONFIRMING "UNDERSTANDING (if user changes request)"
		{From: "confirming", Trigger: "user_corrects", To: "waiting_for_slot"},     // "confirming": [..., "waiting_for_slot"]
		{From: "completed", Trigger: "user_message", To: "understanding"},          // "completed": ["idle", "understanding"]
		// Seed 003 intermediate states.
		{From: "ready_for_action", Trigger: "execute_action", To: "executing_action"},   // "→ execute_action nodo"
		{From: "ready_for_confirmation", Trigger: "ask_confirmation", To: "confirming"}, // "→ confirm_action nodo"; "Estado cambia a [confirming]"
		{From: "completed", Trigger: "final_response", To: "generating_response"},       // "Generando respuesta final"
		{From: "generating_response", Trigger: "response_sent", To: "idle"},             // "→ END"
	}
	edges = append(append(edges, exceptions...), advances...)
	fsmtest.CheckTable(t, Dialogue, fsmtest.Table[DialogueState, DialogueTrigger]{
		States:   dialogueStates,
		Initial:  "idle",
		Triggers: dialogueTriggers,
		Edges:    edges,
	})
}

// TestDialoguePairs pins the (from, to) pairs themselves, each with the seed line (or
// the documented addition) that allows it; a pair not listed here must be refused.
func TestDialoguePairs(t *testing.T) {
	const (
		seed001 = "seed 001 Transition Matrix"
		seed003 = "seed 003 VALID_TRANSITIONS"
		brief   = "seed 003 intermediate state, named in the brief"
		step    = "seed 003 step_type_to_state, consecutive steps"
		anyErr  = "seed 001 ANY -> ERROR"
	)
	want := map[[2]DialogueState]string{
		{"idle", "understanding"}:                         seed001,
		{"idle", "error"}:                                 anyErr,
		{"understanding", "waiting_for_slot"}:             seed001,
		{"understanding", "executing_action"}:             seed001,
		{"understanding", "idle"}:                         seed001,
		{"understanding", "error"}:                        seed003,
		{"understanding", "ready_for_action"}:             brief,
		{"understanding", "ready_for_confirmation"}:       brief,
		{"understanding", "generating_response"}:          brief,
		{"understanding", "understanding"}:                step,
		{"understanding", "completed"}:                    step,
		{"waiting_for_slot", "validating_slot"}:           seed001,
		{"waiting_for_slot", "understanding"}:             seed001,
		{"waiting_for_slot", "error"}:                     anyErr,
		{"validating_slot", "waiting_for_slot"}:           seed001,
		{"validating_slot", "understanding"}:              seed001,
		{"validating_slot", "executing_action"}:           seed001,
		{"validating_slot", "confirming"}:                 seed003,
		{"validating_slot", "error"}:                      anyErr,
		{"validating_slot", "ready_for_action"}:           brief,
		{"validating_slot", "ready_for_confirmation"}:     brief,
		{"validating_slot", "generating_response"}:        brief,
		{"validating_slot", "completed"}:                  step,
		{"executing_action", "completed"}:                 seed001,
		{"executing_action", "waiting_for_slot"}:          seed001,
		{"executing_action", "confirming"}:                seed001,
		{"executing_action", "error"}:                     seed003,
		{"executing_action", "generating_response"}:       brief,
		{"executing_action", "ready_for_action"}:          step,
		{"executing_action", "ready_for_confirmation"}:    step,
		{"executing_action", "understanding"}:             step,
		{"confirming", "executing_action"}:                seed001,
		{"confirming", "completed"}:                       seed001,
		{"confirming", "understanding"}:                   seed003,
		{"confirming", "waiting_for_slot"}:                seed003,
		{"confirming", "error"}:                           anyErr,
		{"confirming", "ready_for_action"}:                brief,
		{"confirming", "ready_for_confirmation"}:          step,
		{"confirming", "generating_response"}:             step,
		{"completed", "idle"}:                             seed001,
		{"completed", "understanding"}:                    seed003,
		{"completed", "error"}:                            anyErr,
		{"completed", "generating_response"}:              brief,
		{"error", "understanding"}:                        seed001,
		{"error", "idle"}:                                 seed001,
		{"ready_for_action", "executing_action"}:          brief,
		{"ready_for_action", "error"}:                     anyErr,
		{"ready_for_confirmation", "confirming"}:          brief,
		{"ready_for_confirmation", "error"}:               anyErr,
		{"generating_response", "waiting_for_slot"}:       brief,
		{"generating_response", "ready_for_action"}:       brief,
		{"generating_response", "ready_for_confirmation"}: brief,
		{"generating_response", "completed"}:              brief,
		{"generating_response", "idle"}:                   brief,
		{"generating_response", "error"}:                  anyErr,
		{"generating_response", "understanding"}:          step,
		{"generating_response", "generating_response"}:    step,
	}
	allowed := map[[2]DialogueState]bool{}
	for _, tr := range Dialogue.Transitions() {
		allowed[[2]DialogueState{tr.From, tr.To}] = true
	}
	for _, from := range dialogueStates {
		for _, to := range dialogueStates {
			why, listed := want[[2]DialogueState{from, to}]
			if got := allowed[[2]DialogueState{from, to}]; got != listed {
				t.Errorf("pair (%s, %s) = %v, want %v (%s)", from, to, got, listed, why)
			}
		}
	}
}

func TestDialogueRandomTriggerSequences(t *testing.T) {
	fsmtest.WalkRandomly(t, Dialogue, dialogueStates, dialogueTriggers)
}

func TestDialogueDiagramsMatchGoldenFiles(t *testing.T) {
	fsmtest.CheckDiagrams(t, Dialogue, "dialogue", *update)
}
