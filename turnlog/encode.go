package turnlog

import (
	"bytes"
	"encoding/json"
	"unsafe"

	"github.com/parleyhq/parley"
)

// A parley.TurnRecord is stored as JSON (a store's turns.turn): the message, the replies
// and the transitions as given, except that transitions that form a chain (each one
// leaving the state the one before it entered, as every engine's turn does) are
// stored as their path, "path": [from, trigger, to, trigger, to, ...], which holds
// each state once and no field names: a third of a booking turn's record. Reading
// gives back the transitions' bytes as the runtime built them (json.Marshal of
// []parley.Transition); transitions in any other form, or that do not come back byte for
// byte, are stored as they are.
type turnRecordJSON struct {
	Message     parley.Message  `json:"message"`
	Replies     json.RawMessage `json:"replies"`
	Transitions json.RawMessage `json:"transitions,omitempty"`
	Path        []string        `json:"path,omitempty"`
	Before      int             `json:"before,omitempty"`
	Error       string          `json:"error,omitempty"`
}

// Encode encodes the record as a store keeps it: json.Marshal of its
// turnRecordJSON form (recordJSON), written field by field (appendRecord) because a
// store encodes one per turn, and by reflection that was 3.7% of a sequential
// SQLite turn's CPU.
func Encode(r *parley.TurnRecord) ([]byte, error) {
	return appendRecord(make([]byte, 0, 192+len(r.Message.Text)+len(r.Replies)+len(r.Transitions)), r)
}

// recordJSON is the record's stored form, which Encode writes.
func recordJSON(r *parley.TurnRecord) turnRecordJSON {
	return storedForm(r, nil, false)
}

// storedForm is recordJSON, its path appended to names, the path's names views of
// the transitions' bytes when view is set (appendRecord writes them at once).
func storedForm(r *parley.TurnRecord, names []string, view bool) turnRecordJSON {
	out := turnRecordJSON{Message: r.Message, Replies: r.Replies, Transitions: r.Transitions, Before: r.Before, Error: r.Error}
	if out.Transitions == nil {
		out.Transitions = json.RawMessage("null")
	}
	if path := appendTransitionPath(names, r.Transitions, view); path != nil {
		out.Transitions, out.Path = nil, path
	}
	return out
}

// Decode decodes a stored record (Encode's), its transitions rebuilt from a path.
func Decode(data []byte) (parley.TurnRecord, error) {
	var in turnRecordJSON
	if err := json.Unmarshal(data, &in); err != nil {
		return parley.TurnRecord{}, err
	}
	r := parley.TurnRecord{Message: in.Message, Replies: in.Replies, Transitions: in.Transitions, Before: in.Before, Error: in.Error}
	if in.Path != nil {
		ts, ok := pathTransitions(in.Path)
		if !ok {
			return parley.TurnRecord{}, parley.Errorf(parley.EINVALID, "turn record: a transition path of %d names", len(in.Path))
		}
		b, err := json.Marshal(ts)
		if err != nil {
			return parley.TurnRecord{}, err
		}
		r.Transitions = b
	}
	return r, nil
}

// appendTransitionPath appends to dst the path of raw's transitions, or returns nil
// when they are not a chain of at least one transition that json.Marshal writes as
// raw; the names of a plain path are views of raw's bytes when view is set (for
// Encode, which writes them at once).
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
// []parley.Transition whose strings it writes as they are (safeBytes), the chain's path
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
func (r *plainReader) transition(sep string) (t parley.Transition, ok bool) {
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
	var ts []parley.Transition
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
func pathTransitions(path []string) ([]parley.Transition, bool) {
	if len(path) < 3 || len(path)%2 == 0 {
		return nil, false
	}
	ts := make([]parley.Transition, 0, len(path)/2)
	for i := 1; i < len(path); i += 2 {
		ts = append(ts, parley.Transition{From: path[i-1], Trigger: path[i], To: path[i+1]})
	}
	return ts, true
}
