package gates

import (
	"strings"
	"testing"
)

// vipFlow: the goal needs a name; promo-1 (high importance) can only run once a VIP
// code is known, which the user may give at any time.
const vipFlow = `{
  "id": "vip",
  "primaryGoal": {"type": "GATE", "gate": "NAMED"},
  "postGoalPolicy": "CONTINUE_HIGH",
  "gates": {
    "NAMED": {"satisfiedBy": {"metricsAll": ["name"]}},
    "VIP": {"satisfiedBy": {"metricsAll": ["code"]}}
  },
  "messages": {"afterGoal": "All done, {name}."},
  "nodes": [
    {"id": "name-1", "produces": ["name"], "satisfies": {"gates": ["NAMED"]},
     "prompts": {"variants": ["Your name?"]},
     "extract": [{"kind": "regex", "pattern": "(?i)(?:i'm|i am|name is) (?P<name>[a-z]+)"}]},
    {"id": "code-1", "importance": "low", "produces": ["code"], "satisfies": {"gates": ["VIP"]},
     "prompts": {"variants": ["Any VIP code?"]},
     "extract": [{"kind": "regex", "pattern": "(?P<code>VIP-[0-9]{4})"}]},
    {"id": "promo-1", "importance": "high", "requires": ["VIP"], "producesStates": ["PROMO_SHOWN"],
     "runPolicy": {"maxExecutions": 1}, "prompts": {"done": "As a VIP you get a free session."}}
  ]
}`

// TestContinueHighAfterGoal: under CONTINUE_HIGH a fact given after completion that
// makes an unrun high-importance node eligible takes the flow up again; the
// conversation's completion is observed once.
func TestContinueHighAfterGoal(t *testing.T) {
	rec := &recorder{}
	src := newMemSource()
	src.put("vip", []byte(vipFlow))
	e, err := New(Options{FlowID: "vip", Source: src, Recorder: rec})
	if err != nil {
		t.Fatal(err)
	}
	c := newConversation(t, e)
	c.say("hello")
	c.say("I'm Noor")
	if c.runtime().Status != StatusComplete {
		t.Fatalf("status %s", c.runtime().Status)
	}
	d := c.say("oh, I have VIP-2041 by the way")
	st := c.runtime()
	if st.Status != StatusComplete || st.ExecutionsByNode["promo-1"] != 1 || !strings.Contains(replyText(d), "free session") {
		t.Fatalf("status %s executions %v reply %q", st.Status, st.ExecutionsByNode, replyText(d))
	}
	if len(rec.outcomes) != 1 {
		t.Errorf("outcomes %v", rec.outcomes)
	}
	if d := c.say("ok"); !strings.Contains(replyText(d), "All done, Noor.") {
		t.Errorf("after goal: %q", replyText(d))
	}
}
