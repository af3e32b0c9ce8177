package sqlite

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/parleyhq/parley"
)

// BenchmarkListConversations lists the newest page of one bot among n conversations
// (no index on activity time: the bot's rows are sorted per call).
func BenchmarkListConversations(b *testing.B) {
	for _, n := range []int{1000, 10000} {
		b.Run(fmt.Sprintf("conversations=%d", n), func(b *testing.B) {
			s, _ := openStore(b, Options{})
			defer s.Close()
			ctx := context.Background()
			at := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
			for i := range n {
				c := &parley.Commit{Conversation: parley.Conversation{
					Key: parley.ConversationKey{Bot: "shop", ID: fmt.Sprintf("c-%06d", i)}, Engine: "shop",
					State: []byte(`{"conversation_state":{"state":"idle"}}`), Lifecycle: parley.LifecycleIdle,
					Version: 1, Turns: 1, CreatedAt: at, UpdatedAt: at.Add(time.Duration(i*7919%n) * time.Second),
				}}
				if err := s.Commit(ctx, c); err != nil {
					b.Fatal(err)
				}
			}
			q := parley.ConversationQuery{Bot: "shop", Limit: 21}
			b.ResetTimer()
			for b.Loop() {
				got, err := s.ListConversations(ctx, q)
				if err != nil || len(got) != 21 {
					b.Fatalf("%d, %v", len(got), err)
				}
			}
		})
	}
}
