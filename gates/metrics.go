package gates

import (
	"maps"
	"slices"
)

// ConversationMetrics are seed 002's per-conversation metrics.
type ConversationMetrics struct {
	// Turns counts the user's turns.
	Turns     int `json:"turns"`
	Executed  int `json:"executed"`
	Retried   int `json:"retried"`
	Broadened int `json:"broadened"`
	HandedOff int `json:"handedOff"`
	// Deadlocks counts the DEADLOCKs reached.
	Deadlocks int `json:"deadlocks"`
	// GateTimeline lists when each gate became satisfied.
	GateTimeline           []GateChange   `json:"gateTimeline"`
	AttemptsByNode         map[string]int `json:"attemptsByNode"`
	AverageAttemptsPerNode float64        `json:"averageAttemptsPerNode"`
	// Status is active, complete, deadlock or handoff.
	Status string `json:"status"`
	// Completed says the primary goal was reached, also when a handoff after it
	// made the status handoff ("completion rate").
	Completed bool `json:"completed"`
}

func (m ConversationMetrics) clone() ConversationMetrics {
	m.GateTimeline = slices.Clone(m.GateTimeline)
	m.AttemptsByNode = maps.Clone(m.AttemptsByNode)
	return m
}

// Metrics returns the ConversationMetrics of a conversation state, as
// actor.MetricsReporter asks (GET .../conversations/{id} carries them as "metrics").
func (e *Engine) Metrics(state any) any { return e.ConversationMetrics(state) }

// ConversationMetrics returns the metrics of a conversation state (a *RuntimeState,
// a RuntimeState or its JSON); the zero value for anything else.
func (e *Engine) ConversationMetrics(state any) ConversationMetrics {
	st, _ := readState(state)
	if st == nil {
		return ConversationMetrics{AttemptsByNode: map[string]int{}, GateTimeline: []GateChange{}}
	}
	return metricsOf(st)
}

func metricsOf(st *RuntimeState) ConversationMetrics {
	m := ConversationMetrics{
		Turns:          st.UserTurns,
		GateTimeline:   orEmpty(slices.Clone(st.GateTimeline)),
		AttemptsByNode: orEmptyMap(maps.Clone(st.AttemptsByNode)),
		Status:         st.Status,
		Deadlocks:      st.Deadlocks,
		Completed:      st.Completed,
	}
	for _, e := range st.TurnLog {
		if count := m.modeCounter(e.Mode); count != nil {
			*count++
		}
	}
	// Handoffs after the goal have no turn log entry; states kept before the
	// counter existed have only the entries.
	m.HandedOff = max(m.HandedOff, st.Handoffs)
	total := 0
	for _, a := range st.AttemptsByNode {
		total += a
	}
	if len(st.AttemptsByNode) > 0 {
		m.AverageAttemptsPerNode = float64(total) / float64(len(st.AttemptsByNode))
	}
	return m
}

// modeCounter is the count of turn log entries of a mode; nil for a mode not
// counted.
func (m *ConversationMetrics) modeCounter(mode string) *int {
	switch mode {
	case ModeExecute:
		return &m.Executed
	case ModeRetry:
		return &m.Retried
	case ModeBroaden:
		return &m.Broadened
	case ModeHandoff:
		return &m.HandedOff
	}
	return nil
}
