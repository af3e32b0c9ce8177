package gates

import (
	"strings"
	"testing"

	"pgregory.net/rapid"
)

// askFirstFlow's first node asks a question and may run once: before issue 14 a
// greeting was read as its answer, spent its only execution and deadlocked the flow.
const askFirstFlow = `{
  "id": "signup",
  "primaryGoal": {"type": "GATE", "gate": "CONTACT"},
  "gates": {"CONTACT": {"satisfiedBy": {"metricsAny": ["email"]}}},
  "nodes": [
    {"id": "email-1", "produces": ["email"], "satisfies": {"gates": ["CONTACT"]},
     "runPolicy": {"maxExecutions": 1},
     "prompts": {"variants": ["Which email should we use?"], "done": "Thanks, {email} it is."},
     "extract": [{"kind": "email", "fact": "email"}]}
  ]
}`

func flowEngine(t testing.TB, id, def string) *Engine {
	t.Helper()
	src := newMemSource()
	src.put(id, []byte(def))
	e, err := New(Options{FlowID: id, Source: src})
	if err != nil {
		t.Fatal(err)
	}
	return e
}

func TestFirstMessageAnswersNoPrompt(t *testing.T) {
	c := newConversation(t, flowEngine(t, "signup", askFirstFlow))
	d := c.say("Hello there")
	st := c.runtime()
	if st.Status != StatusActive || st.AttemptsByNode["email-1"] != 0 || st.ExecutionsByNode["email-1"] != 0 {
		t.Fatalf("greeting spent the first node: status %s attempts %v executions %v", st.Status, st.AttemptsByNode, st.ExecutionsByNode)
	}
	if replyText(d) != "Which email should we use?" || len(d.Transitions) != 0 {
		t.Fatalf("reply %q transitions %v", replyText(d), d.Transitions)
	}
	d = c.say("it's ana@example.net")
	if st := c.runtime(); st.Status != StatusComplete || st.ExecutionsByNode["email-1"] != 1 || !strings.Contains(replyText(d), "Thanks, ana@example.net it is.") {
		t.Fatalf("answer: status %s reply %q", st.Status, replyText(d))
	}
}

// TestFirstMessageVolunteersFacts: facts in the opening message are kept; here they
// meet the primary goal, so selectNextNode completes before any node runs.
func TestFirstMessageVolunteersFacts(t *testing.T) {
	c := newConversation(t, flowEngine(t, "signup", askFirstFlow))
	d := c.say("Hi! ana@example.net here")
	st := c.runtime()
	if st.Status != StatusComplete || st.FactValues["email"] != "ana@example.net" || len(st.TurnLog) != 0 {
		t.Fatalf("status %s facts %v turn log %+v", st.Status, st.FactValues, st.TurnLog)
	}
	if len(st.GateTimeline) != 1 || st.GateTimeline[0].Gate != "CONTACT" || !strings.Contains(replyText(d), "everything I needed") {
		t.Fatalf("timeline %+v reply %q", st.GateTimeline, replyText(d))
	}
}

// TestGreetingNeverSpendsAnAttempt: any opening message without the fact asked for
// (greetings in any case, with punctuation and a polite suffix) leaves the first
// node unspent and the flow active.
func TestGreetingNeverSpendsAnAttempt(t *testing.T) {
	e := flowEngine(t, "signup", askFirstFlow)
	rapid.Check(t, func(rt *rapid.T) {
		words := rapid.SliceOfN(rapid.SampledFrom([]string{"hello", "hi", "hey", "there", "good", "morning", "salam", "bonjour", "yo", "anyone", "?", "!", "...", "please", "thanks"}), 1, 6).Draw(rt, "words")
		text := strings.Join(words, " ")
		if rapid.Bool().Draw(rt, "upper") {
			text = strings.ToUpper(text)
		}
		c := newConversation(t, e)
		c.say(text)
		st := c.runtime()
		if st.Status != StatusActive || st.AttemptsByNode["email-1"] != 0 || st.LastPromptedNode != "email-1" {
			rt.Fatalf("%q: status %s attempts %v prompted %q", text, st.Status, st.AttemptsByNode, st.LastPromptedNode)
		}
	})
}
