package gates

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/parleyhq/parley"
)

// memSource is an in-memory parley.FlowReader holding versions of flows.
type memSource struct {
	mu    sync.Mutex
	flows map[string][][]byte
}

func newMemSource() *memSource { return &memSource{flows: map[string][][]byte{}} }

func (m *memSource) put(id string, def []byte) int {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.flows[id] = append(m.flows[id], def)
	return len(m.flows[id])
}

func (m *memSource) Flow(_ context.Context, id string, version int) ([]byte, int, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	versions := m.flows[id]
	if version == 0 {
		version = len(versions)
	}
	if version < 1 || version > len(versions) {
		return nil, 0, parley.Errorf(parley.ENOTFOUND, "flow %s version %d not found", id, version)
	}
	return versions[version-1], version, nil
}

// recorder counts what the engine reports.
type recorder struct {
	outcomes []string
	retried  []string
	gates    []string
	// at lists "outcome@node/turns" for every outcome.
	at []string
}

func (r *recorder) Outcome(flowID, outcome, nodeID string, turns int) {
	r.outcomes = append(r.outcomes, flowID+":"+outcome)
	r.at = append(r.at, fmt.Sprintf("%s@%s/%d", outcome, nodeID, turns))
}
func (r *recorder) GateSatisfied(flowID, gate string, order int) {
	r.gates = append(r.gates, fmt.Sprintf("%s:%s#%d", flowID, gate, order))
}
func (r *recorder) NodeRetried(flowID, nodeID string) {
	r.retried = append(r.retried, flowID+":"+nodeID)
}

// conversation drives an engine turn by turn, like the runtime does.
type conversation struct {
	t      testing.TB
	engine *Engine
	key    parley.ConversationKey
	state  any
	index  int64
	now    time.Time
}

func newConversation(t testing.TB, e *Engine) *conversation {
	t.Helper()
	key := parley.ConversationKey{Bot: "coach", ID: "c-1"}
	return &conversation{t: t, engine: e, key: key, state: e.NewState(key), now: time.Date(2026, 1, 1, 10, 0, 0, 0, time.UTC)}
}

// say sends one user message and returns the decision; the state is round-tripped
// through JSON as the store would.
func (c *conversation) say(text string) parley.Decision {
	c.t.Helper()
	return c.send(parley.Message{Text: text})
}

func (c *conversation) send(msg parley.Message) parley.Decision {
	c.t.Helper()
	c.index++
	msg.ID = "m" + string(rune('0'+c.index%10))
	msg.SentAt = c.now.Add(time.Duration(c.index-1) * time.Second)
	d, err := c.engine.Decide(context.Background(), parley.Turn{Conversation: c.key, Index: c.index, State: c.state, Message: msg})
	if err != nil {
		c.t.Fatalf("turn %d %q: %v", c.index, msg.Text, err)
	}
	data, err := json.Marshal(d.State)
	if err != nil {
		c.t.Fatalf("turn %d: state does not marshal: %v", c.index, err)
	}
	c.state, err = c.engine.DecodeState(data)
	if err != nil {
		c.t.Fatalf("turn %d: state does not decode: %v", c.index, err)
	}
	return d
}

func (c *conversation) runtime() *RuntimeState { return c.state.(*RuntimeState) }

func replyText(d parley.Decision) string {
	var texts []string
	for _, r := range d.Replies {
		texts = append(texts, r.Text)
	}
	return strings.Join(texts, "\n")
}

func demoEngine(t testing.TB, rec Recorder) *Engine {
	t.Helper()
	src := newMemSource()
	src.put(DemoFlowID, DemoFlow())
	e, err := New(Options{FlowID: DemoFlowID, Source: src, Recorder: rec})
	if err != nil {
		t.Fatal(err)
	}
	return e
}

// traceStep is one turn of seed 002's Example Execution Trace.
type traceStep struct {
	user        string
	node, mode  string
	facts       []string // state.facts after the turn (sorted set)
	produced    []string // the turn log entry's factsProduced
	states      []string
	gates       []string
	attempts    map[string]int
	executions  map[string]int
	transitions []parley.Transition
	reply       string // substring of the reply
}

// TestExampleExecutionTrace reproduces seed 002's Example Execution Trace turn by
// turn. Turn 6 pins the resolution of the trace's BOOKING subtlety: "Schedule me
// for next Tuesday" gives booking_date (2026-01-06, the Tuesday after Thursday
// 2026-01-01) and booking_type="training session", read from the keyword "schedule",
// so BOOKING (metricsAll booking_date, booking_type) is satisfied as the trace says.
func TestExampleExecutionTrace(t *testing.T) {
	rec := &recorder{}
	c := newConversation(t, demoEngine(t, rec))
	goalFacts := []string{"goal_baseline", "goal_category", "goal_delta", "goal_target"}
	steps := []traceStep{
		{
			user: "Hi", node: "welcome-1", mode: ModeExecute,
			facts: []string{}, produced: []string{}, states: []string{"WELCOME_SHOWN"}, gates: []string{},
			attempts: map[string]int{"welcome-1": 1}, executions: map[string]int{"welcome-1": 1},
			transitions: []parley.Transition{{From: "start", To: "welcome-1", Trigger: ModeExecute}},
			reply:       "How has your training been going lately?",
		},
		{
			user: "Pretty good, but my bench has stalled for months", node: "reflect-1", mode: ModeExecute,
			facts: []string{}, produced: []string{}, states: []string{"REFLECTION_COMPLETE", "WELCOME_SHOWN"}, gates: []string{},
			attempts: map[string]int{"welcome-1": 1, "reflect-1": 1}, executions: map[string]int{"welcome-1": 1, "reflect-1": 1},
			transitions: []parley.Transition{{From: "welcome-1", To: "reflect-1", Trigger: ModeExecute}},
			reply:       "What are you aiming for",
		},
		{
			user: "I want to bench press 300 lbs, currently at 225 lbs", node: "goal-gap-1", mode: ModeExecute,
			facts: goalFacts, produced: []string{"goal_target", "goal_baseline", "goal_delta", "goal_category"},
			states: []string{"GOAL_GAP_CAPTURED", "REFLECTION_COMPLETE", "WELCOME_SHOWN"}, gates: []string{},
			attempts:    map[string]int{"welcome-1": 1, "reflect-1": 1, "goal-gap-1": 1},
			executions:  map[string]int{"welcome-1": 1, "reflect-1": 1, "goal-gap-1": 1},
			transitions: []parley.Transition{{From: "reflect-1", To: "goal-gap-1", Trigger: ModeExecute}},
			reply:       "A 75 lb gap on a strength goal",
		},
		{
			user: "Umm, not ready to share that", node: "contact-1", mode: ModeExecute,
			facts: goalFacts, produced: []string{},
			states: []string{"GOAL_GAP_CAPTURED", "REFLECTION_COMPLETE", "WELCOME_SHOWN"}, gates: []string{},
			attempts:    map[string]int{"welcome-1": 1, "reflect-1": 1, "goal-gap-1": 1, "contact-1": 1},
			executions:  map[string]int{"welcome-1": 1, "reflect-1": 1, "goal-gap-1": 1, "contact-1": 1},
			transitions: []parley.Transition{{From: "goal-gap-1", To: "contact-1", Trigger: ModeExecute}},
			reply:       "To personalize your plan, could you share an email or phone?",
		},
		{
			user: "Ok, john@example.com", node: "contact-1", mode: ModeRetry,
			facts: append([]string{"contact_email"}, goalFacts...), produced: []string{"contact_email"},
			states: []string{"GOAL_GAP_CAPTURED", "REFLECTION_COMPLETE", "WELCOME_SHOWN"}, gates: []string{"CONTACT"},
			attempts:    map[string]int{"welcome-1": 1, "reflect-1": 1, "goal-gap-1": 1, "contact-1": 2},
			executions:  map[string]int{"welcome-1": 1, "reflect-1": 1, "goal-gap-1": 1, "contact-1": 1},
			transitions: []parley.Transition{{From: "contact-1", To: "contact-1", Trigger: ModeRetry}},
			reply:       "When would you like your first session?",
		},
		{
			user: "Schedule me for next Tuesday", node: "booking-1", mode: ModeExecute,
			facts:    []string{"booking_date", "booking_type", "contact_email", "goal_baseline", "goal_category", "goal_delta", "goal_target"},
			produced: []string{"booking_date", "booking_type"},
			states:   []string{"GOAL_GAP_CAPTURED", "REFLECTION_COMPLETE", "WELCOME_SHOWN"}, gates: []string{"BOOKING", "CONTACT"},
			attempts:   map[string]int{"welcome-1": 1, "reflect-1": 1, "goal-gap-1": 1, "contact-1": 2, "booking-1": 1},
			executions: map[string]int{"welcome-1": 1, "reflect-1": 1, "goal-gap-1": 1, "contact-1": 1, "booking-1": 1},
			transitions: []parley.Transition{
				{From: "contact-1", To: "booking-1", Trigger: ModeExecute},
				{From: "booking-1", To: "COMPLETE", Trigger: "COMPLETE"},
			},
			reply: "Booked: training session on 2026-01-06.",
		},
	}
	for i, step := range steps {
		d := c.say(step.user)
		st := c.runtime()
		entry := st.TurnLog[len(st.TurnLog)-1]
		got := traceStep{
			user: step.user, node: entry.NodeID, mode: entry.Mode, facts: st.Facts, produced: entry.FactsProduced,
			states: st.States, gates: st.GatesSatisfied, attempts: st.AttemptsByNode, executions: st.ExecutionsByNode,
			transitions: d.Transitions, reply: step.reply,
		}
		if diff := cmp.Diff(step, got, cmp.AllowUnexported(traceStep{})); diff != "" {
			t.Errorf("turn %d (%q) mismatch (-want +got):\n%s", i+1, step.user, diff)
		}
		// welcome-1 asks nothing, so it runs at once on the first turn, reading no input.
		wantInput := step.user
		if i == 0 {
			wantInput = ""
		}
		if entry.TurnIndex != i+1 || entry.UserInput != wantInput {
			t.Errorf("turn %d: turn log entry %+v", i+1, entry)
		}
		if !strings.Contains(replyText(d), step.reply) {
			t.Errorf("turn %d: reply %q does not contain %q", i+1, replyText(d), step.reply)
		}
	}
	st := c.runtime()
	if st.Status != StatusComplete {
		t.Errorf("status = %q, want complete", st.Status)
	}
	if got := st.FactValues; got["contact_email"] != "john@example.com" || got["booking_date"] != "2026-01-06" || got["goal_delta"] != "75 lb" {
		t.Errorf("fact values = %v", got)
	}
	if diff := cmp.Diff([]string{"coach:complete"}, rec.outcomes); diff != "" {
		t.Errorf("outcomes (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]string{"coach:contact-1"}, rec.retried); diff != "" {
		t.Errorf("retried (-want +got):\n%s", diff)
	}
	m := c.engine.ConversationMetrics(c.state)
	wantTimeline := []GateChange{
		{Gate: "CONTACT", TurnIndex: 5, At: time.Date(2026, 1, 1, 10, 0, 4, 0, time.UTC)},
		{Gate: "BOOKING", TurnIndex: 6, At: time.Date(2026, 1, 1, 10, 0, 5, 0, time.UTC)},
	}
	if m.Turns != 6 || m.Executed != 5 || m.Retried != 1 || m.Status != StatusComplete {
		t.Errorf("metrics = %+v", m)
	}
	if diff := cmp.Diff(wantTimeline, m.GateTimeline); diff != "" {
		t.Errorf("gate timeline (-want +got):\n%s", diff)
	}
	// Per-flow observations: conversation length and where it ended, gate order.
	if diff := cmp.Diff([]string{"complete@booking-1/6"}, rec.at); diff != "" {
		t.Errorf("outcome points (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]string{"coach:CONTACT#1", "coach:BOOKING#2"}, rec.gates); diff != "" {
		t.Errorf("gate order (-want +got):\n%s", diff)
	}
	// A message after completion gets the after-goal answer, not the closing line
	// again; no node runs (postGoalPolicy STOP).
	d := c.say("thanks!")
	if len(d.Transitions) != 0 || !strings.Contains(replyText(d), "You're all set for the training session on 2026-01-06") {
		t.Errorf("after completion: transitions %v reply %q", d.Transitions, replyText(d))
	}
	if len(c.runtime().TurnLog) != 6 || c.runtime().Status != StatusComplete {
		t.Errorf("a message after completion was logged as a controller turn")
	}
	// Writing on: a human takes it, rather than the same sentence forever.
	d = c.say("what should I bring?")
	if st := c.runtime(); st.Status != StatusHandoff || st.HandoffReason != reasonKeptWriting || len(d.Effects) != 1 {
		t.Errorf("second message after completion: status %s reason %q effects %v", st.Status, st.HandoffReason, d.Effects)
	}
}
