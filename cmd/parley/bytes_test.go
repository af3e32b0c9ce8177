package main

import (
	"context"
	"fmt"
	"log/slog"
	"path/filepath"
	"strconv"
	"testing"
	"time"

	"github.com/parleyhq/parley"
	"github.com/parleyhq/parley/internal/app"
	"github.com/parleyhq/parley/sqlite"
)

// BenchmarkBytesPerTurn stores booking conversations of 20 and of 100 turns (the
// five-turn booking of docs/spec/benchmark.md repeated, each cycle a finished booking)
// through the runtime on SQLite and reports the bytes the database file holds per
// turn once checkpointed: what a turn adds must not grow with the conversation.
//
//	go test ./cmd/parley -run '^$' -bench BytesPerTurn -benchtime 1x
func BenchmarkBytesPerTurn(b *testing.B) {
	for _, turns := range []int{20, 100} {
		b.Run(strconv.Itoa(turns)+"turns", func(b *testing.B) {
			for range b.N {
				perTurn := bytesPerTurn(b, turns, 50)
				b.ReportMetric(perTurn, "bytes/turn")
			}
		})
	}
}

// bytesPerTurn runs convs conversations of turns turns on a fresh SQLite file and
// returns the file's size per turn.
func bytesPerTurn(b *testing.B, turns, convs int) float64 {
	ctx := context.Background()
	path := filepath.Join(b.TempDir(), "bytes.db")
	store, err := sqlite.Open(ctx, path, sqlite.Options{})
	if err != nil {
		b.Fatal(err)
	}
	srv, err := app.NewServer(ctx, app.DemoConfig(), store, slog.New(slog.DiscardHandler), app.Security{})
	if err != nil {
		b.Fatal(err)
	}
	srv.Start(ctx)
	at := time.Date(2026, 12, 1, 9, 0, 0, 0, time.UTC)
	for c := range convs {
		key := parley.ConversationKey{Bot: "booking", ID: fmt.Sprintf("long-%d", c)}
		for i := range turns {
			msg := parley.Message{ID: "m" + strconv.Itoa(i), Text: bookingTurns[i%len(bookingTurns)], SentAt: at.Add(time.Duration(i) * time.Second)}
			if _, err := srv.Runtime.Turn(ctx, parley.TurnRequest{Key: key, Message: msg}); err != nil {
				b.Fatalf("%s turn %d: %v", key.ID, i, err)
			}
		}
	}
	srv.Close()
	if err := store.Close(); err != nil {
		b.Fatal(err)
	}
	size, err := fileSize(path)
	if err != nil {
		b.Fatal(err)
	}
	return float64(size) / float64(turns*convs)
}
