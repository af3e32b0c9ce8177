package httpapi

import (
	"bufio"
	"net/http"
	"strconv"
	"time"

	"github.com/parleyhq/parley"
	"github.com/parleyhq/parley/actor"
)

// getEvents streams a conversation's events as Server-Sent Events (CONTRACTS.md
// section 4). Stored events carry their sequence number as the SSE id; a client that
// reconnects with Last-Event-ID (or ?last_event_id=N) first gets every stored event
// after N, then live ones. The subscription is opened before the stored log is read,
// so nothing falls between the two; duplicates are skipped by sequence number.
// Live-only events (a turn's idle -> running -> idle) have no id.
func (h *Handler) getEvents(w http.ResponseWriter, r *http.Request) error {
	k := key(r)
	if _, err := h.rt.Bot(k.Bot); err != nil {
		return err
	}
	var after int64
	last := r.Header.Get("Last-Event-ID")
	if last == "" {
		last = r.URL.Query().Get("last_event_id")
	}
	if last != "" {
		n, err := strconv.ParseInt(last, 10, 64)
		if err != nil || n < 0 {
			return parley.Errorf(parley.EINVALID, "Last-Event-ID must be a non-negative integer, got %q", last)
		}
		after = n
	}
	sub := h.rt.Hub().Subscribe(k)
	defer sub.Close()

	rc := http.NewResponseController(w)
	w.Header().Set("Content-Type", "text/event-stream")
	w.Header().Set("Cache-Control", "no-cache")
	w.Header().Set("X-Accel-Buffering", "no")
	w.WriteHeader(http.StatusOK)
	bw := bufio.NewWriter(w)
	flush := func() bool {
		_ = rc.SetWriteDeadline(time.Now().Add(30 * time.Second))
		if bw.Flush() != nil {
			return false
		}
		return rc.Flush() == nil
	}
	// backlog writes the stored events after `after`.
	backlog := func() bool {
		for {
			events, err := h.rt.Store().Events(r.Context(), k, after, 500)
			if err != nil {
				_, _ = bw.WriteString(": error reading stored events: " + parley.ErrorMessage(err) + "\n\n")
				flush()
				return false
			}
			for _, e := range events {
				writeEvent(bw, e)
				after = e.Seq
			}
			if len(events) < 500 {
				return flush()
			}
		}
	}
	if !backlog() {
		return nil
	}
	keepAlive := time.NewTicker(h.opts.KeepAlive)
	defer keepAlive.Stop()
	for {
		select {
		case e, ok := <-sub.C:
			if !ok {
				// Dropped for being slow: end the stream; the client resumes with
				// Last-Event-ID from the stored log.
				return nil
			}
			if e.Type == actor.EventNudge {
				// Committed by another replica: read it from the stored log.
				if !backlog() {
					return nil
				}
				continue
			}
			if e.Seq > 0 {
				if e.Seq <= after {
					continue
				}
				after = e.Seq
			}
			writeEvent(bw, e)
			if len(sub.C) == 0 && !flush() {
				return nil
			}
		case <-keepAlive.C:
			_, _ = bw.WriteString(": keep-alive\n\n")
			if !flush() {
				return nil
			}
		case <-r.Context().Done():
			return nil
		case <-h.opts.Done:
			return nil
		}
	}
}

func writeEvent(bw *bufio.Writer, e parley.Event) {
	if e.Seq > 0 {
		bw.WriteString("id: ")
		bw.WriteString(strconv.FormatInt(e.Seq, 10))
		bw.WriteByte('\n')
	}
	bw.WriteString("event: ")
	bw.WriteString(e.Type)
	bw.WriteString("\ndata: ")
	data := e.Data
	if len(data) == 0 {
		data = []byte("null")
	}
	bw.Write(data)
	bw.WriteString("\n\n")
}
