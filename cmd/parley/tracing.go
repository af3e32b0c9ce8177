package main

import (
	"context"
	"net/http"
	"os"
	"time"

	"github.com/parleyhq/parley"
	"github.com/parleyhq/parley/actor"
	"go.opentelemetry.io/contrib/instrumentation/net/http/otelhttp"
	"go.opentelemetry.io/otel"
	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/codes"
	"go.opentelemetry.io/otel/exporters/otlp/otlptrace/otlptracehttp"
	"go.opentelemetry.io/otel/propagation"
	"go.opentelemetry.io/otel/sdk/resource"
	sdktrace "go.opentelemetry.io/otel/sdk/trace"
	semconv "go.opentelemetry.io/otel/semconv/v1.43.0"
	"go.opentelemetry.io/otel/trace"
)

// setupTracing installs the global OpenTelemetry tracer provider with the OTLP/HTTP
// exporter when OTEL_EXPORTER_OTLP_ENDPOINT (or ..._TRACES_ENDPOINT) is set; the
// exporter reads the other OTEL_* variables itself. Without it tracing stays the
// global no-op and costs nothing. The returned function flushes pending spans.
func setupTracing(ctx context.Context) (shutdown func(context.Context) error, enabled bool, err error) {
	if os.Getenv("OTEL_EXPORTER_OTLP_ENDPOINT") == "" && os.Getenv("OTEL_EXPORTER_OTLP_TRACES_ENDPOINT") == "" {
		return func(context.Context) error { return nil }, false, nil
	}
	exp, err := otlptracehttp.New(ctx)
	if err != nil {
		return nil, false, parley.WrapError(parley.EINVALID, err, "OpenTelemetry OTLP exporter")
	}
	res, err := resource.Merge(resource.Default(), resource.NewSchemaless(
		semconv.ServiceName("parley"), semconv.ServiceVersion(version)))
	if err != nil {
		res = resource.Default()
	}
	tp := sdktrace.NewTracerProvider(sdktrace.WithBatcher(exp), sdktrace.WithResource(res))
	otel.SetTracerProvider(tp)
	otel.SetTextMapPropagator(propagation.TraceContext{})
	return tp.Shutdown, true, nil
}

const tracerName = "github.com/parleyhq/parley/cmd/parley"

// tracedHTTPClient is the client for outbound calls (WooCommerce, Chatwoot, flow
// webhooks): each request is a client span carrying the trace context onward.
func tracedHTTPClient(timeout time.Duration) *http.Client {
	return &http.Client{Timeout: timeout, Transport: otelhttp.NewTransport(http.DefaultTransport)}
}

// tracedStore adds a span around each commit, the store call of a turn.
type tracedStore struct {
	parley.Store
}

func (s tracedStore) Commit(ctx context.Context, c *parley.Commit) error {
	ctx, span := otel.Tracer(tracerName).Start(ctx, "store.commit", trace.WithAttributes(
		attribute.String("parley.bot", c.Conversation.Key.Bot),
		attribute.String("parley.conversation", c.Conversation.Key.ID),
		attribute.Int64("parley.version", c.Conversation.Version),
		attribute.Int("parley.events", len(c.Events)),
	))
	defer span.End()
	err := s.Store.Commit(ctx, c)
	endSpan(span, err)
	return err
}

// tracedEngine adds a span around each engine decision.
type tracedEngine struct {
	parley.Engine
}

func (e tracedEngine) Decide(ctx context.Context, t parley.Turn) (parley.Decision, error) {
	ctx, span := otel.Tracer(tracerName).Start(ctx, "engine.decide", trace.WithAttributes(
		attribute.String("parley.engine", e.Kind()),
		attribute.String("parley.bot", t.Conversation.Bot),
		attribute.String("parley.conversation", t.Conversation.ID),
		attribute.String("parley.message_id", t.Message.ID),
	))
	defer span.End()
	d, err := e.Engine.Decide(ctx, t)
	if err == nil {
		span.SetAttributes(attribute.Int("parley.transitions", len(d.Transitions)), attribute.Int("parley.replies", len(d.Replies)))
	}
	endSpan(span, err)
	return d, err
}

// traceEngine wraps eng, keeping the optional interfaces the actor looks for.
func traceEngine(eng parley.Engine) parley.Engine {
	t := tracedEngine{eng}
	hb, isHB := eng.(actor.Handbacker)
	mr, isMR := eng.(actor.MetricsReporter)
	switch {
	case isHB && isMR:
		return struct {
			tracedEngine
			actor.Handbacker
			actor.MetricsReporter
		}{t, hb, mr}
	case isHB:
		return struct {
			tracedEngine
			actor.Handbacker
		}{t, hb}
	case isMR:
		return struct {
			tracedEngine
			actor.MetricsReporter
		}{t, mr}
	default:
		return t
	}
}

// endSpan records err on span: the code and the public message only, as in bodies.
func endSpan(span trace.Span, err error) {
	if err == nil {
		return
	}
	span.SetAttributes(attribute.String("parley.error_code", parley.ErrorCode(err)))
	span.SetStatus(codes.Error, parley.ErrorMessage(err))
}
