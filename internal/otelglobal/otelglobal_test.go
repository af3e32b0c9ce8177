package otelglobal

import (
	"testing"

	"go.opentelemetry.io/otel"
	sdktrace "go.opentelemetry.io/otel/sdk/trace"
)

// TestProviderIsOffUntilOneIsSet: the provider OpenTelemetry starts with is off;
// any provider set is on.
func TestProviderIsOffUntilOneIsSet(t *testing.T) {
	if _, off := Provider(); !off {
		t.Fatal("tracing is on before any provider was set")
	}
	sdk := sdktrace.NewTracerProvider()
	defer func() { _ = sdk.Shutdown(t.Context()) }()
	otel.SetTracerProvider(sdk)
	if tp, off := Provider(); off || tp != sdk {
		t.Fatalf("Provider() = %v, %v after one was set; want the SDK's, on", tp, off)
	}
}
