package sqlite

import (
	"bytes"
	"context"
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
				want = append(want, event{e.Type, data, at})
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

// TestActorShapedResponseStoresStateOnce: a response that embeds the state, as the
// actor's does, is replayed byte for byte while the log row holds the state once.
func TestActorShapedResponseStoresStateOnce(t *testing.T) {
	ctx := context.Background()
	s, _ := openStore(t, Options{})
	defer s.Close()
	state := jsonOfSize(`{"conversation_state":"booking","history":"`, 1600)
	response := []byte(`{"conversation_id":"c-1","message_id":"m-1","replies":[{"type":"text","text":"ok"}],"state":` +
		string(state) + `,"lifecycle":"idle","version":1,"transitions":[]}`)
	c := newCommit("c-1", 0, "m-1")
	c.Conversation.State, c.Response = state, response
	if err := s.Commit(ctx, c); err != nil {
		t.Fatalf("Commit: %v", err)
	}
	got, ok, err := s.ProcessedResponse(ctx, c.Conversation.Key, "m-1")
	if err != nil || !ok || !bytes.Equal(got, response) {
		t.Fatalf("ProcessedResponse = %q, %v, %v; want the committed bytes", got, ok, err)
	}
	size, _ := rawQuery(t, s, "SELECT length(body) FROM conversation_log WHERE message_id = 'm-1'").(int64)
	if size == 0 || size >= int64(len(state)+len(response)) {
		t.Fatalf("log record of %d bytes for a %d-byte state and a %d-byte response: the state is stored twice",
			size, len(state), len(response))
	}
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
				c.Events = append(c.Events, parley.Event{Type: "e", Data: []byte{'0' + byte(i)}})
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

// TestDamagedLogRecordIsInternal: a log row that does not decode is EINTERNAL.
func TestDamagedLogRecordIsInternal(t *testing.T) {
	ctx := context.Background()
	s, _ := openStore(t, Options{})
	defer s.Close()
	if err := s.Commit(ctx, newCommit("c-1", 0, "m-1")); err != nil {
		t.Fatalf("Commit: %v", err)
	}
	rawExec(t, s, "DROP TRIGGER conversation_log_no_update")
	rawExec(t, s, "UPDATE conversation_log SET body = x'0005'")
	key := parley.ConversationKey{Bot: "shop", ID: "c-1"}
	_, err := s.Conversation(ctx, key)
	if parley.ErrorCode(err) != parley.EINTERNAL {
		t.Errorf("Conversation = %v, want EINTERNAL", err)
	}
	if _, _, err := s.ProcessedResponse(ctx, key, "m-1"); parley.ErrorCode(err) != parley.EINTERNAL {
		t.Errorf("ProcessedResponse = %v, want EINTERNAL", err)
	}
	if _, err := s.Events(ctx, key, 0, 0); parley.ErrorCode(err) != parley.EINTERNAL {
		t.Errorf("Events = %v, want EINTERNAL", err)
	}
}
