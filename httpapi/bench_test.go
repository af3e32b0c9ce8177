package httpapi

import (
	"bytes"
	"context"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/parleyhq/parley"
	"github.com/prometheus/client_golang/prometheus"
)

// noBots is a parley.Conversations serving no bot: the routes below reach no
// conversation.
type noBots struct{ parley.Conversations }

func (noBots) Bots() []*parley.Bot { return nil }

// BenchmarkMiddleware measures what the span, access log and guards add to a request
// (GET /v1/bots: no store, no engine): "routes" is the mux (each route behind its
// access log and guards, with a token check), "guarded" adds the span.
func BenchmarkMiddleware(b *testing.B) {
	auth := testAuth(b)
	h := New(noBots{}, nil, Options{Auth: auth, Hosts: []string{"example.com"}})
	for _, bc := range []struct {
		name    string
		handler http.Handler
	}{{"routes", h.mux}, {"guarded", h}} {
		b.Run(bc.name, func(b *testing.B) {
			req := httptest.NewRequest(http.MethodGet, "/v1/bots", nil)
			req.Header.Set("Authorization", "Bearer client-secret")
			b.ReportAllocs()
			for b.Loop() {
				w := httptest.NewRecorder()
				bc.handler.ServeHTTP(w, req)
				if w.Code != http.StatusOK {
					b.Fatalf("%d %s", w.Code, w.Body)
				}
			}
		})
	}
}

// oneBot serves a booking bot whose every turn answers the same body: what a
// turn costs in this package, without the engine and the store.
type oneBot struct {
	parley.Conversations
	body []byte
}

func (b oneBot) Bot(name string) (*parley.Bot, error) {
	if name != "booking" {
		return nil, parley.Errorf(parley.ENOTFOUND, "no bot %q", name)
	}
	return &parley.Bot{Name: name}, nil
}

func (b oneBot) Turn(context.Context, parley.TurnRequest) (parley.Result, error) {
	return parley.Result{Body: b.body}, nil
}

// BenchmarkPostMessage measures a turn's way through the package (POST .../messages
// with a token and a JSON body, the runtime a stub): "routes" is the mux, "guarded"
// the whole handler.
func BenchmarkPostMessage(b *testing.B) {
	h := New(oneBot{body: []byte(`{"replies":[{"text":"Where are you flying from?"}]}`)}, nil,
		Options{Auth: testAuth(b), Hosts: []string{"example.com"}, Registerer: prometheus.NewRegistry()})
	body := []byte(`{"id":"m2","text":"New York","sent_at":"2026-12-01T09:00:01Z"}`)
	for _, bc := range []struct {
		name    string
		handler http.Handler
	}{{"routes", h.mux}, {"guarded", h}} {
		b.Run(bc.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				req := httptest.NewRequest(http.MethodPost, "/v1/bots/booking/conversations/c1/messages", bytes.NewReader(body))
				req.Header.Set("Authorization", "Bearer client-secret")
				req.Header.Set("Content-Type", "application/json")
				w := httptest.NewRecorder()
				bc.handler.ServeHTTP(w, req)
				if w.Code != http.StatusOK {
					b.Fatalf("%d %s", w.Code, w.Body)
				}
			}
		})
	}
}
