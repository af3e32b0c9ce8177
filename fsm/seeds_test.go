package fsm

import (
	"context"
	"errors"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/parleyhq/parley"
)

// The expected tables below are written out from the seeds, never derived from the
// machines: a change to seeds.go that is not also made here fails.

// seedMachine is what a seed says about one machine.
type seedMachine[S ~string, T ~string] struct {
	states   []S
	initial  S
	terminal []S
	triggers []T                // every trigger constant of the machine
	edges    []Transition[S, T] // every (from, trigger, to) the seed allows
}

// checkSeedMachine compares m with the seed exhaustively: every (from, to) pair of
// states, every (state, trigger) pair through Next, Fire and Check.
func checkSeedMachine[S ~string, T ~string](t *testing.T, m *Machine[S, T], seed seedMachine[S, T]) {
	t.Helper()
	if diff := cmp.Diff(seed.states, m.States()); diff != "" {
		t.Errorf("States (-seed +machine):\n%s", diff)
	}
	if m.Initial() != seed.initial {
		t.Errorf("Initial = %q, seed says %q", m.Initial(), seed.initial)
	}
	terminal := map[S]bool{}
	for _, s := range seed.terminal {
		terminal[s] = true
	}
	next := map[edgeKey[S, T]]S{}
	pairs := map[[2]S]bool{}
	for _, e := range seed.edges {
		if _, dup := next[edgeKey[S, T]{e.From, e.Trigger}]; dup {
			t.Fatalf("the expected table lists %s --%s--> twice", e.From, e.Trigger)
		}
		next[edgeKey[S, T]{e.From, e.Trigger}] = e.To
		pairs[[2]S{e.From, e.To}] = true
	}
	if got := len(m.Transitions()); got != len(seed.edges) {
		t.Errorf("the machine has %d transitions, the seed %d", got, len(seed.edges))
	}
	for _, tr := range m.Transitions() {
		if to, ok := next[edgeKey[S, T]{tr.From, tr.Trigger}]; !ok || to != tr.To {
			t.Errorf("transition %s --%s--> %s is not in the seed", tr.From, tr.Trigger, tr.To)
		}
	}

	for _, from := range seed.states {
		if m.IsTerminal(from) != terminal[from] {
			t.Errorf("IsTerminal(%q) = %v, seed says %v", from, m.IsTerminal(from), terminal[from])
		}
		for _, to := range seed.states {
			if got, want := m.Allowed(from, to), pairs[[2]S{from, to}]; got != want {
				t.Errorf("Allowed(%s, %s) = %v, seed says %v", from, to, got, want)
			}
		}
		for _, trigger := range seed.triggers {
			want, ok := next[edgeKey[S, T]{from, trigger}]
			if terminal[from] && ok {
				t.Fatalf("the expected table leaves terminal state %q", from)
			}
			got, gotOK := m.Next(from, trigger)
			if got != want || gotOK != ok {
				t.Errorf("Next(%s, %s) = %q, %v; seed says %q, %v", from, trigger, got, gotOK, want, ok)
			}
			fired, err := m.Fire(context.Background(), from, trigger, nil)
			checkErr := m.Check(from, trigger, want)
			if ok {
				if err != nil || fired != want {
					t.Errorf("Fire(%s, %s) = %q, %v; seed says %q", from, trigger, fired, err, want)
				}
				if checkErr != nil {
					t.Errorf("Check(%s, %s, %s) = %v", from, trigger, want, checkErr)
				}
				continue
			}
			for name, err := range map[string]error{"Fire": err, "Check": checkErr} {
				var te *TransitionError[S, T]
				if !errors.As(err, &te) || te.From != from || te.Trigger != trigger || parley.ErrorCode(err) != parley.ETRANSITION {
					t.Errorf("%s(%s, %s) = %v; want a TransitionError (%s)", name, from, trigger, err, parley.ETRANSITION)
				}
			}
			if fired != from {
				t.Errorf("refused Fire(%s, %s) returned %q, want the unchanged state", from, trigger, fired)
			}
		}
	}
	// Every trigger constant is used by the seed, and only declared states appear.
	used := map[T]bool{}
	for _, e := range seed.edges {
		used[e.Trigger] = true
	}
	for _, trigger := range seed.triggers {
		if !used[trigger] && !isRuntimeOnly(trigger) {
			t.Errorf("trigger %q is declared but no transition uses it", trigger)
		}
	}
}

// isRuntimeOnly names the events seed 004 lists without a transition row.
func isRuntimeOnly[T ~string](trigger T) bool {
	return string(trigger) == string(LifecycleEventPing) || string(trigger) == string(LifecycleEventShutdown)
}

func TestShopMatchesSeed000(t *testing.T) {
	type e = Transition[ShopState, ShopTrigger]
	checkSeedMachine(t, Shop, seedMachine[ShopState, ShopTrigger]{
		// Section 2: "The only valid state values are".
		states:  []ShopState{"idle", "clarifying", "recommending", "awaiting_confirmation", "paginating", "error", "handoff"},
		initial: "idle", // 3.1 "New conversation"
		triggers: []ShopTrigger{
			ShopProductSearch, ShopAmbiguous, ShopNeedsConfirmation, ShopFailure, ShopHumanRequest, ShopClarified,
			ShopClarificationLimit, ShopShowMore, ShopSelect, ShopRepeatedIntent, ShopResponseComplete, ShopConfirmAccepted,
			ShopCancelled, ShopExpired, ShopNotUnderstood, ShopPageFound, ShopNoMoreResults, ShopLostContext, ShopRecovered,
			ShopRepeatedErrors, ShopWaitingForHuman, ShopHumanResolved,
		},
		edges: []e{
			// 3.1 idle
			{"idle", "product_search", "recommending"},              // "clear product-search intent"
			{"idle", "ambiguous", "clarifying"},                     // "ambiguous/underspecified query"
			{"idle", "needs_confirmation", "awaiting_confirmation"}, // "intent requires explicit confirmation before action"
			{"idle", "failure", "error"},                            // "recoverable system failure"
			{"idle", "human_request", "handoff"},                    // "explicit user request for human or hard policy/system condition"
			// 3.2 clarifying
			{"clarifying", "clarified", "recommending"},                   // "clarification resolved and searchable query formed"
			{"clarifying", "needs_confirmation", "awaiting_confirmation"}, // "user clarification implies action needing confirmation"
			{"clarifying", "ambiguous", "clarifying"},                     // "additional clarification needed"
			{"clarifying", "clarification_limit", "handoff"},              // "clarification limit exceeded"
			{"clarifying", "human_request", "handoff"},                    // 3.7 handoff entry: "User requested human"
			{"clarifying", "failure", "error"},                            // "recoverable processing failure"
			// 3.3 recommending
			{"recommending", "show_more", "paginating"},         // "user chooses show_more"
			{"recommending", "select", "awaiting_confirmation"}, // "user selects an item requiring confirmation"
			{"recommending", "repeated_intent", "clarifying"},   // "repeated unresolved intent or filter ambiguity"
			{"recommending", "response_complete", "idle"},       // "response complete and no pending action"
			{"recommending", "failure", "error"},                // "recoverable issue while preparing response"
			{"recommending", "human_request", "handoff"},        // "user asks for human or policy/system condition"
			// 3.4 awaiting_confirmation
			{"awaiting_confirmation", "confirm_accepted", "recommending"}, // "confirmation accepted and next result should be shown"
			{"awaiting_confirmation", "cancelled", "idle"},                // "cancellation or completion with no further action"
			{"awaiting_confirmation", "expired", "idle"},                  // "If pending_confirmation is expired ... transition to idle"
			{"awaiting_confirmation", "not_understood", "clarifying"},     // "user reply is neither valid confirmation nor cancellation"
			{"awaiting_confirmation", "human_request", "handoff"},         // "expiry + repeated ambiguity or explicit human request"
			{"awaiting_confirmation", "failure", "error"},                 // "recoverable execution failure after confirmation"
			// 3.5 paginating
			{"paginating", "page_found", "recommending"}, // "next page found and rendered"
			{"paginating", "no_more_results", "idle"},    // "no more results"
			{"paginating", "lost_context", "clarifying"}, // "lost/invalid query context"
			{"paginating", "failure", "error"},           // "recoverable pagination failure"
			// 3.6 error
			{"error", "recovered", "idle"},          // "fallback/retry prepared and state normalized"
			{"error", "repeated_errors", "handoff"}, // "repeated errors or user requests human"
			{"error", "human_request", "handoff"},   // "... or user requests human"
			// 3.7 handoff
			{"handoff", "waiting_for_human", "handoff"}, // "While waiting for human ownership"
			{"handoff", "human_resolved", "idle"},       // "Only after explicit human resolution"
		},
	})
}

func TestDialogueMatchesSeeds001And003(t *testing.T) {
	type e = Transition[DialogueState, DialogueTrigger]
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
	checkSeedMachine(t, Dialogue, seedMachine[DialogueState, DialogueTrigger]{
		states: []DialogueState{"idle", "understanding", "waiting_for_slot", "validating_slot", "executing_action",
			"confirming", "completed", "error", "ready_for_action", "ready_for_confirmation", "generating_response"},
		initial: "idle",
		triggers: []DialogueTrigger{
			DialogueUserMessage, DialogueSlotNeeded, DialogueAllSlotsFilled, DialogueNoIntent, DialogueUserResponds,
			DialogueIntentChange, DialogueValidationFailed, DialogueValidationSucceeded, DialogueAllSlotsValidated,
			DialogueNeedsConfirmation, DialogueActionSucceeded, DialogueActionNeedsData, DialogueActionNeedsConfirmation,
			DialogueUserConfirms, DialogueUserCancels, DialogueUserCorrects, DialogueFlowDone, DialogueException,
			DialogueUserRetries, DialogueNextStepAction, DialogueNextStepCollect, DialogueNextStepConfirm,
			DialogueNextStepBranch, DialogueNextStepSay, DialogueNoMoreSteps, DialogueExecuteAction,
			DialogueAskConfirmation, DialogueFinalResponse, DialogueResponseSent,
		},
		edges: edges,
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
	states := Dialogue.States()
	for _, from := range states {
		for _, to := range states {
			why, listed := want[[2]DialogueState{from, to}]
			if got := Dialogue.Allowed(from, to); got != listed {
				t.Errorf("Allowed(%s, %s) = %v, want %v (%s)", from, to, got, listed, why)
			}
		}
	}
}

func TestLifecycleMatchesSeed004(t *testing.T) {
	type e = Transition[parley.Lifecycle, LifecycleEvent]
	checkSeedMachine(t, Lifecycle, seedMachine[parley.Lifecycle, LifecycleEvent]{
		states:   []parley.Lifecycle{"created", "idle", "running", "paused", "error", "cancelled", "completed"},
		initial:  "created",
		terminal: []parley.Lifecycle{"error", "cancelled", "completed"}, // "Terminal: Yes"
		triggers: []LifecycleEvent{
			LifecycleEventProcessInteraction, LifecycleEventPause, LifecycleEventCancel, LifecycleEventPing,
			LifecycleEventShutdown, LifecycleEventInteractionCompleteSuccess, LifecycleEventInteractionCompleteError,
			LifecycleEventInactivityTimeout, LifecycleEventError,
		},
		edges: []e{
			{"created", "ProcessInteraction", "idle"},         // diagram "Created --ProcessInteraction--> Idle"
			{"idle", "ProcessInteraction", "running"},         // "Idle | ProcessInteraction | Running"
			{"idle", "Pause", "paused"},                       // "Idle | Pause | Paused"
			{"idle", "Cancel", "cancelled"},                   // "Idle | Cancel | Cancelled"
			{"idle", "InactivityTimeout", "completed"},        // "Idle | InactivityTimeout | Completed"
			{"running", "InteractionCompleteSuccess", "idle"}, // "Running | InteractionComplete (success) | Idle"
			{"running", "InteractionCompleteError", "error"},  // "Running | InteractionComplete (error) | Error"
			{"running", "Pause", "paused"},                    // "Running | Pause | Paused"
			{"running", "Cancel", "cancelled"},                // "Running | Cancel | Cancelled"
			{"paused", "ProcessInteraction", "idle"},          // "Paused | ProcessInteraction | Idle"
			{"paused", "InactivityTimeout", "completed"},      // "Paused | InactivityTimeout | Completed"
			{"created", "Error", "error"},                     // "Any | Error | Error"
			{"idle", "Error", "error"},                        // "Any | Error | Error"
			{"running", "Error", "error"},                     // "Any | Error | Error"
			{"paused", "Error", "error"},                      // "Any | Error | Error"
			{"created", "Cancel", "cancelled"},                // "Any | Cancel | Cancelled"
			{"paused", "Cancel", "cancelled"},                 // "Any | Cancel | Cancelled"
		},
	})
}

// TestLifecycleEventTable pins every (state, event) cell of seed 004 as a grid; ""
// means the event changes nothing and firing it is a TransitionError.
func TestLifecycleEventTable(t *testing.T) {
	events := []LifecycleEvent{"ProcessInteraction", "Pause", "Cancel", "Ping", "Shutdown",
		"InteractionCompleteSuccess", "InteractionCompleteError", "InactivityTimeout", "Error"}
	grid := map[parley.Lifecycle][9]parley.Lifecycle{
		//                 ProcessInteraction Pause    Cancel       Ping Shutdown Success  CompleteErr Inactivity   Error
		"created":   {"idle", "", "cancelled", "", "", "", "", "", "error"},
		"idle":      {"running", "paused", "cancelled", "", "", "", "", "completed", "error"},
		"running":   {"", "paused", "cancelled", "", "", "idle", "error", "", "error"},
		"paused":    {"idle", "", "cancelled", "", "", "", "", "completed", "error"},
		"error":     {},
		"cancelled": {},
		"completed": {},
	}
	for state, row := range grid {
		for i, event := range events {
			want := row[i]
			got, err := Lifecycle.Fire(context.Background(), state, event, nil)
			if want == "" {
				if parley.ErrorCode(err) != parley.ETRANSITION || got != state {
					t.Errorf("Fire(%s, %s) = %q, %v; want a TransitionError", state, event, got, err)
				}
				continue
			}
			if err != nil || got != want {
				t.Errorf("Fire(%s, %s) = %q, %v; want %q", state, event, got, err, want)
			}
		}
	}
	if len(grid) != len(Lifecycle.States()) {
		t.Errorf("the grid covers %d states, the machine has %d", len(grid), len(Lifecycle.States()))
	}
}

// TestLifecycleResume pins the documented resume path: Paused --ProcessInteraction-->
// Idle, then the message runs with Idle --ProcessInteraction--> Running.
func TestLifecycleResume(t *testing.T) {
	s := parley.LifecyclePaused
	for _, want := range []parley.Lifecycle{parley.LifecycleIdle, parley.LifecycleRunning} {
		next, err := Lifecycle.Fire(context.Background(), s, LifecycleEventProcessInteraction, nil)
		if err != nil || next != want {
			t.Fatalf("Fire(%s, ProcessInteraction) = %q, %v; want %q", s, next, err, want)
		}
		s = next
	}
}

// TestLifecycleAgreesWithRoot keeps the machine's terminal states and the root
// package's Lifecycle.Terminal in step.
func TestLifecycleAgreesWithRoot(t *testing.T) {
	for _, s := range Lifecycle.States() {
		if Lifecycle.IsTerminal(s) != s.Terminal() {
			t.Errorf("%s: machine terminal %v, parley.Lifecycle.Terminal %v", s, Lifecycle.IsTerminal(s), s.Terminal())
		}
	}
}

// TestTerminalStatesAcceptNothing checks, for every seed machine, that no trigger of
// any machine leaves a terminal state.
func TestTerminalStatesAcceptNothing(t *testing.T) {
	for _, s := range Lifecycle.States() {
		if !Lifecycle.IsTerminal(s) {
			continue
		}
		for _, tr := range Lifecycle.Transitions() {
			if _, ok := Lifecycle.Next(s, tr.Trigger); ok {
				t.Errorf("terminal %s accepts %s", s, tr.Trigger)
			}
			if Lifecycle.Allowed(s, tr.To) {
				t.Errorf("terminal %s may move to %s", s, tr.To)
			}
		}
	}
	// Shop and Dialogue have no terminal state: every state has a way out.
	for _, s := range Shop.States() {
		if Shop.IsTerminal(s) || len(outgoing(Shop, s)) == 0 {
			t.Errorf("shop state %s is a dead end", s)
		}
	}
	for _, s := range Dialogue.States() {
		if Dialogue.IsTerminal(s) || len(outgoing(Dialogue, s)) == 0 {
			t.Errorf("dialogue state %s is a dead end", s)
		}
	}
}

func outgoing[S ~string, T ~string](m *Machine[S, T], from S) []Transition[S, T] {
	var out []Transition[S, T]
	for _, tr := range m.Transitions() {
		if tr.From == from {
			out = append(out, tr)
		}
	}
	return out
}
