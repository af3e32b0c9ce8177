package sqlite

import (
	"context"
	"database/sql/driver"
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/parleyhq/parley"
)

// readmeQuery is docs/operations.md's "what did conversation X say and do" query (sqlite3 shell).
const readmeQuery = `
SELECT t.version,
       json_extract(t.turn, '$.message.text')             AS user_said,
       (SELECT group_concat(json_extract(r.value, '$.text'), ' | ')
          FROM json_each(t.turn, '$.replies') r)           AS bot_said,
       (SELECT group_concat(e.type, ', ') FROM events e
         WHERE e.bot = c.bot AND e.conversation = c.conversation
           AND e.version = t.version)                       AS stored_events,
       t.lifecycle
FROM conversations c JOIN turns t ON t.head_id = c.id
WHERE c.bot = 'booking' AND c.conversation = 'c-42'
ORDER BY t.version`

// TestReadmeQueryAnswersWhatAConversationSaidAndDid commits turns shaped like the
// actor's (a turn record with the message and the replies; the spawn stored before
// the turn, an engine event after it; a pause) and runs docs/operations.md's query.
func TestReadmeQueryAnswersWhatAConversationSaidAndDid(t *testing.T) {
	ctx := context.Background()
	s, _ := openStore(t, Options{})
	defer s.Close()
	key := parley.ConversationKey{Bot: "booking", ID: "c-42"}
	turns := []struct{ said, reply string }{{"book a flight", "From where?"}, {"Paris", "To where?"}}
	for i, tt := range turns {
		v := int64(i)
		c := newCommit(key.ID, v, "")
		c.MessageID, c.Response = "", nil
		c.Conversation.Key = key
		c.Conversation.State = []byte(fmt.Sprintf(`{"turn":%d}`, i+1))
		c.Turn = &parley.TurnRecord{Message: parley.Message{ID: fmt.Sprintf("m-%d", i+1), Text: tt.said},
			Replies: []byte(fmt.Sprintf(`[{"id":"a-%d-1","type":"text","text":%q}]`, i+1, tt.reply)), Transitions: []byte(`[]`)}
		c.Events = []parley.Event{{Type: parley.EventGuardrail, Data: []byte(`{}`)}}
		if i == 0 {
			c.Events = append([]parley.Event{{Type: parley.EventStateChanged, Data: []byte(`{"from_state":"created","to_state":"idle"}`)}}, c.Events...)
			c.Turn.Before = 1
		}
		if err := s.Commit(ctx, c); err != nil {
			t.Fatalf("Commit %d: %v", i, err)
		}
	}
	got := rawRows(t, s, readmeQuery)
	want := []string{
		"1|book a flight|From where?|state_changed, guardrail|idle",
		"2|Paris|To where?|guardrail|idle",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Fatalf("docs/operations.md query (-want +got):\n%s", diff)
	}
}

// rawRows runs query on the store's connection and returns its rows, columns joined by |.
func rawRows(t *testing.T, s *Store, query string) []string {
	t.Helper()
	var out []string
	err := s.read(context.Background(), func(w *writer) error {
		st, err := w.conn.PrepareContext(context.Background(), query)
		if err != nil {
			return err
		}
		defer st.Close()
		return (&stmt{s: st}).query(func(row []driver.Value) error {
			cols := make([]string, len(row))
			for i, v := range row {
				if b, ok := v.([]byte); ok {
					v = string(b)
				}
				cols[i] = fmt.Sprint(v)
			}
			out = append(out, strings.Join(cols, "|"))
			return nil
		})
	})
	if err != nil {
		t.Fatalf("%s: %v", query, err)
	}
	return out
}

// TestFailedOutboxEntryKeepsItsError: an entry failed by a permanent error stays in
// the outbox table, status failed, with the error an operator reads.
func TestFailedOutboxEntryKeepsItsError(t *testing.T) {
	ctx := context.Background()
	s, _ := openStore(t, Options{})
	defer s.Close()
	c := newCommit("c-1", 0, "m-1")
	c.Outbox = []parley.OutboxEntry{{Kind: "chatwoot.message", IdempotencyKey: "k1", Payload: []byte(`{}`)}}
	if err := s.Commit(ctx, c); err != nil {
		t.Fatalf("Commit: %v", err)
	}
	if err := s.FailOutbox(ctx, c.Outbox[0].ID, "chatwoot: 422 unprocessable"); err != nil {
		t.Fatalf("FailOutbox: %v", err)
	}
	got := rawRows(t, s, `SELECT idempotency_key, status, attempts, last_error FROM outbox`)
	if diff := cmp.Diff([]string{"k1|failed|0|chatwoot: 422 unprocessable"}, got); diff != "" {
		t.Fatalf("outbox rows (-want +got):\n%s", diff)
	}
}
