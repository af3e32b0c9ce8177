package flows

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/parleyhq/parley"
	"github.com/parleyhq/parley/fsm"
	"pgregory.net/rapid"
)

// The expected tables below are written out from seeds 001 and 003, never derived
// from Dialogue: a change to dialogue.go that is not also made here fails.

// seedTable is what a seed says about a transition table.
type seedTable[S ~string, T ~string] struct {
	states   []S
	initial  S
	triggers []T          // every trigger constant of the table
	edges    []edge[S, T] // every (from, trigger, to) the seed allows
}

// edge is one (from, trigger, to) of a seed.
type edge[S ~string, T ~string] struct {
	from    S
	trigger T
	to      S
}

// checkTable compares m with the seed exhaustively: its edges, every (state,
// trigger) pair through Next and Check, a way out of every state (the table has no
// terminal state), and a use for every trigger.
func checkTable[S ~string, T ~string](t *testing.T, m *fsm.Machine[S, T], seed seedTable[S, T]) {
	t.Helper()
	next := map[[2]string]S{}
	for _, e := range seed.edges {
		k := [2]string{string(e.from), string(e.trigger)}
		if _, dup := next[k]; dup {
			t.Fatalf("the expected table lists %s --%s--> twice", e.from, e.trigger)
		}
		next[k] = e.to
	}
	if got := len(m.Transitions()); got != len(seed.edges) {
		t.Errorf("the machine has %d transitions, the seed %d", got, len(seed.edges))
	}
	out, used := map[S]bool{}, map[T]bool{}
	for _, tr := range m.Transitions() {
		if to, ok := next[[2]string{string(tr.From), string(tr.Trigger)}]; !ok || to != tr.To {
			t.Errorf("transition %s --%s--> %s is not in the seed", tr.From, tr.Trigger, tr.To)
		}
		out[tr.From], used[tr.Trigger] = true, true
	}
	if start := fmt.Sprintf("\"__start\" -> %q;", string(seed.initial)); !strings.Contains(m.DOT(), start) {
		t.Errorf("the machine does not start in %q", seed.initial)
	}
	for _, from := range seed.states {
		if !m.Has(from) || !out[from] {
			t.Errorf("state %q: declared %v, has a way out %v", from, m.Has(from), out[from])
		}
		for _, trigger := range seed.triggers {
			want, ok := next[[2]string{string(from), string(trigger)}]
			if got, gotOK := m.Next(from, trigger); got != want || gotOK != ok {
				t.Errorf("Next(%s, %s) = %q, %v; seed says %q, %v", from, trigger, got, gotOK, want, ok)
			}
			err := m.Check(from, trigger, want)
			var te *fsm.TransitionError[S, T]
			switch {
			case ok && err != nil:
				t.Errorf("Check(%s, %s, %s) = %v", from, trigger, want, err)
			case !ok && (!errors.As(err, &te) || te.From != from || te.Trigger != trigger || parley.ErrorCode(err) != parley.ETRANSITION):
				t.Errorf("Check(%s, %s) = %v; want a TransitionError (%s)", from, trigger, err, parley.ETRANSITION)
			}
		}
	}
	for _, trigger := range seed.triggers {
		if !used[trigger] {
			t.Errorf("trigger %q is declared but no transition uses it", trigger)
		}
	}
}

// walkRandomly follows random trigger sequences (plus one the table does not know)
// from random states: Next never reaches an undeclared state and agrees with Check.
func walkRandomly[S ~string, T ~string](t *testing.T, m *fsm.Machine[S, T], states []S, triggers []T) {
	rapid.Check(t, func(t *rapid.T) {
		state := rapid.SampledFrom(states).Draw(t, "start")
		for _, trigger := range rapid.SliceOfN(rapid.SampledFrom(append(triggers, "bogus")), 0, 60).Draw(t, "triggers") {
			next, ok := m.Next(state, trigger)
			if err := m.Check(state, trigger, next); ok != (err == nil) || ok && !m.Has(next) {
				t.Fatalf("Next(%s, %s) = %q, %v; Check says %v", state, trigger, next, ok, err)
			}
			if ok {
				state = next
			}
		}
	})
}

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
	type e = edge[DialogueState, DialogueTrigger]
	// "ANY | ERROR | Exception": every state but error.
	var exceptions []e
	for _, s := range []DialogueState{"idle", "understanding", "waiting_for_slot", "validating_slot", "executing_action",
		"confirming", "completed", "ready_for_action", "ready_for_confirmation", "generating_response"} {
		exceptions = append(exceptions, e{s, "exception", "error"})
	}
	// Seed 003 step_type_to_state, from every state in which a step finishes.
	var advances []e
	for _, s := range []DialogueState{"understanding", "validating_slot", "executing_action", "confirming", "generating_response"} {
		advances = append(advances,
			e{s, "next_step_action", "ready_for_action"},        // "action": "ready_for_action"
			e{s, "next_step_collect", "waiting_for_slot"},       // "collect": "waiting_for_slot"
			e{s, "next_step_confirm", "ready_for_confirmation"}, // "confirm": "ready_for_confirmation"
			e{s, "next_step_branch", "understanding"},           // "branch": "understanding"
			e{s, "next_step_say", "generating_response"},        // "say": "generating_response"
			e{s, "no_more_steps", "completed"},                  // "if not next_step: return completed"
		)
	}
	edges := []e{
		// Seed 001 Transition Matrix.
		{"idle", "user_message", "understanding"},                       // "IDLE | UNDERSTANDING | User message"
		{"understanding", "slot_needed", "waiting_for_slot"},            // "UNDERSTANDING | WAITING_FOR_SLOT | Slot needed"
		{"understanding", "all_slots_filled", "executing_action"},       // "UNDERSTANDING | EXECUTING_ACTION | All slots filled"
		{"understanding", "no_intent", "idle"},                          // "UNDERSTANDING | IDLE | No intent"
		{"waiting_for_slot", "user_responds", "validating_slot"},        // "WAITING_FOR_SLOT | VALIDATING_SLOT | User responds"
		{"waiting_for_slot", "intent_change", "understanding"},          // "WAITING_FOR_SLOT | UNDERSTANDING | User changes intent"
		{"validating_slot", "validation_failed", "waiting_for_slot"},    // "VALIDATING_SLOT | WAITING_FOR_SLOT | Validation fails"
		{"validating_slot", "validation_succeeded", "understanding"},    // "VALIDATING_SLOT | UNDERSTANDING | Validation succeeds"
		{"validating_slot", "all_slots_validated", "executing_action"},  // "VALIDATING_SLOT | EXECUTING_ACTION | All slots validated"
		{"executing_action", "action_succeeded", "completed"},           // "EXECUTING_ACTION | COMPLETED | Action succeeds"
		{"executing_action", "action_needs_data", "waiting_for_slot"},   // "EXECUTING_ACTION | WAITING_FOR_SLOT | Action needs more data"
		{"executing_action", "action_needs_confirmation", "confirming"}, // "EXECUTING_ACTION | CONFIRMING | Action needs confirmation"
		{"confirming", "user_confirms", "executing_action"},             // "CONFIRMING | EXECUTING_ACTION | User confirms"
		{"confirming", "user_cancels", "completed"},                     // "CONFIRMING | COMPLETED | User cancels"
		{"completed", "flow_done", "idle"},                              // "COMPLETED | IDLE | Flow done"
		{"error", "user_retries", "understanding"},                      // "ERROR | UNDERSTANDING | User retries"
		{"error", "user_cancels", "idle"},                               // "ERROR | IDLE | User cancels"
		// Seed 003 VALID_TRANSITIONS not in seed 001.
		{"validating_slot", "needs_confirmation", "confirming"}, // "validating_slot": [..., "confirming", ...]
		{"confirming", "user_responds", "understanding"},        // "confirming": ["understanding", ...] ("Usuario responde")
		{"confirming", "intent_change", "understanding"},        // 001 CONFIRMING "UNDERSTANDING (if user changes request)"
		{"confirming", "user_corrects", "waiting_for_slot"},     // "confirming": [..., "waiting_for_slot"]
		{"completed", "user_message", "understanding"},          // "completed": ["idle", "understanding"]
		// Seed 003 intermediate states.
		{"ready_for_action", "execute_action", "executing_action"},   // "→ execute_action nodo"
		{"ready_for_confirmation", "ask_confirmation", "confirming"}, // "→ confirm_action nodo"; "Estado cambia a [confirming]"
		{"completed", "final_response", "generating_response"},       // "Generando respuesta final"
		{"generating_response", "response_sent", "idle"},             // "→ END"
	}
	edges = append(append(edges, exceptions...), advances...)
	checkTable(t, Dialogue, seedTable[DialogueState, DialogueTrigger]{
		states:   dialogueStates,
		initial:  "idle",
		triggers: dialogueTriggers,
		edges:    edges,
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
	walkRandomly(t, Dialogue, dialogueStates, dialogueTriggers)
}

func TestDialogueDiagramsMatchGoldenFiles(t *testing.T) {
	for file, render := range map[string]func() string{"dialogue.mermaid": Dialogue.Mermaid, "dialogue.dot": Dialogue.DOT} {
		t.Run(file, func(t *testing.T) {
			got := render()
			if again := render(); again != got {
				t.Fatal("two renderings of the same machine differ")
			}
			golden(t, file, got)
		})
	}
}
