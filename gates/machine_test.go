package gates

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

func intPtr(n int) *int { return &n }

// testFlow is a small flow: GATE_A opened by fact a (node na), goal GOAL opened by
// fact b (node nb, requires GATE_A).
func testFlow() *Flow {
	return &Flow{
		ID: "t",
		Gates: map[string]Gate{
			"GATE_A": {SatisfiedBy: SatisfiedBy{MetricsAny: []string{"a"}}},
			"GOAL":   {SatisfiedBy: SatisfiedBy{MetricsAll: []string{"b"}}},
		},
		PrimaryGoal: Goal{Type: GoalGate, Gate: "GOAL"},
		Nodes: []Node{
			{ID: "na", Importance: ImportanceHigh, Produces: []string{"a"}, Satisfies: Satisfies{Gates: []string{"GATE_A"}}},
			{ID: "nb", Importance: ImportanceHigh, Requires: []string{"GATE_A"}, Produces: []string{"b"}, Satisfies: Satisfies{Gates: []string{"GOAL"}}},
		},
	}
}

func stateWith(edit func(s *RuntimeState)) *RuntimeState {
	s := newRuntimeState("t")
	if edit != nil {
		edit(s)
	}
	return s
}

// TestEligibilityRules: one case per rule of seed 002's isNodeEligible.
func TestEligibilityRules(t *testing.T) {
	tests := []struct {
		name  string
		node  Node
		state *RuntimeState
		want  []string // blockers; none means eligible
	}{
		{"no constraints", Node{ID: "n"}, stateWith(nil), nil},
		{"1. execution cap reached", Node{ID: "n", RunPolicy: RunPolicy{MaxExecutions: intPtr(2)}},
			stateWith(func(s *RuntimeState) { s.ExecutionsByNode["n"] = 2 }), []string{"maxExecutions 2 reached"}},
		{"1. execution cap not reached", Node{ID: "n", RunPolicy: RunPolicy{MaxExecutions: intPtr(2)}},
			stateWith(func(s *RuntimeState) { s.ExecutionsByNode["n"] = 1 }), nil},
		{"2. required gate closed", Node{ID: "n", Requires: []string{"GATE_A"}}, stateWith(nil),
			[]string{"requires gate GATE_A (not satisfied)"}},
		{"2. required gate open", Node{ID: "n", Requires: []string{"GATE_A"}},
			stateWith(func(s *RuntimeState) { s.GatesSatisfied = []string{"GATE_A"} }), nil},
		{"3. required state absent", Node{ID: "n", RequiresStates: []string{"S"}}, stateWith(nil),
			[]string{"requires state S (absent)"}},
		{"3. required state present", Node{ID: "n", RequiresStates: []string{"S"}},
			stateWith(func(s *RuntimeState) { s.States = []string{"S"} }), nil},
		{"4. gates satisfied and executed", Node{ID: "n", Satisfies: Satisfies{Gates: []string{"GATE_A"}}},
			stateWith(func(s *RuntimeState) { s.GatesSatisfied = []string{"GATE_A"}; s.ExecutionsByNode["n"] = 1 }),
			[]string{"already satisfied GATE_A"}},
		{"4. gates satisfied but never executed", Node{ID: "n", Satisfies: Satisfies{Gates: []string{"GATE_A"}}},
			stateWith(func(s *RuntimeState) { s.GatesSatisfied = []string{"GATE_A"} }), nil},
		{"several rules at once", Node{ID: "n", Requires: []string{"GATE_A"}, RequiresStates: []string{"S"}}, stateWith(nil),
			[]string{"requires gate GATE_A (not satisfied)", "requires state S (absent)"}},
	}
	f := testFlow()
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := f.blockers(&tt.node, tt.state)
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("blockers (-want +got):\n%s", diff)
			}
			if f.isNodeEligible(&tt.node, tt.state) != (len(tt.want) == 0) {
				t.Errorf("isNodeEligible disagrees with blockers")
			}
		})
	}
}

// TestDetermineModeOnExhaust: one case per onExhaust value, plus the rules before it.
func TestDetermineModeOnExhaust(t *testing.T) {
	tests := []struct {
		name      string
		onExhaust string
		attempts  int
		facts     []string
		want      string
	}{
		{"first attempt executes", OnExhaustHandoff, 0, nil, ModeExecute},
		{"objective satisfied executes", OnExhaustHandoff, 5, []string{"a"}, ModeExecute},
		{"within limit retries", OnExhaustHandoff, 2, nil, ModeRetry},
		{"CLARIFY retries once more", OnExhaustClarify, 3, nil, ModeRetry},
		{"BROADEN", OnExhaustBroaden, 3, nil, ModeBroaden},
		{"HANDOFF", OnExhaustHandoff, 3, nil, ModeHandoff},
		{"SKIP", OnExhaustSkip, 4, nil, ModeSkip},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := testFlow()
			f.Nodes[0].RetryPolicy = &RetryPolicy{MaxAttempts: 3, OnExhaust: tt.onExhaust}
			s := stateWith(func(s *RuntimeState) {
				s.AttemptsByNode["na"] = tt.attempts
				s.Facts = tt.facts
			})
			s.GatesSatisfied = f.satisfiedGates(s)
			if got, _ := f.determineMode(&f.Nodes[0], s); got != tt.want {
				t.Errorf("mode = %s, want %s", got, tt.want)
			}
		})
	}
}

func TestSelectNextNode(t *testing.T) {
	tests := []struct {
		name  string
		flow  func(f *Flow)
		state func(s *RuntimeState)
		turn  int
		want  Selection
	}{
		{"importance first", func(f *Flow) {
			f.Nodes = append(f.Nodes, Node{ID: "nc", Importance: ImportanceLow, ProducesStates: []string{"C"}})
			f.Nodes[0].Importance = ImportanceNormal
			f.Nodes = append([]Node{f.Nodes[2]}, f.Nodes[:2]...)
		}, nil, 1, Selection{Status: SelectOK, NodeID: "na", Mode: ModeExecute, Consecutive: 1}},
		{"fewer attempts breaks ties", func(f *Flow) {
			f.Nodes = append(f.Nodes, Node{ID: "nc", Importance: ImportanceHigh, ProducesStates: []string{"C"}})
		}, func(s *RuntimeState) { s.AttemptsByNode["na"] = 1 }, 2,
			Selection{Status: SelectOK, NodeID: "nc", Mode: ModeExecute, Consecutive: 1}},
		{"definition order breaks remaining ties", func(f *Flow) {
			f.Nodes = append(f.Nodes, Node{ID: "nc", Importance: ImportanceHigh, ProducesStates: []string{"C"}})
		}, nil, 1, Selection{Status: SelectOK, NodeID: "na", Mode: ModeExecute, Consecutive: 1}},
		{"primary goal completes", nil, func(s *RuntimeState) { s.Facts = []string{"a", "b"} }, 1,
			Selection{Status: SelectComplete}},
		{"SKIP moves to the next eligible node", func(f *Flow) {
			f.Nodes[0].RetryPolicy = &RetryPolicy{MaxAttempts: 1, OnExhaust: OnExhaustSkip}
			f.Nodes = append(f.Nodes, Node{ID: "nc", Importance: ImportanceLow, ProducesStates: []string{"C"}})
		}, func(s *RuntimeState) { s.AttemptsByNode["na"] = 1; s.ExecutionsByNode["na"] = 1 }, 2,
			Selection{Status: SelectOK, NodeID: "nc", Mode: ModeExecute, Consecutive: 1, Skipped: []string{"na"}}},
		{"cooldown defers a retry to another node", func(f *Flow) {
			f.Nodes[0].RetryPolicy = &RetryPolicy{CooldownTurns: intPtr(1)}
			f.Nodes = append(f.Nodes, Node{ID: "nc", Importance: ImportanceLow, ProducesStates: []string{"C"}})
		}, func(s *RuntimeState) { s.AttemptsByNode["na"] = 1; s.LastAttemptTurn["na"] = 1 }, 2,
			Selection{Status: SelectOK, NodeID: "nc", Mode: ModeExecute, Consecutive: 1}},
		{"cooldown over", func(f *Flow) {
			f.Nodes[0].RetryPolicy = &RetryPolicy{CooldownTurns: intPtr(1)}
			f.Nodes = append(f.Nodes, Node{ID: "nc", Importance: ImportanceLow, ProducesStates: []string{"C"}})
		}, func(s *RuntimeState) { s.AttemptsByNode["na"] = 1; s.LastAttemptTurn["na"] = 1 }, 3,
			Selection{Status: SelectOK, NodeID: "na", Mode: ModeRetry, Consecutive: 1}},
		{"cooldown holds when nothing else can run: the turn waits", func(f *Flow) {
			f.Nodes[0].RetryPolicy = &RetryPolicy{CooldownTurns: intPtr(2)}
		}, func(s *RuntimeState) { s.AttemptsByNode["na"] = 1; s.LastAttemptTurn["na"] = 1 }, 3,
			Selection{Status: SelectWait, NodeID: "na", Mode: ModeRetry}},
		{"cooldown of 2 over at the 3rd turn after", func(f *Flow) {
			f.Nodes[0].RetryPolicy = &RetryPolicy{CooldownTurns: intPtr(2)}
		}, func(s *RuntimeState) { s.AttemptsByNode["na"] = 1; s.LastAttemptTurn["na"] = 1 }, 4,
			Selection{Status: SelectOK, NodeID: "na", Mode: ModeRetry, Consecutive: 1}},
		{"broadened node ranks low", func(f *Flow) {
			f.Nodes = []Node{f.Nodes[0], {ID: "nc", Importance: ImportanceNormal, ProducesStates: []string{"C"}}}
		}, func(s *RuntimeState) { s.AttemptsByNode["na"] = 1; s.BroadenedNodes = []string{"na"} }, 2,
			Selection{Status: SelectOK, NodeID: "nc", Mode: ModeExecute, Consecutive: 1}},
		{"broadening relaxes the node waiting on its gate", func(f *Flow) {
			f.Nodes = append(f.Nodes, Node{ID: "nc", Importance: ImportanceNormal, ProducesStates: []string{"C"}})
		}, func(s *RuntimeState) { s.AttemptsByNode["na"] = 1; s.BroadenedNodes = []string{"na"} }, 2,
			Selection{Status: SelectOK, NodeID: "nb", Mode: ModeExecute, Consecutive: 1}},
		{"broadening relaxes the node waiting on its state", func(f *Flow) {
			f.Nodes[0].ProducesStates = []string{"A_DONE"}
			f.Nodes[1].Requires, f.Nodes[1].RequiresStates = nil, []string{"A_DONE"}
		}, func(s *RuntimeState) { s.AttemptsByNode["na"] = 1; s.BroadenedNodes = []string{"na"} }, 2,
			Selection{Status: SelectOK, NodeID: "nb", Mode: ModeExecute, Consecutive: 1}},
		{"without broadening the waiting node stays blocked", nil,
			func(s *RuntimeState) { s.AttemptsByNode["na"] = 1 }, 2,
			Selection{Status: SelectOK, NodeID: "na", Mode: ModeRetry, Consecutive: 1}},
		{"a broadened node exhausted again hands off instead of repeating its broaden prompt", func(f *Flow) {
			f.Nodes[0].RetryPolicy = &RetryPolicy{MaxAttempts: 2, OnExhaust: OnExhaustBroaden}
			f.Nodes = f.Nodes[:1]
		}, func(s *RuntimeState) { s.AttemptsByNode["na"] = 3; s.BroadenedNodes = []string{"na"} }, 4,
			Selection{Status: SelectOK, NodeID: "na", Mode: ModeHandoff, Consecutive: 1}},
		{"CONTINUE_HIGH runs unrun high-importance nodes after the goal", func(f *Flow) {
			f.PostGoalPolicy = PostGoalContinueHigh
			f.Nodes = append(f.Nodes, Node{ID: "promo", Importance: ImportanceHigh, ProducesStates: []string{"PROMO"}, RunPolicy: RunPolicy{MaxExecutions: intPtr(1)}})
		}, func(s *RuntimeState) {
			s.Facts = []string{"a", "b"}
			s.ExecutionsByNode = map[string]int{"na": 1, "nb": 1}
		}, 3, Selection{Status: SelectOK, NodeID: "promo", Mode: ModeExecute, Consecutive: 1}},
		{"CONTINUE_HIGH completes once cleanup ran", func(f *Flow) {
			f.PostGoalPolicy = PostGoalContinueHigh
			f.Nodes = append(f.Nodes, Node{ID: "promo", Importance: ImportanceHigh, ProducesStates: []string{"PROMO"}, RunPolicy: RunPolicy{MaxExecutions: intPtr(1)}})
		}, func(s *RuntimeState) {
			s.Facts = []string{"a", "b"}
			s.ExecutionsByNode = map[string]int{"na": 1, "nb": 1, "promo": 1}
		}, 4, Selection{Status: SelectComplete}},
		{"deadlock names every blocked node", func(f *Flow) {
			f.Nodes[0].RunPolicy.MaxExecutions = intPtr(1)
		}, func(s *RuntimeState) { s.AttemptsByNode["na"] = 1; s.ExecutionsByNode["na"] = 1 }, 2,
			Selection{Status: SelectDeadlock, Blockers: []Blocker{
				{NodeID: "na", Reason: "maxExecutions 1 reached"},
				{NodeID: "nb", Reason: "requires gate GATE_A (not satisfied)"},
			}}},
		{"loop guard forces BROADEN on the 10th selection", func(f *Flow) {
			f.Nodes[0].RetryPolicy = &RetryPolicy{MaxAttempts: 50, OnExhaust: OnExhaustBroaden}
		}, func(s *RuntimeState) {
			s.AttemptsByNode["na"] = 9
			s.LastSelectedNode, s.ConsecutiveSelections = "na", 9
		}, 10, Selection{Status: SelectOK, NodeID: "na", Mode: ModeBroaden, Consecutive: 10, LoopGuard: true}},
		{"loop guard hands off on the 11th", func(f *Flow) {
			f.Nodes[0].RetryPolicy = &RetryPolicy{MaxAttempts: 50, OnExhaust: OnExhaustBroaden}
		}, func(s *RuntimeState) {
			s.AttemptsByNode["na"] = 10
			s.LastSelectedNode, s.ConsecutiveSelections = "na", 10
		}, 11, Selection{Status: SelectOK, NodeID: "na", Mode: ModeHandoff, Consecutive: 11, LoopGuard: true}},
		{"loop guard hands off at once for a HANDOFF node", func(f *Flow) {
			f.Nodes[0].RetryPolicy = &RetryPolicy{MaxAttempts: 50, OnExhaust: OnExhaustHandoff}
		}, func(s *RuntimeState) {
			s.AttemptsByNode["na"] = 9
			s.LastSelectedNode, s.ConsecutiveSelections = "na", 9
		}, 10, Selection{Status: SelectOK, NodeID: "na", Mode: ModeHandoff, Consecutive: 10, LoopGuard: true}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := testFlow()
			if tt.flow != nil {
				tt.flow(f)
			}
			s := stateWith(tt.state)
			got := f.selectNextNode(s, tt.turn)
			got.Reason, got.GatesSatisfied = "", nil
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("selection (-want +got):\n%s", diff)
			}
		})
	}
}

// isNodeEligible is seed 002's predicate, as the tests name it: a node is eligible
// when nothing blocks it.
func (f *Flow) isNodeEligible(n *Node, s *RuntimeState) bool { return len(f.blockers(n, s)) == 0 }
