package flows

import (
	"encoding/json"
	"slices"
	"strconv"

	"github.com/parleyhq/parley/internal/jsonenc"
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
	b = jsonenc.String(b, s.CurrentFlow)
	b = append(b, `,"conversation_state":`...)
	b = jsonenc.String(b, string(s.ConversationState))
	b = append(b, `,"current_step":`...)
	b = appendOptional(b, s.CurrentStep)
	b = append(b, `,"waiting_for_slot":`...)
	b = appendOptional(b, s.WaitingForSlot)
	b = append(b, `,"turn_count":`...)
	b = strconv.AppendInt(b, int64(s.TurnCount), 10)
	b = append(b, `,"last_response":`...)
	b = jsonenc.String(b, s.LastResponse)
	b = append(b, `,"last_nlu_call":`...)
	if s.LastNLUCall == nil {
		b = append(b, "null"...)
	} else {
		b = jsonenc.Float(b, *s.LastNLUCall)
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
	return jsonenc.Array(b, items, appendItem)
}

func appendChatMessage(b []byte, m *ChatMessage) []byte {
	b = append(b, `{"role":`...)
	b = jsonenc.String(b, m.Role)
	b = append(b, `,"content":`...)
	b = jsonenc.String(b, m.Content)
	b = append(b, `,"timestamp":`...)
	b = jsonenc.Float(b, m.Timestamp)
	return append(b, '}')
}

func appendTraceEvent(b []byte, ev *TraceEvent) []byte {
	b = append(b, `{"event":`...)
	b = jsonenc.String(b, ev.Event)
	b = append(b, `,"timestamp":`...)
	b = jsonenc.Float(b, ev.Timestamp)
	b = append(b, `,"data":{`...)
	sep := false
	if ev.Data.From != "" {
		b = append(b, `"from":`...)
		b = jsonenc.String(b, ev.Data.From)
		sep = true
	}
	if ev.Data.To != "" {
		if sep {
			b = append(b, ',')
		}
		b = append(b, `"to":`...)
		b = jsonenc.String(b, ev.Data.To)
	}
	return append(b, "}}"...)
}

func appendFrame(b []byte, fr *Frame) []byte {
	b = append(b, `{"flow":`...)
	b = jsonenc.String(b, fr.Flow)
	b = append(b, `,"step":`...)
	b = jsonenc.String(b, fr.Step)
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
		b = jsonenc.String(b, m.LastFlow)
	}
	if m.LastOutcome != "" {
		field("last_outcome")
		b = jsonenc.String(b, m.LastOutcome)
	}
	if m.Withdrawn {
		field("withdrawn")
		b = append(b, "true"...)
	}
	if o := m.Offer; o != nil {
		// Rare and small: encoding/json writes it as it decodes it.
		field("offer")
		b = appendValue(b, o)
	}
	if m.Handoff != "" {
		field("handoff")
		b = jsonenc.String(b, m.Handoff)
	}
	if m.Calls != 0 {
		field("calls")
		b = strconv.AppendInt(b, int64(m.Calls), 10)
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
	b = jsonenc.String(b, e.Type)
	b = append(b, `,"message":`...)
	b = jsonenc.String(b, e.Message)
	b = append(b, `,"timestamp":`...)
	b = jsonenc.Float(b, e.Timestamp)
	b = append(b, `,"recovery_state":`...)
	b = jsonenc.String(b, e.RecoveryState)
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
		b = jsonenc.String(b, k)
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
	return jsonenc.String(b, *s)
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
		b = jsonenc.String(b, k)
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
		return jsonenc.String(b, x)
	case float64:
		return jsonenc.Float(b, x)
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
