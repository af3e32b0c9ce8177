package flows

import (
	"bytes"
	"encoding/json"
	"io"
	"maps"
	"strings"

	"github.com/parleyhq/parley"
)

// FlowNone is seed 001's current_flow when no flow is active.
const FlowNone = "none"

// State is seed 001's DialogueState with its field names as written there, plus
// flow_stack: the flows suspended beneath the active one. It is what the store
// keeps between turns and what the HTTP API shows.
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
	// Offer is the result the bot presents and the others it may present next.
	Offer *Offer `json:"offer,omitempty"`
	// Handoff is why a human agent has the conversation; the bot says nothing
	// until the handback clears it.
	Handoff string `json:"handoff,omitempty"`
	// Pending is a webhook call (an action's or a custom validator's) sent
	// without a definite outcome: no answer in time, a 5xx, the receiver still
	// busy with the key. It exists only in the error state; the next message
	// that does not cancel sends it again, unchanged and under the same key.
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
	c.Slots = make(map[string]any, len(s.Slots)+2)
	maps.Copy(c.Slots, s.Slots)
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

// The folded state (parley.StateFolder). The state's messages, trace and
// last_response repeat the turn log: a turn appends the user's text (its meaning for
// a button) and the reply, both stamped with the message's sent_at, and one trace
// event per transition, keeps the last maxMessages and maxTrace of them, and keeps
// the reply as last_response. The runtime stores the state without these members and
// rebuilds them from the last turn records; a state whose rebuilt form is not byte
// for byte the one it had is stored whole (the runtime checks every commit), so a
// reset, a handoff's silent turns past the window or a hand-written state cost
// bytes, never correctness.
//
// The folded form is the state's JSON without its "messages" member (first), its
// "last_response" member (just before "last_nlu_call") and its "trace" member (just
// before "metadata"); a state that has any of them is not folded and Unfold returns
// it as is. DecodeState reads a folded state as one with no history (fillEmpty),
// which is also what a reader of the raw row sees.

// maxFoldWindow bounds the records a read takes to unfold a state: an engine whose
// history is longer folds only the states the window rebuilds.
const maxFoldWindow = 64

var _ parley.StateFolder = (*Engine)(nil)

// foldedMembers are the members a folded state leaves out, each with the member it
// comes just before ("" for the first member) and the first byte of its value.
var foldedMembers = [...]struct {
	key, before string
	kind        byte
}{{"messages", "", '['}, {"last_response", "last_nlu_call", '"'}, {"trace", "metadata", '['}}

// FoldWindow is how many turn records rebuild the history: a turn adds two messages
// (one when a human agent has the conversation) and at least one transition.
func (e *Engine) FoldWindow() int {
	return min(max((e.maxMessages+1)/2, e.maxTrace), maxFoldWindow)
}

// Fold returns the state without the members the turn log rebuilds, or state itself
// when they are not where AppendJSON writes them.
func (e *Engine) Fold(state []byte) []byte {
	ms, ok := topMembers(state)
	if !ok {
		return state
	}
	drop, ok := foldedPositions(state, ms)
	if !ok {
		return state
	}
	out := make([]byte, 0, len(state))
	out = append(out, '{')
	for i, m := range ms {
		if i == drop[0] || i == drop[1] || i == drop[2] {
			continue
		}
		if len(out) > 1 {
			out = append(out, ',')
		}
		out = append(out, state[m.start:m.end]...)
	}
	return append(out, '}')
}

// foldedPositions returns where the folded members are among ms; ok is false unless
// each is there once, in its place, with a value of its kind.
func foldedPositions(state []byte, ms []member) (at [len(foldedMembers)]int, ok bool) {
	for f, fm := range foldedMembers {
		at[f] = -1
		for i, m := range ms {
			if m.key != fm.key {
				continue
			}
			placed := i == 0 && fm.before == "" || i > 0 && i+1 < len(ms) && ms[i+1].key == fm.before
			if at[f] >= 0 || !placed || state[m.value] != fm.kind {
				return at, false
			}
			at[f] = i
		}
		if at[f] < 0 {
			return at, false
		}
	}
	return at, true
}

// Folded reports whether state is folded: an object without the folded members and
// with the members they come before.
func (e *Engine) Folded(state []byte) bool {
	ms, ok := topMembers(state)
	return ok && folded(ms)
}

func folded(ms []member) bool {
	before := 0
	for _, m := range ms {
		for _, fm := range foldedMembers {
			switch m.key {
			case fm.key:
				return false
			case fm.before:
				before++
			}
		}
	}
	return before == len(foldedMembers)-1
}

// Unfold puts back the members the turn records rebuild.
func (e *Engine) Unfold(state []byte, recent []parley.TurnRecord) ([]byte, error) {
	ms, ok := topMembers(state)
	if !ok || !folded(ms) {
		return state, nil
	}
	h, err := e.history(recent)
	if err != nil {
		return nil, err
	}
	out := make([]byte, 0, len(state)+128*len(h.messages)+96*len(h.trace)+len(h.lastResponse))
	out = append(out, `{"messages":`...)
	out = appendList(out, h.messages, appendChatMessage)
	for _, m := range ms {
		switch m.key {
		case "last_nlu_call":
			out = append(out, `,"last_response":`...)
			out = appendString(out, h.lastResponse)
		case "metadata":
			out = append(out, `,"trace":`...)
			out = appendList(out, h.trace, appendTraceEvent)
		}
		out = append(out, ',')
		out = append(out, state[m.start:m.end]...)
	}
	return append(out, '}'), nil
}

// history is what the turn records rebuild of a state.
type history struct {
	messages     []ChatMessage
	trace        []TraceEvent
	lastResponse string
}

// history rebuilds what the turns of recent left in the state, as Decide writes it
// (turn.go: the user's message, the reply unless a human agent has the conversation,
// which is also last_response, and a trace event per transition), keeping the last
// maxMessages and maxTrace.
func (e *Engine) history(recent []parley.TurnRecord) (history, error) {
	var h history
	// The records whose messages the window keeps, from the newest back.
	first, n := len(recent), 0
	for first > 0 && n < e.maxMessages {
		first--
		n += 1 + btoi(!silentTurn(&recent[first]))
	}
	h.messages = make([]ChatMessage, 0, n)
	for i := first; i < len(recent); i++ {
		r := &recent[i]
		stamp := unixSeconds(r.Message.SentAt)
		h.messages = append(h.messages, ChatMessage{Role: "user", Content: messageText(r.Message), Timestamp: stamp})
		if silentTurn(r) {
			continue
		}
		reply, err := replyText(r.Replies)
		if err != nil {
			return h, err
		}
		h.messages = append(h.messages, ChatMessage{Role: "assistant", Content: reply, Timestamp: stamp})
	}
	var err error
	if h.lastResponse, err = lastReply(recent); err != nil {
		return h, err
	}
	if h.trace, err = e.rebuiltTrace(recent); err != nil {
		return h, err
	}
	h.messages = keepLast(h.messages, e.maxMessages)
	return h, nil
}

// lastReply is last_response: the reply of the newest turn that had one.
func lastReply(recent []parley.TurnRecord) (string, error) {
	for i := len(recent) - 1; i >= 0; i-- {
		if !silentTurn(&recent[i]) {
			return replyText(recent[i].Replies)
		}
	}
	return "", nil
}

// rebuiltTrace is the trace: an event per transition of the newest turns, stamped
// with their messages' sent_at, the last maxTrace of them.
func (e *Engine) rebuiltTrace(recent []parley.TurnRecord) ([]TraceEvent, error) {
	var turns [][]parley.Transition
	for i, count := len(recent)-1, 0; i >= 0 && count < e.maxTrace; i-- {
		var ts []parley.Transition
		if !emptyArray(recent[i].Transitions) {
			var err error
			if ts, err = transitionsOf(recent[i].Transitions); err != nil {
				return nil, err
			}
		}
		turns = append(turns, ts)
		count += len(ts)
	}
	trace := make([]TraceEvent, 0, e.maxTrace+8)
	for j := len(turns) - 1; j >= 0; j-- {
		stamp := unixSeconds(recent[len(recent)-1-j].Message.SentAt)
		for _, t := range turns[j] {
			trace = append(trace, TraceEvent{Event: t.Trigger, Timestamp: stamp, Data: TraceData{From: t.From, To: t.To}})
		}
	}
	return keepLast(trace, e.maxTrace), nil
}

// messageText is the text a turn records as the user's message: the trimmed text,
// else the meaning (a button), as newTurn reads it.
func messageText(m parley.Message) string {
	if text := strings.TrimSpace(m.Text); text != "" {
		return text
	}
	return m.Meaning
}

// silentTurn reports whether the turn was one a human agent had: the user's message
// is recorded, nothing else (no reply, no transition).
func silentTurn(r *parley.TurnRecord) bool {
	return emptyArray(r.Replies) && emptyArray(r.Transitions)
}

// replyText is the text of the turn's reply ("" when it had none): Decide joins
// what the turn says into one reply. The replies are json.Marshal's: the first
// "text" member is the first reply's (a quote inside a string is escaped, and cards
// and options have no such member).
func replyText(replies json.RawMessage) (string, error) {
	i := bytes.Index(replies, []byte(`"text":`))
	if i < 0 {
		return "", nil
	}
	text, _, ok := jsonString(replies, i+len(`"text":`))
	if !ok {
		return "", parley.Errorf(parley.EINVALIDSTATE, "flows: turn record replies: a text that is not a string")
	}
	return text, nil
}

// transitionsOf decodes a turn record's transitions: json.Marshal's form read
// directly, anything else through encoding/json.
func transitionsOf(raw json.RawMessage) ([]parley.Transition, error) {
	if ts, ok := scanTransitions(raw); ok {
		return ts, nil
	}
	var ts []parley.Transition
	if err := json.Unmarshal(raw, &ts); err != nil {
		return nil, parley.WrapError(parley.EINVALIDSTATE, err, "flows: turn record transitions")
	}
	return ts, nil
}

// scanTransitions reads [{"from":..,"to":..,"trigger":..},...] as json.Marshal
// writes []parley.Transition; ok is false for any other form.
func scanTransitions(b []byte) ([]parley.Transition, bool) {
	if len(b) < 2 || b[0] != '[' {
		return nil, false
	}
	ts := make([]parley.Transition, 0, 4)
	i := 1
	for i < len(b) && b[i] != ']' {
		if len(ts) > 0 {
			if b[i] != ',' {
				return nil, false
			}
			i++
		}
		var t parley.Transition
		var ok bool
		for _, f := range [...]struct {
			prefix string
			dst    *string
		}{{`{"from":`, &t.From}, {`,"to":`, &t.To}, {`,"trigger":`, &t.Trigger}} {
			if !bytes.HasPrefix(b[i:], []byte(f.prefix)) {
				return nil, false
			}
			if *f.dst, i, ok = jsonString(b, i+len(f.prefix)); !ok {
				return nil, false
			}
		}
		if i >= len(b) || b[i] != '}' {
			return nil, false
		}
		i++
		ts = append(ts, t)
	}
	return ts, i == len(b)-1
}

// jsonString decodes the JSON string at b[i] and returns the index after it.
func jsonString(b []byte, i int) (string, int, bool) {
	if i >= len(b) || b[i] != '"' {
		return "", i, false
	}
	end, ok := skipString(b, i)
	if !ok {
		return "", end, false
	}
	lit := b[i:end]
	if bytes.IndexByte(lit, '\\') < 0 {
		return string(lit[1 : len(lit)-1]), end, true
	}
	var s string
	if json.Unmarshal(lit, &s) != nil {
		return "", end, false
	}
	return s, end, true
}

func emptyArray(raw json.RawMessage) bool {
	s := string(bytes.TrimSpace(raw))
	return s == "" || s == "[]" || s == "null"
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// member is one member of a JSON object: its key and where it lies in the document
// (start at the key's quote, value at the value's first byte, end after the value).
type member struct {
	key               string
	start, value, end int
}

// topMembers lists the members of the JSON object b; ok is false when b is not one
// object (an escaped key is reported raw: the state's keys have no escapes).
func topMembers(b []byte) (ms []member, ok bool) {
	i := skipSpace(b, 0)
	if i >= len(b) || b[i] != '{' {
		return nil, false
	}
	ms = make([]member, 0, 12)
	i = skipSpace(b, i+1)
	if i < len(b) && b[i] == '}' {
		return ms, skipSpace(b, i+1) == len(b)
	}
	for i < len(b) {
		if b[i] != '"' {
			return nil, false
		}
		start := i
		keyEnd, ok := skipJSONValue(b, i)
		if !ok {
			return nil, false
		}
		i = skipSpace(b, keyEnd)
		if i >= len(b) || b[i] != ':' {
			return nil, false
		}
		value := skipSpace(b, i+1)
		end, ok := skipJSONValue(b, value)
		if !ok {
			return nil, false
		}
		ms = append(ms, member{key: string(b[start+1 : keyEnd-1]), start: start, value: value, end: end})
		i = skipSpace(b, end)
		if i >= len(b) {
			return nil, false
		}
		switch b[i] {
		case ',':
			i = skipSpace(b, i+1)
		case '}':
			return ms, skipSpace(b, i+1) == len(b)
		default:
			return nil, false
		}
	}
	return nil, false
}

func skipSpace(b []byte, i int) int {
	for i < len(b) && (b[i] == ' ' || b[i] == '\t' || b[i] == '\n' || b[i] == '\r') {
		i++
	}
	return i
}

// skipJSONValue returns the index after the JSON value at b[i] (strings, objects and
// arrays matched structurally, scalars up to the next delimiter); ok is false when
// b ends first.
func skipJSONValue(b []byte, i int) (int, bool) {
	if i >= len(b) {
		return i, false
	}
	if c := b[i]; c != '"' && c != '{' && c != '[' {
		return skipScalar(b, i)
	}
	depth := 0
	for ; i < len(b); i++ {
		switch b[i] {
		case '"':
			end, ok := skipString(b, i)
			if !ok {
				return end, false
			}
			if depth == 0 {
				return end, true
			}
			i = end - 1
		case '{', '[':
			depth++
		case '}', ']':
			if depth--; depth == 0 {
				return i + 1, true
			}
		}
	}
	return i, false
}

// skipString returns the index after the string that starts at b[i].
func skipString(b []byte, i int) (int, bool) {
	for i++; i < len(b); i++ {
		switch b[i] {
		case '\\':
			i++
		case '"':
			return i + 1, true
		}
	}
	return i, false
}

// skipScalar returns the index after the number, literal or stray bytes at b[i]: up
// to the next delimiter.
func skipScalar(b []byte, i int) (int, bool) {
	j := i
	for j < len(b) && !strings.ContainsRune(",}] \t\n\r:", rune(b[j])) {
		j++
	}
	return j, j > i
}
