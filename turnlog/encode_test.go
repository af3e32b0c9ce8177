package turnlog

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/parleyhq/parley"
	"github.com/parleyhq/parley/internal/encodertest"
)

// TestTurnRecordJSONRoundTrip: a record reads back with its transitions' bytes as
// given, whether they were stored as a path (a chain json.Marshal writes) or as
// they are (anything else), and old records (transitions as objects) still read.
func TestTurnRecordJSONRoundTrip(t *testing.T) {
	sent := time.Date(2026, 11, 26, 9, 0, 0, 123456789, time.FixedZone("X", 3600))
	for _, tc := range []struct {
		transitions string
		path        bool
	}{
		{`[{"from":"idle","to":"understanding","trigger":"user_message"},{"from":"understanding","to":"idle","trigger":"no_intent"}]`, true},
		{`[{"from":"a","to":"b","trigger":"t"}]`, true},
		{`[{"from":"a \u003c\u0026","to":"b\"","trigger":""}]`, true},
		{`[{"from":"a","to":"b","trigger":"t"},{"from":"x","to":"y","trigger":"u"}]`, false}, // not a chain
		{`[{"to":"b","from":"a","trigger":"t"}]`, false},                                     // not json.Marshal's order
		{`[ {"from":"a","to":"b","trigger":"t"} ]`, false},                                   // not compact
		{`[{"from":"a","to":"b","trigger":"t","extra":1}]`, false},
		{`[]`, false},
		{`null`, false},
		{``, false},
	} {
		rec := parley.TurnRecord{Message: parley.Message{ID: "m-1", Text: "hi", SentAt: sent}, Replies: json.RawMessage(`[]`), Before: 1}
		if tc.transitions != "" {
			rec.Transitions = json.RawMessage(tc.transitions)
		}
		b, err := Encode(&rec)
		if err != nil {
			t.Fatalf("%s: %v", tc.transitions, err)
		}
		if got := strings.Contains(string(b), `"path":`); got != tc.path {
			t.Errorf("%s: stored as a path = %v, want %v: %s", tc.transitions, got, tc.path, b)
		}
		back, err := Decode(b)
		if err != nil {
			t.Fatalf("%s: %v", b, err)
		}
		want := tc.transitions
		if want == "" {
			want = "null" // as the encoding of a nil json.RawMessage always read back
		}
		if string(back.Transitions) != compactJSON(t, want) || !back.Message.SentAt.Equal(sent) || back.Before != 1 || string(back.Replies) != `[]` {
			t.Errorf("%s: read back %+v (transitions %s)", tc.transitions, back, back.Transitions)
		}
	}
	// A record written before paths.
	old, err := Decode([]byte(`{"message":{"id":"m","text":"x","sent_at":"2026-11-26T09:00:00Z"},"replies":[],"transitions":[{"from":"a","to":"b","trigger":"t"}]}`))
	if err != nil ||
		string(old.Transitions) != `[{"from":"a","to":"b","trigger":"t"}]` {
		t.Fatalf("old record: %+v, %v", old, err)
	}
	for _, bad := range []string{`{"path":["a","t"]}`, `{"path":[]}`, `{"path":["a"]}`} {
		if _, err := Decode([]byte(bad)); err == nil {
			t.Errorf("%s: no error", bad)
		}
	}
}

// TestTurnRecordJSONCoversEveryField: a record with no zero field (its message, the
// message's NLU, its replies and transitions) reads back equal through the
// hand-written encoder and the decoder, so a field added to TurnRecord, Message or
// NLU and not to the stored form (encode.go, append.go) fails here.
func TestTurnRecordJSONCoversEveryField(t *testing.T) {
	rec := encodertest.Fill[parley.TurnRecord](map[string]string{
		"Replies":     `[{"id":"a-1-1","type":"text","text":"Where from?"}]`,
		"Transitions": `[{"from":"idle","to":"understanding","trigger":"user_message"}]`,
	})
	if z := encodertest.Zero(rec); len(z) > 0 {
		t.Fatalf("not filled: %v", z)
	}
	b, err := Encode(&rec)
	if err != nil {
		t.Fatal(err)
	}
	back, err := Decode(b)
	if err != nil {
		t.Fatalf("%s: %v", b, err)
	}
	if diff := cmp.Diff(rec, back); diff != "" {
		t.Errorf("read back (-written +read):\n%s\nstored: %s", diff, b)
	}
}

func compactJSON(t *testing.T, s string) string {
	var out bytes.Buffer
	if err := json.Compact(&out, []byte(s)); err != nil {
		t.Fatal(err)
	}
	return out.String()
}

// TestTurnRecordTransitionsProperty: any transitions the runtime builds read back
// byte for byte (random chains and non-chains of awkward names).
func TestTurnRecordTransitionsProperty(t *testing.T) {
	r := rand.New(rand.NewPCG(24, 3))
	names := []string{"idle", "a", "b", "", "<&>", "é", "\u2028", "x\"y", "\x00"}
	name := func() string { return names[r.IntN(len(names))] }
	for range 2000 {
		ts := make([]parley.Transition, r.IntN(7))
		for i := range ts {
			ts[i] = parley.Transition{From: name(), To: name(), Trigger: name()}
			if i > 0 && r.IntN(4) > 0 {
				ts[i].From = ts[i-1].To
			}
		}
		raw, _ := json.Marshal(ts)
		rec := parley.TurnRecord{Message: parley.Message{ID: "m"}, Replies: json.RawMessage(`[]`), Transitions: raw}
		b, err := Encode(&rec)
		if err != nil {
			t.Fatal(err)
		}
		back, err := Decode(b)
		if err != nil {
			t.Fatal(err)
		}
		if string(back.Transitions) != string(raw) {
			t.Fatalf("stored %s\nread back %s\nwant %s", b, back.Transitions, raw)
		}
	}
}

// FuzzTransitionPath: where the path is read without a decode (plainPath), it is
// the path the decode and encode finds (decodedPath), chain or not.
func FuzzTransitionPath(f *testing.F) {
	for _, seed := range []string{
		`[{"from":"idle","to":"understanding","trigger":"user_message"},{"from":"understanding","to":"idle","trigger":"no_intent"}]`,
		`[{"from":"a","to":"b","trigger":"t"}]`,
		`[{"from":"a","to":"b","trigger":""},{"from":"c","to":"d","trigger":"u"}]`,
		`[{"from":"a \u003c","to":"b","trigger":"t"}]`,
		`[{"from":"a","to":"b","trigger":"t"}] `,
		`[{"from":"a","to":"b","trigger":"t"},]`,
		`[{"from":"a","to":"b","trigger":"t","x":1}]`,
		`[{"from":"a\"","to":"b","trigger":"t"}]`,
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, raw []byte) {
		if len(raw) < 2 || raw[0] != '[' || raw[1] == ']' {
			return
		}
		path, ok := plainPath(nil, raw, false)
		if !ok {
			return
		}
		if want := decodedPath(raw); !slices.Equal(path, want) || (path == nil) != (want == nil) {
			t.Fatalf("plainPath(%s) = %q, decodedPath %q", raw, path, want)
		}
	})
}

// FuzzTurnRecordJSONIsMarshal: Encode (written field by field) is json.Marshal
// of the record's stored form, byte for byte, and fails where it fails.
func FuzzTurnRecordJSONIsMarshal(f *testing.F) {
	f.Add("m1", "I want to book a flight", "", `[{"id":"a-1","type":"text","text":"Where from?"}]`, `[{"from":"idle","to":"collecting","trigger":"intent"}]`, int64(1795853849), 1, false)
	f.Add("m<2>", "café & <b>", "select:7", `[ {"text": "a\u2028b"} ]`, `null`, int64(0), 0, true)
	f.Add("m3", "\x01\xff", "", ``, `[]`, int64(-62167219201), 2, false)
	f.Add("m4", "x", "", `{`, `[{"from":"a","to":"b","trigger":"c"},{"from":"b","to":"c","trigger":"d"}]`, int64(253402300800), 0, false)
	f.Fuzz(func(t *testing.T, id, text, meaning, replies, transitions string, sentAt int64, before int, nlu bool) {
		r := parley.TurnRecord{
			Message: parley.Message{ID: id, Text: text, Meaning: meaning, SentAt: time.Unix(sentAt, 420401600).UTC()},
			Replies: json.RawMessage(replies), Transitions: json.RawMessage(transitions), Before: before,
		}
		if replies == "" {
			r.Replies = nil
		}
		if transitions == "" {
			r.Transitions = nil
		}
		if nlu {
			r.Message.NLU = &parley.NLU{Intent: text, Entities: map[string]any{meaning: id, "n": 2.5}, Confidence: 0.5}
		}
		got, err := Encode(&r)
		want, werr := json.Marshal(recordJSON(&r))
		if (err != nil) != (werr != nil) {
			t.Fatalf("Encode error %v, json.Marshal error %v", err, werr)
		}
		if err == nil && !bytes.Equal(got, want) {
			t.Fatalf("Encode\n%s\njson.Marshal\n%s", got, want)
		}
	})
}

// BenchmarkTurnRecordJSON: a booking turn's record written field by field
// (Encode) against encoding/json's reflection over its stored form.
func BenchmarkTurnRecordJSON(b *testing.B) {
	r := parley.TurnRecord{
		Message:     parley.Message{ID: "m3", Text: "from Boston to Denver next Friday", SentAt: time.Date(2026, 12, 1, 9, 0, 2, 0, time.UTC)},
		Replies:     json.RawMessage(`[{"id":"a-3-1","type":"text","text":"When would you like to leave?"}]`),
		Transitions: json.RawMessage(`[{"from":"waiting_for_slot","to":"validating","trigger":"slot_value"},{"from":"validating","to":"waiting_for_slot","trigger":"valid"}]`),
	}
	b.Run("written", func(b *testing.B) {
		for b.Loop() {
			if _, err := Encode(&r); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("reflection", func(b *testing.B) {
		for b.Loop() {
			if _, err := json.Marshal(recordJSON(&r)); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// TestEncodeIsMarshal: the stored form (a store's turn column) is what json.Marshal
// writes for the record's stored form, whitespace, HTML characters and non-chains
// included (moved here from the postgres store's tests).
func TestEncodeIsMarshal(t *testing.T) {
	sent := time.Date(2026, 12, 1, 9, 0, 4, 120000000, time.FixedZone("X", 3600))
	for _, rec := range []parley.TurnRecord{
		{Message: parley.Message{ID: "m1", Text: "hi", SentAt: sent}, Replies: json.RawMessage(`[]`)},
		{Message: parley.Message{ID: "m<2>", Text: "a & b", Meaning: "select:1", SentAt: sent,
			NLU: &parley.NLU{Intent: "book", Entities: map[string]any{"city": "<Paris>", "n": 2}, Confidence: 0.5}},
			Replies:     json.RawMessage(` [ {"text" : "x < y & z"} ] `),
			Transitions: json.RawMessage(`[{"from":"a","to":"b","trigger":"t"}, {"from":"b","to":"c","trigger":"u"}]`), Before: 1},
		{Message: parley.Message{ID: "m3", SentAt: sent}, Replies: json.RawMessage(`null`),
			Transitions: json.RawMessage(`[{"from":"a","to":"b","trigger":"t"},{"from":"b","to":"c","trigger":"<u>"}]`)},
	} {
		want, err := json.Marshal(recordJSON(&rec))
		if err != nil {
			t.Fatal(err)
		}
		got, err := Encode(&rec)
		if err != nil || string(got) != string(want) {
			t.Errorf("Encode = %s, %v; json.Marshal %s", got, err, want)
		}
	}
}
