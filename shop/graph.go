package shop

// Graph draws seed 000's state table (Machine), the machine every shop conversation
// moves through, as Mermaid or DOT; the inspector highlights conversation_state.state
// on it.
func (e *Engine) Graph(format string) (string, error) {
	return Machine.Graph(format)
}
