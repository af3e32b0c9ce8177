package sqlite_test

import (
	"context"
	"encoding/json"
	"fmt"
	"log"
	"os"
	"path/filepath"
	"time"

	"github.com/parleyhq/parley"
	"github.com/parleyhq/parley/sqlite"
)

// A store keeps each conversation's state, its event log and the answer to every
// processed message, written together by one Commit. The runtime (package actor)
// is what commits in a server; this is the same call made by hand.
func Example() {
	dir, err := os.MkdirTemp("", "parley-example")
	if err != nil {
		log.Fatal(err)
	}
	defer os.RemoveAll(dir)
	ctx := context.Background()
	store, err := sqlite.Open(ctx, filepath.Join(dir, "parley.db"), sqlite.Options{})
	if err != nil {
		log.Fatal(err)
	}
	defer store.Close()

	key := parley.ConversationKey{Bot: "shop", ID: "c1"}
	at := time.Date(2025, 12, 5, 9, 30, 0, 0, time.UTC)
	err = store.Commit(ctx, &parley.Commit{
		Conversation: parley.Conversation{
			Key: key, Engine: "shop", Version: 1, Turns: 1,
			State:     json.RawMessage(`{"conversation_state":{"state":"idle"}}`),
			Lifecycle: parley.LifecycleIdle,
			UpdatedAt: at,
		},
		ExpectedVersion: 0, // a new conversation
		Events:          []parley.Event{{Type: "message", Data: json.RawMessage(`{"text":"hi"}`), At: at}},
		MessageID:       "m1",
		Response:        []byte(`{"replies":[]}`),
	})
	if err != nil {
		log.Fatal(err)
	}

	c, err := store.Conversation(ctx, key)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(c.Version, c.Lifecycle, string(c.State))
	processed, ok, _ := store.Processed(ctx, key, "m1")
	fmt.Println(ok, processed.Version, string(processed.Response))
	events, _ := store.Events(ctx, key, 0, 10)
	fmt.Println(len(events), events[0].Seq, events[0].Type)

	// The next turn commits on the version it read. A second writer that read the
	// same version loses: its commit changes nothing and says why, and the runtime
	// decides its turn again on a fresh read.
	next := *c
	next.Version, next.Turns = 2, 2
	fmt.Println(store.Commit(ctx, &parley.Commit{Conversation: next, ExpectedVersion: 1, MessageID: "m2"}))
	err = store.Commit(ctx, &parley.Commit{Conversation: next, ExpectedVersion: 1, MessageID: "m3"})
	fmt.Println(parley.ErrorCode(err) == parley.ECONFLICT)
	// Output:
	// 1 idle {"conversation_state":{"state":"idle"}}
	// true 1 {"replies":[]}
	// 1 1 message
	// <nil>
	// true
}
