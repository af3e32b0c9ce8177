package gates

import (
	"strings"
	"testing"
)

// broadenFlow: contact-1 broadens once exhausted; booking-1 waits on CONTACT.
const broadenFlow = `{
  "id": "b",
  "primaryGoal": {"type": "GATE", "gate": "BOOKING"},
  "gates": {
    "CONTACT": {"satisfiedBy": {"metricsAny": ["email"]}},
    "BOOKING": {"satisfiedBy": {"metricsAll": ["day"]}}
  },
  "nodes": [
    {"id": "contact-1", "importance": "high", "produces": ["email"], "satisfies": {"gates": ["CONTACT"]},
     "retryPolicy": {"maxAttempts": 2, "onExhaust": "BROADEN"},
     "prompts": {"variants": ["Your email?", "Which email should we use?"], "broaden": "Fine, we can pick a day first."},
     "extract": [{"kind": "email", "fact": "email"}]},
    {"id": "booking-1", "importance": "normal", "requires": ["CONTACT"], "produces": ["day"], "satisfies": {"gates": ["BOOKING"]},
     "retryPolicy": {"maxAttempts": 1, "onExhaust": "HANDOFF"},
     "prompts": {"variants": ["Which day?"]},
     "extract": [{"kind": "date", "fact": "day"}]}
  ]
}`

// TestBroadenRelaxesForReal: BROADEN is asked once; it lets booking-1, which
// requires the gate contact-1 satisfies, run without it, and ranks contact-1 low.
func TestBroadenRelaxesForReal(t *testing.T) {
	c := newConversation(t, flowEngine(t, "b", broadenFlow))
	var prompts []string
	for _, u := range []string{"hi", "rather not", "no", "still no", "friday"} {
		prompts = append(prompts, replyText(c.say(u)))
	}
	want := []string{"Your email?", "Which email should we use?", "Fine, we can pick a day first.", "Which day?"}
	for i, w := range want {
		if !strings.Contains(prompts[i], w) {
			t.Fatalf("reply %d = %q, want %q (all: %q)", i+1, prompts[i], w, prompts)
		}
	}
	st := c.runtime()
	if st.Status != StatusComplete || has(st.GatesSatisfied, "CONTACT") || st.TurnLog[2].Mode != ModeBroaden {
		t.Fatalf("status %s gates %v log %+v", st.Status, st.GatesSatisfied, st.TurnLog)
	}
}

// TestBroadenNeverRepeats: with nothing adjacent to relax, a node broadened once and
// exhausted again hands off rather than asking its broaden prompt until the loop guard.
func TestBroadenNeverRepeats(t *testing.T) {
	def := `{"id": "b", "primaryGoal": {"type": "GATE", "gate": "CONTACT"},
  "gates": {"CONTACT": {"satisfiedBy": {"metricsAny": ["email"]}}},
  "nodes": [{"id": "contact-1", "produces": ["email"], "satisfies": {"gates": ["CONTACT"]},
    "retryPolicy": {"maxAttempts": 2, "onExhaust": "BROADEN"},
    "prompts": {"variants": ["Your email?"], "broaden": "Fine, we can pick a day first."},
    "extract": [{"kind": "email", "fact": "email"}]}]}`
	c := newConversation(t, flowEngine(t, "b", def))
	broadens := 0
	for _, u := range []string{"hi", "no", "no", "no", "no", "no"} {
		d := c.say(u)
		if strings.Contains(replyText(d), "pick a day first") {
			broadens++
		}
	}
	st := c.runtime()
	if broadens != 1 || st.Status != StatusHandoff || !strings.Contains(st.HandoffReason, "already broadened") {
		t.Fatalf("broaden prompts %d, status %s reason %q", broadens, st.Status, st.HandoffReason)
	}
}

// TestBroadenAsksOnlyWhatIsMissing (issue 26 item 8): a node broadened while one
// of its facts is known asks only for the missing one, not its broaden prompt
// for the whole node, and the answer to that open question is read.
func TestBroadenAsksOnlyWhatIsMissing(t *testing.T) {
	def := `{"id": "b", "primaryGoal": {"type": "GATE", "gate": "BOOKING"},
  "gates": {"BOOKING": {"satisfiedBy": {"metricsAll": ["day", "kind"]}}},
  "nodes": [{"id": "booking-1", "produces": ["day", "kind"], "satisfies": {"gates": ["BOOKING"]},
    "retryPolicy": {"maxAttempts": 2, "onExhaust": "BROADEN"},
    "prompts": {"variants": ["Which day, and a call or a visit?"], "broaden": "Any day works, even a weekend: which day, and a call or a visit?",
      "ask": {"kind": "I have {day} down. A call or a visit?"}},
    "extract": [{"kind": "date", "fact": "day"},
      {"kind": "category", "fact": "kind", "categories": {"call": ["call", "phone"], "visit": ["visit", "in person"]}}]}]}`
	c := newConversation(t, flowEngine(t, "b", def))
	var replies []string
	for _, u := range []string{"hi", "friday", "not sure"} {
		replies = append(replies, replyText(c.say(u)))
	}
	st := c.runtime()
	if st.LastPromptedMode != ModeBroaden {
		t.Fatalf("want the last prompt a BROADEN: log %+v prompted %s", st.TurnLog, st.LastPromptedMode)
	}
	if last := replies[len(replies)-1]; strings.Contains(last, "which day") || !strings.Contains(last, "A call or a visit?") {
		t.Fatalf("the BROADEN prompt asked the known day again: %q (all %q)", last, replies)
	}
	d := c.say("a phone call then")
	if st := c.runtime(); st.Status != StatusComplete || st.FactValues["kind"] != "call" {
		t.Fatalf("the answer to the open question was not read: status %s facts %v reply %q", st.Status, st.FactValues, replyText(d))
	}
}

// TestBroadenedFactGivenLaterSpendsNoAttempt (issue 38 item 6, BROADEN's
// residuals): after contact-1 broadened, the email given while the day is asked
// is kept, spends no attempt of booking-1 (whose one attempt would hand off),
// and the day is asked again; the day then completes the flow, each node
// executed once.
func TestBroadenedFactGivenLaterSpendsNoAttempt(t *testing.T) {
	c := newConversation(t, flowEngine(t, "b", broadenFlow))
	for _, u := range []string{"hi", "rather not", "no", "still no"} {
		c.say(u)
	}
	d := c.say("fine, it's sam@example.org")
	st := c.runtime()
	if st.Status != StatusActive || st.FactValues["email"] != "sam@example.org" || !strings.Contains(replyText(d), "Which day?") {
		t.Fatalf("status %s facts %v reply %q", st.Status, st.FactValues, replyText(d))
	}
	if st.AttemptsByNode["booking-1"] != 0 {
		t.Fatalf("booking-1 attempts %d, want none spent", st.AttemptsByNode["booking-1"])
	}
	c.say("friday")
	st = c.runtime()
	if st.Status != StatusComplete || st.ExecutionsByNode["booking-1"] != 1 || st.ExecutionsByNode["contact-1"] != 1 {
		t.Fatalf("status %s executions %v", st.Status, st.ExecutionsByNode)
	}
}
