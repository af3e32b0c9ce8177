package shop

import (
	"github.com/parleyhq/parley"
)

// Graph draws seed 000's state table (Machine), the machine every shop conversation
// moves through, as Mermaid or DOT; the inspector highlights conversation_state.state
// on it.
func (e *Engine) Graph(format string) (string, error) {
	switch format {
	case "mermaid", "":
		return Machine.Mermaid(), nil
	case "dot":
		return Machine.DOT(), nil
	}
	return "", parley.Errorf(parley.EINVALID, "graph format must be mermaid or dot, got %q", format)
}
