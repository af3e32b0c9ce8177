package main

import (
	"context"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// TestBenchClientSendsWhatAClientSends: the bench client's request is a turn as
// net/http's client would send it (method, path, JSON body and its type, the token),
// it reads any answer whole, reuses a connection the server keeps and redials one
// it closes.
func TestBenchClientSendsWhatAClientSends(t *testing.T) {
	tests := []struct {
		name, token string
		status      int
		close       bool
		wantErr     string
		wantDials   int64
	}{
		{"kept alive", "", http.StatusOK, false, "", 1},
		{"with a token", "s3cret", http.StatusOK, false, "", 1},
		{"closed by the server", "", http.StatusOK, true, "", 3},
		{"refused", "", http.StatusConflict, false, "HTTP 409", 1},
	}
	at := time.Date(2026, 12, 1, 9, 0, 0, 0, time.UTC)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var dials atomic.Int64
			srv := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				var body turnBody
				if r.Method != http.MethodPost || r.URL.Path != "/v1/bots/booking/conversations/c-1/messages" ||
					r.Header.Get("Content-Type") != "application/json" || r.Header.Get("Authorization") != bearerOf(tt.token) ||
					json.NewDecoder(r.Body).Decode(&body) != nil || body != (turnBody{ID: "m1", Text: "New York", SentAt: at}) {
					t.Errorf("request %s %s %v", r.Method, r.URL, r.Header)
				}
				if tt.close {
					w.Header().Set("Connection", "close")
				}
				w.WriteHeader(tt.status)
				_, _ = io.WriteString(w, `{"replies":[]}`)
			}))
			srv.Config.ConnState = func(_ net.Conn, s http.ConnState) {
				if s == http.StateNew {
					dials.Add(1)
				}
			}
			srv.Start()
			defer srv.Close()
			c, err := newBenchClient([]string{srv.URL}, tt.token, 5*time.Second)
			if err != nil {
				t.Fatal(err)
			}
			defer c.close()
			for range 3 {
				err := c.post(context.Background(), srv.URL, "c-1", turnBody{ID: "m1", Text: "New York", SentAt: at})
				if got := errString(err); !strings.Contains(got, tt.wantErr) || (tt.wantErr == "") != (err == nil) {
					t.Fatalf("post: %v, want %q", err, tt.wantErr)
				}
			}
			if got := dials.Load(); got != tt.wantDials {
				t.Errorf("%d connections, want %d", got, tt.wantDials)
			}
		})
	}
}

func bearerOf(token string) string {
	if token == "" {
		return ""
	}
	return "Bearer " + token
}

func errString(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}
