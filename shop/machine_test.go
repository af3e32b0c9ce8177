package shop_test

import (
	"testing"

	"github.com/parleyhq/parley/fsm/fsmtest"
	"github.com/parleyhq/parley/shop"
)

// The expected table below is written out from seed 000, never derived from
// shop.Machine: a change to machine.go that is not also made here fails.

var seed000 = fsmtest.Table[shop.StateName, shop.Trigger]{
	// Section 2: "The only valid state values are".
	States:  []shop.StateName{"idle", "clarifying", "recommending", "awaiting_confirmation", "paginating", "error", "handoff"},
	Initial: "idle", // 3.1 "New conversation"
	Triggers: []shop.Trigger{
		shop.TriggerProductSearch, shop.TriggerAmbiguous, shop.TriggerNeedsConfirmation, shop.TriggerFailure,
		shop.TriggerHumanRequest, shop.TriggerClarified, shop.TriggerClarificationLimit, shop.TriggerShowMore,
		shop.TriggerSelect, shop.TriggerRepeatedIntent, shop.TriggerResponseComplete, shop.TriggerConfirmAccepted,
		shop.TriggerCancelled, shop.TriggerExpired, shop.TriggerNotUnderstood, shop.TriggerPageFound,
		shop.TriggerNoMoreResults, shop.TriggerLostContext, shop.TriggerRecovered, shop.TriggerRepeatedErrors,
		shop.TriggerWaitingForHuman, shop.TriggerHumanResolved,
	},
	Edges: []fsmtest.Edge[shop.StateName, shop.Trigger]{
		// 3.1 idle
		{From: "idle", Trigger: "product_search", To: "recommending"},              // "clear product-search intent"
		{From: "idle", Trigger: "ambiguous", To: "clarifying"},                     // "ambiguous/underspecified query"
		{From: "idle", Trigger: "needs_confirmation", To: "awaiting_confirmation"}, // "intent requires explicit confirmation before action"
		{From: "idle", Trigger: "failure", To: "error"},                            // "recoverable system failure"
		{From: "idle", Trigger: "human_request", To: "handoff"},                    // "explicit user request for human or hard policy/system condition"
		// 3.2 clarifying
		{From: "clarifying", Trigger: "clarified", To: "recommending"},                   // "clarification resolved and searchable query formed"
		{From: "clarifying", Trigger: "needs_confirmation", To: "awaiting_confirmation"}, // "user clarification implies action needing confirmation"
		{From: "clarifying", Trigger: "ambiguous", To: "clarifying"},                     // "additional clarification needed"
		{From: "clarifying", Trigger: "clarification_limit", To: "handoff"},              // "clarification limit exceeded"
		{From: "clarifying", Trigger: "human_request", To: "handoff"},                    // 3.7 handoff entry: "User requested human"
		{From: "clarifying", Trigger: "failure", To: "error"},                            // "recoverable processing failure"
		// 3.3 recommending
		{From: "recommending", Trigger: "show_more", To: "paginating"},         // "user chooses show_more"
		{From: "recommending", Trigger: "select", To: "awaiting_confirmation"}, // "user selects an item requiring confirmation"
		{From: "recommending", Trigger: "repeated_intent", To: "clarifying"},   // "repeated unresolved intent or filter ambiguity"
		{From: "recommending", Trigger: "response_complete", To: "idle"},       // "response complete and no pending action"
		{From: "recommending", Trigger: "failure", To: "error"},                // "recoverable issue while preparing response"
		{From: "recommending", Trigger: "human_request", To: "handoff"},        // "user asks for human or policy/system condition"
		// 3.4 awaiting_confirmation
		{From: "awaiting_confirmation", Trigger: "confirm_accepted", To: "recommending"}, // "confirmation accepted and next result should be shown"
		{From: "awaiting_confirmation", Trigger: "cancelled", To: "idle"},                // "cancellation or completion with no further action"
		{From: "awaiting_confirmation", Trigger: "expired", To: "idle"},                  // "If pending_confirmation is expired ... transition to idle"
		{From: "awaiting_confirmation", Trigger: "not_understood", To: "clarifying"},     // "user reply is neither valid confirmation nor cancellation"
		{From: "awaiting_confirmation", Trigger: "human_request", To: "handoff"},         // "expiry + repeated ambiguity or explicit human request"
		{From: "awaiting_confirmation", Trigger: "failure", To: "error"},                 // "recoverable execution failure after confirmation"
		// 3.5 paginating
		{From: "paginating", Trigger: "page_found", To: "recommending"}, // "next page found and rendered"
		{From: "paginating", Trigger: "no_more_results", To: "idle"},    // "no more results"
		{From: "paginating", Trigger: "lost_context", To: "clarifying"}, // "lost/invalid query context"
		{From: "paginating", Trigger: "failure", To: "error"},           // "recoverable pagination failure"
		// 3.6 error
		{From: "error", Trigger: "recovered", To: "idle"},          // "fallback/retry prepared and state normalized"
		{From: "error", Trigger: "repeated_errors", To: "handoff"}, // "repeated errors or user requests human"
		{From: "error", Trigger: "human_request", To: "handoff"},   // "... or user requests human"
		// 3.7 handoff
		{From: "handoff", Trigger: "waiting_for_human", To: "handoff"}, // "While waiting for human ownership"
		{From: "handoff", Trigger: "human_resolved", To: "idle"},       // "Only after explicit human resolution"
	},
}

func TestMachineMatchesSeed000(t *testing.T) {
	fsmtest.CheckTable(t, shop.Machine, seed000)
}

func TestMachineRandomTriggerSequences(t *testing.T) {
	fsmtest.WalkRandomly(t, shop.Machine, seed000.States, seed000.Triggers)
}

func TestMachineDiagramsMatchGoldenFiles(t *testing.T) {
	fsmtest.CheckDiagrams(t, shop.Machine, "shop", *update)
}
