package actor

import (
	"context"

	"github.com/parleyhq/parley"
	"github.com/parleyhq/parley/internal/otelglobal"
	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/codes"
	"go.opentelemetry.io/otel/trace"
)

// Spans of a turn below the HTTP span: the engine's decision and the store commit.
// They use the global tracer provider, a no-op unless cmd/parley configured
// OpenTelemetry; the caller's span reaches here through command.values. Taken here
// rather than by wrapping the Engine and the Store, so that their optional interfaces
// (Handbacker, MetricsReporter, a diagram, a conversation list) stay visible.
const tracerName = "github.com/parleyhq/parley/actor"

// tracer returns the tracer of the turn's spans, false while tracing is off.
func tracer() (trace.Tracer, bool) {
	tp, off := otelglobal.Provider()
	if off {
		return nil, false
	}
	return tp.Tracer(tracerName), true
}

// engineDecide is Engine.Decide in an "engine.decide" span.
func (a *actor) engineDecide(ctx context.Context, t parley.Turn) (parley.Decision, error) {
	tr, on := tracer()
	if !on {
		return a.bot.Engine.Decide(ctx, t)
	}
	ctx, span := tr.Start(ctx, "engine.decide", trace.WithAttributes(
		attribute.String("parley.engine", a.bot.Engine.Kind()),
		attribute.String("parley.bot", a.key.Bot),
		attribute.String("parley.conversation", a.key.ID),
		attribute.String("parley.message_id", t.Message.ID),
	))
	defer span.End()
	d, err := a.bot.Engine.Decide(ctx, t)
	if err == nil {
		span.SetAttributes(attribute.Int("parley.transitions", len(d.Transitions)), attribute.Int("parley.replies", len(d.Replies)))
	}
	endSpan(span, err)
	return d, err
}

// commit is Store.Commit in a "store.commit" span.
func (a *actor) commit(ctx context.Context, c *parley.Commit, next any) error {
	tr, on := tracer()
	if !on {
		return a.storeCommit(ctx, c, next)
	}
	ctx, span := tr.Start(ctx, "store.commit", trace.WithAttributes(
		attribute.String("parley.bot", a.key.Bot),
		attribute.String("parley.conversation", a.key.ID),
		attribute.Int64("parley.version", c.Conversation.Version),
		attribute.Int("parley.events", len(c.Events)),
	))
	defer span.End()
	err := a.storeCommit(ctx, c, next)
	endSpan(span, err)
	return err
}

// storeCommit is Store.Commit of c. The store gets the state as stored (folded,
// fold.go); the caller keeps it whole.
func (a *actor) storeCommit(ctx context.Context, c *parley.Commit, next any) error {
	full := c.Conversation.State
	fold := a.stored(ctx, c, next)
	c.Conversation.State = fold.state
	err := a.rt.store.Commit(ctx, c)
	c.Conversation.State = full
	if err == nil {
		a.keepFold(fold)
	}
	return err
}

// endSpan records err on span: its code and public message, as in response bodies.
func endSpan(span trace.Span, err error) {
	if err == nil {
		return
	}
	span.SetAttributes(attribute.String("parley.error_code", parley.ErrorCode(err)))
	span.SetStatus(codes.Error, parley.ErrorMessage(err))
}
