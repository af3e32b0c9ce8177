package main

import (
	"context"
	"fmt"
	"io"

	"github.com/parleyhq/parley"
	"github.com/parleyhq/parley/actor"
	"github.com/parleyhq/parley/internal/app"
	"github.com/parleyhq/parley/memstore"
)

// runGraph is `parley graph`: the seed 004 lifecycle, or a bot's machine or flows, as
// Mermaid or DOT.
func runGraph(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fset := newFlagSet("graph", stderr, "[-config FILE] [-format mermaid|dot] BOT|lifecycle")
	configPath := app.ConfigFlag(fset)
	format := fset.String("format", "mermaid", "mermaid or dot")
	if _, err := parseArgs(fset, args, 1, 1); err != nil {
		return err
	}
	if *format != "mermaid" && *format != "dot" {
		return parley.Errorf(parley.EINVALID, "-format must be mermaid or dot, got %q", *format)
	}
	out, err := graphOf(ctx, *configPath, fset.Arg(0), *format)
	if err != nil {
		return err
	}
	fmt.Fprint(stdout, out)
	return nil
}

// graphOf draws the lifecycle (name "lifecycle") or the named bot's engine machine,
// which the bot's engine draws itself (parley.Bot.Graph), as the server's GET
// /v1/bots/{bot}/graph does. The bot is built as `parley serve` builds it, over an
// in-memory store that holds a gates bot's flow for the drawing and is dropped after.
func graphOf(ctx context.Context, configPath, name, format string) (string, error) {
	if name == "lifecycle" {
		return actor.Lifecycle.Graph(format)
	}
	cfg, err := app.ResolveOfflineConfig(configPath)
	if err != nil {
		return "", err
	}
	bc := cfg.Bot(name)
	if bc == nil {
		return "", parley.Errorf(parley.ENOTFOUND, "unknown bot %q", name)
	}
	store := memstore.New()
	defer store.Close()
	bot, err := app.BuildBot(ctx, cfg, bc, store)
	if err != nil {
		return "", err
	}
	return bot.Graph(format)
}
