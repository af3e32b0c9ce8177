package parley_test

import (
	"context"
	"testing"

	"github.com/parleyhq/parley"
)

type drawing struct{ parley.Engine }

func (drawing) Graph(string) (string, error) { return "graph", nil }

type wrapper struct {
	parley.Engine
	inner parley.Engine
}

func (w wrapper) Unwrap() parley.Engine { return w.inner }

type bare struct{}

func (bare) Kind() string                        { return "bare" }
func (bare) NewState(parley.ConversationKey) any { return nil }
func (bare) DecodeState([]byte) (any, error)     { return nil, nil }
func (bare) Decide(context.Context, parley.Turn) (parley.Decision, error) {
	return parley.Decision{}, nil
}

type grapher interface{ Graph(string) (string, error) }

func TestEngineAsFindsBehaviourThroughWrappers(t *testing.T) {
	inner := drawing{bare{}}
	tests := []struct {
		name string
		e    parley.Engine
		want bool
	}{
		{"the engine itself", inner, true},
		{"one wrapper", wrapper{bare{}, inner}, true},
		{"two wrappers", wrapper{bare{}, wrapper{bare{}, inner}}, true},
		{"an engine without it", bare{}, false},
		{"a wrapper of an engine without it", wrapper{bare{}, bare{}}, false},
		{"a wrapper of nothing", wrapper{bare{}, nil}, false},
		{"nil", nil, false},
	}
	for _, tt := range tests {
		g, ok := parley.EngineAs[grapher](tt.e)
		if ok != tt.want || (ok && g == nil) {
			t.Errorf("%s: EngineAs = %v, %v; want found %v", tt.name, g, ok, tt.want)
		}
	}
}

// TestBotGraph: a bot draws what its engine draws, through a wrapper too, and a bot
// whose engine draws nothing is ENOTFOUND (what `parley graph` and GET
// /v1/bots/{bot}/graph answer).
func TestBotGraph(t *testing.T) {
	for _, e := range []parley.Engine{drawing{bare{}}, wrapper{bare{}, drawing{bare{}}}} {
		if got, err := (&parley.Bot{Name: "b", Engine: e}).Graph("dot"); got != "graph" || err != nil {
			t.Errorf("Graph = %q, %v; want the engine's drawing", got, err)
		}
	}
	if _, err := (&parley.Bot{Name: "b", Engine: bare{}}).Graph("dot"); parley.ErrorCode(err) != parley.ENOTFOUND {
		t.Errorf("an engine that draws nothing: err = %v, want ENOTFOUND", err)
	}
}

// TestDrawGraph: mermaid (or no format) and dot each draw only their own drawing;
// any other format is EINVALID and draws nothing.
func TestDrawGraph(t *testing.T) {
	var drawn []string
	draw := func(name string) func() string {
		return func() string { drawn = append(drawn, name); return name }
	}
	for format, want := range map[string]string{"mermaid": "mermaid", "": "mermaid", "dot": "dot"} {
		drawn = nil
		got, err := parley.DrawGraph(format, draw("mermaid"), draw("dot"))
		if got != want || err != nil || len(drawn) != 1 {
			t.Errorf("DrawGraph(%q) = %q, %v (drew %v); want %q alone", format, got, err, drawn, want)
		}
	}
	drawn = nil
	if _, err := parley.DrawGraph("svg", draw("mermaid"), draw("dot")); parley.ErrorCode(err) != parley.EINVALID || drawn != nil {
		t.Errorf("DrawGraph(svg): err = %v, drew %v; want EINVALID and nothing drawn", err, drawn)
	}
}
