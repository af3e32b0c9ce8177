package turnlog

import (
	"bytes"
	"encoding/json"
	"strconv"

	"github.com/parleyhq/parley"
	"github.com/parleyhq/parley/internal/jsonenc"
)

// appendRecord appends json.Marshal(recordJSON(r)) to b, byte for byte: the same
// fields in the same order, omitempty where the tags say, strings quoted with
// encoding/json's HTML escaping, raw JSON compacted and escaped as encoding/json
// does (strings by internal/jsonenc). What is rare goes through encoding/json itself
// (raw JSON that is not compact or holds an HTML character, an NLU):
// FuzzTurnRecordJSONIsMarshal holds the two equal.
func appendRecord(b []byte, r *parley.TurnRecord) ([]byte, error) {
	var names [15]string
	out := storedForm(r, names[:0], true)
	m := &r.Message // out.Message is the same; read from r, so that out stays on the stack
	b = append(b, `{"message":{"id":`...)
	b = jsonenc.String(b, m.ID)
	b = append(b, `,"text":`...)
	b = jsonenc.String(b, m.Text)
	if m.Meaning != "" {
		b = append(b, `,"meaning":`...)
		b = jsonenc.String(b, m.Meaning)
	}
	if m.NLU != nil {
		var err error
		b = append(b, `,"nlu":`...)
		if b, err = appendMarshal(b, m.NLU); err != nil {
			return nil, err
		}
	}
	b = append(b, `,"sent_at":`...)
	sent, err := m.SentAt.MarshalJSON() // what encoding/json calls, and its error
	if err != nil {
		return nil, err
	}
	b = append(b, sent...)
	b = append(b, `},"replies":`...)
	if b, err = appendRawJSON(b, out.Replies); err != nil {
		return nil, err
	}
	if len(out.Transitions) > 0 {
		b = append(b, `,"transitions":`...)
		if b, err = appendRawJSON(b, out.Transitions); err != nil {
			return nil, err
		}
	}
	if len(out.Path) > 0 {
		b = append(b, `,"path":[`...)
		for i, p := range out.Path {
			if i > 0 {
				b = append(b, ',')
			}
			b = jsonenc.String(b, p)
		}
		b = append(b, ']')
	}
	if out.Before != 0 {
		b = strconv.AppendInt(append(b, `,"before":`...), int64(out.Before), 10)
	}
	if out.Error != "" {
		b = jsonenc.String(append(b, `,"error":`...), out.Error)
	}
	return append(b, '}'), nil
}

// appendRawJSON appends raw as encoding/json writes a json.RawMessage (nil as null,
// compacted, HTML characters escaped, an error when it is not JSON): compacted by
// json.Compact when it holds no character to escape, through encoding/json
// otherwise and when it is not JSON (for encoding/json's error).
func appendRawJSON(b []byte, raw json.RawMessage) ([]byte, error) {
	if raw == nil {
		return append(b, "null"...), nil
	}
	if !bytes.ContainsAny(raw, "<>&\u2028\u2029") {
		buf := bytes.NewBuffer(b)
		if json.Compact(buf, raw) == nil {
			return buf.Bytes(), nil
		}
	}
	// A copy: raw itself handed to encoding/json would escape to the heap, and with
	// it the record appendRecord holds on its stack.
	return appendMarshal(b, json.RawMessage(bytes.Clone(raw)))
}

// appendMarshal appends json.Marshal(v).
func appendMarshal(b []byte, v any) ([]byte, error) {
	j, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	return append(b, j...), nil
}
