package gates

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/parleyhq/parley"
	"pgregory.net/rapid"
)

// genFlow draws a small flow over a fixed vocabulary of gates, facts and states.
func genFlow(t *rapid.T) *Flow {
	facts := []string{"f1", "f2", "f3"}
	states := []string{"S1", "S2"}
	gates := []string{"G1", "G2"}
	f := &Flow{
		ID: "p",
		Gates: map[string]Gate{
			"G1": {SatisfiedBy: SatisfiedBy{MetricsAny: rapid.SliceOfDistinct(rapid.SampledFrom(facts), rapid.ID).Draw(t, "g1any")}},
			"G2": {SatisfiedBy: SatisfiedBy{
				MetricsAll: rapid.SliceOfDistinct(rapid.SampledFrom(facts), rapid.ID).Draw(t, "g2all"),
				StatesAll:  rapid.SliceOfDistinct(rapid.SampledFrom(states), rapid.ID).Draw(t, "g2states"),
			}},
		},
		PrimaryGoal:    Goal{Type: GoalGate, Gate: "G2"},
		PostGoalPolicy: rapid.SampledFrom([]string{"", PostGoalContinueHigh}).Draw(t, "post"),
	}
	n := rapid.IntRange(1, 5).Draw(t, "nodes")
	for i := range n {
		node := Node{
			ID:             fmt.Sprintf("n%d", i),
			Importance:     rapid.SampledFrom([]string{"", ImportanceHigh, ImportanceNormal, ImportanceLow}).Draw(t, "importance"),
			Requires:       rapid.SliceOfNDistinct(rapid.SampledFrom(gates), 0, 1, rapid.ID).Draw(t, "requires"),
			RequiresStates: rapid.SliceOfNDistinct(rapid.SampledFrom(states), 0, 1, rapid.ID).Draw(t, "requiresStates"),
			Produces:       rapid.SliceOfDistinct(rapid.SampledFrom(facts), rapid.ID).Draw(t, "produces"),
			ProducesStates: rapid.SliceOfNDistinct(rapid.SampledFrom(states), 0, 1, rapid.ID).Draw(t, "producesStates"),
			Satisfies:      Satisfies{Gates: rapid.SliceOfNDistinct(rapid.SampledFrom(gates), 0, 1, rapid.ID).Draw(t, "satisfies")},
			RetryPolicy: &RetryPolicy{
				MaxAttempts:   rapid.IntRange(1, 4).Draw(t, "maxAttempts"),
				OnExhaust:     rapid.SampledFrom([]string{OnExhaustClarify, OnExhaustBroaden, OnExhaustHandoff, OnExhaustSkip}).Draw(t, "onExhaust"),
				CooldownTurns: new(rapid.IntRange(0, 2).Draw(t, "cooldown")),
			},
		}
		if rapid.Bool().Draw(t, "capped") {
			node.RunPolicy.MaxExecutions = new(rapid.IntRange(1, 3).Draw(t, "maxExecutions"))
		}
		f.Nodes = append(f.Nodes, node)
	}
	return f
}

// genState draws a runtime state for f.
func genState(t *rapid.T, f *Flow) *RuntimeState {
	s := newRuntimeState(f.ID)
	for _, fact := range rapid.SliceOfDistinct(rapid.SampledFrom([]string{"f1", "f2", "f3"}), rapid.ID).Draw(t, "facts") {
		add(&s.Facts, fact)
	}
	for _, st := range rapid.SliceOfDistinct(rapid.SampledFrom([]string{"S1", "S2"}), rapid.ID).Draw(t, "states") {
		add(&s.States, st)
	}
	for _, n := range f.Nodes {
		a := rapid.IntRange(0, 12).Draw(t, "attempts")
		if a > 0 {
			s.AttemptsByNode[n.ID] = a
			s.ExecutionsByNode[n.ID] = rapid.IntRange(0, a).Draw(t, "executions")
			s.LastAttemptTurn[n.ID] = rapid.IntRange(1, 20).Draw(t, "lastAttempt")
		}
		if rapid.Bool().Draw(t, "broadened") {
			add(&s.BroadenedNodes, n.ID)
		}
	}
	s.LastSelectedNode = rapid.SampledFrom(append([]string{""}, nodeIDs(f)...)).Draw(t, "last")
	s.ConsecutiveSelections = rapid.IntRange(0, 12).Draw(t, "consecutive")
	return s
}

func nodeIDs(f *Flow) []string {
	var ids []string
	for _, n := range f.Nodes {
		ids = append(ids, n.ID)
	}
	return ids
}

// TestSelectNextNodeProperties: the same state gives the same decision, the state is
// not modified, an OK decision never names an ineligible node, COMPLETE only when the
// goal holds, DEADLOCK names a blocker for every node.
func TestSelectNextNodeProperties(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		f := genFlow(t)
		s := genState(t, f)
		turn := rapid.IntRange(1, 30).Draw(t, "turn")
		before, _ := json.Marshal(s)

		first := f.selectNextNode(s, turn)
		second := f.selectNextNode(s.clone(), turn)
		if diff := cmp.Diff(first, second); diff != "" {
			t.Fatalf("not deterministic (-first +second):\n%s", diff)
		}
		if after, _ := json.Marshal(s); string(after) != string(before) {
			t.Fatalf("selectNextNode modified the state")
		}
		view := s.clone()
		view.GatesSatisfied = f.satisfiedGates(view)
		switch first.Status {
		case SelectOK:
			n := f.node(first.NodeID)
			if n == nil || !f.isNodeEligible(n, view) {
				t.Fatalf("selected ineligible node %s: %v", first.NodeID, f.blockers(n, view))
			}
			if first.Mode == ModeSkip {
				t.Fatalf("selected a node in SKIP mode")
			}
			mode, _ := f.determineMode(n, view)
			if !first.LoopGuard && mode != first.Mode {
				t.Fatalf("mode %s, determineMode says %s", first.Mode, mode)
			}
		case SelectWait:
			// Only a RETRY in its cooldown waits, and only when nothing else runs.
			n := f.node(first.NodeID)
			if n == nil || !f.isNodeEligible(n, view) || !f.inCooldown(n, view, turn) {
				t.Fatalf("WAIT on %s, which is not an eligible node in cooldown", first.NodeID)
			}
		case SelectComplete:
			if !f.goalSatisfied(view) {
				t.Fatalf("COMPLETE without the primary goal")
			}
		case SelectDeadlock:
			if len(first.Blockers) != len(f.Nodes) {
				t.Fatalf("deadlock with %d blockers for %d nodes", len(first.Blockers), len(f.Nodes))
			}
		default:
			t.Fatalf("status %q", first.Status)
		}
	})
}

// TestVolunteeredFactsProperties: on the coach flow, for any message made of
// greetings, category keywords, numbers with and without units, emails and days, in
// any case and with punctuation, the facts read for nodes the message does not
// answer are new (never over a known value), never an extractor's default, and a
// node's category or delta facts come only with an identifying fact of that node.
func TestVolunteeredFactsProperties(t *testing.T) {
	f, err := ParseFlow(DemoFlow(), "coach.json")
	if err != nil {
		t.Fatal(err)
	}
	pieces := []string{"hi", "thanks!", "please", "session", "call", "squat", "bench", "run", "lose weight",
		"300 lbs", "225", "currently at 100 kg", "want 120 kg", "me@example.com", "+1 415 555 0100",
		"next tuesday", "friday", "2026-03-02", "?", "...", "ok"}
	rapid.Check(t, func(rt *rapid.T) {
		words := rapid.SliceOfN(rapid.SampledFrom(pieces), 1, 6).Draw(rt, "pieces")
		text := strings.Join(words, rapid.SampledFrom([]string{" ", ", ", " - "}).Draw(rt, "sep"))
		if rapid.Bool().Draw(rt, "upper") {
			text = strings.ToUpper(text)
		}
		known := map[string]string{}
		for _, fact := range rapid.SliceOfDistinct(rapid.SampledFrom([]string{"contact_email", "booking_date", "goal_target", "goal_category"}), rapid.ID).Draw(rt, "known") {
			known[fact] = "known"
		}
		msg := saying(parley.Message{Text: text, SentAt: time.Date(2026, 1, 1, 10, 0, 0, 0, time.UTC)})
		var nodes []*Node
		for i := range f.Nodes {
			nodes = append(nodes, &f.Nodes[i])
		}
		got := f.volunteered(nodes, msg, known, volunteerStrict)
		byNode := map[string][]string{}
		for _, x := range got {
			fact := f.canonical(x.raw)
			if _, ok := known[fact]; ok {
				rt.Fatalf("%q: overwrote known fact %s", text, fact)
			}
			if x.value == "general fitness" {
				rt.Fatalf("%q: used goal_category's default", text)
			}
			byNode[ownerOf(f, x.raw)] = append(byNode[ownerOf(f, x.raw)], x.raw)
		}
		for node, facts := range byNode {
			// The message must hold a value of one of the node's identifying
			// extractors (known or not); numbers count only after a cue.
			var identifying []Extractor
			for _, x := range f.node(node).Extract {
				if x.Kind == ExtractCategory || x.Kind == ExtractDelta || (x.Kind == ExtractNumber && !hasCue(&x, text)) {
					continue
				}
				identifying = append(identifying, x)
			}
			if len(f.extractFacts([]*Node{{Extract: identifying}}, msg, nil)) == 0 {
				rt.Fatalf("%q: node %s gave %v without an identifying fact", text, node, facts)
			}
		}
	})
}

func ownerOf(f *Flow, raw string) string {
	for _, n := range f.Nodes {
		for _, x := range n.Extract {
			if x.Fact == raw {
				return n.ID
			}
		}
	}
	return ""
}
