package sqlite

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/parleyhq/parley"
)

// The first layout (migration 0001) kept one binary record per commit in
// conversation_log. Migration 0002 reads each record once, here, and rewrites it as
// readable rows (convertLog); nothing else reads this format any more.
//
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

func (d *decoder) uvarint() uint64 { return readVarint(d, binary.Uvarint, "bad length") }

func (d *decoder) varint() int64 { return readVarint(d, binary.Varint, "bad time") }

// readVarint reads one varint with read (binary.Uvarint or binary.Varint); what
// says what a bad one was meant to be (lengths are unsigned, times signed).
func readVarint[T uint64 | int64](d *decoder, read func([]byte) (T, int), what string) T {
	v, n := read(d.b)
	if n <= 0 {
		d.fail(what)
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

// convertLog rewrites every conversation_log row of the first layout as the turns row
// of the same id: the version's state and events and the response whole
// (response_version 0: it embeds its state).
// Rows are read in pages by id, each page before any write, so that no cursor is open
// while the tables change. Event data that is not JSON (the first layout did not
// check) is stored as a JSON string of its bytes.
func convertLog(ctx context.Context, tx *sql.Tx) error {
	for after := int64(0); ; {
		batch, err := readLogPage(ctx, tx, after)
		if err != nil || len(batch) == 0 {
			return err
		}
		for _, r := range batch {
			if err := insertConvertedTurn(ctx, tx, r); err != nil {
				return err
			}
		}
		after = batch[len(batch)-1].id
	}
}

// legacyLogRow is a conversation_log row with its conversation's lifecycle, when the
// row is the conversation's current version.
type legacyLogRow struct {
	bot, conversation, lifecycle   string
	id, version, firstSeq, lastSeq int64
	at                             int64
	messageID                      sql.NullString
	body                           []byte
}

// readLogPage reads the conversation_log rows after the id after, 500 at the most.
func readLogPage(ctx context.Context, tx *sql.Tx, after int64) ([]legacyLogRow, error) {
	const page = 500
	rows, err := tx.QueryContext(ctx, `SELECT l.id, l.bot, l.conversation, l.version, l.first_seq, l.last_seq,
			l.message_id, l.at, l.body, CASE WHEN c.version = l.version THEN c.lifecycle ELSE '' END
		FROM conversation_log l LEFT JOIN conversations c ON c.bot = l.bot AND c.conversation = l.conversation
		WHERE l.id > ? ORDER BY l.id LIMIT ?`, after, page)
	if err != nil {
		return nil, err
	}
	var batch []legacyLogRow
	for rows.Next() {
		var r legacyLogRow
		var lifecycle sql.NullString
		if err := rows.Scan(&r.id, &r.bot, &r.conversation, &r.version, &r.firstSeq, &r.lastSeq,
			&r.messageID, &r.at, &r.body, &lifecycle); err != nil {
			rows.Close()
			return nil, err
		}
		r.lifecycle = lifecycle.String
		batch = append(batch, r)
	}
	return batch, errors.Join(rows.Err(), rows.Close())
}

// insertConvertedTurn writes the turns row of a conversation_log row: its events as
// the JSON array turns rows keep (data that is not JSON as a JSON string), its state
// whole, its response.
func insertConvertedTurn(ctx context.Context, tx *sql.Tx, r legacyLogRow) error {
	rec, err := decodeRecord(r.body)
	if err != nil {
		return fmt.Errorf("log row of %s/%s version %d: %w", r.bot, r.conversation, r.version, err)
	}
	var events []parley.Event
	err = rec.eachEvent(func(_ int, typ, data []byte, at int64) error {
		if !json.Valid(data) {
			data, _ = json.Marshal(string(data))
		}
		events = append(events, parley.Event{Type: parley.EventType(typ), Data: data, At: fromMicros(at)})
		return nil
	})
	if err != nil {
		return err
	}
	var response any // NULL when the commit processed no message
	if rec.responseKind != responseNone {
		response = string(rec.fullResponse())
	}
	_, err = tx.ExecContext(ctx, `INSERT INTO turns (id, bot, conversation, version, at, lifecycle,
		message_id, first_seq, last_seq, events, state, response, response_version)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0)`,
		r.id, r.bot, r.conversation, r.version, r.at, r.lifecycle, r.messageID, r.firstSeq, r.lastSeq,
		string(appendEvents(nil, r.firstSeq, events, r.at)), string(rec.state), response)
	return err
}
