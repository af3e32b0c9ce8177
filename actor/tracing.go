package actor

import (
	"context"

	"github.com/parleyhq/parley"
	"github.com/parleyhq/parley/internal/otelglobal"
	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/codes"
	"go.opentelemetry.io/otel/trace"
)

// Spans of a turn below the HTTP span: the engine's decision and the store commit
// (commitSpan, which the commit in turn.go opens).
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

// commitSpan starts the "store.commit" span of c (the turn's commit, turn.go) and
// returns the context under it and what ends it with the commit's error; end is
// nil while tracing is off.
func (a *actor) commitSpan(ctx context.Context, c *parley.Commit) (context.Context, func(error)) {
	tr, on := tracer()
	if !on {
		return ctx, nil
	}
	ctx, span := tr.Start(ctx, "store.commit", trace.WithAttributes(
		attribute.String("parley.bot", a.key.Bot),
		attribute.String("parley.conversation", a.key.ID),
		attribute.Int64("parley.version", c.Conversation.Version),
		attribute.Int("parley.events", len(c.Events)),
	))
	return ctx, func(err error) {
		endSpan(span, err)
		span.End()
	}
}

// endSpan records err on span: its code and public message, as in response bodies.
func endSpan(span trace.Span, err error) {
	if err == nil {
		return
	}
	span.SetAttributes(attribute.String("parley.error_code", parley.ErrorCode(err)))
	span.SetStatus(codes.Error, parley.ErrorMessage(err))
}
