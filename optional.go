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

// DrawGraph answers Grapher.Graph for a machine drawn both ways: mermaid (or "") or
// dot, drawing only the one asked for; any other format is EINVALID. Every Grapher
// (the shop, flows and gates engines, an fsm.Machine such as the lifecycle) picks
// its format here, so that all take and refuse the same formats alike.
func DrawGraph(format string, mermaid, dot func() string) (string, error) {
	switch format {
	case "mermaid", "":
		return mermaid(), nil
	case "dot":
		return dot(), nil
	}
	return "", Errorf(EINVALID, "graph format must be mermaid or dot, got %q", format)
}

// Graph draws the bot's engine machine: the Grapher EngineAs finds on its engine,
// through any wrapper. An engine that draws nothing is ENOTFOUND. GET
// /v1/bots/{bot}/graph and `parley graph` both ask a bot this, so they answer alike.
func (b *Bot) Graph(format string) (string, error) {
	g, ok := EngineAs[Grapher](b.Engine)
	if !ok {
		return "", Errorf(ENOTFOUND, "bot %s (engine %s) has no diagram", b.Name, b.Engine.Kind())
	}
	return g.Graph(format)
}

// Immediate is the optional behaviour of an engine whose Decide, as the engine is
// configured, waits on nothing outside the process: no model, no webhook, no
// catalog or function of the embedding program that may block. The runtime decides
// such an engine's turns on the goroutine that runs the turn, and an idle
// conversation's turn on its caller's goroutine (package actor): a decision that
// takes microseconds of CPU gains nothing from a goroutine of its own, and handing a
// turn from goroutine to goroutine cost more than the decision (docs/performance.md,
// "The turn on one goroutine"). A pause or cancel that arrives while such a turn
// decides is applied once the turn has committed, as if it had come a moment later.
//
// Unlike the other optional behaviours it is asked of the bot's engine itself
// (IsImmediate), never through EngineAs: a wrapper decides through code of its own
// (a model's understanding), and only the wrapper can say whether that waits.
type Immediate interface {
	Immediate() bool
}

// IsImmediate reports whether e says its decisions wait on nothing (Immediate).
func IsImmediate(e Engine) bool {
	i, ok := e.(Immediate)
	return ok && i.Immediate()
}

// MeaningResume is the meaning of the message of a turn the runtime makes itself,
// with no user behind it: it resumes a call whose intent a stopped server left
// (Turn.Intent; the runtime's sweeper finds them once their lease runs out), so that
// the call's outcome reaches the conversation without waiting for the user.
const MeaningResume = "parley:resume"

// CallResumer is the optional behaviour of an engine whose turns record call
// intents: the runtime sends it turns whose message means MeaningResume, which it
// decides by sending the pending call again under its key and saying the outcome
// (or that it is still unknown), and leaves a state without a pending call as it
// is. ResumesCalls reports whether the bot's engine does.
type CallResumer interface {
	ResumesCalls() bool
}
