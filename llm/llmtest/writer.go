package llmtest

import (
	"context"
	"errors"
	"strings"
	"sync"
	"testing"

	"github.com/parleyhq/parley"
)

// Writer is an in-process stand-in for a model writing replies, for engine tests
// that need no HTTP server: it is a parley.ReplyWriter and writes "<draft, rewritten>" in two chunks, "<draft" and
// ", rewritten>", or fails with "model down" when Fail is set. Calls records every
// request in order.
type Writer struct {
	Fail bool

	mu    sync.Mutex
	calls []parley.ReplyRequest
}

// WriteReply records req, streams the two chunks through delta and returns the whole
// text.
func (w *Writer) WriteReply(_ context.Context, req parley.ReplyRequest, delta func(string)) (string, error) {
	w.mu.Lock()
	w.calls = append(w.calls, req)
	w.mu.Unlock()
	if w.Fail {
		return "", errors.New("model down")
	}
	delta("<" + req.Draft)
	delta(", rewritten>")
	return "<" + req.Draft + ", rewritten>", nil
}

// Calls returns the requests received so far.
func (w *Writer) Calls() []parley.ReplyRequest {
	w.mu.Lock()
	defer w.mu.Unlock()
	return append([]parley.ReplyRequest(nil), w.calls...)
}

// FirstReplyStream returns a reply stream (a turn's parley.Turn.Stream) that
// collects the deltas of a turn's first reply, the one a generation test streams,
// into the returned builder, and fails t on a delta for any other reply.
func FirstReplyStream(t testing.TB) (parley.ReplyStream, *strings.Builder) {
	deltas := new(strings.Builder)
	stream := func(reply int, d string) {
		if reply != 0 {
			t.Errorf("delta for reply %d", reply)
		}
		deltas.WriteString(d)
	}
	return stream, deltas
}
