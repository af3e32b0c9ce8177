package sqlite

import (
	"context"
	"database/sql"
	"fmt"
	"strings"
	"testing"

	"github.com/parleyhq/parley"
	"github.com/parleyhq/parley/internal/statelog"
	"github.com/parleyhq/parley/storetest"
	"github.com/parleyhq/parley/turnlog"
)

// TestTurnsReadsUseTheIndex: every read of a conversation's turns finds them through
// the message index under the conversation's head (migration 0005), never by a
// scan of turns.
func TestTurnsReadsUseTheIndex(t *testing.T) {
	s, _ := openStore(t, Options{})
	defer s.Close()
	for name, q := range map[string]string{
		"processedExists": processedExistsQuery, "processed": processedQuery, "stateRows": stateRowsQuery,
		"events": eventsQuery, "turnRecords": turnRecordsQuery, "docs/operations.md": readmeQuery,
	} {
		rows := rawRows(t, s, "EXPLAIN QUERY PLAN "+strings.ReplaceAll(q, "?", "'x'"))
		plan := strings.Join(rows, "\n")
		if !strings.Contains(plan, "INDEX turns_message (head_id=") {
			t.Errorf("%s: plan does not find turns through turns_message by head_id:\n%s", name, plan)
		}
		for _, row := range rows {
			if f := strings.Fields(row[strings.LastIndex(row, "|")+1:]); len(f) >= 2 && f[0] == "SCAN" && (f[1] == "t" || f[1] == "turns") {
				t.Errorf("%s: plan scans turns:\n%s", name, plan)
			}
		}
	}
}

// TestMigration0005KeepsEveryConversation writes conversations in migration 0004's
// layout (the head holding the state, each turns row the way back to the state
// before it: patches and whole states; the message index on bot, conversation and
// message id), opens the file (which applies 0005: the index under the head's id)
// and reads every conversation back, every processed message's answer with the
// state of its version included; an old message id is still refused, and new
// versions commit and read alongside the old ones.
func TestMigration0005KeepsEveryConversation(t *testing.T) {
	ctx := context.Background()
	path, db := fileAtMigration(t, "layout0004.db", 4)
	var convs []*layout0003
	// Conversations interleaved, so that heads and turns rows are not in one order.
	for i := range 10 {
		convs = append(convs, &layout0003{key: parley.ConversationKey{Bot: fmt.Sprintf("bot-%d", i%3), ID: fmt.Sprintf("c-%d", 9-i)}})
	}
	prev := make([][]byte, len(convs))
	lastSeq := make([]int64, len(convs))
	for v := int64(1); v <= 20; v++ {
		for i, conv := range convs {
			if v > int64(4+2*i) {
				continue
			}
			c := versionCommit(conv.key, v, i)
			first := lastSeq[i] + 1
			lastSeq[i] += int64(turnlog.EventCount(c))
			insert0004(t, db, c, prev[i], first, lastSeq[i])
			prev[i] = c.Conversation.State
			c.StoredSeqs(first, c.Conversation.UpdatedAt)
			c.Conversation.LastSeq = lastSeq[i]
			conv.events = append(conv.events, turnlog.LogEvents(c)...)
			conv.commits = append(conv.commits, c)
		}
	}
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}

	s, err := Open(ctx, path, Options{})
	if err != nil {
		t.Fatalf("Open (migration 0005): %v", err)
	}
	defer s.Close()
	if n := rawQuery(t, s, `SELECT count(*) FROM turns t JOIN conversations c ON c.id = t.head_id
		WHERE c.bot = t.bot AND c.conversation = t.conversation`); n != rawQuery(t, s, `SELECT count(*) FROM turns`) {
		t.Fatalf("%v turns rows under their own head, of %v", n, rawQuery(t, s, `SELECT count(*) FROM turns`))
	}
	if kinds := rawRows(t, s, `SELECT DISTINCT back FROM turns ORDER BY back`); len(kinds) != 2 {
		t.Fatalf("turns rows by kind = %v, want patches and whole states", kinds)
	}
	for _, conv := range convs {
		storetest.SameConversation(t, s, conv.key, conv.commits, conv.events)
	}
	for i, conv := range convs {
		last := conv.commits[len(conv.commits)-1]
		again := versionCommit(conv.key, last.Conversation.Version+1, i)
		again.ExpectedVersion = last.Conversation.Version
		if again.Turn != nil {
			again.Turn.Message.ID = "m-1" // processed before the migration
		} else {
			again.MessageID = "m-1"
		}
		if err := s.Commit(ctx, again); parley.ErrorCode(err) != parley.EDUPLICATE {
			t.Fatalf("%s: a message id of the old layout committed again: %v, want EDUPLICATE", conv.key, err)
		}
		conv.commitMore(t, s, i, 5)
		storetest.SameConversation(t, s, conv.key, conv.commits, conv.events)
	}
}

// insert0004 writes c as migration 0004's commit did: the head with the state, and a
// turns row with the way back to prev (statelog.Back).
func insert0004(t *testing.T, db *sql.DB, c *parley.Commit, prev []byte, first, last int64) {
	t.Helper()
	conv := &c.Conversation
	events := appendStoredEvents(nil, c, first, micros(conv.UpdatedAt))
	messageID, response, responseVersion, turn := oldTurnColumns(t, c)
	kind, back := statelog.Back(conv.Version, prev, conv.State)
	if _, err := db.Exec(`INSERT INTO turns (bot, conversation, version, at, lifecycle, message_id,
			first_seq, last_seq, events, state, back, response, response_version, turn)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		conv.Key.Bot, conv.Key.ID, conv.Version, micros(conv.UpdatedAt), string(conv.Lifecycle), messageID,
		first, last, string(events), string(back), int64(kind), response, responseVersion, turn); err != nil {
		t.Fatal(err)
	}
	if _, err := db.Exec(`INSERT INTO conversations
			(bot, conversation, engine, lifecycle, version, turns, last_seq, created_at, updated_at, active_at, state)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?)
		ON CONFLICT (bot, conversation) DO UPDATE SET lifecycle = excluded.lifecycle, version = excluded.version,
			turns = excluded.turns, last_seq = excluded.last_seq, updated_at = excluded.updated_at, state = excluded.state`,
		conv.Key.Bot, conv.Key.ID, conv.Engine, string(conv.Lifecycle), conv.Version, conv.Turns, last,
		micros(conv.CreatedAt), micros(conv.UpdatedAt), string(conv.State)); err != nil {
		t.Fatal(err)
	}
}
