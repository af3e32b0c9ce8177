package main

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/parleyhq/parley/chatwoot/chatwoottest"
	"github.com/parleyhq/parley/internal/app"
	"go.opentelemetry.io/otel"
	sdktrace "go.opentelemetry.io/otel/sdk/trace"
	"go.opentelemetry.io/otel/sdk/trace/tracetest"
	"go.opentelemetry.io/otel/trace"
)

// TestATurnIsOneTrace: the HTTP span of a turn is the parent of the engine's
// decision, the store commit and the outbound catalog call, as an OTLP backend
// would receive them (the SDK's in-memory exporter stands in for it).
func TestATurnIsOneTrace(t *testing.T) {
	exp := tracetest.NewInMemoryExporter()
	tp := sdktrace.NewTracerProvider(sdktrace.WithSyncer(exp))
	prev := otel.GetTracerProvider()
	otel.SetTracerProvider(tp)
	t.Cleanup(func() { otel.SetTracerProvider(prev); _ = tp.Shutdown(context.Background()) })

	cfg, err := app.LoadConfig(chatwootConfig(t, chatwoottest.NewServer(t), sampleShop(t)))
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	srv := inProcessServer(t, cfg)
	hs := httptest.NewServer(srv.Handler)
	defer hs.Close()
	resp, err := http.Post(hs.URL+"/v1/bots/shop/conversations/traced/messages", "application/json", strings.NewReader(`{"id":"m1","text":"show me hoodies"}`))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 200 {
		t.Fatalf("turn: %d", resp.StatusCode)
	}
	if err := tp.ForceFlush(ctx); err != nil {
		t.Fatal(err)
	}
	spans := exp.GetSpans()
	var root *tracetest.SpanStub
	for i, s := range spans {
		if s.Name == "POST /v1/bots/{bot}/conversations/{conversation}/messages" && s.SpanKind == trace.SpanKindServer {
			root = &spans[i]
		}
	}
	if root == nil {
		t.Fatalf("no server span named by the route among %v", names(spans))
	}
	want := map[string]bool{"engine.decide": false, "store.commit": false, "outbound HTTP": false}
	for _, s := range spans {
		if s.SpanContext.TraceID() != root.SpanContext.TraceID() {
			continue
		}
		switch {
		case s.Name == "engine.decide" || s.Name == "store.commit":
			want[s.Name] = true
		case s.SpanKind == trace.SpanKindClient:
			want["outbound HTTP"] = true
		}
	}
	for name, seen := range want {
		if !seen {
			t.Errorf("no %s span in the turn's trace; spans: %v", name, names(spans))
		}
	}
	var attrs []string
	for _, a := range root.Attributes {
		attrs = append(attrs, string(a.Key)+"="+a.Value.String())
	}
	if got := strings.Join(attrs, " "); !strings.Contains(got, "parley.conversation=traced") || !strings.Contains(got, "parley.request_id=") {
		t.Errorf("server span attributes %s", got)
	}
}

func names(spans tracetest.SpanStubs) []string {
	var out []string
	for _, s := range spans {
		out = append(out, s.Name+"/"+s.SpanContext.TraceID().String()[:8])
	}
	return out
}

func TestOTLPExporterOnlyWhenConfigured(t *testing.T) {
	prev := otel.GetTracerProvider()
	t.Cleanup(func() { otel.SetTracerProvider(prev) })
	t.Setenv("OTEL_EXPORTER_OTLP_ENDPOINT", "")
	t.Setenv("OTEL_EXPORTER_OTLP_TRACES_ENDPOINT", "")
	if _, on, err := setupTracing(context.Background()); on || err != nil {
		t.Fatalf("tracing on without an endpoint: %v %v", on, err)
	}
	t.Setenv("OTEL_EXPORTER_OTLP_ENDPOINT", "http://127.0.0.1:4318")
	shutdown, on, err := setupTracing(context.Background())
	if !on || err != nil {
		t.Fatalf("tracing off with an endpoint: %v %v", on, err)
	}
	if _, ok := otel.GetTracerProvider().(*sdktrace.TracerProvider); !ok {
		t.Fatalf("global tracer provider is %T, want the SDK's", otel.GetTracerProvider())
	}
	_ = shutdown(context.Background())
}
