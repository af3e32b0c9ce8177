package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"testing"

	"github.com/parleyhq/parley"
	"github.com/parleyhq/parley/actor"
	"github.com/parleyhq/parley/httpapi"
	"github.com/parleyhq/parley/internal/app"
	"github.com/parleyhq/parley/llm"
	"github.com/parleyhq/parley/memstore"
)

// optionalBehaviours are the interfaces beyond parley.Engine that callers look for
// on a bot's engine, each with the check EngineAs makes for it.
var optionalBehaviours = map[string]func(parley.Engine) bool{
	"diagram (parley.Grapher)":        has[parley.Grapher],
	"handback (actor.Handbacker)":     has[actor.Handbacker],
	"metrics (actor.MetricsReporter)": has[actor.MetricsReporter],
	"vocabulary (llm.Vocabulary)":     has[llm.Vocabulary],
}

func has[T any](e parley.Engine) bool {
	_, ok := parley.EngineAs[T](e)
	return ok
}

// TestWrappersKeepOptionalBehaviour: every wrapper cmd/parley puts around an engine
// (understanding through a model, recording for replay, both stacked) keeps every
// optional behaviour of every engine reachable.
func TestWrappersKeepOptionalBehaviour(t *testing.T) {
	ctx := context.Background()
	store := memstore.New()
	defer store.Close()
	cfg := app.DemoConfig()
	cfg.LLM = &app.LLMConfig{BaseURL: "http://127.0.0.1:1/v1", Model: "m"}
	w, err := app.BuildBots(ctx, cfg, store, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	client, err := llm.New(llm.Config{BaseURL: "http://127.0.0.1:1/v1", Model: "m"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	wrappers := map[string]func(parley.Engine, string) (parley.Engine, error){
		"llm.Wrap": func(e parley.Engine, bot string) (parley.Engine, error) {
			return llm.Wrap(e, llm.Options{Bot: bot, Client: client})
		},
		"llm.Record": func(e parley.Engine, bot string) (parley.Engine, error) { return llm.Record(e, bot), nil },
		"llm.Wrap over llm.Record": func(e parley.Engine, bot string) (parley.Engine, error) {
			return llm.Wrap(llm.Record(e, bot), llm.Options{Bot: bot, Client: client})
		},
	}
	for _, b := range w.Bots {
		for wname, wrap := range wrappers {
			wrapped, err := wrap(b.Engine, b.Name)
			if err != nil {
				t.Fatalf("%s(%s): %v", wname, b.Name, err)
			}
			for name, found := range optionalBehaviours {
				if found(b.Engine) && !found(wrapped) {
					t.Errorf("bot %s under %s loses its %s", b.Name, wname, name)
				}
			}
		}
	}
}

// TestDiagramsWithAModelOrRecording: with the README's two-line model
// configuration, or with record: true, every bot still has its diagram at GET
// /v1/bots/{bot}/graph (what the inspector draws).
func TestDiagramsWithAModelOrRecording(t *testing.T) {
	configs := map[string]string{
		"a model for every bot": "nlu: llm\nllm: {base_url: http://127.0.0.1:1/v1, model: qwen2.5:7b-instruct}\n",
		"record: true":          "record: true\n",
	}
	for name, text := range configs {
		t.Run(name, func(t *testing.T) {
			path := configFile(t, text)
			base, stop := startServe(t, io.Discard, "-config", path, "-store", "mem:")
			defer stop()
			for _, bot := range []string{"shop", "booking", "hotel", "coach"} {
				code, body := get(t, fmt.Sprintf("%s/v1/bots/%s/graph", base, bot))
				var g httpapi.Graph
				if code != 200 || json.Unmarshal(body, &g) != nil || g.Source == "" {
					t.Errorf("GET /v1/bots/%s/graph = %d %s", bot, code, body)
				}
			}
		})
	}
}
