package shop

import (
	"github.com/parleyhq/parley"
	"github.com/parleyhq/parley/fsm"
)

// Graph draws seed 000's state table (fsm.Shop), the machine every shop conversation
// moves through, as Mermaid or DOT; the inspector highlights conversation_state.state
// on it.
func (e *Engine) Graph(format string) (string, error) {
	switch format {
	case "mermaid", "":
		return fsm.Shop.Mermaid(), nil
	case "dot":
		return fsm.Shop.DOT(), nil
	}
	return "", parley.Errorf(parley.EINVALID, "graph format must be mermaid or dot, got %q", format)
}
