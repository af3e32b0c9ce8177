package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/parleyhq/parley"
)

// slowModel is an OpenAI-compatible chat completions server that streams its answer
// in chunks: the first `free` chunks at once, each further one when the test sends
// on next. It answers 500 while failing is set.
type slowModel struct {
	*httptest.Server
	chunks  []string
	free    int
	next    chan struct{}
	calls   atomic.Int32
	failing atomic.Bool
	gone    chan struct{} // closed when a caller leaves mid-stream
	once    sync.Once
}

func newSlowModel(t *testing.T, free int, chunks ...string) *slowModel {
	m := &slowModel{chunks: chunks, free: free, next: make(chan struct{}), gone: make(chan struct{})}
	m.Server = httptest.NewServer(http.HandlerFunc(m.serve))
	t.Cleanup(m.Close)
	t.Cleanup(func() { m.once.Do(func() { close(m.gone) }) })
	return m
}

func (m *slowModel) serve(w http.ResponseWriter, r *http.Request) {
	var req struct {
		Stream bool `json:"stream"`
	}
	_ = json.NewDecoder(r.Body).Decode(&req)
	m.calls.Add(1)
	if m.failing.Load() || !req.Stream || r.URL.Path != "/v1/chat/completions" {
		http.Error(w, `{"error":{"message":"down"}}`, http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "text/event-stream")
	for i, c := range m.chunks {
		if i >= m.free {
			select {
			case <-m.next:
			case <-r.Context().Done():
				m.once.Do(func() { close(m.gone) })
				return
			}
		}
		chunk, _ := json.Marshal(map[string]any{"id": "c1", "object": "chat.completion.chunk", "created": 0, "model": "fake",
			"choices": []map[string]any{{"index": 0, "delta": map[string]string{"content": c}}}})
		fmt.Fprintf(w, "data: %s\n\n", chunk)
		w.(http.Flusher).Flush()
	}
	fmt.Fprint(w, "data: [DONE]\n\n")
}

// greeterConfig writes a flows bot whose greeting is written by the model at url.
func greeterConfig(t *testing.T, url string) string {
	t.Helper()
	dir := t.TempDir()
	flow := `bot: greeter
flows:
  - name: greet
    description: greeting you
    trigger: {keywords: [say hello]}
    steps:
      - id: hello
        say: Hello! How can I help you today?
        generate: true
        brief: warm, one sentence
`
	cfg := "llm:\n  base_url: " + url + "/v1\n  model: fake\n  timeout: 30s\n  max_retries: -1\nbots:\n  - name: greeter\n    engine: flows\n    flows: greeter.yaml\n    record: true\n"
	for name, text := range map[string]string{"greeter.yaml": flow, "parley.yaml": cfg} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return filepath.Join(dir, "parley.yaml")
}

func replyText(t *testing.T, body []byte) string {
	t.Helper()
	return firstReply(t, body).Text
}

// firstReply is the first reply of a turn's response body.
func firstReply(t *testing.T, body []byte) parley.Reply {
	t.Helper()
	var r struct {
		Replies []parley.Reply `json:"replies"`
	}
	if err := json.Unmarshal(body, &r); err != nil || len(r.Replies) == 0 {
		t.Fatalf("no replies in %s", body)
	}
	return r.Replies[0]
}

// TestGeneratedReplyStreamsAsReplyDeltas: the model's chunks reach a subscriber as
// reply_delta events before the turn's response, which stores the whole text; a
// replay answers from the store without the model. The deltas name the reply of the
// response (one id, parley.ReplyID, for a flows bot as for the others), so a client
// replaces the streamed bubble with the reply in place.
func TestGeneratedReplyStreamsAsReplyDeltas(t *testing.T) {
	model := newSlowModel(t, 3, "Hi", " there,", " what can I do for you?")
	base, _ := testServer(t, "-config", greeterConfig(t, model.URL))
	conv := base + "/v1/bots/greeter/conversations/s1"
	live := openStream(t, conv+"/events", "")
	code, b, _ := post(t, conv+"/messages", `{"id":"m1","text":"say hello"}`)
	if code != 200 || replyText(t, b) != "Hi there, what can I do for you?" {
		t.Fatalf("%d %s", code, b)
	}
	frames := readFrames(t, live, 9)
	checkPath(t, frames)
	// The turn stores the text the model wrote (reply_generated) beside the parse
	// recorded for replay (nlu_parse, record: true).
	want := []string{"created->idle", "idle->running", "reply_delta", "reply_delta", "reply_delta", "turn", "reply_generated", "nlu_parse", "running->idle"}
	if diff := cmp.Diff(want, describeFrames(frames)); diff != "" {
		t.Fatalf("frames (-want +got):\n%s", diff)
	}
	var deltas []string
	for _, f := range frames[2:5] {
		var d parley.ReplyDeltaEvent
		if err := json.Unmarshal([]byte(f.data), &d); err != nil || d.ReplyID != "a-1-1" || f.id != "" {
			t.Fatalf("reply_delta frame %+v", f)
		}
		deltas = append(deltas, d.Delta)
	}
	if diff := cmp.Diff([]string{"Hi", " there,", " what can I do for you?"}, deltas); diff != "" {
		t.Fatalf("deltas (-want +got):\n%s", diff)
	}
	if id := firstReply(t, b).ID; id != "a-1-1" {
		t.Fatalf("the reply is %s, its deltas named a-1-1", id)
	}
	if code, replay, _ := post(t, conv+"/messages", `{"id":"m1","text":"say hello"}`); code != 200 || string(replay) != string(b) || model.calls.Load() != 1 {
		t.Fatalf("replay %s called the model %d times", replay, model.calls.Load())
	}

	// The model failing: the flow's own text, and the turn succeeds.
	model.failing.Store(true)
	code, b, _ = post(t, conv+"/messages", `{"id":"m2","text":"say hello"}`)
	if code != 200 || replyText(t, b) != "Hello! How can I help you today?" {
		t.Fatalf("with the model down: %d %s", code, b)
	}
}

// TestCancelMidStreamStopsWithThePartialText: Running --Cancel--> Cancelled during
// the model's stream. The stream is abandoned, stopped carries exactly the text
// streamed so far, and so does the turn's 409 answer and its replay.
func TestCancelMidStreamStopsWithThePartialText(t *testing.T) {
	model := newSlowModel(t, 2, "Hi", " there,", " what can I do for you?")
	base, _ := testServer(t, "-config", greeterConfig(t, model.URL))
	conv := base + "/v1/bots/greeter/conversations/s2"
	live := openStream(t, conv+"/events", "")
	answer := postAsync(conv+"/messages", `{"id":"m1","text":"say hello"}`)
	frames := readFrames(t, live, 4) // created->idle, idle->running, two deltas
	if got := describeFrames(frames); !cmp.Equal(got, []string{"created->idle", "idle->running", "reply_delta", "reply_delta"}) {
		t.Fatalf("before the cancel: %v", got)
	}
	started := time.Now()
	if code, b, _ := post(t, conv+"/cancel", `{"reason":"user_cancelled"}`); code != 200 {
		t.Fatalf("cancel: %d %s", code, b)
	}
	rest := readFrames(t, live, 2)
	t.Logf("cancel to stopped: %s", time.Since(started).Round(time.Microsecond))
	checkPath(t, append(frames, rest...))
	var stopped parley.StoppedEvent
	if got := describeFrames(rest); !cmp.Equal(got, []string{"running->cancelled", "stopped"}) ||
		json.Unmarshal([]byte(rest[1].data), &stopped) != nil || stopped.PartialResponse != "Hi there," {
		t.Fatalf("after the cancel: %v %s", describeFrames(rest), rest[1].data)
	}
	select {
	case <-model.gone:
	case <-time.After(10 * time.Second):
		t.Fatal("the model's stream was not abandoned")
	}
	got := <-answer
	var body interruptedBody
	if got[0] != "409" || json.Unmarshal([]byte(got[1]), &body) != nil || body.Error.PartialResponse == nil || *body.Error.PartialResponse != "Hi there," {
		t.Fatalf("interrupted turn answered %v", got)
	}
	if r := <-postAsync(conv+"/messages", `{"id":"m1","text":"say hello"}`); r != got || model.calls.Load() != 1 {
		t.Fatalf("retry %v (model called %d times), want the recorded %v", r, model.calls.Load(), got)
	}
	if v := view(t, conv); v.Lifecycle != "cancelled" || v.Turns != 0 || !strings.Contains(string(v.State), `"conversation_state"`) {
		t.Fatalf("after the cancel: %+v", v)
	}
}

// TestReplayOfGeneratedRepliesNeedsNoModel: `parley replay` reproduces a
// conversation whose replies a model wrote (and one where it fell back) from the
// stored texts, with the model gone.
func TestReplayOfGeneratedRepliesNeedsNoModel(t *testing.T) {
	model := newSlowModel(t, 3, "Hi", " there,", " what can I do for you?")
	cfg := greeterConfig(t, model.URL)
	db := filepath.Join(t.TempDir(), "parley.db")
	base, stop := stopServe(t, "-db", db, "-config", cfg)
	conv := base + "/v1/bots/greeter/conversations/r1"
	if code, b, _ := post(t, conv+"/messages", `{"id":"m1","text":"say hello"}`); code != 200 || replyText(t, b) != "Hi there, what can I do for you?" {
		t.Fatalf("%d %s", code, b)
	}
	model.failing.Store(true)
	if code, b, _ := post(t, conv+"/messages", `{"id":"m2","text":"say hello"}`); code != 200 || replyText(t, b) != "Hello! How can I help you today?" {
		t.Fatalf("%d %s", code, b)
	}
	stop()
	model.Close()
	calls := model.calls.Load()
	var out bytes.Buffer
	if err := run(context.Background(), []string{"replay", "-config", cfg, "-db", db, "greeter", "r1"}, &out, io.Discard); err != nil || out.Len() > 0 {
		t.Fatalf("replay: %v\n%s", err, out.String())
	}
	if model.calls.Load() != calls {
		t.Fatal("the replay called the model")
	}
}
