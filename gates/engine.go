package gates

import (
	"context"
	"encoding/json"
	"maps"
	"strings"
	"sync"
	"time"

	"github.com/parleyhq/parley"
)

// Recorder observes seed 002's per-flow metrics ("Track per flow") for /metrics. It
// is an observation, never state: Decide calls it and nothing it returns changes a
// decision.
type Recorder interface {
	// Outcome: a conversation reached complete, handoff or deadlock after turns user
	// turns (average conversation length); nodeID is where (the node handed off, or
	// the last node run: the handoff points by node).
	Outcome(flowID, outcome, nodeID string, turns int)
	// NodeRetried: a RETRY of nodeID (most-retried nodes).
	NodeRetried(flowID, nodeID string)
	// GateSatisfied: gate opened as the order-th gate (1-based) of its conversation
	// (gate satisfaction patterns).
	GateSatisfied(flowID, gate string, order int)
}

// Outcomes reported to a Recorder.
const (
	OutcomeComplete = "complete"
	OutcomeHandoff  = "handoff"
	OutcomeDeadlock = "deadlock"
)

// Event types this engine records besides parley.EventWarning and parley.EventHandoff.
const (
	EventDeadlock parley.EventType = "deadlock"
	// EventCooldown: a turn waited because the only node to run was cooling down.
	EventCooldown parley.EventType = "cooldown"
)

// EffectHandoff is the effect kind asking the channel to bring in a human.
const EffectHandoff = "handoff"

// Options configure an Engine.
type Options struct {
	// FlowID is the stored flow new conversations start on.
	FlowID string
	// Source loads flow versions: a parley.Store, or anything else that reads them.
	Source parley.FlowReader
	// Recorder, when not nil, observes outcomes and retries.
	Recorder Recorder
	// Writer, when not nil, writes the RETRY prompts of nodes whose
	// promptVariantStrategy is REPHRASE (see rephrase); without one the variant
	// the strategy picks is said as written.
	Writer parley.ReplyWriter
}

// Engine is the gate-driven flow controller (seed 002) as a parley.Engine.
type Engine struct {
	flowID   string
	source   parley.FlowReader
	recorder Recorder
	writer   parley.ReplyWriter

	mu sync.Mutex
	// flows caches parsed flow versions; a version never changes once stored.
	flows map[flowKey]*Flow
}

type flowKey struct {
	id      string
	version int
}

var _ parley.Engine = (*Engine)(nil)

// New returns an engine for the flow opts.FlowID read from opts.Source.
func New(opts Options) (*Engine, error) {
	if strings.TrimSpace(opts.FlowID) == "" {
		return nil, parley.Errorf(parley.EINVALID, "gates: a flow id is required")
	}
	if opts.Source == nil {
		return nil, parley.Errorf(parley.EINVALID, "gates: a flow source is required")
	}
	return &Engine{flowID: opts.FlowID, source: opts.Source, recorder: opts.Recorder, writer: opts.Writer, flows: map[flowKey]*Flow{}}, nil
}

// Kind is "gates".
func (e *Engine) Kind() string { return "gates" }

// NewState returns an empty RuntimeState on the engine's flow. Its version is pinned
// by the first Decide: the latest version at that time.
func (e *Engine) NewState(parley.ConversationKey) any { return newRuntimeState(e.flowID) }

// DecodeState decodes a stored RuntimeState (EINVALIDSTATE when it does not fit).
func (e *Engine) DecodeState(data []byte) (any, error) { return decodeRuntimeState(data) }

// flow returns the parsed flow version, loading and caching it.
func (e *Engine) flow(ctx context.Context, id string, version int) (*Flow, int, error) {
	if version > 0 {
		e.mu.Lock()
		f, ok := e.flows[flowKey{id, version}]
		e.mu.Unlock()
		if ok {
			return f, version, nil
		}
	}
	data, actual, err := e.source.Flow(ctx, id, version)
	if err != nil {
		return nil, 0, err
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	if f, ok := e.flows[flowKey{id, actual}]; ok {
		return f, actual, nil
	}
	f, err := ParseFlow(data, id+".json")
	if err != nil {
		return nil, 0, parley.WrapError(parley.EINTERNAL, err, "gates: stored flow %s version %d does not validate", id, actual)
	}
	e.flows[flowKey{id, actual}] = f
	return f, actual, nil
}

// pinnedFlow is the flow version the conversation is pinned to. A pinned version
// the store no longer keeps (its retention, runtime.flow_versions, removed it)
// gives way to the latest: the conversation goes on there rather than failing
// every turn, and retired names the version it left (0 when none was).
func (e *Engine) pinnedFlow(ctx context.Context, st *RuntimeState) (f *Flow, version, retired int, err error) {
	f, version, err = e.flow(ctx, st.FlowID, st.FlowVersion)
	if parley.ErrorCode(err) == parley.ENOTFOUND && st.FlowVersion > 0 {
		retired = st.FlowVersion
		f, version, err = e.flow(ctx, st.FlowID, 0)
	}
	return f, version, retired, err
}

// stateOf copies the turn's state, so the caller's value is never modified; no
// state yet is a new one.
func (e *Engine) stateOf(v any) (*RuntimeState, error) {
	st, err := readState(v)
	switch {
	case err != nil:
		return nil, err
	case st == nil:
		return newRuntimeState(e.flowID), nil
	}
	return st.clone(), nil
}

// readState is the gates state v holds, not copied: a *RuntimeState, a RuntimeState
// or its JSON (decoded); nil for nil or a nil pointer. The turn (stateOf) and the
// metrics read a state through it, so both take the same forms.
func readState(v any) (*RuntimeState, error) {
	switch s := v.(type) {
	case nil:
		return nil, nil
	case *RuntimeState:
		return s, nil
	case RuntimeState:
		return &s, nil
	case json.RawMessage:
		return decodeRuntimeState(s)
	case []byte:
		return decodeRuntimeState(s)
	}
	return nil, parley.Errorf(parley.EINVALIDSTATE, "gates: state of type %T is not a gates state", v)
}

// HandoffReason returns why a person has the conversation (a node's handoff
// reason, or "deadlock" for a deadlock, which hands off too), or "" while the
// controller has it: the conversations Handback takes.
func (e *Engine) HandoffReason(state any) string {
	st, err := readState(state)
	switch {
	case err != nil || st == nil:
		return ""
	case st.Status == StatusHandoff && st.HandoffReason != "":
		return st.HandoffReason
	case st.Status == StatusHandoff || st.Status == StatusDeadlock:
		return st.Status
	}
	return ""
}

// StateHandoffComplete is the state a handback adds: the human has finished (seed
// 002's gate example "HANDOFF": statesAll ["HANDOFF_COMPLETE"]).
const StateHandoffComplete = "HANDOFF_COMPLETE"

// TriggerHandback is the trigger of a handback's transition.
const TriggerHandback = "HANDBACK"

// Handback returns a conversation a human has taken over (a HANDOFF, or a DEADLOCK,
// which hands off too) to the controller: POST .../handback and a resolved Chatwoot
// conversation call it through the runtime. HANDOFF_REQUESTED gives way to
// HANDOFF_COMPLETE, the loop guard starts over, and every node's retry budget
// counts again from its attempts now (attemptsByNode itself never resets), so the
// node that exhausted its attempts is asked once more rather than handed straight
// back to a human. The next message answers no prompt. A conversation that is not
// handed off is an error with code parley.ECONFLICT.
func (e *Engine) Handback(state any, reason string, at time.Time) (parley.Decision, error) {
	st, err := e.stateOf(state)
	if err != nil {
		return parley.Decision{}, err
	}
	if st.Status != StatusHandoff && st.Status != StatusDeadlock {
		return parley.Decision{}, parley.Errorf(parley.ECONFLICT, "the conversation is %s, not handed off", st.Status)
	}
	from := st.Status
	st.Status = StatusActive
	if st.Completed {
		// Handed off after completion: the flow is still complete, and the next
		// message gets the after-goal answer again.
		st.Status, st.AfterGoalMessages = StatusComplete, 0
	}
	st.HandoffReason = ""
	remove(&st.States, StateHandoffRequested)
	add(&st.States, StateHandoffComplete)
	st.AttemptsAtHandback = maps.Clone(st.AttemptsByNode)
	st.LastSelectedNode, st.ConsecutiveSelections = "", 0
	st.LastPromptedNode, st.LastPromptedMode = "", ""
	st.Metrics = metricsOf(st)
	data := map[string]string{"reason": reason, "from": from}
	if !at.IsZero() {
		data["at"] = at.UTC().Format(time.RFC3339Nano)
	}
	pos := positionName(st.Position)
	return parley.Decision{
		State:       st,
		Transitions: []parley.Transition{{From: pos, To: pos, Trigger: TriggerHandback}},
		Events:      []parley.EventData{{Type: "handback", Data: data}},
	}, nil
}
