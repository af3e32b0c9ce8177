package main

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/parleyhq/parley"
	"github.com/parleyhq/parley/internal/app"
	"github.com/parleyhq/parley/llm"
	"github.com/parleyhq/parley/llm/llmtest"
)

var updateVocabulary = flag.Bool("update-vocabulary", false, "rewrite docs/vocabulary/*.json from the demo bots")

// TestDemoVocabularies pins what each demo bot tells a model (the JSON Schema of
// the answer, the instructions, the history) in docs/vocabulary/, where the
// documentation links to them; each schema compiles and is in the strict
// structured-outputs subset. Run with -update-vocabulary after a deliberate change.
func TestDemoVocabularies(t *testing.T) {
	ctx := context.Background()
	store := tempStore(t)
	w, err := app.BuildBots(ctx, app.DemoConfig(), store, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	// One turn before: the shop has shown cards, the booking bot waits for a slot.
	before := map[string]string{"shop": "show me hoodies", "booking": "I want to book a flight", "hotel": "I need a hotel", "coach": "hello"}
	at := time.Date(2026, 1, 2, 10, 0, 0, 0, time.UTC)
	for _, b := range w.Bots {
		t.Run(b.Name, func(t *testing.T) {
			if before[b.Name] == "" {
				t.Fatalf("no first message for demo bot %s", b.Name)
			}
			key := parley.ConversationKey{Bot: b.Name, ID: "v"}
			d, err := b.Engine.Decide(ctx, parley.Turn{Conversation: key, Index: 1, State: b.Engine.NewState(key), Message: parley.Message{ID: "1", Text: before[b.Name], SentAt: at}})
			if err != nil {
				t.Fatal(err)
			}
			vocab := b.Engine.(llm.Vocabulary)
			u, ok, err := vocab.Understanding(ctx, parley.Turn{Conversation: key, Index: 2, State: d.State, Message: parley.Message{ID: "2", Text: "actually, make it from Boston", SentAt: at.Add(time.Minute)}})
			if err != nil || !ok {
				t.Fatalf("Understanding: ok %v, %v", ok, err)
			}
			if _, err := llm.CompileSchema(u.SchemaName, u.Schema); err != nil {
				t.Fatal(err)
			}
			if p := llmtest.StrictProblem("schema", u.Schema); p != "" {
				t.Errorf("not strict: %s", p)
			}
			got, err := json.MarshalIndent(map[string]any{
				"after": before[b.Name], "schema_name": u.SchemaName, "schema": u.Schema,
				"instructions": u.Instructions, "history": u.History, "unclear": u.Unclear,
			}, "", "  ")
			if err != nil {
				t.Fatal(err)
			}
			path := filepath.Join("..", "..", "docs", "vocabulary", b.Name+".json")
			if *updateVocabulary {
				if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(path, append(got, '\n'), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (run with -update-vocabulary)", err)
			}
			if diff := cmp.Diff(string(bytes.TrimSpace(want)), string(got)); diff != "" {
				t.Errorf("%s differs (-want +got); run with -update-vocabulary if deliberate:\n%s", path, diff)
			}
		})
	}
}
