package shop_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/parleyhq/parley"
	"github.com/parleyhq/parley/shop"
)

// TestTransitionOutsideTheTable pins parley.Engine's policy in the shop: a turn
// that would leave seed 000's table is an ETRANSITION error with no decision, while
// a stored state that cannot be trusted is reset first (section 7) and the turn
// takes no transition at all.
func TestTransitionOutsideTheTable(t *testing.T) {
	e := newEngine(t, shop.Config{}, newFakeCatalog(3))
	stored := func(state string, attempts int) string {
		return fmt.Sprintf(`{"conversation_state":{"state":%q,"last_intent":"product_search",`+
			`"pagination":{"offset":0,"limit":5,"last_query_hash":null},`+
			`"pending_confirmation":{"action":null,"target_id":null,"created_at":null},`+
			`"clarification_attempts":%d,"last_user_message_id":"m1","last_agent_message_id":"a-1-1"},`+
			`"handoff_reason":null,"shown_product_ids":["101"]}`, state, attempts)
	}
	for _, tc := range []struct {
		name, state, text string
		want              string // the error code, or the state the turn ends in
		guardrail         bool
	}{
		// Section 4.3 resets clarification_attempts on entering idle and recommending,
		// so the engine never stores these; from them the third unclear turn would be
		// idle or recommending --clarification_limit--> handoff, outside the table.
		{"idle at the clarification limit", stored("idle", 2), "hmm", parley.ETRANSITION, false},
		{"recommending at the clarification limit", stored("recommending", 2), "hmm", parley.ETRANSITION, false},
		// The same turn from clarifying is in the table.
		{"clarifying at the clarification limit", stored("clarifying", 2), "hmm", "handoff", false},
		// A stored state that cannot be trusted is reset before any transition.
		{"paginating at rest", stored("paginating", 0), "I want to talk to a human", "idle", true},
		{"unknown state", stored("browsing", 0), "I want to talk to a human", "idle", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			st, err := e.DecodeState([]byte(tc.state))
			if err != nil {
				t.Fatal(err)
			}
			d, err := e.Decide(context.Background(), parley.Turn{Index: 2, State: st, Message: parley.Message{ID: "m2", Text: tc.text, SentAt: t0}})
			if tc.want == parley.ETRANSITION {
				if parley.ErrorCode(err) != parley.ETRANSITION || d.State != nil || d.Replies != nil || d.Transitions != nil || d.Events != nil || d.Effects != nil {
					t.Fatalf("Decide = %+v, %v; want no decision and code %s", d, err, parley.ETRANSITION)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			gotGuardrail := len(d.Events) > 0 && d.Events[0].Type == parley.EventGuardrail
			if got := stateOf(t, d).Conversation.State; string(got) != tc.want || gotGuardrail != tc.guardrail {
				t.Fatalf("ended in %s (guardrail %v), want %s (guardrail %v); events %v", got, gotGuardrail, tc.want, tc.guardrail, d.Events)
			}
			if tc.guardrail && len(d.Transitions) != 0 {
				t.Fatalf("a reset took transitions %v", d.Transitions)
			}
		})
	}
}
