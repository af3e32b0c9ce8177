package sqlite

import (
	"bytes"
	"encoding/binary"

	"github.com/parleyhq/parley"
)

// A log record is the body of one conversation_log row: what one Commit wrote,
// encoded so that the state is stored once even though the response embeds it.
//
//	format   byte     recordPlain
//	state    uvarint length, bytes
//	response byte     responseNone | responseWhole | responseSpliced
//	         whole:   uvarint length, bytes
//	         spliced: uvarint cut, uvarint length, bytes (the response without the
//	                  state's bytes, which go back in at cut)
//	events   uvarint count, then per event: uvarint length, type; uvarint length,
//	         data; varint at (unix µs)
//
// The events' seqs are the row's first_seq onwards.
const recordPlain = 0

// How a record holds its response.
const (
	responseNone    = 0 // the commit processed no message
	responseWhole   = 1 // the response as given
	responseSpliced = 2 // the response with the state cut out at a recorded offset
)

// stateKey is how the actor's response introduces the state it embeds.
var stateKey = []byte(`"state":`)

// stateSpan returns where state occurs in response right after a "state": key, or
// ok false when it does not. Any occurrence will do: splicing the state back at the
// same offset rebuilds the response byte for byte.
func stateSpan(response, state []byte) (at int, ok bool) {
	if len(state) == 0 {
		return 0, false
	}
	for from := 0; ; {
		i := bytes.Index(response[from:], stateKey)
		if i < 0 {
			return 0, false
		}
		at = from + i + len(stateKey)
		if bytes.HasPrefix(response[at:], state) {
			return at, true
		}
		from = at
	}
}

// appendRecord appends to dst the record of one commit: its state, its response
// (when hasResponse) and its events, each stamped with its At or else now (unix µs).
func appendRecord(dst []byte, state []byte, hasResponse bool, response []byte, events []parley.Event, now int64) []byte {
	dst = append(dst, recordPlain)
	dst = binary.AppendUvarint(dst, uint64(len(state)))
	dst = append(dst, state...)
	cut, spliced := stateSpan(response, state)
	switch {
	case !hasResponse:
		dst = append(dst, responseNone)
	case spliced:
		dst = append(dst, responseSpliced)
		dst = binary.AppendUvarint(dst, uint64(cut))
		dst = binary.AppendUvarint(dst, uint64(len(response)-len(state)))
		dst = append(dst, response[:cut]...)
		dst = append(dst, response[cut+len(state):]...)
	default:
		dst = append(dst, responseWhole)
		dst = binary.AppendUvarint(dst, uint64(len(response)))
		dst = append(dst, response...)
	}
	dst = binary.AppendUvarint(dst, uint64(len(events)))
	for i := range events {
		e := &events[i]
		dst = binary.AppendUvarint(dst, uint64(len(e.Type)))
		dst = append(dst, e.Type...)
		data := e.Data
		if len(data) == 0 {
			data = nullJSON
		}
		dst = binary.AppendUvarint(dst, uint64(len(data)))
		dst = append(dst, data...)
		at := now
		if !e.At.IsZero() {
			at = micros(e.At)
		}
		dst = binary.AppendVarint(dst, at)
	}
	return dst
}

// nullJSON is what an empty JSON document is stored as.
var nullJSON = []byte("null")

// record is a decoded log record. Its slices alias the decoded body.
type record struct {
	state []byte
	// responseKind is one of responseNone, responseWhole, responseSpliced; response
	// is the stored bytes and cut where the state goes back in.
	responseKind byte
	response     []byte
	cut          int
	// events is the encoded event list, decoded on demand by nextEvent.
	events     []byte
	eventCount uint64
}

func errCorrupt(what string) error {
	return parley.Errorf(parley.EINTERNAL, "sqlite: corrupt log record: %s", what)
}

// decodeRecord parses body. It never panics: a damaged body is EINTERNAL.
func decodeRecord(body []byte) (record, error) {
	var r record
	d := decoder{b: body}
	if format := d.byte(); d.err == nil && format != recordPlain {
		return r, errCorrupt("unknown format")
	}
	r.state = d.bytes()
	r.responseKind = d.byte()
	switch r.responseKind {
	case responseNone:
	case responseWhole:
		r.response = d.bytes()
	case responseSpliced:
		cut := d.uvarint()
		r.response = d.bytes()
		if d.err == nil && cut > uint64(len(r.response)) {
			return r, errCorrupt("splice offset out of range")
		}
		r.cut = int(cut)
	default:
		if d.err == nil {
			return r, errCorrupt("unknown response kind")
		}
	}
	r.eventCount = d.uvarint()
	r.events = d.b
	if d.err != nil {
		return r, d.err
	}
	return r, nil
}

// fullResponse returns the response as it was given to Commit, in a new slice.
func (r *record) fullResponse() []byte {
	switch r.responseKind {
	case responseSpliced:
		out := make([]byte, 0, len(r.response)+len(r.state))
		out = append(out, r.response[:r.cut]...)
		out = append(out, r.state...)
		return append(out, r.response[r.cut:]...)
	default:
		return bytes.Clone(r.response)
	}
}

// eachEvent calls fn with every event of the record in order; type and data alias
// the body. It stops at the first error fn returns.
func (r *record) eachEvent(fn func(i int, typ, data []byte, at int64) error) error {
	d := decoder{b: r.events}
	for i := uint64(0); i < r.eventCount; i++ {
		typ, data, at := d.bytes(), d.bytes(), d.varint()
		if d.err != nil {
			return d.err
		}
		if err := fn(int(i), typ, data, at); err != nil {
			return err
		}
	}
	return nil
}

// decoder reads a record; its first error sticks and every later read returns zero.
type decoder struct {
	b   []byte
	err error
}

func (d *decoder) fail(what string) {
	if d.err == nil {
		d.err = errCorrupt(what)
	}
	d.b = nil
}

func (d *decoder) byte() byte {
	if len(d.b) == 0 {
		d.fail("truncated")
		return 0
	}
	c := d.b[0]
	d.b = d.b[1:]
	return c
}

func (d *decoder) uvarint() uint64 {
	v, n := binary.Uvarint(d.b)
	if n <= 0 {
		d.fail("bad length")
		return 0
	}
	d.b = d.b[n:]
	return v
}

func (d *decoder) varint() int64 {
	v, n := binary.Varint(d.b)
	if n <= 0 {
		d.fail("bad time")
		return 0
	}
	d.b = d.b[n:]
	return v
}

func (d *decoder) bytes() []byte {
	n := d.uvarint()
	if n > uint64(len(d.b)) {
		d.fail("truncated")
		return nil
	}
	v := d.b[:n:n]
	d.b = d.b[n:]
	return v
}
