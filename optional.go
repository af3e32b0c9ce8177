package parley

// EngineAs finds optional behaviour of an engine, an interface T beyond Engine (a
// diagram, a handback, per-conversation metrics, a vocabulary for a model), through
// the engines wrapped around it: the engine itself, then the engine its
// Unwrap() Engine method returns, and so on, as errors.As walks wrapped errors.
//
// A wrapper (understanding through a model, recording turns for replay) changes
// Decide and must not hide what the engine under it can do, so every caller that
// asks an engine for optional behaviour asks through EngineAs, never with a type
// assertion on the bot's engine, and a wrapper implements Unwrap instead of
// forwarding each optional method.
func EngineAs[T any](e Engine) (T, bool) {
	for e != nil {
		if t, ok := e.(T); ok {
			return t, true
		}
		u, ok := e.(EngineWrapper)
		if !ok {
			break
		}
		e = u.Unwrap()
	}
	var zero T
	return zero, false
}

// EngineWrapper is an engine wrapped around another (understanding through a model,
// recording turns for replay): Unwrap returns the engine under it, through which
// EngineAs finds optional behaviour and replay decides again without the model.
type EngineWrapper interface {
	Engine
	Unwrap() Engine
}

// Grapher is the optional behaviour of engines that draw their machine (the shop's
// seed table, a flows bot's flows and steps, a gates bot's nodes and gates) as
// Mermaid or DOT source: format is "mermaid" or "dot". `parley graph` prints it and
// GET /v1/bots/{bot}/graph serves it.
type Grapher interface {
	Graph(format string) (string, error)
}
