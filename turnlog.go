package parley

import (
	"bytes"
	"encoding/json"
	"strconv"
	"time"
	"unsafe"

	"github.com/parleyhq/parley/internal/jsonenc"
)

// TurnRecord is a user turn a committed version processed, in the parts a store keeps:
// the message and the engine's answer. What the log can derive from them it does not
// store; every store rebuilds it on read with the functions below, byte for byte as
// the runtime first built it with the same functions:
//
//   - the turn's two lifecycle steps, idle -> running before it and running -> idle
//     after it (seed 004's ProcessInteraction and InteractionComplete (success));
//   - the turn event, whose data is the message id and content and the transitions;
//   - the response (contracts section 2), from the replies, the transitions, the
//     state of the version and the engine's event types.
//
// A version's log is then, in order: Commit.Events[:Before] (the lifecycle steps that
// started the turn: an inactivity completion, the spawn), idle -> running, the turn
// event, Commit.Events[Before:] (the engine's own events), running -> idle.
type TurnRecord struct {
	Message Message `json:"message"`
	// Replies and Transitions are the engine's answer as the response encodes them:
	// compact JSON arrays (json.Marshal's output).
	Replies     json.RawMessage `json:"replies"`
	Transitions json.RawMessage `json:"transitions"`
	// Before is how many of the commit's events precede the turn.
	Before int `json:"before,omitempty"`
	// Error is set when the turn completed with an error (Decision.Failed): the log
	// rebuilds running -> error and a stopped event after it instead of
	// running -> idle, and the response's lifecycle is error.
	Error string `json:"error,omitempty"`
}

// Reasons of a turn's two lifecycle steps, which the log rebuilds.
const (
	ReasonTurnStarts = "processing user interaction"
	ReasonTurnEnds   = "interaction complete"
	// ReasonTurnFailed starts the reason of running -> error after a turn that
	// completed with an error; ": " and TurnRecord.Error follow.
	ReasonTurnFailed = "interaction failed"
)

// EventCount is how many events c appends to the log: its Events and, for a turn, the
// three the log rebuilds.
func (c *Commit) EventCount() int {
	if c.Turn != nil {
		return len(c.Events) + c.Turn.rebuilt()
	}
	return len(c.Events)
}

// LogEvents returns the events c appended, as the log holds them once committed:
// numbered up to Conversation.LastSeq (which the store sets), the ones the log
// rebuilds included (ExpandTurn).
func (c *Commit) LogEvents() []Event {
	first := c.Conversation.LastSeq - int64(c.EventCount()) + 1
	if c.Turn == nil {
		out := make([]Event, len(c.Events))
		for i, e := range c.Events {
			e.Key, e.Seq = c.Conversation.Key, first+int64(i)
			out[i] = e
		}
		return out
	}
	return c.Turn.Expand(c.Conversation.Key, c.Events, first, c.Conversation.UpdatedAt)
}

// Expand returns the events of a turn's version: stored, the events the store kept
// (the first r.Before before the turn, the engine's after it), with the turn's
// lifecycle steps and its turn event rebuilt, numbered from first and the rebuilt
// ones stamped at.
func (r *TurnRecord) Expand(key ConversationKey, stored []Event, first int64, at time.Time) []Event {
	before := min(r.Before, len(stored))
	out := make([]Event, 0, len(stored)+r.rebuilt())
	out = append(out, stored[:before]...)
	out = append(out,
		Event{Type: EventStateChanged, Data: stateChangedData(LifecycleIdle, LifecycleRunning, ReasonTurnStarts), At: at},
		Event{Type: EventTurn, Data: r.TurnEventData(), At: at})
	out = append(out, stored[before:]...)
	if r.Error != "" {
		out = append(out,
			Event{Type: EventStateChanged, Data: stateChangedData(LifecycleRunning, LifecycleError, ReasonTurnFailed+": "+r.Error), At: at},
			Event{Type: EventStopped, Data: stoppedData("error: " + r.Error), At: at})
	} else {
		out = append(out, Event{Type: EventStateChanged, Data: stateChangedData(LifecycleRunning, LifecycleIdle, ReasonTurnEnds), At: at})
	}
	for i := range out {
		out[i].Key, out[i].Seq = key, first+int64(i)
	}
	return out
}

// TurnEventData is the data of the turn event (TurnEvent) of the turn.
func (r *TurnRecord) TurnEventData() json.RawMessage {
	b := make([]byte, 0, 64+len(r.Message.Text)+len(r.Transitions))
	b = append(b, `{"message_id":`...)
	b = jsonenc.String(b, r.Message.ID)
	if r.Message.Text != "" {
		b = append(b, `,"text":`...)
		b = jsonenc.String(b, r.Message.Text)
	}
	if r.Message.Meaning != "" {
		b = append(b, `,"meaning":`...)
		b = jsonenc.String(b, r.Message.Meaning)
	}
	b = append(b, `,"transitions":`...)
	b = append(b, orEmptyArray(r.Transitions)...)
	return append(b, '}')
}

// Response returns the turn's response (TurnResponse) at version, whose state is
// state and whose engine events are engineEvents (the commit's events after Before):
// the body the turn answered, byte for byte.
func (r *TurnRecord) Response(key ConversationKey, version int64, state json.RawMessage, engineEvents []Event) []byte {
	b := make([]byte, 0, 160+len(r.Replies)+len(state)+len(r.Transitions))
	b = append(b, `{"conversation_id":`...)
	b = jsonenc.String(b, key.ID)
	b = append(b, `,"message_id":`...)
	b = jsonenc.String(b, r.Message.ID)
	b = append(b, `,"replies":`...)
	b = append(b, orEmptyArray(r.Replies)...)
	b = append(b, `,"state":`...)
	if len(state) == 0 {
		state = json.RawMessage("null")
	}
	b = append(b, state...)
	if r.Error != "" {
		b = append(b, `,"lifecycle":"error","version":`...)
	} else {
		b = append(b, `,"lifecycle":"idle","version":`...)
	}
	b = strconv.AppendInt(b, version, 10)
	b = append(b, `,"transitions":`...)
	b = append(b, orEmptyArray(r.Transitions)...)
	if len(engineEvents) > 0 {
		b = append(b, `,"events":[`...)
		for i, e := range engineEvents {
			if i > 0 {
				b = append(b, ',')
			}
			b = jsonenc.String(b, string(e.Type))
		}
		b = append(b, ']')
	}
	return append(b, '}')
}

// EngineEvents returns the engine's events of a turn's stored events (those after
// Before).
func (r *TurnRecord) EngineEvents(stored []Event) []Event {
	return stored[min(r.Before, len(stored)):]
}

// rebuilt is how many events the log rebuilds for the turn: idle -> running, the
// turn event and running -> idle, or running -> error and stopped.
func (r *TurnRecord) rebuilt() int {
	if r.Error != "" {
		return 4
	}
	return 3
}

// stoppedData is a stopped event's data (StoppedEvent) with no partial response.
func stoppedData(reason string) json.RawMessage {
	b := make([]byte, 0, 48+len(reason))
	b = append(b, `{"reason":`...)
	b = jsonenc.String(b, reason)
	return append(b, `,"partial_response":""}`...)
}

func stateChangedData(from, to Lifecycle, reason string) json.RawMessage {
	b := make([]byte, 0, 96)
	b = append(b, `{"from_state":`...)
	b = jsonenc.String(b, string(from))
	b = append(b, `,"to_state":`...)
	b = jsonenc.String(b, string(to))
	b = append(b, `,"reason":`...)
	b = jsonenc.String(b, reason)
	return append(b, '}')
}

func orEmptyArray(raw json.RawMessage) json.RawMessage {
	if len(raw) == 0 {
		return json.RawMessage("[]")
	}
	return raw
}

// A TurnRecord is stored as JSON (a store's turns.turn): the message, the replies
// and the transitions as given, except that transitions that form a chain (each one
// leaving the state the one before it entered, as every engine's turn does) are
// stored as their path, "path": [from, trigger, to, trigger, to, ...], which holds
// each state once and no field names: a third of a booking turn's record. Reading
// gives back the transitions' bytes as the runtime built them (json.Marshal of
// []Transition); transitions in any other form, or that do not come back byte for
// byte, are stored as they are.
type turnRecordJSON struct {
	Message     Message         `json:"message"`
	Replies     json.RawMessage `json:"replies"`
	Transitions json.RawMessage `json:"transitions,omitempty"`
	Path        []string        `json:"path,omitempty"`
	Before      int             `json:"before,omitempty"`
	Error       string          `json:"error,omitempty"`
}

// MarshalJSON encodes the record as a store keeps it: json.Marshal of its
// turnRecordJSON form (recordJSON), written field by field (appendRecord) because a
// store encodes one per turn, and by reflection that was 3.7% of a sequential
// SQLite turn's CPU.
func (r TurnRecord) MarshalJSON() ([]byte, error) {
	return r.appendRecord(make([]byte, 0, 192+len(r.Message.Text)+len(r.Replies)+len(r.Transitions)))
}

// recordJSON is the record's stored form, which MarshalJSON writes.
func (r TurnRecord) recordJSON() turnRecordJSON {
	return r.storedForm(nil, false)
}

// storedForm is recordJSON, its path appended to names, the path's names views of
// the transitions' bytes when view is set (appendRecord writes them at once).
func (r TurnRecord) storedForm(names []string, view bool) turnRecordJSON {
	out := turnRecordJSON{Message: r.Message, Replies: r.Replies, Transitions: r.Transitions, Before: r.Before, Error: r.Error}
	if out.Transitions == nil {
		out.Transitions = json.RawMessage("null")
	}
	if path := appendTransitionPath(names, r.Transitions, view); path != nil {
		out.Transitions, out.Path = nil, path
	}
	return out
}

// UnmarshalJSON decodes a stored record, its transitions rebuilt from a path.
func (r *TurnRecord) UnmarshalJSON(data []byte) error {
	var in turnRecordJSON
	if err := json.Unmarshal(data, &in); err != nil {
		return err
	}
	*r = TurnRecord{Message: in.Message, Replies: in.Replies, Transitions: in.Transitions, Before: in.Before, Error: in.Error}
	if in.Path != nil {
		ts, ok := pathTransitions(in.Path)
		if !ok {
			return Errorf(EINVALID, "turn record: a transition path of %d names", len(in.Path))
		}
		b, err := json.Marshal(ts)
		if err != nil {
			return err
		}
		r.Transitions = b
	}
	return nil
}

// appendTransitionPath appends to dst the path of raw's transitions, or returns nil
// when they are not a chain of at least one transition that json.Marshal writes as
// raw; the names of a plain path are views of raw's bytes when view is set (for
// MarshalJSON, which writes them at once).
func appendTransitionPath(dst []string, raw json.RawMessage, view bool) []string {
	if len(raw) < 2 || raw[0] != '[' || raw[1] == ']' {
		return nil
	}
	if path, ok := plainPath(dst, raw, view); ok {
		return path
	}
	return decodedPath(raw)
}

// plainPath is appendTransitionPath without a decode: raw read as json.Marshal writes
// []Transition whose strings it writes as they are (safeBytes), the chain's path
// or nil when it is not a chain; ok is false for raw in any other form, which
// decodedPath decides.
func plainPath(dst []string, raw []byte, view bool) (path []string, ok bool) {
	r := plainReader{rest: raw, view: view}
	chain := true
	path = dst
	for sep := "[{\"from\":\""; ; sep = ",{\"from\":\"" {
		t, ok := r.transition(sep)
		if !ok {
			return nil, false
		}
		if len(path) == 0 {
			if path == nil {
				path = make([]string, 0, 7)
			}
			path = append(path, t.From)
		} else if t.From != path[len(path)-1] {
			chain = false
		}
		path = append(path, t.Trigger, t.To)
		if string(r.rest) == "]" {
			break
		}
	}
	if !chain {
		return nil, true
	}
	return path, true
}

// plainReader reads transitions as json.Marshal writes them with plain strings
// (plainPath); rest is what is left to read; view makes the strings it reads views
// of rest's bytes instead of copies.
type plainReader struct {
	rest []byte
	view bool
}

// transition reads sep and then the rest of one transition object.
func (r *plainReader) transition(sep string) (t Transition, ok bool) {
	if !r.lit(sep) {
		return t, false
	}
	if t.From, ok = r.str(); !ok || !r.lit(",\"to\":\"") {
		return t, false
	}
	if t.To, ok = r.str(); !ok || !r.lit(",\"trigger\":\"") {
		return t, false
	}
	if t.Trigger, ok = r.str(); !ok || !r.lit("}") {
		return t, false
	}
	return t, true
}

// lit reads s.
func (r *plainReader) lit(s string) bool {
	if len(r.rest) < len(s) || string(r.rest[:len(s)]) != s {
		return false
	}
	r.rest = r.rest[len(s):]
	return true
}

// str reads a string's content up to its closing quote, which it reads too; ok is
// false for a content encoding/json would escape.
func (r *plainReader) str() (string, bool) {
	i := bytes.IndexByte(r.rest, '"')
	if i < 0 || !safeBytes(r.rest[:i]) {
		return "", false
	}
	s := r.rest[:i]
	r.rest = r.rest[i+1:]
	if r.view {
		return unsafe.String(unsafe.SliceData(s), len(s)), true
	}
	return string(s), true
}

// safeBytes reports whether b encodes as itself between quotes: printable ASCII
// without the characters encoding/json escapes.
func safeBytes(b []byte) bool {
	for _, c := range b {
		switch {
		case c < 0x20 || c >= 0x7f, c == '"', c == '\\', c == '<', c == '>', c == '&':
			return false
		}
	}
	return true
}

// decodedPath is appendTransitionPath by decoding raw and encoding it again.
func decodedPath(raw json.RawMessage) []string {
	var ts []Transition
	if json.Unmarshal(raw, &ts) != nil || len(ts) == 0 {
		return nil
	}
	path := make([]string, 0, 1+2*len(ts))
	path = append(path, ts[0].From)
	for i, t := range ts {
		if i > 0 && t.From != ts[i-1].To {
			return nil
		}
		path = append(path, t.Trigger, t.To)
	}
	if b, err := json.Marshal(ts); err != nil || string(b) != string(raw) {
		return nil
	}
	return path
}

// pathTransitions is the chain of transitions a path names.
func pathTransitions(path []string) ([]Transition, bool) {
	if len(path) < 3 || len(path)%2 == 0 {
		return nil, false
	}
	ts := make([]Transition, 0, len(path)/2)
	for i := 1; i < len(path); i += 2 {
		ts = append(ts, Transition{From: path[i-1], Trigger: path[i], To: path[i+1]})
	}
	return ts, true
}
