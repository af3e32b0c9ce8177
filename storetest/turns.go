package storetest

import (
	"context"
	"encoding/json"
	"fmt"
	"testing"
	"time"

	"github.com/parleyhq/parley"
)

// testTurnRecords: TurnRecords returns the last n turn records up to a version,
// oldest first, skipping the versions that were not turns, each as committed (the
// message time to the nanosecond, in any zone; the replies and transitions byte for
// byte); an unknown conversation has none. A folded state is unfolded from these
// records, so they must read back exactly as the committer saw them.
func testTurnRecords(t *testing.T, s parley.Store) {
	ctx := context.Background()
	k := key("turn-records")
	zone := time.FixedZone("X", -5*3600+1800)
	// Versions 1..12: a turn, except 4 and 9 (a control, an interrupted turn's
	// record) and 7 (a version with no message at all).
	want := map[int64]parley.TurnRecord{}
	var conv *parley.Conversation
	for v := int64(1); v <= 12; v++ {
		var c *parley.Commit
		if v == 1 {
			c = create(k, `{"v":1}`)
		} else {
			c = next(conv, fmt.Sprintf(`{"v":%d}`, v))
		}
		switch v {
		case 4:
			c.MessageID, c.Response = "ctl-4", []byte(`{"control":"pause"}`)
		case 9:
			c.MessageID, c.Response = "int-9", []byte(`{"interrupted":{}}`)
		case 7:
		default:
			rec := parley.TurnRecord{
				Message: parley.Message{ID: fmt.Sprintf("m-%d", v), Text: fmt.Sprintf("  text <%d> \"é\" \u2028 ", v),
					SentAt: base().In(zone).Add(time.Duration(v)*time.Minute + time.Duration(v)*987654321 + 1)},
				Replies:     json.RawMessage(fmt.Sprintf(`[{"id":"a-%d-1","type":"text","text":"reply \u003c%d\u003e"}]`, v, v)),
				Transitions: json.RawMessage(`[{"from":"idle","to":"understanding","trigger":"user_message"}]`),
			}
			switch v % 3 {
			case 0:
				rec.Message.Text, rec.Message.Meaning = "", "affirm"
				rec.Replies, rec.Transitions = json.RawMessage(`[]`), json.RawMessage(`[]`)
			case 1:
				rec.Message.NLU = &parley.NLU{Intent: "book", Entities: map[string]any{"city": "Oslo"}, Confidence: 0.5}
			}
			c.Turn = &rec
			want[v] = rec
		}
		mustCommit(t, s, c)
		conv = mustConversation(t, s, k)
	}
	turnsUpTo := func(version int64, n int) []parley.TurnRecord {
		var out []parley.TurnRecord
		for v := version; v >= 1 && len(out) < n; v-- {
			if r, ok := want[v]; ok {
				out = append([]parley.TurnRecord{r}, out...)
			}
		}
		return out
	}
	for _, q := range []struct {
		version int64
		n       int
	}{{12, 3}, {12, 100}, {9, 2}, {8, 3}, {4, 1}, {3, 3}, {1, 1}, {1, 5}, {12, 0}, {20, 2}} {
		got, err := s.TurnRecords(ctx, k, q.version, q.n)
		if err != nil {
			t.Fatalf("TurnRecords(%d, %d): %v", q.version, q.n, err)
		}
		sameRecords(t, fmt.Sprintf("TurnRecords(%d, %d)", q.version, q.n), got, turnsUpTo(q.version, q.n))
	}
	if got, err := s.TurnRecords(ctx, key("turn-records-none"), 5, 5); err != nil || len(got) != 0 {
		t.Fatalf("TurnRecords of an unknown conversation = %v, %v; want none", got, err)
	}
}

func sameRecords(t *testing.T, what string, got, want []parley.TurnRecord) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("%s: %d records, want %d", what, len(got), len(want))
	}
	for i := range want {
		g, w := got[i], want[i]
		if !g.Message.SentAt.Equal(w.Message.SentAt) {
			t.Fatalf("%s: record %d sent at %s, want %s", what, i, g.Message.SentAt, w.Message.SentAt)
		}
		g.Message.SentAt, w.Message.SentAt = time.Time{}, time.Time{}
		gb, _ := json.Marshal(g)
		wb, _ := json.Marshal(w)
		if string(gb) != string(wb) || string(g.Replies) != string(w.Replies) || string(g.Transitions) != string(w.Transitions) {
			t.Fatalf("%s: record %d\n got %s\nwant %s", what, i, gb, wb)
		}
	}
}
