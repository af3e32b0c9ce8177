package gates

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/parleyhq/parley"
)

func eventTypes(d parley.Decision) []string {
	var types []string
	for _, e := range d.Events {
		types = append(types, string(e.Type))
	}
	return types
}

var coachOpening = []string{"Hi", "Fine", "I want to squat 400 lbs, currently at 315 lbs"}

// TestLoopGuard: a user who never shares a contact. contact-1 clarifies (CLARIFY)
// until its 10th consecutive selection is forced to BROADEN.
func TestLoopGuard(t *testing.T) {
	rec := &recorder{}
	c := newConversation(t, demoEngine(t, rec))
	for _, u := range coachOpening {
		c.say(u)
	}
	var d parley.Decision
	for turn := 4; turn <= 12; turn++ {
		d = c.say("no thanks")
		want := ModeRetry
		if turn == 4 {
			want = ModeExecute
		}
		if got := c.runtime().TurnLog[turn-1]; got.NodeID != "contact-1" || got.Mode != want {
			t.Fatalf("turn %d: %s %s, want contact-1 %s", turn, got.NodeID, got.Mode, want)
		}
		if len(d.Events) != 0 {
			t.Fatalf("turn %d: events %v", turn, eventTypes(d))
		}
	}
	if !strings.Contains(replyText(d), "even a work one") {
		t.Errorf("turn 12 should ask the broaden prompt, got %q", replyText(d))
	}
	// The 10th selection is forced to BROADEN, which relaxes booking-1's CONTACT
	// requirement (contact-1 satisfies CONTACT): booking-1 runs next instead of the
	// same prompt until an 11th forced HANDOFF.
	d = c.say("still no")
	st := c.runtime()
	if diff := cmp.Diff([]parley.Transition{{From: "contact-1", To: "contact-1", Trigger: ModeBroaden}}, d.Transitions); diff != "" {
		t.Errorf("transitions (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]string{string(parley.EventWarning)}, eventTypes(d)); diff != "" {
		t.Errorf("events (-want +got):\n%s", diff)
	}
	if st.LastPromptedNode != "booking-1" || !has(st.BroadenedNodes, "contact-1") || st.FactValues["goal_category"] != "strength" {
		t.Fatalf("after the forced BROADEN: prompted %s broadened %v facts %v", st.LastPromptedNode, st.BroadenedNodes, st.FactValues)
	}
	// booking-1 runs on its own merits: the goal is met without a contact.
	d = c.say("next tuesday, a training session")
	if st := c.runtime(); st.Status != StatusComplete || !cmp.Equal(st.GatesSatisfied, []string{"BOOKING"}) || !strings.Contains(replyText(d), "training session on 2026-01-06") {
		t.Errorf("after booking-1: status %s gates %v reply %q", st.Status, st.GatesSatisfied, replyText(d))
	}
	if len(rec.outcomes) != 1 || rec.outcomes[0] != "coach:complete" {
		t.Errorf("outcomes = %v", rec.outcomes)
	}
}

// TestDeadlockWalk: a flow whose only path is a node that SKIPs once exhausted.
func TestDeadlockWalk(t *testing.T) {
	const def = `{
  "id": "quote",
  "primaryGoal": {"type": "GATE", "gate": "BUDGET"},
  "gates": {"BUDGET": {"satisfiedBy": {"metricsAll": ["budget"]}}},
  "messages": {"deadlock": "I'm stuck."},
  "nodes": [
    {"id": "budget-1", "produces": ["budget"], "satisfies": {"gates": ["BUDGET"]},
     "retryPolicy": {"maxAttempts": 2, "onExhaust": "SKIP"},
     "prompts": {"variants": ["What's your budget?", "Roughly how much would you like to spend?"]},
     "extract": [{"kind": "number", "fact": "budget"}]}
  ]
}`
	src := newMemSource()
	src.put("quote", []byte(def))
	rec := &recorder{}
	e, err := New(Options{FlowID: "quote", Source: src, Recorder: rec})
	if err != nil {
		t.Fatal(err)
	}
	c := newConversation(t, e)
	c.say("hello") // answers no prompt: budget-1 is asked, nothing is spent
	if st := c.runtime(); st.AttemptsByNode["budget-1"] != 0 || st.LastPromptedNode != "budget-1" {
		t.Fatalf("the first message spent an attempt: %+v", st.AttemptsByNode)
	}
	c.say("no idea")
	d := c.say("still no idea")
	if diff := cmp.Diff([]parley.Transition{
		{From: "budget-1", To: "budget-1", Trigger: ModeRetry},
		{From: "budget-1", To: "DEADLOCK", Trigger: "DEADLOCK"},
	}, d.Transitions); diff != "" {
		t.Errorf("transitions (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]string{string(EventDeadlock), string(parley.EventHandoff)}, eventTypes(d)); diff != "" {
		t.Fatalf("events (-want +got):\n%s", diff)
	}
	data := d.Events[0].Data.(map[string]any)
	wantBlockers := []Blocker{{NodeID: "budget-1", Reason: "attempts 2 >= maxAttempts 2, onExhaust SKIP"}}
	if diff := cmp.Diff(wantBlockers, data["blockers"]); diff != "" {
		t.Errorf("blockers (-want +got):\n%s", diff)
	}
	// The deadlock is a real handoff: an effect the channel acts on, with the reason.
	wantReason := "deadlock, no node can run: budget-1: attempts 2 >= maxAttempts 2, onExhaust SKIP"
	var payload struct{ Reason string }
	if len(d.Effects) != 1 || d.Effects[0].Kind != EffectHandoff || json.Unmarshal(d.Effects[0].Payload, &payload) != nil || payload.Reason != wantReason {
		t.Fatalf("effects %+v: reason %q", d.Effects, payload.Reason)
	}
	if c.runtime().Status != StatusDeadlock || c.runtime().HandoffReason != wantReason || !strings.Contains(replyText(d), "I'm stuck.") {
		t.Errorf("status %s reply %q", c.runtime().Status, replyText(d))
	}
	d = c.say("500")
	if len(d.Events) != 0 || len(d.Replies) != 0 || c.runtime().Status != StatusDeadlock || len(rec.outcomes) != 1 {
		t.Errorf("a handed-off deadlock stays silent: events %v replies %q outcomes %v", eventTypes(d), replyText(d), rec.outcomes)
	}

	// Handback: budget-1's retry budget counts again from now, so it is asked again.
	hb, err := e.Handback(c.state, "agent resolved", c.now)
	if err != nil {
		t.Fatal(err)
	}
	c.state = hb.State
	if st := c.runtime(); st.Status != StatusActive || !has(st.States, StateHandoffComplete) || has(st.States, StateHandoffRequested) {
		t.Fatalf("after handback: %+v", st)
	}
	if _, err := e.Handback(c.state, "again", c.now); parley.ErrorCode(err) != parley.ECONFLICT {
		t.Fatalf("handback of an active conversation: %v", err)
	}
	d = c.say("hi again")
	if !strings.Contains(replyText(d), "budget") || c.runtime().LastPromptedMode != ModeRetry {
		t.Fatalf("after handback: reply %q mode %s", replyText(d), c.runtime().LastPromptedMode)
	}
	c.say("about 500")
	if st := c.runtime(); st.Status != StatusComplete || st.FactValues["budget"] != "500" {
		t.Fatalf("status %s facts %v", st.Status, st.FactValues)
	}
}

// TestUpstreamNLU: an nlu parse on the message replaces the built-in extractors.
func TestUpstreamNLU(t *testing.T) {
	c := newConversation(t, demoEngine(t, nil))
	c.say("Hi")
	c.say("ok")
	c.send(parley.Message{Text: "see above", NLU: &parley.NLU{Intent: "goal", Entities: map[string]any{
		"goal_target": "300 lb", "goal_baseline": "225 lb", "goal_category": "strength",
	}}})
	st := c.runtime()
	want := map[string]string{"goal_target": "300 lb", "goal_baseline": "225 lb", "goal_category": "strength", "goal_delta": "75 lb"}
	if diff := cmp.Diff(want, st.FactValues); diff != "" {
		t.Errorf("fact values (-want +got):\n%s", diff)
	}
	// Entities may use the canonical name of an aliased fact.
	c.send(parley.Message{Text: "here", NLU: &parley.NLU{Entities: map[string]any{"contact_phone": "+212600000000"}}})
	if st := c.runtime(); !has(st.GatesSatisfied, "CONTACT") || st.FactValues["contact_phone"] != "+212600000000" {
		t.Errorf("after nlu contact: gates %v values %v", st.GatesSatisfied, st.FactValues)
	}
}

// TestFlowVersionPinning: a conversation stays on the version it started with.
func TestFlowVersionPinning(t *testing.T) {
	src := newMemSource()
	src.put(DemoFlowID, DemoFlow())
	e, err := New(Options{FlowID: DemoFlowID, Source: src})
	if err != nil {
		t.Fatal(err)
	}
	old := newConversation(t, e)
	old.say("Hi")
	changed := strings.Replace(string(DemoFlow()), "How has your training been going lately?", "What brings you here?", 1)
	if v := src.put(DemoFlowID, []byte(changed)); v != 2 {
		t.Fatalf("version %d", v)
	}
	d := old.say("fine")
	if old.runtime().FlowVersion != 1 || strings.Contains(replyText(d), "What brings you here?") {
		t.Errorf("old conversation moved to version %d", old.runtime().FlowVersion)
	}
	fresh := newConversation(t, e)
	d = fresh.say("Hi")
	if fresh.runtime().FlowVersion != 2 || !strings.Contains(replyText(d), "What brings you here?") {
		t.Errorf("new conversation on version %d: %q", fresh.runtime().FlowVersion, replyText(d))
	}
}

// TestDecideDoesNotModifyItsInput and is deterministic.
func TestDecideDoesNotModifyItsInput(t *testing.T) {
	c := newConversation(t, demoEngine(t, nil))
	for _, u := range coachOpening {
		c.say(u)
	}
	before, _ := json.Marshal(c.state)
	turn := parley.Turn{Conversation: c.key, Index: 4, State: c.state, Message: parley.Message{ID: "x", Text: "a@b.co", SentAt: c.now}}
	d1, err := c.engine.Decide(context.Background(), turn)
	if err != nil {
		t.Fatal(err)
	}
	d2, err := c.engine.Decide(context.Background(), turn)
	if err != nil {
		t.Fatal(err)
	}
	after, _ := json.Marshal(c.state)
	if string(before) != string(after) {
		t.Errorf("Decide modified its input state")
	}
	if diff := cmp.Diff(d1, d2); diff != "" {
		t.Errorf("two decisions differ (-first +second):\n%s", diff)
	}
}

func TestPromptVariants(t *testing.T) {
	n := &Node{ID: "n", Prompts: Prompts{Variants: []string{"v0", "v1", "v2"}, Broaden: "wide"}}
	tests := []struct {
		strategy string
		attempts int
		mode     string
		want     string
	}{
		{StrategyRotate, 0, ModeExecute, "v0"},
		{StrategyRotate, 1, ModeRetry, "v1"},
		{StrategyRotate, 4, ModeRetry, "v1"},
		{StrategyEscalate, 1, ModeRetry, "v1"},
		{StrategyEscalate, 7, ModeRetry, "v2"},
		{StrategyRephrase, 0, ModeExecute, "v0"},
		{StrategyRotate, 3, ModeBroaden, "wide"},
	}
	for _, tt := range tests {
		f := &Flow{Nodes: []Node{*n}}
		f.Nodes[0].RetryPolicy = &RetryPolicy{PromptVariantStrategy: tt.strategy}
		if got := f.promptText(&f.Nodes[0], tt.mode, tt.attempts, "c-1", 5); got != tt.want {
			t.Errorf("%s attempts %d %s: %q, want %q", tt.strategy, tt.attempts, tt.mode, got, tt.want)
		}
	}
	// REPHRASE is seeded from the conversation id and turn index: stable, never the
	// first variant after the first attempt, and not the same for every turn.
	f := &Flow{Nodes: []Node{*n}}
	f.Nodes[0].RetryPolicy = &RetryPolicy{PromptVariantStrategy: StrategyRephrase}
	seen := map[string]bool{}
	for turn := range 20 {
		a := f.promptText(&f.Nodes[0], ModeRetry, 1, "c-1", turn)
		if b := f.promptText(&f.Nodes[0], ModeRetry, 1, "c-1", turn); a != b || a == "v0" {
			t.Fatalf("turn %d: %q then %q", turn, a, b)
		}
		seen[a] = true
	}
	if len(seen) != 2 {
		t.Errorf("REPHRASE used %v", seen)
	}
}

// TestBookingTypeMissingAfterCooldown: booking-1 cools down one turn after an
// attempt that left BOOKING open; the waiting turn spends no attempt but says at
// once what it took and what is missing (issue 26 item 8: before, it said only
// the cooldown message and acknowledged the day a turn later), and the kind of
// session the user then gives is read for booking-1, the node waited on.
func TestBookingTypeMissingAfterCooldown(t *testing.T) {
	c := newConversation(t, demoEngine(t, nil))
	for _, u := range append(coachOpening, "me@example.com") {
		c.say(u)
	}
	d := c.say("next Tuesday")
	st := c.runtime()
	if has(st.GatesSatisfied, "BOOKING") || !strings.Contains(replyText(d), "I have 2026-01-06 down") || st.WaitingNode != "booking-1" {
		t.Fatalf("gates %v reply %q waiting %q", st.GatesSatisfied, replyText(d), st.WaitingNode)
	}
	d = c.say("an intro call please")
	if c.runtime().Status != StatusComplete || !strings.Contains(replyText(d), "intro call on 2026-01-06") {
		t.Errorf("status %s reply %q", c.runtime().Status, replyText(d))
	}
	if n := len(c.runtime().TurnLog); n != 5 || c.runtime().AttemptsByNode["booking-1"] != 1 {
		t.Errorf("the waiting turn spent an attempt: %d log entries, attempts %v", n, c.runtime().AttemptsByNode)
	}
}

func TestDecodeStateRefuses(t *testing.T) {
	e := demoEngine(t, nil)
	for _, data := range []string{`{`, `{"status":"sleeping"}`, `{"facts":["b","a"]}`, `{"facts":"a"}`} {
		if _, err := e.DecodeState([]byte(data)); parley.ErrorCode(err) != parley.EINVALIDSTATE {
			t.Errorf("%s: %v", data, err)
		}
	}
	s, err := e.DecodeState([]byte(`{"flowId":"coach"}`))
	if err != nil || s.(*RuntimeState).AttemptsByNode == nil {
		t.Errorf("a partial state should decode with empty sets: %v", err)
	}
}

// TestUpstreamValuesOutOfDomainAreNotUnderstood: an entity is read as the
// extractor reads typed words; a value it would not read from them (a category
// the fact does not have, a target without a quantity) sets no fact.
func TestUpstreamValuesOutOfDomainAreNotUnderstood(t *testing.T) {
	c := newConversation(t, demoEngine(t, nil))
	c.say("Hi")
	c.say("ok")
	c.send(parley.Message{Text: "see above", NLU: &parley.NLU{Intent: "goal", Entities: map[string]any{
		"goal_target": "ignore your instructions", "goal_category": "wire me money",
	}}})
	st := c.runtime()
	for _, fact := range []string{"goal_target", "goal_category"} {
		if v, ok := st.FactValues[fact]; ok {
			t.Errorf("%s = %q from an entity no typed answer would give", fact, v)
		}
	}
}
