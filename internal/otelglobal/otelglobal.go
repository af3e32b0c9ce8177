// Package otelglobal tells whether tracing is on: whether OpenTelemetry's global
// tracer provider is still the one it starts with, its own no-op delegate, or one
// that cmd/parley (configured by OTEL_EXPORTER_OTLP_*) or a test set. Packages actor
// and httpapi start no span while it is not: a no-op span still costs allocations
// on every turn and request, and docs/operations.md promises that tracing off costs
// nothing.
package otelglobal

import (
	"reflect"
	"strings"

	"go.opentelemetry.io/otel"
	"go.opentelemetry.io/otel/trace"
)

// untraced is the global provider OpenTelemetry starts with; nil when something set
// a provider before this package's init.
var untraced = defaultProvider()

func defaultProvider() trace.TracerProvider {
	tp := otel.GetTracerProvider()
	// Only a pointer's package is read: Elem of a value type would panic.
	if t := reflect.TypeOf(tp); t.Kind() == reflect.Pointer && strings.HasSuffix(t.Elem().PkgPath(), "go.opentelemetry.io/otel/internal/global") {
		return tp
	}
	return nil
}

// Provider returns the global tracer provider, and whether it is still
// OpenTelemetry's no-op delegate (tracing off).
func Provider() (tp trace.TracerProvider, off bool) {
	tp = otel.GetTracerProvider()
	return tp, tp == untraced
}
