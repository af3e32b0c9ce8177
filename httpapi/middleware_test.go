package httpapi

import (
	"bytes"
	"encoding/json"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"testing"
)

// TestTracingOffContinuesTheIncomingTrace: while tracing is off the request gets
// no span, yet an incoming traceparent still gives the access log line its trace id,
// as it did when a no-op span carried it.
func TestTracingOffContinuesTheIncomingTrace(t *testing.T) {
	tests := []struct {
		name, traceparent, want string
	}{
		{"no header", "", ""},
		{"valid header", "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01", "4bf92f3577b34da6a3ce929d0e0e4736"},
		{"malformed header", "00-nothex-00f067aa0ba902b7-01", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var log bytes.Buffer
			h := New(noBots{}, nil, Options{Logger: slog.New(slog.NewJSONHandler(&log, nil))})
			if h.tracing() {
				t.Fatal("tracing is on without a provider")
			}
			req := httptest.NewRequest(http.MethodGet, "/v1/bots", nil)
			if tt.traceparent != "" {
				req.Header.Set("Traceparent", tt.traceparent)
			}
			w := httptest.NewRecorder()
			h.ServeHTTP(w, req)
			if w.Code != http.StatusOK {
				t.Fatalf("%d %s", w.Code, w.Body)
			}
			var line struct {
				TraceID string `json:"trace_id"`
			}
			if err := json.Unmarshal(log.Bytes(), &line); err != nil {
				t.Fatalf("access log %q: %v", log.String(), err)
			}
			if line.TraceID != tt.want {
				t.Errorf("trace_id %q, want %q", line.TraceID, tt.want)
			}
		})
	}
}
