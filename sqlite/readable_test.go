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
       (SELECT json_extract(e.data, '$.text') FROM events e
         WHERE e.bot = t.bot AND e.conversation = t.conversation
           AND e.version = t.version AND e.type = 'turn')   AS user_said,
       (SELECT group_concat(json_extract(r.value, '$.text'), ' | ')
          FROM json_each(coalesce(json_extract(t.response, '$.response'), t.response),
                         '$.replies') r)                    AS bot_said,
       (SELECT group_concat(e.type, ', ') FROM events e
         WHERE e.bot = t.bot AND e.conversation = t.conversation
           AND e.version = t.version)                       AS events,
       t.lifecycle
FROM turns t
WHERE t.bot = 'booking' AND t.conversation = 'c-42'
ORDER BY t.version`

// TestReadmeQueryAnswersWhatAConversationSaidAndDid commits turns shaped like the
// actor's (a turn event with the user's text, the response without its state) and
// runs docs/operations.md's query.
func TestReadmeQueryAnswersWhatAConversationSaidAndDid(t *testing.T) {
	ctx := context.Background()
	s, _ := openStore(t, Options{})
	defer s.Close()
	key := parley.ConversationKey{Bot: "booking", ID: "c-42"}
	turns := []struct{ said, reply string }{{"book a flight", "From where?"}, {"Paris", "To where?"}}
	for i, tt := range turns {
		v := int64(i)
		c := newCommit(key.ID, v, fmt.Sprintf("m-%d", i+1))
		c.Conversation.Key = key
		c.Conversation.State = []byte(fmt.Sprintf(`{"turn":%d}`, i+1))
		c.Events = []parley.Event{{Type: parley.EventTurn, Data: []byte(fmt.Sprintf(`{"message_id":"m-%d","text":%q,"transitions":[]}`, i+1, tt.said))}}
		c.Response = []byte(fmt.Sprintf(`{"replies":[{"type":"text","text":%q}],"state":null,"lifecycle":"idle","version":%d}`, tt.reply, v+1))
		if i == 0 { // the actor's record (actor/record.go); a record from before digests is the response alone
			c.Response = []byte(`{"message_sha256":"` + strings.Repeat("ab", 32) + `","response":` + string(c.Response) + `}`)
		}
		if i == 0 {
			c.Events = append([]parley.Event{{Type: parley.EventStateChanged, Data: []byte(`{"from_state":"created","to_state":"idle"}`)}}, c.Events...)
		}
		if err := s.Commit(ctx, c); err != nil {
			t.Fatalf("Commit %d: %v", i, err)
		}
	}
	got := rawRows(t, s, readmeQuery)
	want := []string{
		"1|book a flight|From where?|state_changed, turn|idle",
		"2|Paris|To where?|turn|idle",
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
