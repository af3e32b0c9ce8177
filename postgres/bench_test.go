package postgres

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/parleyhq/parley"
)

// benchState is about the size of a booking conversation's state after a few turns.
var benchState = []byte(`{"slots":{"origin":"New York","destination":"Los Angeles","departure_date":"2026-12-12"},` +
	`"current_flow":"book_flight","conversation_state":"confirming","messages":[` +
	strings.Repeat(`{"role":"user","text":"a message of ordinary length"},`, 12) + `{"role":"bot","text":"ok"}]}`)

// benchTurn is the commit of one turn: the new state, a turn and a state_changed
// event, and the processed response.
func benchTurn(key parley.ConversationKey, expected int64) *parley.Commit {
	messageID := fmt.Sprintf("m-%d", expected+1)
	return &parley.Commit{
		Conversation: parley.Conversation{
			Key: key, Engine: "flows", State: benchState, Lifecycle: parley.LifecycleIdle,
			Version: expected + 1, Turns: expected + 1, CreatedAt: t0, UpdatedAt: t0,
		},
		ExpectedVersion: expected,
		Events: []parley.Event{
			{Type: parley.EventTurn, Data: []byte(`{"message_id":"` + messageID + `","transitions":[{"from":"idle","to":"understanding","trigger":"message"}]}`)},
			{Type: parley.EventStateChanged, Data: []byte(`{"from_state":"running","to_state":"idle","reason":"turn"}`)},
		},
		MessageID: messageID,
		Response:  []byte(`{"conversation_id":"c","message_id":"` + messageID + `","replies":[{"id":"a-1","type":"text","text":"Book New York -> Los Angeles on 2026-12-12?"}]}`),
	}
}

// BenchmarkCommit measures turn commits against the local server: seq is one
// conversation committed turn after turn; parallel16 is 16 conversations committed at
// once (16 connections), the shape of a busy replica.
//
//	go test ./postgres -run '^$' -bench Commit -benchtime 3s
func BenchmarkCommit(b *testing.B) {
	b.Run("seq", func(b *testing.B) {
		s := openTest(b, Options{})
		ctx := context.Background()
		key := parley.ConversationKey{Bot: "booking", ID: "bench"}
		b.ResetTimer()
		for i := range b.N {
			if err := s.Commit(ctx, benchTurn(key, int64(i))); err != nil {
				b.Fatal(err)
			}
		}
		b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "commits/s")
	})
	b.Run("parallel16", func(b *testing.B) {
		const workers = 16
		s := openTest(b, Options{MaxConns: workers})
		ctx := context.Background()
		var next atomic.Int64
		var wg sync.WaitGroup
		b.ResetTimer()
		for w := range workers {
			wg.Go(func() {
				key := parley.ConversationKey{Bot: "booking", ID: fmt.Sprintf("bench-%d", w)}
				for version := int64(0); next.Add(1) <= int64(b.N); version++ {
					if err := s.Commit(ctx, benchTurn(key, version)); err != nil {
						b.Error(err)
						return
					}
				}
			})
		}
		wg.Wait()
		b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "commits/s")
	})
}

// BenchmarkRawUpsert is the reference for BenchmarkCommit: one small UPSERT per
// transaction through the same pool, the least a durable turn can cost on this server.
func BenchmarkRawUpsert(b *testing.B) {
	run := func(b *testing.B, workers int) {
		s := openTest(b, Options{MaxConns: int32(workers)})
		ctx := context.Background()
		if _, err := s.pool.Exec(ctx, "CREATE TABLE raw (id int PRIMARY KEY, n bigint NOT NULL)"); err != nil {
			b.Fatal(err)
		}
		var next atomic.Int64
		var wg sync.WaitGroup
		b.ResetTimer()
		for w := range workers {
			wg.Go(func() {
				for next.Add(1) <= int64(b.N) {
					if _, err := s.pool.Exec(ctx, "INSERT INTO raw VALUES ($1, 1) ON CONFLICT (id) DO UPDATE SET n = raw.n + 1", w); err != nil {
						b.Error(err)
						return
					}
				}
			})
		}
		wg.Wait()
		b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "commits/s")
	}
	b.Run("seq", func(b *testing.B) { run(b, 1) })
	b.Run("parallel16", func(b *testing.B) { run(b, 16) })
}
