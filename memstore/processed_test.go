package memstore_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/parleyhq/parley"
	"github.com/parleyhq/parley/memstore"
)

// TestProcessedIdsBeforeAndAfterTheIndex: a conversation's processed message ids are
// found by scanning its first versions and through its index once it has more
// (scanVersions), for turns and for other processed messages alike; a version that
// processed no message is no id's, and an id processed before or after the index
// was built is refused again (EDUPLICATE).
func TestProcessedIdsBeforeAndAfterTheIndex(t *testing.T) {
	ctx := context.Background()
	s := memstore.New()
	k := parley.ConversationKey{Bot: "b", ID: "long"}
	at := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	want := map[string]int64{}
	commit := func(v int64, mod int) *parley.Commit {
		c := &parley.Commit{Conversation: parley.Conversation{Key: k, Engine: "e", Lifecycle: parley.LifecycleIdle,
			Version: v, State: []byte(`{}`), UpdatedAt: at}, ExpectedVersion: v - 1}
		id := fmt.Sprint("m", v)
		switch mod {
		case 0: // a turn
			c.Turn = &parley.TurnRecord{Message: parley.Message{ID: id, Text: "hi", SentAt: at}, Replies: []byte(`[]`), Transitions: []byte(`[]`)}
		case 1: // another processed message
			c.MessageID, c.Response = id, []byte(`{}`)
		}
		return c
	}
	const versions = 40
	for v := int64(1); v <= versions; v++ {
		c := commit(v, int(v%3))
		if err := s.Commit(ctx, c); err != nil {
			t.Fatalf("version %d: %v", v, err)
		}
		if v%3 != 2 {
			want[c.ProcessedID()] = v
		}
		for id, wv := range want {
			p, ok, err := s.Processed(ctx, k, id)
			if err != nil || !ok || p.Version != wv {
				t.Fatalf("after version %d: Processed(%s) = version %d, %v, %v; want %d", v, id, p.Version, ok, err, wv)
			}
		}
		if _, ok, _ := s.Processed(ctx, k, fmt.Sprint("m", v+1)); ok {
			t.Fatalf("after version %d: an id never processed was found", v)
		}
	}
	for _, id := range []int64{3, 4, 39} { // a turn and a message before the index, a turn after
		dup := commit(versions+1, 0)
		dup.Turn.Message.ID = fmt.Sprint("m", id)
		if err := s.Commit(ctx, dup); parley.ErrorCode(err) != parley.EDUPLICATE {
			t.Errorf("a second commit of m%d: %v, want %s", id, err, parley.EDUPLICATE)
		}
	}
	if _, ok, _ := s.Processed(ctx, k, "m2"); ok {
		t.Error("a version that processed no message gave its id")
	}
}
