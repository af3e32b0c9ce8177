package sqlite

import (
	"bytes"
	"context"
	"database/sql"
	"fmt"
	"testing"
	"time"

	"github.com/parleyhq/parley"
	"github.com/parleyhq/parley/storetest"
	"github.com/parleyhq/parley/turnlog"
)

// layout0003 is a conversation as migration 0003's layout stored it, with what a
// reader must get back: every version's commit and state.
type layout0003 struct {
	key     parley.ConversationKey
	commits []*parley.Commit
	events  []parley.Event // the log, as Events returns it
}

// commitMore commits n more versions of the conversation after its last one (the
// i-th conversation's kind of commits, versionCommit) and keeps them.
func (conv *layout0003) commitMore(t *testing.T, s *Store, i, n int) {
	t.Helper()
	for range n {
		v := conv.commits[len(conv.commits)-1].Conversation.Version + 1
		c := versionCommit(conv.key, v, i)
		c.ExpectedVersion = v - 1
		if err := s.Commit(context.Background(), c); err != nil {
			t.Fatalf("%s: commit v%d after the migration: %v", conv.key, v, err)
		}
		conv.events = append(conv.events, turnlog.LogEvents(c)...)
		conv.commits = append(conv.commits, c)
	}
}

// TestMigration0004KeepsEveryConversation writes conversations in migration 0003's
// layout (every turns row holding its version's state whole, the head pointing at
// its row), opens the file (which applies 0004: the head holds the state, new rows
// keep changes) and reads every conversation's state, log and processed messages
// back; then commits more versions and reads every old version again.
func TestMigration0004KeepsEveryConversation(t *testing.T) {
	ctx := context.Background()
	path, db := fileAtMigration(t, "layout0003.db", 3)
	var convs []*layout0003
	rowID := int64(0)
	for i := range 12 {
		conv := &layout0003{key: parley.ConversationKey{Bot: "booking", ID: fmt.Sprintf("c-%d", i)}}
		lastSeq := int64(0)
		for v := int64(1); v <= int64(3+i*3); v++ {
			c := versionCommit(conv.key, v, i)
			first := lastSeq + 1
			lastSeq += int64(turnlog.EventCount(c))
			rowID++
			insert0003(t, db, c, rowID, first, lastSeq)
			c.StoredSeqs(first, c.Conversation.UpdatedAt)
			c.Conversation.LastSeq = lastSeq
			conv.events = append(conv.events, turnlog.LogEvents(c)...)
			conv.commits = append(conv.commits, c)
		}
		convs = append(convs, conv)
	}
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}

	s, err := Open(ctx, path, Options{})
	if err != nil {
		t.Fatalf("Open (migration 0004): %v", err)
	}
	defer s.Close()
	for _, conv := range convs {
		storetest.SameConversation(t, s, conv.key, conv.commits, conv.events)
	}
	// New versions keep changes; every old version still reads the same.
	for i, conv := range convs {
		conv.commitMore(t, s, i, 20)
		storetest.SameConversation(t, s, conv.key, conv.commits, conv.events)
	}
	kinds := rawRows(t, s, `SELECT back, count(*) FROM turns GROUP BY back ORDER BY back`)
	if len(kinds) != 3 {
		t.Fatalf("turns rows by kind = %v, want rows of all three kinds (own state, patch, previous state)", kinds)
	}
}

// versionCommit is version v of a conversation: a turn (with a spawn before it at
// version 1 and an engine event after it) or, every third version, a control's record;
// the state grows by a message per version.
func versionCommit(key parley.ConversationKey, v int64, salt int) *parley.Commit {
	at := time.Date(2026, 2, 1, 9, 0, 0, 0, time.UTC).Add(time.Duration(v) * time.Second)
	messages := make([]string, 0, v)
	for j := int64(1); j <= v; j++ {
		messages = append(messages, fmt.Sprintf(`{"role":"user","content":"message %d <%d> of a conversation long enough to patch","timestamp":%d}`, j, salt, j))
	}
	state := fmt.Sprintf(`{"messages":[%s],"slots":{"n":%d},"step":"s%d"}`, join(messages), v%4, v%3)
	c := &parley.Commit{
		Conversation: parley.Conversation{Key: key, Engine: "flows", State: []byte(state), Lifecycle: parley.LifecycleIdle,
			Version: v, Turns: v, CreatedAt: at, UpdatedAt: at},
		ExpectedVersion: v - 1,
	}
	id := fmt.Sprintf("m-%d", v)
	if v%3 == 0 {
		c.MessageID, c.Response = id, []byte(fmt.Sprintf(`{"conversation_id":%q,"state":null,"lifecycle":"paused","version":%d}`, key.ID, v))
		c.Events = []parley.Event{{Type: parley.EventStateChanged, Data: []byte(`{"from_state":"idle","to_state":"paused","reason":"pause"}`), At: at}}
		return c
	}
	c.Turn = &parley.TurnRecord{Message: parley.Message{ID: id, Text: fmt.Sprintf("text %d", v), SentAt: at},
		Replies: []byte(`[{"id":"a-1","type":"text","text":"ok"}]`), Transitions: []byte(`[{"from":"a","to":"b","trigger":"t"}]`)}
	c.Events = []parley.Event{{Type: "guardrail", Data: []byte(`{"rule":"r"}`), At: at}}
	if v == 1 {
		c.Events = append([]parley.Event{{Type: parley.EventStateChanged, Data: []byte(`{"from_state":"created","to_state":"idle","reason":"spawned"}`), At: at}}, c.Events...)
		c.Turn.Before = 1
	}
	return c
}

func join(parts []string) string {
	var b bytes.Buffer
	for i, p := range parts {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(p)
	}
	return b.String()
}

// oldTurnColumns are the message_id, response, response_version and turn columns
// of c's turns row as migrations 0003 and 0004 wrote them: a turn's record, or
// another version's message id and response.
func oldTurnColumns(t *testing.T, c *parley.Commit) (messageID, response, responseVersion, turn any) {
	t.Helper()
	if c.Turn == nil {
		return c.MessageID, string(c.Response), c.Conversation.Version, nil
	}
	rec, err := turnlog.Encode(c.Turn)
	if err != nil {
		t.Fatal(err)
	}
	return c.Turn.Message.ID, nil, nil, string(rec)
}

// insert0003 writes c as migration 0003's commit did.
func insert0003(t *testing.T, db *sql.DB, c *parley.Commit, id, first, last int64) {
	t.Helper()
	conv := &c.Conversation
	events := appendStoredEvents(nil, c, first, micros(conv.UpdatedAt))
	messageID, response, responseVersion, turn := oldTurnColumns(t, c)
	if _, err := db.Exec(`INSERT INTO turns (id, bot, conversation, version, at, lifecycle, message_id,
			first_seq, last_seq, events, state, response, response_version, turn)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		id, conv.Key.Bot, conv.Key.ID, conv.Version, micros(conv.UpdatedAt), string(conv.Lifecycle), messageID,
		first, last, string(events), string(conv.State), response, responseVersion, turn); err != nil {
		t.Fatal(err)
	}
	if _, err := db.Exec(`INSERT INTO conversations
			(bot, conversation, engine, lifecycle, version, turns, last_seq, turn_id, created_at, updated_at, active_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0)
		ON CONFLICT (bot, conversation) DO UPDATE SET lifecycle = excluded.lifecycle, version = excluded.version,
			turns = excluded.turns, last_seq = excluded.last_seq, turn_id = excluded.turn_id, updated_at = excluded.updated_at`,
		conv.Key.Bot, conv.Key.ID, conv.Engine, string(conv.Lifecycle), conv.Version, conv.Turns, last, id,
		micros(conv.CreatedAt), micros(conv.UpdatedAt)); err != nil {
		t.Fatal(err)
	}
}
