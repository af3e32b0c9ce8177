package main

import (
	"context"
	"fmt"
	"io"
	"log/slog"

	"github.com/parleyhq/parley"
	"github.com/parleyhq/parley/actor"
	"github.com/parleyhq/parley/internal/app"
	"github.com/parleyhq/parley/replay"
)

// runReplay recomputes a stored conversation with the current bot definition and
// its recorded parses, never calling a model. It prints the first turn whose
// state differs from the stored one and exits 1; it prints nothing when every
// turn is identical.
func runReplay(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fset := newFlagSet("replay", stderr, "[-config FILE] [-db PATH | -store URL] BOT CONVERSATION")
	configPath := app.ConfigFlag(fset)
	var sf storeFlags
	sf.register(fset)
	if _, err := parseArgs(fset, args, 2, 2); err != nil {
		return err
	}
	cfg, err := app.ResolveConfig(*configPath)
	if err != nil {
		return err
	}
	store, err := openStore(ctx, sf, cfg.Store)
	if err != nil {
		return err
	}
	defer store.Close()
	w, err := app.BuildBots(ctx, cfg, store, nil, slog.New(slog.DiscardHandler))
	if err != nil {
		return err
	}
	key := parley.ConversationKey{Bot: fset.Arg(0), ID: fset.Arg(1)}
	eng, err := replayEngine(w.Bots, key.Bot)
	if err != nil {
		return err
	}
	// The runtime answers each message's stored response as the turn returned it, as
	// the HTTP API does, without the actor's bookkeeping around it.
	rt := actor.New(store, w.Bots, actor.Options{})
	defer rt.Close()
	res, err := replay.Conversation(ctx, replayStore{ConversationReader: store, rt: rt}, eng, key)
	if err != nil {
		return err
	}
	if res.Difference != nil {
		fmt.Fprintln(stdout, res.Difference)
		return exitError(1)
	}
	return nil
}

// replayEngine is the engine of the bot named name, without the model's
// understanding around it: the engine alone decides; the recorded parses stand in
// for the model.
func replayEngine(bots []*parley.Bot, name string) (parley.Engine, error) {
	var eng parley.Engine
	for _, b := range bots {
		if b.Name == name {
			eng = b.Engine
		}
	}
	if eng == nil {
		return nil, parley.Errorf(parley.ENOTFOUND, "no bot %q in the configuration", name)
	}
	if u, ok := eng.(parley.EngineWrapper); ok {
		eng = u.Unwrap()
	}
	return eng, nil
}

// replayStore is what replay reads (replay.Store): the stored log, and each
// processed message's response rebuilt by the runtime (the store keeps it without
// its state and with the actor's digest around it).
type replayStore struct {
	parley.ConversationReader
	rt *actor.Runtime
}

func (s replayStore) ProcessedResponse(ctx context.Context, key parley.ConversationKey, messageID string) ([]byte, bool, error) {
	return s.rt.ProcessedResponse(ctx, key, messageID)
}
