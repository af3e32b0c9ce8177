package main

import (
	"context"
	"fmt"
	"io"

	"github.com/parleyhq/parley"
	"github.com/parleyhq/parley/actor"
	"github.com/parleyhq/parley/flows"
	"github.com/parleyhq/parley/gates"
	"github.com/parleyhq/parley/internal/app"
	"github.com/parleyhq/parley/shop"
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
	out, err := graphOf(*configPath, fset.Arg(0), *format)
	if err != nil {
		return err
	}
	fmt.Fprint(stdout, out)
	return nil
}

// graphOf draws the lifecycle (name "lifecycle") or the named bot's graph.
func graphOf(configPath, name, format string) (string, error) {
	if name == "lifecycle" {
		return pickFormat(format, actor.Lifecycle.Mermaid(), actor.Lifecycle.DOT()), nil
	}
	cfg, err := app.ResolveConfig(configPath)
	if err != nil {
		return "", err
	}
	bc := cfg.Bot(name)
	if bc == nil {
		return "", parley.Errorf(parley.ENOTFOUND, "unknown bot %q", name)
	}
	switch bc.Engine {
	case "flows":
		return graphFlows(cfg, bc, format)
	case "gates":
		return graphGates(cfg, bc, format)
	}
	return pickFormat(format, shop.Machine.Mermaid(), shop.Machine.DOT()), nil
}

// graphFlows draws a flows bot's flows, or the dialogue machine when the engine
// cannot draw them.
func graphFlows(cfg *app.Config, bc *app.BotConfig, format string) (string, error) {
	var eng parley.Engine
	var err error
	if bc.Flows == "" {
		eng, err = flows.DemoFor(bc.Name)
	} else {
		var def *flows.Definition
		if def, err = flows.LoadFile(cfg.Path(bc.Flows)); err == nil {
			eng, err = flows.New(def, flows.Options{})
		}
	}
	if err != nil {
		return "", err
	}
	if g, ok := parley.EngineAs[parley.Grapher](eng); ok {
		return g.Graph(format)
	}
	return pickFormat(format, flows.Dialogue.Mermaid(), flows.Dialogue.DOT()), nil
}

// graphGates draws a gates bot's flow when it can be drawn.
func graphGates(cfg *app.Config, bc *app.BotConfig, format string) (string, error) {
	data, err := cfg.GatesFlowOf(bc)
	if err != nil {
		return "", err
	}
	f, err := gates.ParseFlow(data, bc.Flow)
	if err != nil {
		return "", err
	}
	if g, ok := any(f).(parley.Grapher); ok {
		return g.Graph(format)
	}
	return "", parley.Errorf(parley.EINVALID, "bot %s: gates flows are edge-less; no graph to draw", bc.Name)
}

// pickFormat returns the drawing in the format asked for.
func pickFormat(format, mermaid, dot string) string {
	if format == "dot" {
		return dot
	}
	return mermaid
}
