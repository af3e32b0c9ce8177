package httpapi

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"strconv"
	"time"

	"github.com/parleyhq/parley"
	"github.com/parleyhq/parley/actor"
)

// getEvents streams a conversation's events as Server-Sent Events (docs/spec/contracts.md
// section 4), in seed 004's shape: each frame is unnamed, so that a browser's
// EventSource.onmessage receives every one, and its data is the envelope
// {"type": ..., "data": {...}}. Stored events carry their sequence number as the SSE
// id; a client that reconnects with Last-Event-ID (or ?last_event_id=N) first gets
// every stored event after N, then live ones. The subscription is opened before the
// stored log is read, so nothing falls between the two; duplicates are skipped by
// sequence number. Live-only events (a turn's idle -> running -> idle) have no id.
//
// The state_changed frames a client sees form a path of seed 004's table: stored
// ones are the log's own order, and a live one is written only when it starts where
// the last one ended. A live event is dropped when the subscriber cannot place it:
// idle -> running published before it subscribed leaves the running -> idle that
// follows with nothing to continue.
func (h *Handler) getEvents(w http.ResponseWriter, r *http.Request) error {
	k, err := key(r)
	if err != nil {
		return err
	}
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
	// The lifecycle the stream starts from, read after subscribing: every change
	// after it is stored (read below) or arrives through sub.
	st := &sseState{after: after, lifecycle: h.lifecycle(r.Context(), k)}

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
	// backlog writes the stored events after st.after.
	backlog := func() bool {
		for {
			events, err := h.store.Events(r.Context(), k, st.after, 500)
			if err != nil {
				h.opts.Logger.Error("read stored events", "conversation", k.String(), "err", err)
				_, _ = bw.WriteString(": stored events unavailable; reconnect with Last-Event-ID\n\n")
				flush()
				return false
			}
			for _, e := range events {
				st.write(bw, e)
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
				// Committed by another replica (or while notifications were down):
				// read it from the stored log.
				if !backlog() {
					return nil
				}
				continue
			}
			st.write(bw, e)
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

// lifecycle returns the conversation's stored lifecycle, created for one not stored
// yet, "" (unknown: live events are not checked) when the store cannot say.
func (h *Handler) lifecycle(ctx context.Context, k parley.ConversationKey) parley.Lifecycle {
	c, err := h.store.Conversation(ctx, k)
	switch {
	case err == nil:
		return c.Lifecycle
	case parley.ErrorCode(err) == parley.ENOTFOUND:
		return parley.LifecycleCreated
	}
	return ""
}

// sseState is what one stream has written: the last stored seq and the lifecycle the
// last state_changed ended in.
type sseState struct {
	after     int64
	lifecycle parley.Lifecycle
}

// write writes e unless the stream already has it (a stored seq at or before after)
// or it is a live state change that does not continue the path.
func (st *sseState) write(bw *bufio.Writer, e parley.Event) {
	if e.Seq > 0 && e.Seq <= st.after {
		return
	}
	if e.Type == parley.EventStateChanged {
		var sc parley.StateChangedEvent
		if json.Unmarshal(e.Data, &sc) == nil {
			if e.Seq == 0 && st.lifecycle != "" && sc.FromState != st.lifecycle {
				return
			}
			st.lifecycle = sc.ToState
		}
	}
	if e.Seq > 0 {
		st.after = e.Seq
	}
	writeEvent(bw, e)
}

// writeEvent writes one frame: "id: <seq>" for stored events, then
// "data: {"type":<type>,"data":<data>}".
func writeEvent(bw *bufio.Writer, e parley.Event) {
	if e.Seq > 0 {
		bw.WriteString("id: ")
		bw.WriteString(strconv.FormatInt(e.Seq, 10))
		bw.WriteByte('\n')
	}
	typ, _ := json.Marshal(e.Type)
	bw.WriteString(`data: {"type":`)
	bw.Write(typ)
	bw.WriteString(`,"data":`)
	data := e.Data
	if len(data) == 0 {
		data = []byte("null")
	}
	if bytes.ContainsAny(data, "\r\n") {
		// A frame's data is one line: compact JSON written with line breaks.
		var b bytes.Buffer
		if json.Compact(&b, data) == nil {
			data = b.Bytes()
		} else {
			data = []byte("null")
		}
	}
	bw.Write(data)
	bw.WriteString("}\n\n")
}
