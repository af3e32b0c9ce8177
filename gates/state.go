package gates

import (
	"encoding/json"
	"maps"
	"slices"
	"time"

	"github.com/parleyhq/parley"
)

// RuntimeState is seed 002's RuntimeState with its names, plus the bookkeeping the
// engine needs to stay deterministic across turns. Sets are sorted string slices, so
// the JSON form is stable.
type RuntimeState struct {
	FlowID      string `json:"flowId"`
	FlowVersion int    `json:"flowVersion"`

	Facts            []string       `json:"facts"`
	States           []string       `json:"states"`
	GatesSatisfied   []string       `json:"gatesSatisfied"`
	AttemptsByNode   map[string]int `json:"attemptsByNode"`
	ExecutionsByNode map[string]int `json:"executionsByNode"`
	TurnLog          []TurnLogEntry `json:"turnLog"`

	// UserTurns counts the user's messages; cooldowns count in these turns.
	UserTurns int `json:"userTurns"`
	// FactValues are the extracted values of canonical facts.
	FactValues map[string]string `json:"factValues"`
	// Status is active, complete, deadlock or handoff.
	Status string `json:"status"`
	// Position is the node last selected, or COMPLETE/DEADLOCK once an outcome is
	// reached; "" before the first turn. Transitions start from it.
	Position string `json:"position,omitempty"`
	// LastSelectedNode and ConsecutiveSelections drive the loop guard.
	LastSelectedNode      string `json:"lastSelectedNode,omitempty"`
	ConsecutiveSelections int    `json:"consecutiveSelections"`
	// LastPromptedNode is the node whose prompt ended the last reply: the node the
	// user's next message answers.
	LastPromptedNode string `json:"lastPromptedNode,omitempty"`
	LastPromptedMode string `json:"lastPromptedMode,omitempty"`
	// WaitingNode is the node a cooldown made the last turn wait for; its question
	// stays open while no other is asked.
	WaitingNode string `json:"waitingNode,omitempty"`
	// LastAttemptTurn is the turn index of each node's last attempt (cooldown).
	LastAttemptTurn map[string]int `json:"lastAttemptTurn"`
	// BroadenedNodes were broadened and rank as low importance until they execute.
	BroadenedNodes []string `json:"broadenedNodes"`
	// AttemptsAtHandback are attemptsByNode when the conversation was last handed
	// back: maxAttempts counts the attempts since then.
	AttemptsAtHandback map[string]int `json:"attemptsAtHandback,omitempty"`
	// Completed is set once the flow has completed; it stays set through a handoff
	// after completion, so a handback returns to complete.
	Completed bool `json:"completed,omitempty"`
	// AfterGoalMessages counts the user's messages since the flow completed.
	AfterGoalMessages int `json:"afterGoalMessages,omitempty"`
	// Deadlocks counts the DEADLOCKs reached (seed 002's "deadlock occurrences").
	Deadlocks int `json:"deadlocks,omitempty"`
	// Handoffs counts the handoffs to a human: a HANDOFF mode, or one after the
	// flow completed (seed 002's "handoff rate").
	Handoffs int `json:"handoffs,omitempty"`
	// HandoffReason says why the flow was handed to a human.
	HandoffReason string `json:"handoffReason,omitempty"`
	// GateTimeline records when each gate became satisfied.
	GateTimeline []GateChange `json:"gateTimeline"`
	// Metrics is Engine.Metrics of this state, kept in the state for inspection.
	Metrics ConversationMetrics `json:"metrics"`
}

// TurnLogEntry is seed 002's turn log entry. LLMResponse holds the bot's reply.
type TurnLogEntry struct {
	TurnIndex      int      `json:"turnIndex"`
	NodeID         string   `json:"nodeId"`
	Mode           string   `json:"mode"`
	FactsProduced  []string `json:"factsProduced"`
	StatesProduced []string `json:"statesProduced"`
	// FactsVolunteered are facts of other nodes the user gave in this turn's
	// message (see the package doc); FactsProduced are the node's own.
	FactsVolunteered []string `json:"factsVolunteered,omitempty"`
	UserInput        string   `json:"userInput,omitempty"`
	LLMResponse      string   `json:"llmResponse,omitempty"`
}

// GateChange is one entry of the gate timeline.
type GateChange struct {
	Gate      string    `json:"gate"`
	TurnIndex int       `json:"turnIndex"`
	At        time.Time `json:"at"`
}

// Conversation statuses.
const (
	StatusActive   = "active"
	StatusComplete = "complete"
	StatusDeadlock = "deadlock"
	StatusHandoff  = "handoff"
)

// newRuntimeState returns the empty state of a conversation on flowID.
func newRuntimeState(flowID string) *RuntimeState {
	return &RuntimeState{
		FlowID:           flowID,
		Facts:            []string{},
		States:           []string{},
		GatesSatisfied:   []string{},
		AttemptsByNode:   map[string]int{},
		ExecutionsByNode: map[string]int{},
		TurnLog:          []TurnLogEntry{},
		FactValues:       map[string]string{},
		Status:           StatusActive,
		LastAttemptTurn:  map[string]int{},
		BroadenedNodes:   []string{},
		GateTimeline:     []GateChange{},
		Metrics:          ConversationMetrics{AttemptsByNode: map[string]int{}, GateTimeline: []GateChange{}},
	}
}

// clone returns a deep copy, so that Decide never touches its input.
func (s *RuntimeState) clone() *RuntimeState {
	c := *s
	c.Facts = slices.Clone(s.Facts)
	c.States = slices.Clone(s.States)
	c.GatesSatisfied = slices.Clone(s.GatesSatisfied)
	c.AttemptsByNode = maps.Clone(s.AttemptsByNode)
	c.ExecutionsByNode = maps.Clone(s.ExecutionsByNode)
	c.TurnLog = slices.Clone(s.TurnLog)
	for i := range c.TurnLog {
		c.TurnLog[i].FactsProduced = slices.Clone(c.TurnLog[i].FactsProduced)
		c.TurnLog[i].StatesProduced = slices.Clone(c.TurnLog[i].StatesProduced)
		c.TurnLog[i].FactsVolunteered = slices.Clone(c.TurnLog[i].FactsVolunteered)
	}
	c.FactValues = maps.Clone(s.FactValues)
	c.LastAttemptTurn = maps.Clone(s.LastAttemptTurn)
	c.AttemptsAtHandback = maps.Clone(s.AttemptsAtHandback)
	c.BroadenedNodes = slices.Clone(s.BroadenedNodes)
	c.GateTimeline = slices.Clone(s.GateTimeline)
	c.Metrics = s.Metrics.clone()
	c.normalize()
	return &c
}

// normalize replaces nil collections by empty ones, so the JSON form never holds
// null where a set or map is expected.
func (s *RuntimeState) normalize() {
	for _, set := range []*[]string{&s.Facts, &s.States, &s.GatesSatisfied, &s.BroadenedNodes} {
		*set = orEmpty(*set)
	}
	for _, m := range []*map[string]int{&s.AttemptsByNode, &s.ExecutionsByNode, &s.LastAttemptTurn} {
		*m = orEmptyMap(*m)
	}
	s.FactValues = orEmptyMap(s.FactValues)
	s.TurnLog = orEmpty(s.TurnLog)
	s.GateTimeline = orEmpty(s.GateTimeline)
	if s.Status == "" {
		s.Status = StatusActive
	}
	if s.UserTurns == 0 {
		// A state stored before user turns were counted: its log's turn indexes
		// were the turns.
		for _, e := range s.TurnLog {
			s.UserTurns = max(s.UserTurns, e.TurnIndex)
		}
	}
}

// orEmpty is the slice, or an empty one for nil: JSON holds [], not null.
func orEmpty[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}

// orEmptyMap is the map, or an empty one for nil: JSON holds {}, not null.
func orEmptyMap[K comparable, V any](m map[K]V) map[K]V {
	if m == nil {
		return map[K]V{}
	}
	return m
}

// decodeRuntimeState decodes and checks a stored state.
func decodeRuntimeState(data []byte) (*RuntimeState, error) {
	var s RuntimeState
	if err := json.Unmarshal(data, &s); err != nil {
		return nil, parley.WrapError(parley.EINVALIDSTATE, err, "gates: stored state does not decode")
	}
	switch s.Status {
	case "", StatusActive, StatusComplete, StatusDeadlock, StatusHandoff:
	default:
		return nil, parley.Errorf(parley.EINVALIDSTATE, "gates: stored state has unknown status %q", s.Status)
	}
	for name, set := range map[string][]string{"facts": s.Facts, "states": s.States, "gatesSatisfied": s.GatesSatisfied, "broadenedNodes": s.BroadenedNodes} {
		if !slices.IsSorted(set) || len(slices.Compact(slices.Clone(set))) != len(set) {
			return nil, parley.Errorf(parley.EINVALIDSTATE, "gates: stored state's %s is not a sorted set", name)
		}
	}
	s.normalize()
	return &s, nil
}

// Sorted-set helpers.

func has(set []string, v string) bool {
	_, ok := slices.BinarySearch(set, v)
	return ok
}

// add inserts v into the sorted set and reports whether it was new.
func add(set *[]string, v string) bool {
	i, ok := slices.BinarySearch(*set, v)
	if ok {
		return false
	}
	*set = slices.Insert(*set, i, v)
	return true
}

func remove(set *[]string, v string) {
	if i, ok := slices.BinarySearch(*set, v); ok {
		*set = slices.Delete(*set, i, i+1)
	}
}

func sortedSet(m map[string]bool) []string {
	out := make([]string, 0, len(m))
	for k, ok := range m {
		if ok {
			out = append(out, k)
		}
	}
	slices.Sort(out)
	return out
}

func allIn(want, set []string) bool {
	for _, v := range want {
		if !has(set, v) {
			return false
		}
	}
	return true
}

func anyIn(want, set []string) bool {
	for _, v := range want {
		if has(set, v) {
			return true
		}
	}
	return false
}
