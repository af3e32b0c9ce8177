package httpapi

import (
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/parleyhq/parley"
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
