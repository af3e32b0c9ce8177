package memstore_test

import (
	"context"
	"encoding/json"
	"fmt"
	"log"
	"time"

	"github.com/parleyhq/parley"
	"github.com/parleyhq/parley/memstore"
)

// A store keeps each conversation's state, its event log and the answer to every
// processed message, written together by one Commit; the runtime (package actor)
// makes these calls in a server. The in-memory store behaves as the durable ones
// (package sqlite, package postgres) do, so it is the one to embed in tests.
func Example() {
	ctx := context.Background()
	store := memstore.New()
	defer store.Close()

	key := parley.ConversationKey{Bot: "shop", ID: "c1"}
	at := time.Date(2025, 12, 5, 9, 30, 0, 0, time.UTC)
	err := store.Commit(ctx, &parley.Commit{
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

	// A second writer that read the same version loses: its commit changes nothing
	// and says why, and the runtime decides its turn again on a fresh read.
	next := *c
	next.Version, next.Turns = 2, 2
	fmt.Println(store.Commit(ctx, &parley.Commit{Conversation: next, ExpectedVersion: 1, MessageID: "m2"}))
	err = store.Commit(ctx, &parley.Commit{Conversation: next, ExpectedVersion: 1, MessageID: "m3"})
	fmt.Println(parley.ErrorCode(err) == parley.ECONFLICT)
	// Output:
	// 1 idle {"conversation_state":{"state":"idle"}}
	// true 1 {"replies":[]}
	// <nil>
	// true
}
