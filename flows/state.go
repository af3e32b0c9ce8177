package flows

import (
	"bytes"
	"encoding/json"
	"io"
	"maps"

	"github.com/parleyhq/parley"
)

// FlowNone is seed 001's current_flow when no flow is active.
const FlowNone = "none"

// State is seed 001's DialogueState with its field names as written there, plus
// flow_stack: the flows suspended beneath the active one. It is what the store
// keeps between turns and what the HTTP API shows. Its pointers (current_step,
// waiting_for_slot) reach strings shared with the engine and with the states
// decided from it: replace one, never write through it.
type State struct {
	Messages          []ChatMessage  `json:"messages"`
	Slots             map[string]any `json:"slots"`
	CurrentFlow       string         `json:"current_flow"`
	ConversationState DialogueState  `json:"conversation_state"`
	CurrentStep       *string        `json:"current_step"`
	WaitingForSlot    *string        `json:"waiting_for_slot"`
	TurnCount         int            `json:"turn_count"`
	LastResponse      string         `json:"last_response"`
	LastNLUCall       *float64       `json:"last_nlu_call"`
	Trace             []TraceEvent   `json:"trace"`
	Metadata          Metadata       `json:"metadata"`
	FlowStack         []Frame        `json:"flow_stack"`
}

// ChatMessage is one entry of the message history: {"role": "user" |
// "assistant", "content": str, "timestamp": float} (unix seconds from sent_at).
type ChatMessage struct {
	Role      string  `json:"role"`
	Content   string  `json:"content"`
	Timestamp float64 `json:"timestamp"`
}

// TraceEvent is one audit entry: {"event": str, "timestamp": float, "data": dict}.
// The engine writes one event per dialogue transition, named after its trigger
// (user_message, slot_needed, ...) with the states in data.
type TraceEvent struct {
	Event     string    `json:"event"`
	Timestamp float64   `json:"timestamp"`
	Data      TraceData `json:"data"`
}

// TraceData is the data of a trace event.
type TraceData struct {
	From string `json:"from,omitempty"`
	To   string `json:"to,omitempty"`
}

// Metadata is seed 001's metadata dict: error (Rule 7) and the engine's
// bookkeeping (per-slot retry counts, the last flow that ended and how).
type Metadata struct {
	Error       *ErrorInfo     `json:"error,omitempty"`
	Retries     map[string]int `json:"retries,omitempty"`
	LastFlow    string         `json:"last_flow,omitempty"`
	LastOutcome string         `json:"last_outcome,omitempty"`
	// Withdrawn is true when the last flow that ended was cancelled by the
	// user's own cancel or change of mind ("cancel", "forget it"), not by a
	// plain no to a proposal (a no that may be followed by the value it
	// changes). A new request then starts the transaction from empty slots,
	// as after a completed one (issue 38 item 7).
	Withdrawn bool `json:"withdrawn,omitempty"`
	// Offer is the result the bot presents and the others it may present next.
	Offer *Offer `json:"offer,omitempty"`
	// Handoff is why a human agent has the conversation; the bot says nothing
	// until the handback clears it.
	Handoff string `json:"handoff,omitempty"`
	// Calls counts the conversation's call executions (actions' and custom
	// validators' webhook calls): the n-th call's idempotency key ends with n
	// (ActionRequest.IdempotencyKey).
	Calls int `json:"calls,omitempty"`
	// Pending is a webhook call (an action's or a custom validator's) sent
	// without a definite outcome: no answer in time, a 5xx, the receiver still
	// busy with the key, or a call whose intent was stored and whose outcome
	// never was (the server stopped during it). It exists only in the error
	// state; the next message that does not cancel sends it again, unchanged and
	// under the same key.
	Pending *PendingCall `json:"pending_call,omitempty"`
}

// PendingCall is a call whose outcome is not known yet: its request as first
// sent, to be sent again byte for byte, and how many attempts it took so far.
type PendingCall struct {
	Key    string         `json:"key"`
	Flow   string         `json:"flow"`
	Step   string         `json:"step"`
	Action string         `json:"action"`
	Turn   int64          `json:"turn"`
	Slots  map[string]any `json:"slots"`
	// Slot is the slot a custom validator checks ("" for an action).
	Slot     string `json:"slot,omitempty"`
	Attempts int    `json:"attempts"`
}

// Offer is what an action with offer found: its results, the one presented
// (Index) and the slots a selection takes from it.
type Offer struct {
	Flow    string           `json:"flow"`
	Slots   []string         `json:"slots"`
	Results []map[string]any `json:"results"`
	Index   int              `json:"index"`
}

// maxOfferResults bounds the results an offer keeps in the state.
const maxOfferResults = 10

// offered returns the presented result's values of the offer's slots.
func (o *Offer) offered() map[string]any {
	if o == nil || o.Index < 0 || o.Index >= len(o.Results) {
		return nil
	}
	out := map[string]any{}
	for _, name := range o.Slots {
		if v, ok := o.Results[o.Index][name]; ok && v != nil {
			out[name] = v
		}
	}
	return out
}

// Outcomes of a flow, in metadata.last_outcome.
const (
	OutcomeCompleted = "completed"
	OutcomeCancelled = "cancelled"
	OutcomeHandoff   = "handoff"
	// OutcomeFailed: the action reported a failure and no confirm step came
	// before it to change a value at.
	OutcomeFailed = "failed"
)

// ErrorInfo is seed 001 Rule 7's metadata["error"].
type ErrorInfo struct {
	Type          string  `json:"type"`
	Message       string  `json:"message"`
	Timestamp     float64 `json:"timestamp"`
	RecoveryState string  `json:"recovery_state"`
}

// Frame is a flow suspended on flow_stack: where to resume it.
type Frame struct {
	Flow           string  `json:"flow"`
	Step           string  `json:"step"`
	WaitingForSlot *string `json:"waiting_for_slot"`
	// Call is true for a flow suspended by a call step: it resumes at the step
	// after Step without a resume prompt.
	Call bool `json:"call,omitempty"`
	// Slots are the values of the suspended flow's own slots when another flow
	// interrupted it; they are restored when it resumes, so the other flow's
	// values under the same names (booking_ref) never leak into it. A called
	// flow shares its caller's slots instead.
	Slots map[string]any `json:"slots,omitempty"`
}

func newState() *State {
	return &State{
		Messages:          []ChatMessage{},
		Slots:             map[string]any{},
		CurrentFlow:       FlowNone,
		ConversationState: DialogueIdle,
		Trace:             []TraceEvent{},
		FlowStack:         []Frame{},
	}
}

// clone copies everything Decide may change, so the input state stays untouched.
// Slices get room for this turn's appends.
func (s *State) clone() *State {
	c := *s
	c.Messages = append(make([]ChatMessage, 0, len(s.Messages)+2), s.Messages...)
	c.Trace = append(make([]TraceEvent, 0, len(s.Trace)+6), s.Trace...)
	// maps.Clone copies the map's table as it is, without hashing each key
	// again as filling a new map would.
	if c.Slots = maps.Clone(s.Slots); c.Slots == nil {
		c.Slots = map[string]any{}
	}
	// Frames are replaced, never changed in place, so their Slots maps are shared.
	c.FlowStack = append([]Frame{}, s.FlowStack...)
	if s.Metadata.Retries != nil {
		c.Metadata.Retries = maps.Clone(s.Metadata.Retries)
	}
	if s.Metadata.Offer != nil {
		// Results are replaced, never changed in place: a shallow copy will do.
		o := *s.Metadata.Offer
		c.Metadata.Offer = &o
	}
	return &c
}

// decodeState decodes a stored state strictly: malformed JSON, unknown fields, an
// unknown conversation_state, or a flow or step the definition does not have are
// EINVALIDSTATE.
func (e *Engine) decodeState(data []byte) (*State, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	s := &State{}
	if err := dec.Decode(s); err != nil {
		return nil, parley.WrapError(parley.EINVALIDSTATE, err, "flows state does not decode")
	}
	if _, err := dec.Token(); err != io.EOF { // dec.More misses a stray '}' or ']'
		return nil, parley.Errorf(parley.EINVALIDSTATE, "flows state: trailing data")
	}
	if !Dialogue.Has(s.ConversationState) {
		return nil, parley.Errorf(parley.EINVALIDSTATE, "flows state: unknown conversation_state %q", s.ConversationState)
	}
	s.fillEmpty()
	if err := e.checkPosition(s); err != nil {
		return nil, err
	}
	if err := e.checkPending(s); err != nil {
		return nil, err
	}
	if err := e.checkFlowStack(s); err != nil {
		return nil, err
	}
	return s, nil
}

// fillEmpty gives the fields a stored state left out (or null) their empty values.
func (s *State) fillEmpty() {
	if s.Slots == nil {
		s.Slots = map[string]any{}
	}
	if s.Messages == nil {
		s.Messages = []ChatMessage{}
	}
	if s.Trace == nil {
		s.Trace = []TraceEvent{}
	}
	if s.FlowStack == nil {
		s.FlowStack = []Frame{}
	}
	if s.CurrentFlow == "" {
		s.CurrentFlow = FlowNone
	}
}

// checkPosition refuses a current flow or step the definition does not have.
func (e *Engine) checkPosition(s *State) error {
	if s.CurrentFlow == FlowNone {
		return nil
	}
	f := e.flows[s.CurrentFlow]
	if f == nil {
		return parley.Errorf(parley.EINVALIDSTATE, "flows state: unknown current_flow %q", s.CurrentFlow)
	}
	if s.CurrentStep != nil {
		if _, ok := f.stepIndex[*s.CurrentStep]; !ok {
			return parley.Errorf(parley.EINVALIDSTATE, "flows state: flow %s has no step %q", s.CurrentFlow, *s.CurrentStep)
		}
	}
	return nil
}

// checkFlowStack refuses a frame of a flow or step the definition does not have.
func (e *Engine) checkFlowStack(s *State) error {
	for _, fr := range s.FlowStack {
		f := e.flows[fr.Flow]
		if f == nil {
			return parley.Errorf(parley.EINVALIDSTATE, "flows state: unknown flow %q on flow_stack", fr.Flow)
		}
		if _, ok := f.stepIndex[fr.Step]; !ok {
			return parley.Errorf(parley.EINVALIDSTATE, "flows state: flow %s has no step %q", fr.Flow, fr.Step)
		}
	}
	return nil
}

// checkPending refuses a stored pending call the engine could not send again: one
// outside the error state, of a flow or step the definition does not have.
func (e *Engine) checkPending(s *State) error {
	p := s.Metadata.Pending
	if p == nil {
		return nil
	}
	if s.ConversationState != DialogueError || p.Key == "" {
		return parley.Errorf(parley.EINVALIDSTATE, "flows state: a pending call outside the error state")
	}
	f := e.flows[p.Flow]
	if f == nil {
		return parley.Errorf(parley.EINVALIDSTATE, "flows state: pending call of unknown flow %q", p.Flow)
	}
	if p.Slot != "" {
		if sl := e.pendingSlot(f, p); sl == nil || !sl.checkedByWebhook() {
			return parley.Errorf(parley.EINVALIDSTATE, "flows state: pending check of slot %q that no webhook validates", p.Slot)
		}
		return nil
	}
	if i, ok := f.stepIndex[p.Step]; !ok || f.steps[i].kind != KindAction || f.steps[i].def.Action.Webhook == nil {
		return parley.Errorf(parley.EINVALIDSTATE, "flows state: pending call of step %q that calls no webhook", p.Step)
	}
	return nil
}

// pendingSlot is the slot a pending check validates: the flow's own, else another
// flow's (settings.shared_slots).
func (e *Engine) pendingSlot(f *flow, p *PendingCall) *slot {
	if sl := f.slots[p.Slot]; sl != nil {
		return sl
	}
	return e.slotByName[p.Slot]
}

// checkedByWebhook reports whether a custom validator checks the slot.
func (sl *slot) checkedByWebhook() bool {
	for _, v := range sl.validators {
		if v.def.Type == ValidateCustom {
			return true
		}
	}
	return false
}
