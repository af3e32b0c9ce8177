package flows

import (
	"bytes"
	"encoding/json"
	"strings"
	"unsafe"

	"github.com/parleyhq/parley"
	"github.com/parleyhq/parley/internal/jsonenc"
)

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
	var buf [stateMembers]member
	ms, ok := topMembers(buf[:0], state)
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
			if string(m.key) != fm.key {
				continue
			}
			placed := i == 0 && fm.before == "" || i > 0 && i+1 < len(ms) && string(ms[i+1].key) == fm.before
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
	var buf [stateMembers]member
	ms, ok := topMembers(buf[:0], state)
	return ok && folded(ms)
}

func folded(ms []member) bool {
	before := 0
	for _, m := range ms {
		for _, fm := range foldedMembers {
			switch string(m.key) {
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
	var buf [stateMembers]member
	ms, ok := topMembers(buf[:0], state)
	if !ok || !folded(ms) {
		return state, nil
	}
	h, err := e.history(recent)
	if err != nil {
		return nil, err
	}
	out := make([]byte, 0, len(state)+h.size())
	out = append(out, `{"messages":`...)
	out = appendList(out, h.messages, appendChatMessage)
	for _, m := range ms {
		switch string(m.key) {
		case "last_nlu_call":
			out = append(out, `,"last_response":`...)
			out = jsonenc.String(out, h.lastResponse)
		case "metadata":
			out = append(out, `,"trace":`...)
			out = appendList(out, h.trace, appendTraceEvent)
		}
		out = append(out, ',')
		out = append(out, state[m.start:m.end]...)
	}
	return append(out, '}'), nil
}

// history is what the turn records rebuild of a state. Its strings view the
// records' bytes (transitionViews): Unfold only writes them out, while the records
// are alive and unchanged, and a full fold check runs it once per new
// conversation, where copies were eight allocations.
type history struct {
	messages     []ChatMessage
	trace        []TraceEvent
	lastResponse string
}

// size is about how many bytes the history's members take in JSON, so that Unfold
// writes them into one buffer: each member's text and the room its keys and number
// take (a text with many escapes grows the buffer).
func (h *history) size() int {
	n := 64 + len(h.lastResponse)
	for i := range h.messages {
		n += 64 + len(h.messages[i].Role) + len(h.messages[i].Content)
	}
	for i := range h.trace {
		ev := &h.trace[i]
		n += 80 + len(ev.Event) + len(ev.Data.From) + len(ev.Data.To)
	}
	return n
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

// lastReply is last_response: the reply of the newest turn that had one, viewing
// its record's bytes (history).
func lastReply(recent []parley.TurnRecord) (string, error) {
	for i := len(recent) - 1; i >= 0; i-- {
		if !silentTurn(&recent[i]) {
			return replyText(recent[i].Replies)
		}
	}
	return "", nil
}

// rebuiltTrace is the trace: an event per transition of the newest turns, stamped
// with their messages' sent_at, the last maxTrace of them. It reads the window's
// records twice, newest first to find the oldest one the trace keeps, then in
// order into the trace, so that it makes the trace alone.
func (e *Engine) rebuiltTrace(recent []parley.TurnRecord) ([]TraceEvent, error) {
	var buf [8]parley.Transition
	first := len(recent)
	for count := 0; first > 0 && count < e.maxTrace; {
		first--
		ts, err := recordTransitions(buf[:0], &recent[first])
		if err != nil {
			return nil, err
		}
		count += len(ts)
	}
	trace := make([]TraceEvent, 0, e.maxTrace+8)
	for i := first; i < len(recent); i++ {
		ts, _ := recordTransitions(buf[:0], &recent[i]) // read above without an error
		stamp := unixSeconds(recent[i].Message.SentAt)
		for _, t := range ts {
			trace = append(trace, TraceEvent{Event: t.Trigger, Timestamp: stamp, Data: TraceData{From: t.From, To: t.To}})
		}
	}
	return keepLast(trace, e.maxTrace), nil
}

// recordTransitions appends the transitions of r to dst, viewing its bytes.
func recordTransitions(dst []parley.Transition, r *parley.TurnRecord) ([]parley.Transition, error) {
	if emptyArray(r.Transitions) {
		return dst, nil
	}
	return transitionViews(dst, r.Transitions)
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
// and options have no such member). The text views the record's bytes unless it has
// escapes (as transitionViews does): its callers (history, FoldsAfter) only write
// it out or compare it while the record is alive and unchanged.
func replyText(replies json.RawMessage) (string, error) {
	i := bytes.Index(replies, []byte(`"text":`))
	if i < 0 {
		return "", nil
	}
	text, _, ok := jsonText(replies, i+len(`"text":`), true)
	if !ok {
		return "", parley.Errorf(parley.EINVALIDSTATE, "flows: turn record replies: a text that is not a string")
	}
	return text, nil
}

// transitionViews decodes a turn record's transitions, appended to dst: json.Marshal's
// form read directly, its strings viewing raw's bytes instead of copies, anything
// else through encoding/json: for the fold checks that run on every
// commit (TurnMark, FoldsAfter), which only count and compare them while the record
// is alive and unchanged. Three copies per transition were 16 allocations per turn.
func transitionViews(dst []parley.Transition, raw json.RawMessage) ([]parley.Transition, error) {
	return appendTransitions(dst, raw, true)
}

func appendTransitions(dst []parley.Transition, raw json.RawMessage, view bool) ([]parley.Transition, error) {
	if ts, ok := scanTransitions(dst, raw, view); ok {
		return ts, nil
	}
	var ts []parley.Transition
	if err := json.Unmarshal(raw, &ts); err != nil {
		return nil, parley.WrapError(parley.EINVALIDSTATE, err, "flows: turn record transitions")
	}
	return append(dst, ts...), nil
}

// scanTransitions appends to ts [{"from":..,"to":..,"trigger":..},...] read as
// json.Marshal writes []parley.Transition, its strings views of b when view is set
// and they need no unescaping; ok is false for any other form.
func scanTransitions(ts []parley.Transition, b []byte, view bool) ([]parley.Transition, bool) {
	if len(b) < 2 || b[0] != '[' {
		return nil, false
	}
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
			if *f.dst, i, ok = jsonText(b, i+len(f.prefix), view); !ok {
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

// jsonText decodes the JSON string at b[i] and returns the index after it, viewing
// b's bytes instead of copying them when view is set and the string has no escapes
// (see transitionViews).
func jsonText(b []byte, i int, view bool) (string, int, bool) {
	if i >= len(b) || b[i] != '"' {
		return "", i, false
	}
	end, ok := skipString(b, i)
	if !ok {
		return "", end, false
	}
	lit := b[i:end]
	if bytes.IndexByte(lit, '\\') < 0 {
		if view {
			return unsafe.String(unsafe.SliceData(lit[1:]), len(lit)-2), end, true
		}
		return string(lit[1 : len(lit)-1]), end, true
	}
	var s string
	if json.Unmarshal(lit, &s) != nil {
		return "", end, false
	}
	return s, end, true
}

func emptyArray(raw json.RawMessage) bool {
	s := bytes.TrimSpace(raw)
	return len(s) == 0 || string(s) == "[]" || string(s) == "null"
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// member is one member of a JSON object: its key (in the document: a string key
// would cost an allocation per member on every commit) and where it lies (start at
// the key's quote, value at the value's first byte, end after the value).
type member struct {
	key               []byte
	start, value, end int
}

// stateMembers is how many members a State has: the callers of topMembers list
// them into an array of that size on their stack.
const stateMembers = 12

// topMembers appends the members of the JSON object b to ms; ok is false when b is not one
// object (an escaped key is reported raw: the state's keys have no escapes).
func topMembers(ms []member, b []byte) (_ []member, ok bool) {
	i := skipSpace(b, 0)
	if i >= len(b) || b[i] != '{' {
		return nil, false
	}
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
		ms = append(ms, member{key: b[start+1 : keyEnd-1], start: start, value: value, end: end})
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

// skipString returns the index after the string that starts at b[i]: the first quote
// after it that an even number of backslashes precede (bytes.IndexByte finds the
// quotes; the strings are most of a state's bytes).
func skipString(b []byte, i int) (int, bool) {
	for j := i + 1; j <= len(b); {
		k := bytes.IndexByte(b[j:], '"')
		if k < 0 {
			break
		}
		q := j + k
		escapes := 0
		for p := q - 1; p > i && b[p] == '\\'; p-- {
			escapes++
		}
		if escapes%2 == 0 {
			return q + 1, true
		}
		j = q + 1
	}
	return len(b), false
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

// A turn's mark (TurnMark): bit 0 is set when the turn replied (it was not silent:
// two messages, a last_response), the bits above count its transitions, up to
// markMaxTransitions; a turn with more is marked markUnknown and no state after it
// folds by FoldsAfter while it is in the window.
const (
	markReplied        = 1
	markMaxTransitions = 126
	markUnknown        = 0xff
)

// TurnMark is what FoldsAfter needs of a turn once the runtime no longer has its
// record: whether it replied and how many trace events it added.
func (e *Engine) TurnMark(rec *parley.TurnRecord) byte {
	if silentTurn(rec) {
		return 0
	}
	n := 0
	if !emptyArray(rec.Transitions) {
		var buf [8]parley.Transition
		ts, err := transitionViews(buf[:0], rec.Transitions)
		if err != nil || len(ts) > markMaxTransitions {
			return markUnknown
		}
		n = len(ts)
	}
	return byte(n<<1) | markReplied
}

// FoldsAfter is the fold check of a turn from the turn alone. By hypothesis prev's
// history is what the records before rec rebuild (history), the newest last; the
// records rec's version reads are those with rec, less the oldest when the window
// is full, and marks say what each of them adds. history keeps the last
// min(max, what the window adds) messages and trace events, so next unfolds exactly
// when its lists are that many of prev's followed by what rec adds, and its
// last_response is rec's reply, or prev's while a turn in the window replied.
func (e *Engine) FoldsAfter(prev, next any, rec *parley.TurnRecord, marks []byte) bool {
	p, ok := prev.(*State)
	if !ok {
		return false
	}
	n, ok := next.(*State)
	if !ok {
		return false
	}
	messages, events, replied, ok := windowCounts(marks)
	if !ok {
		return false
	}
	// What rec adds, as history rebuilds it (without its allocations: this runs on
	// every commit).
	stamp := unixSeconds(rec.Message.SentAt)
	added := [2]ChatMessage{{Role: "user", Content: messageText(rec.Message), Timestamp: stamp}}
	count, last := 1, ""
	if replied {
		last = p.LastResponse // the newest reply in the window, while rec is silent
	}
	if !silentTurn(rec) {
		reply, err := replyText(rec.Replies)
		if err != nil {
			return false
		}
		added[1] = ChatMessage{Role: "assistant", Content: reply, Timestamp: stamp}
		count, last = 2, reply
	}
	var tbuf [8]parley.Transition
	ts := tbuf[:0]
	if !emptyArray(rec.Transitions) {
		var err error
		if ts, err = transitionViews(ts, rec.Transitions); err != nil {
			return false
		}
	}
	var buf [8]TraceEvent
	trace := buf[:0]
	for _, t := range ts {
		trace = append(trace, TraceEvent{Event: t.Trigger, Timestamp: stamp, Data: TraceData{From: t.From, To: t.To}})
	}
	return n.LastResponse == last &&
		appended(n.Messages, p.Messages, keepLast(added[:count], e.maxMessages), min(e.maxMessages, messages)) &&
		appended(n.Trace, p.Trace, keepLast(trace, e.maxTrace), min(e.maxTrace, events))
}

// windowCounts sums the marks of a window: the messages and trace events its turns
// add and whether one of them replied; ok is false when a mark is unknown.
func windowCounts(marks []byte) (messages, events int, replied, ok bool) {
	for _, m := range marks {
		if m == markUnknown {
			return 0, 0, false, false
		}
		messages += 1 + int(m&markReplied)
		events += int(m >> 1)
		replied = replied || m&markReplied != 0
	}
	return messages, events, replied, true
}

// appended reports whether got is the last want elements of prev followed by added.
// Equal elements encode alike: the timestamps are unixSeconds of a sent_at on both
// sides (never a negative zero, which compares equal to zero and encodes apart).
func appended[T comparable](got, prev, added []T, want int) bool {
	if len(got) != want || want < len(added) || want-len(added) > len(prev) {
		return false
	}
	kept := want - len(added)
	for i, v := range prev[len(prev)-kept:] {
		if got[i] != v {
			return false
		}
	}
	for i, v := range added {
		if got[kept+i] != v {
			return false
		}
	}
	return true
}
