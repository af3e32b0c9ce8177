package sqlite

import (
	"context"
	"testing"

	"github.com/parleyhq/parley"
)

// TestCommitOfAKnownHead: the commits after the store's own update the head row
// without reading it back (statelog.Head); what they store is what a store that
// reads it back finds, and a head another writer moved meanwhile is a conflict, as
// for any commit.
func TestCommitOfAKnownHead(t *testing.T) {
	ctx := context.Background()
	s, path := openStore(t, Options{})
	key := parley.ConversationKey{Bot: "shop", ID: "known"}
	var last *parley.Commit
	for v := int64(0); v < 4; v++ {
		last = newCommit(key.ID, v, "m"+string(rune('1'+v)))
		if err := s.Commit(ctx, last); err != nil {
			t.Fatalf("commit v%d: %v", v+1, err)
		}
		if _, known := s.states.HeadAt(key, v+1); !known {
			t.Fatalf("v%d: the cache does not know the head the store committed", v+1)
		}
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	reopened, err := Open(ctx, path, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer reopened.Close()
	c, err := reopened.Conversation(ctx, key)
	if err != nil {
		t.Fatal(err)
	}
	got := last.Conversation
	if c.Version != 4 || c.LastSeq != got.LastSeq || c.LastSeq != 4 || !c.CreatedAt.Equal(got.CreatedAt) {
		t.Errorf("stored head v%d last_seq %d created %v; the commits answered last_seq %d created %v",
			c.Version, c.LastSeq, c.CreatedAt, got.LastSeq, got.CreatedAt)
	}
	events, err := reopened.Events(ctx, key, 0, 100)
	if err != nil {
		t.Fatal(err)
	}
	for i, e := range events {
		if e.Seq != int64(i+1) {
			t.Fatalf("event %d has seq %d: %+v", i, e.Seq, events)
		}
	}

	// Another writer moves the head on: the known head is stale.
	if _, err := reopened.Conversation(ctx, key); err != nil {
		t.Fatal(err)
	}
	if err := reopened.Commit(ctx, newCommit(key.ID, 4, "m5")); err != nil {
		t.Fatal(err)
	}
	rawExec(t, reopened, `UPDATE conversations SET version = version + 1 WHERE conversation = ?`, key.ID)
	err = reopened.Commit(ctx, newCommit(key.ID, 5, "m6"))
	if parley.ErrorCode(err) != parley.ECONFLICT {
		t.Fatalf("commit on a moved head: %v, want %s", err, parley.ECONFLICT)
	}
	if n := rawQuery(t, reopened, `SELECT count(*) FROM turns WHERE message_id = 'm6'`); n != int64(0) {
		t.Errorf("the refused commit stored %v turns rows", n)
	}
}
