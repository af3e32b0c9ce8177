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
)

// getEvents streams a conversation's events as Server-Sent Events (docs/spec/contracts.md
// section 4), in seed 004's shape: each frame is unnamed, so that a browser's
// EventSource.onmessage receives every one, and its data is the envelope
// {"type": ..., "data": {...}}. Stored events carry their sequence number as the SSE
// id; a client that reconnects with Last-Event-ID (or ?last_event_id=N) first gets
// every stored event after N, then live ones. An N past the end of the stored log (a
// client of a store restored from an older backup, or of another deployment) streams
// from the log's end: the client gets every event stored from then on, where
// skipping those up to N would leave it silent. The subscription is opened before the
// stored log is read, so nothing falls between the two; duplicates are skipped by
// sequence number. Live events (the steps that start a turn and its idle -> running,
// sent before the turn commits them; reply_delta) have no id.
//
// The state_changed frames a client sees form a path of seed 004's table: stored
// ones are the log's own order, and a live one is written only when it starts where
// the last one ended. A live event is dropped when the subscriber cannot place it:
// idle -> running published before it subscribed leaves the running -> idle that
// follows with nothing to continue.
func (h *Handler) getEvents(w http.ResponseWriter, r *http.Request) error {
	k, err := h.readKey(r)
	if err != nil {
		return err
	}
	after, err := lastEventID(r)
	if err != nil {
		return err
	}
	sub := h.rt.Subscribe(k)
	defer sub.Close()
	// The lifecycle the stream starts from, read after subscribing: every change
	// after it is stored (read below) or arrives through sub.
	lc, last := h.lifecycle(r.Context(), k)
	if last >= 0 && after > last {
		after = last
	}
	st := &sseState{after: after, lifecycle: lc}
	s := h.startStream(w, r, k, st)
	if s.backlog() {
		s.follow(sub)
	}
	return nil
}

// lastEventID returns the seq a reconnecting client already has: its Last-Event-ID
// header, else the last_event_id query parameter, 0 when it gives neither.
func lastEventID(r *http.Request) (int64, error) {
	last := r.Header.Get("Last-Event-ID")
	if last == "" {
		last = r.URL.Query().Get("last_event_id")
	}
	return seqParam(last, "Last-Event-ID")
}

// sseStream is one open event stream: the response, buffered so that a burst of
// events goes out in one flush, and what the stream has written (st).
type sseStream struct {
	h   *Handler
	ctx context.Context // the request's: the stored log is read under it
	key parley.ConversationKey
	rc  *http.ResponseController
	bw  *bufio.Writer
	st  *sseState
}

// startStream writes the response's status and headers; nothing is flushed yet.
func (h *Handler) startStream(w http.ResponseWriter, r *http.Request, k parley.ConversationKey, st *sseState) *sseStream {
	rc := http.NewResponseController(w)
	w.Header().Set("Content-Type", "text/event-stream")
	w.Header().Set("Cache-Control", "no-cache")
	w.Header().Set("X-Accel-Buffering", "no")
	w.WriteHeader(http.StatusOK)
	return &sseStream{h: h, ctx: r.Context(), key: k, rc: rc, bw: bufio.NewWriter(w), st: st}
}

// flush sends what is buffered, under a write deadline so that a client that stops
// reading cannot hold the stream open; false when the client is gone.
func (s *sseStream) flush() bool {
	_ = s.rc.SetWriteDeadline(time.Now().Add(30 * time.Second))
	if s.bw.Flush() != nil {
		return false
	}
	return s.rc.Flush() == nil
}

// backlog writes the stored events after st.after; false ends the stream.
func (s *sseStream) backlog() bool {
	for {
		events, err := s.h.store.Events(s.ctx, s.key, s.st.after, 500)
		if err != nil {
			s.h.opts.Logger.Error("read stored events", "conversation", s.key.String(), "err", err)
			_, _ = s.bw.WriteString(": stored events unavailable; reconnect with Last-Event-ID\n\n")
			s.flush()
			return false
		}
		for _, e := range events {
			s.st.write(s.bw, e)
		}
		if len(events) < 500 {
			return s.flush()
		}
	}
}

// follow writes live events and keep-alives until the subscription, the client or
// the server ends the stream.
func (s *sseStream) follow(sub parley.Subscription) {
	keepAlive := time.NewTicker(s.h.opts.KeepAlive)
	defer keepAlive.Stop()
	for {
		select {
		case e, ok := <-sub.Events():
			if !ok {
				// Dropped for being slow: end the stream; the client resumes with
				// Last-Event-ID from the stored log.
				return
			}
			if !s.live(sub, e) {
				return
			}
		case <-keepAlive.C:
			_, _ = s.bw.WriteString(": keep-alive\n\n")
			if !s.flush() {
				return
			}
		case <-s.ctx.Done():
			return
		case <-s.h.opts.Done:
			return
		}
	}
}

// live writes one event received from sub; false ends the stream. The buffer is
// flushed once sub has nothing more queued, so that a burst goes out in one write.
func (s *sseStream) live(sub parley.Subscription, e parley.Event) bool {
	if e.Type == parley.EventNudge {
		// Committed by another replica (or while notifications were down):
		// read it from the stored log.
		return s.backlog()
	}
	s.st.write(s.bw, e)
	return len(sub.Events()) > 0 || s.flush()
}

// lifecycle returns the conversation's lifecycle as the service shows it (running
// while a turn is in flight here) and the seq of its last stored event: created and
// 0 for one not stored yet, "" (unknown: live events are not checked) and -1 when
// the store cannot say.
func (h *Handler) lifecycle(ctx context.Context, k parley.ConversationKey) (parley.Lifecycle, int64) {
	c, err := h.rt.Conversation(ctx, k)
	switch {
	case err == nil:
		return c.Lifecycle, c.LastEventID
	case parley.ErrorCode(err) == parley.ENOTFOUND:
		return parley.LifecycleCreated, 0
	}
	return "", -1
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
	if e.Type == parley.EventStateChanged && !st.follows(e) {
		return
	}
	if e.Seq > 0 {
		st.after = e.Seq
	}
	writeEvent(bw, e)
}

// follows reports whether a state change continues the lifecycle path the stream
// has shown, and moves it on: a live step must start where the last one ended, or
// respawn a terminal conversation (seed 004's "Respawning": a fresh actor starts
// at created). A change that does not decode is written as it is.
func (st *sseState) follows(e parley.Event) bool {
	var sc parley.StateChangedEvent
	if json.Unmarshal(e.Data, &sc) != nil {
		return true
	}
	respawn := st.lifecycle.Terminal() && sc.FromState == parley.LifecycleCreated
	if e.Seq == 0 && st.lifecycle != "" && sc.FromState != st.lifecycle && !respawn {
		return false
	}
	st.lifecycle = sc.ToState
	return true
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
	bw.Write(frameData(e.Data))
	bw.WriteString("}\n\n")
}

// frameData is an event's data as one line of a frame: null when empty or not
// JSON, compacted when written with line breaks.
func frameData(data json.RawMessage) []byte {
	if len(data) == 0 {
		return []byte("null")
	}
	if !bytes.ContainsAny(data, "\r\n") {
		return data
	}
	var b bytes.Buffer
	if json.Compact(&b, data) != nil {
		return []byte("null")
	}
	return b.Bytes()
}
