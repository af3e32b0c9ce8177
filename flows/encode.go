package flows

import (
	"encoding/json"
	"math"
	"slices"
	"strconv"
	"unicode/utf8"
)

// AppendJSON appends the state's JSON to b: exactly what json.Marshal writes
// (TestAppendJSONMatchesMarshal pins it), about three times faster and without
// allocating. State deliberately has no MarshalJSON method: encoding/json
// re-scans a marshaler's output, which costs more than the reflection it saves. A
// runtime that stores the state after every turn may call AppendJSON directly.
func (s *State) AppendJSON(b []byte) []byte {
	b = append(b, `{"messages":`...)
	b = appendList(b, s.Messages, appendChatMessage)
	b = append(b, `,"slots":`...)
	b = appendMap(b, s.Slots)
	b = append(b, `,"current_flow":`...)
	b = appendString(b, s.CurrentFlow)
	b = append(b, `,"conversation_state":`...)
	b = appendString(b, string(s.ConversationState))
	b = append(b, `,"current_step":`...)
	b = appendOptional(b, s.CurrentStep)
	b = append(b, `,"waiting_for_slot":`...)
	b = appendOptional(b, s.WaitingForSlot)
	b = append(b, `,"turn_count":`...)
	b = strconv.AppendInt(b, int64(s.TurnCount), 10)
	b = append(b, `,"last_response":`...)
	b = appendString(b, s.LastResponse)
	b = append(b, `,"last_nlu_call":`...)
	if s.LastNLUCall == nil {
		b = append(b, "null"...)
	} else {
		b = appendFloat(b, *s.LastNLUCall)
	}
	b = append(b, `,"trace":`...)
	b = appendList(b, s.Trace, appendTraceEvent)
	b = append(b, `,"metadata":`...)
	b = s.Metadata.appendJSON(b)
	b = append(b, `,"flow_stack":`...)
	b = appendList(b, s.FlowStack, appendFrame)
	return append(b, '}')
}

// appendList appends a JSON array of items, each written by appendItem; a nil
// slice is null, as encoding/json writes it.
func appendList[T any](b []byte, items []T, appendItem func([]byte, *T) []byte) []byte {
	if items == nil {
		return append(b, "null"...)
	}
	b = append(b, '[')
	for i := range items {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendItem(b, &items[i])
	}
	return append(b, ']')
}

func appendChatMessage(b []byte, m *ChatMessage) []byte {
	b = append(b, `{"role":`...)
	b = appendString(b, m.Role)
	b = append(b, `,"content":`...)
	b = appendString(b, m.Content)
	b = append(b, `,"timestamp":`...)
	b = appendFloat(b, m.Timestamp)
	return append(b, '}')
}

func appendTraceEvent(b []byte, ev *TraceEvent) []byte {
	b = append(b, `{"event":`...)
	b = appendString(b, ev.Event)
	b = append(b, `,"timestamp":`...)
	b = appendFloat(b, ev.Timestamp)
	b = append(b, `,"data":{`...)
	sep := false
	if ev.Data.From != "" {
		b = append(b, `"from":`...)
		b = appendString(b, ev.Data.From)
		sep = true
	}
	if ev.Data.To != "" {
		if sep {
			b = append(b, ',')
		}
		b = append(b, `"to":`...)
		b = appendString(b, ev.Data.To)
	}
	return append(b, "}}"...)
}

func appendFrame(b []byte, fr *Frame) []byte {
	b = append(b, `{"flow":`...)
	b = appendString(b, fr.Flow)
	b = append(b, `,"step":`...)
	b = appendString(b, fr.Step)
	b = append(b, `,"waiting_for_slot":`...)
	b = appendOptional(b, fr.WaitingForSlot)
	if fr.Call {
		b = append(b, `,"call":true`...)
	}
	if len(fr.Slots) > 0 {
		b = append(b, `,"slots":`...)
		b = appendMap(b, fr.Slots)
	}
	return append(b, '}')
}

func (m *Metadata) appendJSON(b []byte) []byte {
	b = append(b, '{')
	sep := false
	field := func(name string) {
		if sep {
			b = append(b, ',')
		}
		sep = true
		b = append(b, '"')
		b = append(b, name...)
		b = append(b, `":`...)
	}
	if e := m.Error; e != nil {
		field("error")
		b = e.appendJSON(b)
	}
	if len(m.Retries) > 0 {
		field("retries")
		b = appendRetries(b, m.Retries)
	}
	if m.LastFlow != "" {
		field("last_flow")
		b = appendString(b, m.LastFlow)
	}
	if m.LastOutcome != "" {
		field("last_outcome")
		b = appendString(b, m.LastOutcome)
	}
	if o := m.Offer; o != nil {
		// Rare and small: encoding/json writes it as it decodes it.
		field("offer")
		b = appendValue(b, o)
	}
	if m.Handoff != "" {
		field("handoff")
		b = appendString(b, m.Handoff)
	}
	if p := m.Pending; p != nil {
		// Rare and small: encoding/json writes it as it decodes it.
		field("pending_call")
		b = appendValue(b, p)
	}
	return append(b, '}')
}

// appendJSON writes the error as encoding/json writes its fields.
func (e *ErrorInfo) appendJSON(b []byte) []byte {
	b = append(b, `{"type":`...)
	b = appendString(b, e.Type)
	b = append(b, `,"message":`...)
	b = appendString(b, e.Message)
	b = append(b, `,"timestamp":`...)
	b = appendFloat(b, e.Timestamp)
	b = append(b, `,"recovery_state":`...)
	b = appendString(b, e.RecoveryState)
	return append(b, '}')
}

// appendRetries writes the retry counts by key, keys sorted.
func appendRetries(b []byte, retries map[string]int) []byte {
	b = append(b, '{')
	var buf [8]string
	for i, k := range sortedKeys(retries, buf[:]) {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendString(b, k)
		b = append(b, ':')
		b = strconv.AppendInt(b, int64(retries[k]), 10)
	}
	return append(b, '}')
}

// sortedKeys returns m's keys sorted into buf (a caller's stack array when m is
// small, so that encoding allocates nothing).
func sortedKeys[V any](m map[string]V, buf []string) []string {
	keys := buf[:0]
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

func appendOptional(b []byte, s *string) []byte {
	if s == nil {
		return append(b, "null"...)
	}
	return appendString(b, *s)
}

func appendMap(b []byte, m map[string]any) []byte {
	if m == nil {
		return append(b, "null"...)
	}
	b = append(b, '{')
	var buf [16]string
	for i, k := range sortedKeys(m, buf[:]) {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendString(b, k)
		b = append(b, ':')
		b = appendValue(b, m[k])
	}
	return append(b, '}')
}

// appendValue writes a slot value; the types slots hold are written directly,
// anything else a webhook returned goes through encoding/json.
func appendValue(b []byte, v any) []byte {
	switch x := v.(type) {
	case nil:
		return append(b, "null"...)
	case string:
		return appendString(b, x)
	case float64:
		return appendFloat(b, x)
	case int64:
		return strconv.AppendInt(b, x, 10)
	case int:
		return strconv.AppendInt(b, int64(x), 10)
	case bool:
		return strconv.AppendBool(b, x)
	}
	data, err := json.Marshal(v)
	if err != nil {
		return append(b, "null"...)
	}
	return append(b, data...)
}

// appendFloat formats like encoding/json; NaN and infinities, which JSON cannot
// hold, are written as null.
func appendFloat(b []byte, f float64) []byte {
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return append(b, "null"...)
	}
	if f == math.Trunc(f) && f != 0 && math.Abs(f) < 1e15 {
		// A whole number (a timestamp in seconds, a count): the shortest 'f'
		// form of an integer below 2^53 is its digits, which AppendInt writes
		// several times faster. Zero is left to AppendFloat for "-0".
		return strconv.AppendInt(b, int64(f), 10)
	}
	format := byte('f')
	if abs := math.Abs(f); abs != 0 && (abs < 1e-6 || abs >= 1e21) {
		format = 'e'
	}
	b = strconv.AppendFloat(b, f, format, -1, 64)
	if format == 'e' {
		// clean up e-09 to e-9, as encoding/json does
		n := len(b)
		if n >= 4 && b[n-4] == 'e' && b[n-3] == '-' && b[n-2] == '0' {
			b[n-2] = b[n-1]
			b = b[:n-1]
		}
	}
	return b
}

const hexDigits = "0123456789abcdef"

// appendString quotes s as encoding/json does with HTML escaping: <, > and &
// as \u003c, \u003e, \u0026, U+2028 and U+2029 escaped, invalid UTF-8 as
// \ufffd.
func appendString(b []byte, s string) []byte {
	b = append(b, '"')
	start := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if plainByte[c] {
				i++
				continue
			}
			b = appendEscapedByte(append(b, s[start:i]...), c)
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			b = append(b, s[start:i]...)
			b = append(b, `\ufffd`...)
			i += size
			start = i
			continue
		}
		if r == '\u2028' || r == '\u2029' {
			b = append(b, s[start:i]...)
			b = append(b, '\\', 'u', '2', '0', '2', hexDigits[r&0xF])
			i += size
			start = i
			continue
		}
		i += size
	}
	b = append(b, s[start:]...)
	return append(b, '"')
}

// plainByte marks the ASCII bytes appendString writes as themselves: not a
// control character, '"', '\\', '<', '>' nor '&'.
var plainByte = func() (t [utf8.RuneSelf]bool) {
	for c := byte(0x20); c < utf8.RuneSelf; c++ {
		t[c] = c != '"' && c != '\\' && c != '<' && c != '>' && c != '&'
	}
	return t
}()

// appendEscapedByte writes the escape of an ASCII byte that appendString does not
// write as itself.
func appendEscapedByte(b []byte, c byte) []byte {
	switch c {
	case '"', '\\':
		return append(b, '\\', c)
	case '\n':
		return append(b, '\\', 'n')
	case '\r':
		return append(b, '\\', 'r')
	case '\t':
		return append(b, '\\', 't')
	case '\b':
		return append(b, '\\', 'b')
	case '\f':
		return append(b, '\\', 'f')
	}
	return append(b, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xF])
}
