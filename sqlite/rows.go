package sqlite

import (
	"encoding/json"
	"strconv"

	"github.com/parleyhq/parley"
	"github.com/parleyhq/parley/internal/jsonenc"
)

// A version's events are stored in its turns row as one JSON array, so that a turn
// writes one row and sqlite3 reads them with json_each (the events view):
//
//	[{"seq":3,"type":"turn","at":1767261605123456,"data":{...}}, ...]
//
// at is unix microseconds; data is the event's JSON byte for byte (null when empty).

// appendStoredEvents appends the JSON array of the events c stores, numbered as the
// log numbers them from first (parley.Commit.StoredSeqs), each stamped with its At
// or else now (unix µs).
func appendStoredEvents(dst []byte, c *parley.Commit, first int64, now int64) []byte {
	if c.Turn == nil {
		return appendEvents(dst, first, c.Events, now)
	}
	dst = append(dst, '[')
	seq := first
	for i := range c.Events {
		if i == c.Turn.Before {
			seq += 2
		}
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = appendEvent(dst, seq, &c.Events[i], now)
		seq++
	}
	return append(dst, ']')
}

// appendEvents appends the JSON array of events numbered from first, each stamped with
// its At or else now (unix µs).
func appendEvents(dst []byte, first int64, events []parley.Event, now int64) []byte {
	dst = append(dst, '[')
	for i := range events {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = appendEvent(dst, first+int64(i), &events[i], now)
	}
	return append(dst, ']')
}

// appendEvent appends one event of a row's array.
func appendEvent(dst []byte, seq int64, e *parley.Event, now int64) []byte {
	at := now
	if !e.At.IsZero() {
		at = micros(e.At)
	}
	dst = append(dst, `{"seq":`...)
	dst = strconv.AppendInt(dst, seq, 10)
	dst = append(dst, `,"type":`...)
	dst = jsonenc.String(dst, string(e.Type))
	dst = append(dst, `,"at":`...)
	dst = strconv.AppendInt(dst, at, 10)
	dst = append(dst, `,"data":`...)
	if len(e.Data) == 0 {
		dst = append(dst, nullJSON...)
	} else {
		dst = append(dst, e.Data...)
	}
	return append(dst, '}')
}

// storedEvent is one element of a turns row's events array.
type storedEvent struct {
	Seq  int64           `json:"seq"`
	Type string          `json:"type"`
	At   int64           `json:"at"`
	Data json.RawMessage `json:"data"`
}

// decodeEvents parses a turns row's events array; a damaged one is EINTERNAL.
func decodeEvents(text []byte) ([]storedEvent, error) {
	var events []storedEvent
	if err := json.Unmarshal(text, &events); err != nil {
		return nil, parley.WrapError(parley.EINTERNAL, err, "sqlite: damaged events of a turn")
	}
	return events, nil
}

// nullJSON is what an empty JSON document is stored as.
var nullJSON = []byte("null")
