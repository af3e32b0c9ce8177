package sqlite

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/binary"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/parleyhq/parley"
)

func TestRecordRoundTrip(t *testing.T) {
	state := []byte(`{"slots":{"origin":"Paris"}}`)
	at := time.Date(2026, 1, 2, 3, 4, 5, 6000, time.UTC)
	tests := []struct {
		name        string
		state       []byte
		hasResponse bool
		response    []byte
		wantKind    byte
		events      []parley.Event
	}{
		{"response embeds the state", state, true,
			[]byte(`{"replies":[],"state":` + string(state) + `,"version":2}`), responseSpliced, nil},
		{"state key inside a reply before the real one", state, true,
			[]byte(`{"replies":[{"text":"\"state\":"}],"state":` + string(state) + `}`), responseSpliced, nil},
		{"state key followed by other bytes", state, true,
			[]byte(`{"state":{"slots":{}},"x":1}`), responseWhole, nil},
		{"response without the state", state, true, []byte(`{"replies":[]}`), responseWhole, nil},
		{"empty response", state, true, []byte{}, responseWhole, nil},
		{"no message", state, false, nil, responseNone, nil},
		{"events with exact bytes", state, true, []byte(`{}`), responseWhole, []parley.Event{
			{Type: "turn", Data: []byte(`{"a": 1 }`), At: at},
			{Type: "x", Data: []byte{0, 0xff, '{'}},
			{Type: "empty"},
		}},
	}
	const now = int64(1_700_000_000_000_000)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			body := appendRecord(nil, tt.state, tt.hasResponse, tt.response, tt.events, now)
			rec, err := decodeRecord(body)
			if err != nil {
				t.Fatalf("decodeRecord: %v", err)
			}
			if !bytes.Equal(rec.state, tt.state) {
				t.Errorf("state = %q, want %q", rec.state, tt.state)
			}
			if rec.responseKind != tt.wantKind {
				t.Errorf("response kind = %d, want %d", rec.responseKind, tt.wantKind)
			}
			if tt.hasResponse {
				if got := rec.fullResponse(); !bytes.Equal(got, tt.response) {
					t.Errorf("response = %q, want %q", got, tt.response)
				}
			}
			if tt.wantKind == responseSpliced && len(body) >= len(tt.state)+len(tt.response) {
				t.Errorf("record of %d bytes stores the state twice", len(body))
			}
			type event struct {
				Type, Data string
				At         int64
			}
			var want, got []event
			for _, e := range tt.events {
				data, at := string(e.Data), now
				if data == "" {
					data = "null"
				}
				if !e.At.IsZero() {
					at = micros(e.At)
				}
				want = append(want, event{string(e.Type), data, at})
			}
			err = rec.eachEvent(func(_ int, typ, data []byte, at int64) error {
				got = append(got, event{string(typ), string(data), at})
				return nil
			})
			if err != nil {
				t.Fatalf("eachEvent: %v", err)
			}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("events (-want +got):\n%s", diff)
			}
		})
	}
}

// FuzzDecodeRecord: a damaged record is an error, never a panic, and a record that
// decodes can be read to its end.
func FuzzDecodeRecord(f *testing.F) {
	f.Add(appendRecord(nil, []byte(`{}`), true, []byte(`{"state":{}}`), []parley.Event{{Type: "turn", Data: []byte(`{}`)}}, 1))
	f.Add(appendRecord(nil, []byte(`null`), false, nil, nil, 1))
	f.Add([]byte{recordPlain, 2, '{', '}', responseSpliced, 9, 0, 0})
	f.Fuzz(func(t *testing.T, body []byte) {
		rec, err := decodeRecord(body)
		if err != nil {
			if parley.ErrorCode(err) != parley.EINTERNAL {
				t.Fatalf("error code %q, want EINTERNAL", parley.ErrorCode(err))
			}
			return
		}
		_ = rec.fullResponse()
		_ = rec.eachEvent(func(int, []byte, []byte, int64) error { return nil })
	})
}

// TestEventsPageAcrossCommits: events stored several to a log row page exactly.
func TestEventsPageAcrossCommits(t *testing.T) {
	ctx := context.Background()
	s, _ := openStore(t, Options{})
	defer s.Close()
	key := parley.ConversationKey{Bot: "shop", ID: "c-1"}
	var want []int64
	for v := int64(0); v < 4; v++ {
		c := newCommit("c-1", v, "")
		c.Events = nil
		if v != 2 { // version 3 is a lifecycle-only commit: a log row without events
			for i := range 3 {
				c.Events = append(c.Events, parley.Event{Type: "e", Data: []byte{'0' + byte(i)}}) // JSON numbers
				want = append(want, int64(len(want)+1))
			}
		}
		if err := s.Commit(ctx, c); err != nil {
			t.Fatalf("Commit %d: %v", v, err)
		}
	}
	for _, tt := range []struct {
		after int64
		limit int
	}{{0, 0}, {0, 1}, {1, 4}, {2, 2}, {3, 3}, {5, 100}, {8, 1}, {9, 0}, {50, 5}} {
		events, err := s.Events(ctx, key, tt.after, tt.limit)
		if err != nil {
			t.Fatalf("Events(%d, %d): %v", tt.after, tt.limit, err)
		}
		var got []int64
		for _, e := range events {
			got = append(got, e.Seq)
			if wantData := string('0' + byte((e.Seq-1)%3)); string(e.Data) != wantData {
				t.Fatalf("event %d data %q, want %q", e.Seq, e.Data, wantData)
			}
		}
		var page []int64
		for _, seq := range want {
			if seq > tt.after && (tt.limit <= 0 || len(page) < tt.limit) {
				page = append(page, seq)
			}
		}
		if diff := cmp.Diff(page, got); diff != "" {
			t.Errorf("Events(%d, %d) seqs (-want +got):\n%s", tt.after, tt.limit, diff)
		}
	}
}

// fileAtMigration makes a database file of the given name with the first n
// migrations applied: the layout a test then writes rows in the way that version
// wrote them, before Open migrates it the rest of the way.
func fileAtMigration(t *testing.T, name string, n int) (string, *sql.DB) {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	db := sql.OpenDB(connector{path: path, opts: Options{Synchronous: "NORMAL", BusyTimeout: time.Second}})
	ms, err := loadMigrations(mustSubFS(t))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := migrate(context.Background(), db, ms[:n]); err != nil {
		t.Fatalf("migrations 1 to %d: %v", n, err)
	}
	return path, db
}

// TestMigrateFromFirstLayout builds a database in the first layout (migration 0001,
// binary log records, written the way the first store wrote them), opens it with this
// store and reads every conversation, event and processed message back.
func TestMigrateFromFirstLayout(t *testing.T) {
	ctx := context.Background()
	path, db := fileAtMigration(t, "old.db", 1)
	at := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	state1, state2 := []byte(`{"step":"origin"}`), []byte(`{"step":"done","slots":{"origin":"Paris"}}`)
	resp1 := []byte(`{"message_id":"m-1","replies":[],"state":` + string(state1) + `,"lifecycle":"idle","version":1}`)
	resp2 := []byte(`{"message_id":"m-2","replies":[{"text":"booked"}],"state":` + string(state2) + `,"lifecycle":"idle","version":2}`)
	oldRows := []struct {
		id, version, first, last int64
		messageID                any
		body                     []byte
	}{
		{1, 1, 1, 2, "m-1", appendRecord(nil, state1, true, resp1, []parley.Event{
			{Type: parley.EventStateChanged, Data: []byte(`{"from_state":"created","to_state":"idle"}`), At: at},
			{Type: parley.EventTurn, Data: []byte(`{"message_id":"m-1"}`), At: at}}, micros(at))},
		{2, 2, 3, 3, "m-2", appendRecord(nil, state2, true, resp2, []parley.Event{
			{Type: parley.EventTurn, Data: []byte{0xff, 'x'}, At: at.Add(time.Second)}}, micros(at))},
		{3, 3, 4, 3, nil, appendRecord(nil, state2, false, nil, nil, micros(at))},
	}
	for _, r := range oldRows {
		if _, err := db.ExecContext(ctx, `INSERT INTO conversation_log (id, bot, conversation, version, first_seq, last_seq, message_id, at, body)
			VALUES (?, 'booking', 'c-1', ?, ?, ?, ?, ?, ?)`, r.id, r.version, r.first, r.last, r.messageID, micros(at), r.body); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := db.ExecContext(ctx, `INSERT INTO conversations (bot, conversation, engine, lifecycle, version, turns, last_seq, state_log_id, created_at, updated_at)
		VALUES ('booking', 'c-1', 'flows', 'paused', 3, 2, 3, 3, ?, ?)`, micros(at), micros(at.Add(time.Minute))); err != nil {
		t.Fatal(err)
	}
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}

	s, err := Open(ctx, path, Options{})
	if err != nil {
		t.Fatalf("Open the first layout: %v", err)
	}
	defer s.Close()
	key := parley.ConversationKey{Bot: "booking", ID: "c-1"}
	conv, err := s.Conversation(ctx, key)
	if err != nil {
		t.Fatalf("Conversation: %v", err)
	}
	want := &parley.Conversation{Key: key, Engine: "flows", State: state2, Lifecycle: parley.LifecyclePaused,
		Version: 3, Turns: 2, LastSeq: 3, CreatedAt: at, UpdatedAt: at.Add(time.Minute)}
	if diff := cmp.Diff(want, conv); diff != "" {
		t.Fatalf("migrated conversation (-want +got):\n%s", diff)
	}
	for _, tt := range []struct {
		id   string
		want []byte
	}{{"m-1", resp1}, {"m-2", resp2}} {
		p, ok, err := s.Processed(ctx, key, tt.id)
		if err != nil || !ok || !bytes.Equal(p.Response, tt.want) || p.Version != 0 {
			t.Fatalf("Processed %s = %q (version %d), %v, %v; want the whole first-layout response", tt.id, p.Response, p.Version, ok, err)
		}
	}
	events, err := s.Events(ctx, key, 0, 0)
	if err != nil {
		t.Fatalf("Events: %v", err)
	}
	var got []string
	for _, e := range events {
		got = append(got, fmt.Sprintf("%d %s %s %s", e.Seq, e.Type, e.Data, e.At.Format(time.RFC3339)))
	}
	wantEvents := []string{
		`1 state_changed {"from_state":"created","to_state":"idle"} 2026-03-01T12:00:00Z`,
		`2 turn {"message_id":"m-1"} 2026-03-01T12:00:00Z`,
		`3 turn "\ufffdx" 2026-03-01T12:00:01Z`,
	}
	if diff := cmp.Diff(wantEvents, got); diff != "" {
		t.Fatalf("migrated events (-want +got):\n%s", diff)
	}
	// The store goes on from the migrated version.
	c := newCommit("c-1", 3, "m-3")
	c.Conversation.Key.Bot = "booking"
	if err := s.Commit(ctx, c); err != nil || c.Events[0].Seq != 4 {
		t.Fatalf("Commit after migration: %v (seq %d), want seq 4", err, c.Events[0].Seq)
	}
	dup := newCommit("c-1", 4, "m-1")
	dup.Conversation.Key.Bot = "booking"
	if err := s.Commit(ctx, dup); parley.ErrorCode(err) != parley.EDUPLICATE {
		t.Fatalf("Commit of a message processed before the migration = %v, want EDUPLICATE", err)
	}
}

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

// TestMigrateFromReadableLayout builds a database in the layout before one-commit
// turns (migrations 0001 and 0002, rows written the way that store and runtime wrote
// them: a running mark per turn, the turn's events whole, its response without its
// state inside a digest record) and opens it with this store: every conversation,
// event and processed message reads back as before, a running mark left by a crash
// reads as idle, and new turns (kept as turn records) continue the log.
func TestMigrateFromReadableLayout(t *testing.T) {
	ctx := context.Background()
	path, db := fileAtMigration(t, "readable.db", 2)
	at := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	state1 := `{"step":"origin"}`
	record := `{"message_sha256":"` + strings.Repeat("ab", 32) + `","response":{"conversation_id":"c-1","message_id":"m-1","replies":[],"state":null,"lifecycle":"idle","version":2}}`
	events1 := `[{"seq":1,"type":"state_changed","at":1,"data":{"from_state":"created","to_state":"idle","reason":"spawned"}},` +
		`{"seq":2,"type":"turn","at":1,"data":{"message_id":"m-1","text":"hi","transitions":[]}}]`
	for _, q := range []struct {
		sql  string
		args []any
	}{
		// Version 1: the running mark; 2: the turn; 3: a running mark a crash left.
		{`INSERT INTO turns (id, bot, conversation, version, at, lifecycle, message_id, first_seq, last_seq, events, state, response, response_version)
			VALUES (1, 'booking', 'c-1', 1, ?, 'running', NULL, 1, 0, '[]', ?, NULL, NULL)`, []any{micros(at), state1}},
		{`INSERT INTO turns (id, bot, conversation, version, at, lifecycle, message_id, first_seq, last_seq, events, state, response, response_version)
			VALUES (2, 'booking', 'c-1', 2, ?, 'idle', 'm-1', 1, 2, ?, ?, ?, 2)`, []any{micros(at), events1, state1, record}},
		{`INSERT INTO turns (id, bot, conversation, version, at, lifecycle, message_id, first_seq, last_seq, events, state, response, response_version)
			VALUES (3, 'booking', 'c-1', 3, ?, 'running', NULL, 3, 2, '[]', ?, NULL, NULL)`, []any{micros(at), state1}},
		{`INSERT INTO conversations (bot, conversation, engine, lifecycle, version, turns, last_seq, turn_id, created_at, updated_at)
			VALUES ('booking', 'c-1', 'flows', 'running', 3, 1, 2, 3, ?, ?)`, []any{micros(at), micros(at)}},
	} {
		if _, err := db.ExecContext(ctx, q.sql, q.args...); err != nil {
			t.Fatal(err)
		}
	}
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}

	s, err := Open(ctx, path, Options{})
	if err != nil {
		t.Fatalf("Open the readable layout: %v", err)
	}
	defer s.Close()
	key := parley.ConversationKey{Bot: "booking", ID: "c-1"}
	conv, err := s.Conversation(ctx, key)
	if err != nil || conv.Lifecycle != parley.LifecycleIdle || conv.Version != 3 || string(conv.State) != state1 || !conv.ActiveAt.IsZero() {
		t.Fatalf("migrated conversation = %+v, %v; want idle at version 3 (the crash's running mark read as idle)", conv, err)
	}
	p, ok, err := s.Processed(ctx, key, "m-1")
	if err != nil || !ok || p.Message != nil || string(p.Response) != record || p.Version != 2 || string(p.State) != state1 {
		t.Fatalf("Processed m-1 = %+v, %v, %v; want the record as stored with its version's state", p, ok, err)
	}
	// A new turn continues the log after the migrated events.
	c := newCommit("c-1", 3, "")
	c.Conversation.Key.Bot = "booking"
	c.Events, c.MessageID, c.Response = nil, "", nil
	c.Turn = &parley.TurnRecord{Message: parley.Message{ID: "m-2", Text: "Paris"}, Replies: []byte(`[]`), Transitions: []byte(`[]`)}
	if err := s.Commit(ctx, c); err != nil || c.Conversation.LastSeq != 5 {
		t.Fatalf("Commit after migration: %v (last seq %d), want 5", err, c.Conversation.LastSeq)
	}
	events, err := s.Events(ctx, key, 0, 0)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, e := range events {
		got = append(got, fmt.Sprintf("%d %s", e.Seq, e.Type))
	}
	if diff := cmp.Diff([]string{"1 state_changed", "2 turn", "3 state_changed", "4 turn", "5 state_changed"}, got); diff != "" {
		t.Fatalf("events after migration (-want +got):\n%s", diff)
	}
	dup := newCommit("c-1", 4, "m-1")
	dup.Conversation.Key.Bot = "booking"
	if err := s.Commit(ctx, dup); parley.ErrorCode(err) != parley.EDUPLICATE {
		t.Fatalf("Commit of a message processed before the migration = %v, want EDUPLICATE", err)
	}
}
