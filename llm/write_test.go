package llm_test

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/parleyhq/parley"
	"github.com/parleyhq/parley/llm"
	"github.com/parleyhq/parley/llm/llmtest"
)

func replyRequest() parley.ReplyRequest {
	return parley.ReplyRequest{Bot: "booking", Brief: "friendly, one short sentence", Draft: "Where would you like to fly from?",
		Transcript: []string{"user: I want to book a flight"}}
}

// TestWriteReply: the model's stream reaches delta chunk by chunk and adds up to the
// returned text; a model that fails, says nothing or is cut off mid-stream is an
// *llm.Error (the engine then says its draft), and the request is the streamed
// kind the servers take.
func TestWriteReply(t *testing.T) {
	tests := []struct {
		name       string
		reply      llmtest.Reply
		wantText   string
		wantDeltas []string
		wantKind   string
	}{
		{name: "streamed chunks", reply: llmtest.Reply{Chunks: []string{"Where", " are you", " flying from?"}},
			wantText: "Where are you flying from?", wantDeltas: []string{"Where", " are you", " flying from?"}},
		{name: "content cut into words", reply: llmtest.Reply{Content: "From which city?"},
			wantText: "From which city?", wantDeltas: []string{"From", " which", " city?"}},
		{name: "a server error", reply: llmtest.Reply{Status: http.StatusInternalServerError}, wantKind: llm.FailUnavailable},
		{name: "nothing written", reply: llmtest.Reply{Chunks: []string{"  "}}, wantDeltas: []string{"  "}, wantKind: llm.FailEmpty},
		{name: "a stream cut after one chunk", reply: llmtest.Reply{Chunks: []string{"Where", " from?"},
			Pace: func(_ context.Context, i int) error {
				if i == 1 {
					return errors.New("cut")
				}
				return nil
			}}, wantDeltas: []string{"Where"}, wantKind: llm.FailUnavailable},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			srv := llmtest.New(testModel, func(int, llmtest.Request) llmtest.Reply { return tc.reply })
			defer srv.Close()
			c := newClient(t, srv, "", nil)
			var deltas []string
			text, err := c.WriteReply(context.Background(), replyRequest(), func(d string) { deltas = append(deltas, d) })
			var e *llm.Error
			switch {
			case tc.wantKind == "" && err != nil:
				t.Fatalf("error %v", err)
			case tc.wantKind != "" && (!errors.As(err, &e) || e.Kind != tc.wantKind):
				t.Fatalf("error %v, want kind %s", err, tc.wantKind)
			}
			if text != tc.wantText || !cmp.Equal(deltas, tc.wantDeltas) {
				t.Fatalf("text %q deltas %q, want %q %q", text, deltas, tc.wantText, tc.wantDeltas)
			}
			if p := srv.Problems(); len(p) > 0 {
				t.Fatalf("the server refused the request: %v", p)
			}
			req := srv.Requests()[0]
			if !req.Stream || req.ResponseFormat != nil || !strings.HasSuffix(req.LastUser(), "Draft: Where would you like to fly from?") ||
				!strings.Contains(req.LastUser(), "user: I want to book a flight") {
				t.Fatalf("request %+v", req)
			}
		})
	}
}

// TestWriteReplyStopsWhenTheTurnIsCancelled: cancelling the turn's context ends the
// stream at once; the server sees its request's context end.
func TestWriteReplyStopsWhenTheTurnIsCancelled(t *testing.T) {
	gone := make(chan struct{})
	var once sync.Once
	srv := llmtest.New(testModel, func(int, llmtest.Request) llmtest.Reply {
		return llmtest.Reply{Chunks: []string{"Where", " from?"}, Pace: func(ctx context.Context, i int) error {
			if i == 0 {
				return nil
			}
			<-ctx.Done() // held until the client goes away
			once.Do(func() { close(gone) })
			return ctx.Err()
		}}
	})
	defer srv.Close()
	c := newClient(t, srv, "", nil)
	ctx, cancel := context.WithCancel(context.Background())
	first := make(chan struct{})
	done := make(chan error, 1)
	go func() {
		_, err := c.WriteReply(ctx, replyRequest(), func(string) { close(first) })
		done <- err
	}()
	<-first
	cancel()
	if err := <-done; err == nil {
		t.Fatal("a cancelled stream returned no error")
	}
	select {
	case <-gone:
	case <-time.After(10 * time.Second):
		t.Fatal("the server never saw the request end")
	}
}

// TestWriteReplyWithTheBreakerOpen: no request once the breaker is open.
func TestWriteReplyWithTheBreakerOpen(t *testing.T) {
	srv := llmtest.New(testModel, func(int, llmtest.Request) llmtest.Reply { return llmtest.Reply{Status: http.StatusServiceUnavailable} })
	defer srv.Close()
	c := newClient(t, srv, "", nil) // two failures open it
	for range 2 {
		if _, err := c.WriteReply(context.Background(), replyRequest(), func(string) {}); err == nil {
			t.Fatal("no error from a failing server")
		}
	}
	n := len(srv.Requests())
	_, err := c.WriteReply(context.Background(), replyRequest(), func(string) {})
	var e *llm.Error
	if !errors.As(err, &e) || e.Kind != llm.FailBreaker || len(srv.Requests()) != n {
		t.Fatalf("with the breaker open: %v, %d requests (was %d)", err, len(srv.Requests()), n)
	}
}
