package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/parleyhq/parley"
	"github.com/parleyhq/parley/internal/app"
	"github.com/parleyhq/parley/llm/llmtest"
)

// The question the fake model writes for the booking demo's first question
// ("Where would you like to fly from?"), as it streams it.
var originChunks = []string{"Sure", "!", " Where", " are", " you", " flying", " from", "?"}

// heldFree is how many chunks the fake streams at once; it holds the next one.
const heldFree = 3

// heldStream is one streamed request of heldModel: its chunks after the first
// heldFree wait for release (closed by the test); ended is closed when the request
// ended while held, i.e. its client went away.
type heldStream struct {
	release chan struct{}
	ended   chan struct{}
}

func (h *heldStream) pace(ctx context.Context, i int) error {
	if i < heldFree {
		return nil
	}
	select {
	case <-h.release:
		return nil
	case <-ctx.Done():
		select {
		case <-h.ended:
		default:
			close(h.ended)
		}
		return ctx.Err()
	}
}

// heldModel is an llmtest fake (OpenAI chat completions, streamed) that writes
// originChunks for every reply, handing each streamed request to the test on
// streams.
type heldModel struct {
	*llmtest.Server
	streams chan *heldStream
}

func newHeldModel(t testing.TB) *heldModel {
	m := &heldModel{streams: make(chan *heldStream, 1024)}
	m.Server = llmtest.New("qwen2.5:7b-instruct", func(_ int, req llmtest.Request) llmtest.Reply {
		if !req.Stream {
			return llmtest.Reply{Status: 500} // the demo bots read with their rules here
		}
		h := &heldStream{release: make(chan struct{}), ended: make(chan struct{})}
		m.streams <- h
		return llmtest.Reply{Chunks: originChunks, Pace: h.pace}
	})
	t.Cleanup(func() {
		// A failed test leaves no stream held.
		for {
			select {
			case h := <-m.streams:
				close(h.release)
			default:
				m.Close()
				return
			}
		}
	})
	return m
}

func (m *heldModel) next(t testing.TB) *heldStream {
	t.Helper()
	select {
	case h := <-m.streams:
		return h
	case <-time.After(20 * time.Second):
		t.Fatal("the model was never asked to write the question")
		return nil
	}
}

// modelDemoConfig is a parley.yaml with only an llm block: the demo bots, read by
// their rules, with the model writing what they opt in (the booking demo's
// questions).
func modelDemoConfig(t testing.TB, baseURL string) string {
	t.Helper()
	return configFile(t, "llm:\n  base_url: "+baseURL+"\n  model: qwen2.5:7b-instruct\n  timeout: 60s\n  max_retries: -1\n")
}

// TestDemoBookingStreamsAndStopsMidStream is issue 15's done criterion through the
// HTTP API: the demo booking bot with a model configured streams its first
// question token by token to a subscriber as reply_delta events, before the turn's
// response, and the Running rows of seed 004's table each end that running turn:
// the stream ending (InteractionComplete(success) -> Idle), a pause (-> Paused) and
// a cancel (-> Cancelled) sent while the model holds its next chunk. An interrupted
// turn stops the model's stream (the fake sees its request end), answers 409 with
// partial_response = exactly the chunks streamed, commits no state change, and a
// cancel's stopped event carries the same text. (Running --InteractionComplete
// (error)--> Error through the API: TestAFailingTurnGoesFromRunningToError; a model
// failure is never an error, the question is then the flow's own.)
func TestDemoBookingStreamsAndStopsMidStream(t *testing.T) {
	tests := []struct {
		name      string
		control   string   // "": the model finishes
		after     []string // the frames after the held deltas
		lifecycle string
	}{
		{"Running --InteractionComplete(success)--> Idle", "", []string{"reply_delta", "reply_delta", "reply_delta", "reply_delta", "reply_delta", "turn", "reply_generated", "running->idle"}, "idle"},
		{"Running --Pause--> Paused", "pause", []string{"running->paused"}, "paused"},
		{"Running --Cancel--> Cancelled", "cancel", []string{"running->cancelled", "stopped"}, "cancelled"},
	}
	model := newHeldModel(t)
	base, _ := testServer(t, "-config", modelDemoConfig(t, model.BaseURL()))
	for i, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			conv := fmt.Sprintf("%s/v1/bots/booking/conversations/stream-%d", base, i)
			live := openStream(t, conv+"/events", "")
			if code, b, _ := post(t, conv+"/messages", `{"id":"m0","text":"hello"}`); code != 200 {
				t.Fatalf("first turn: %d %s", code, b)
			}
			before := view(t, conv)
			answer := postAsync(conv+"/messages", `{"id":"m1","text":"I want to book a flight"}`)
			held := model.next(t)
			frames := readFrames(t, live, 4+1+heldFree)
			want := []string{"created->idle", "idle->running", "turn", "running->idle", "idle->running", "reply_delta", "reply_delta", "reply_delta"}
			if diff := cmp.Diff(want, describeFrames(frames)); diff != "" {
				t.Fatalf("frames before the held chunk (-want +got):\n%s", diff)
			}
			streamed := deltasOf(t, frames, "a-2-1")
			if diff := cmp.Diff(originChunks[:heldFree], streamed); diff != "" {
				t.Fatalf("deltas (-want +got):\n%s", diff)
			}
			select {
			case r := <-answer:
				t.Fatalf("the turn answered %v while the model was still writing", r)
			default:
			}
			if v := view(t, conv); v.Lifecycle != "running" {
				t.Fatalf("while the model writes GET shows %s", v.Lifecycle)
			}

			switch tt.control {
			case "":
				close(held.release)
			default:
				if code, b, _ := post(t, conv+"/"+tt.control, `{"reason":"user_cancelled"}`); code != 200 {
					t.Fatalf("%s: %d %s", tt.control, code, b)
				}
			}
			rest := readFrames(t, live, len(tt.after))
			if diff := cmp.Diff(tt.after, describeFrames(rest)); diff != "" {
				t.Fatalf("frames after the held chunk (-want +got):\n%s", diff)
			}
			checkPath(t, append(frames, rest...))
			got2 := <-answer
			after := view(t, conv)
			partial := strings.Join(originChunks[:heldFree], "")
			if tt.control == "" {
				if got2[0] != "200" || replyText(t, []byte(got2[1])) != strings.Join(originChunks, "") ||
					!cmp.Equal(append(streamed, deltasOf(t, rest, "a-2-1")...), originChunks) {
					t.Fatalf("answer %v", got2)
				}
				if after.Lifecycle != "idle" || after.Turns != before.Turns+1 {
					t.Fatalf("after the turn: %+v", after)
				}
				return
			}
			waitClosed(t, "the model's stream to end", held.ended)
			interruptedWith(t, got2, tt.lifecycle, partial)
			if tt.control == "cancel" {
				var stopped parley.StoppedEvent
				if err := json.Unmarshal([]byte(rest[1].data), &stopped); err != nil || stopped.PartialResponse != partial || stopped.Reason != "user_cancelled" {
					t.Fatalf("stopped %s", rest[1].data)
				}
			}
			if after.Lifecycle != tt.lifecycle || after.Turns != before.Turns || string(after.State) != string(before.State) {
				t.Fatalf("the interrupted turn changed the conversation: before %+v\nafter %+v", before, after)
			}
			// A retry of the message is its recorded answer: the model is not asked again.
			if r := <-postAsync(conv+"/messages", `{"id":"m1","text":"I want to book a flight"}`); r != got2 {
				t.Fatalf("retry %v, want %v", r, got2)
			}
			select {
			case h := <-model.streams:
				close(h.release)
				t.Fatal("the retry asked the model")
			default:
			}
		})
	}
	if p := model.Problems(); len(p) > 0 {
		t.Fatalf("the model server refused requests: %v", p)
	}
}

// deltasOf returns the deltas of the reply_delta frames for replyID, in order.
func deltasOf(t testing.TB, frames []sseFrame, replyID string) []string {
	t.Helper()
	var out []string
	for _, f := range frames {
		if f.event != string(parley.EventReplyDelta) {
			continue
		}
		var d parley.ReplyDeltaEvent
		if err := json.Unmarshal([]byte(f.data), &d); err != nil || d.ReplyID != replyID || f.id != "" {
			t.Fatalf("reply_delta frame %+v, want reply %s, unstored", f, replyID)
		}
		out = append(out, d.Delta)
	}
	return out
}

// interruptedWith checks a turn's answer: 409 interrupted, the lifecycle the
// control left, and partial_response.
func interruptedWith(t testing.TB, got [2]string, lifecycle, partial string) {
	t.Helper()
	var b interruptedBody
	if got[0] != "409" || json.Unmarshal([]byte(got[1]), &b) != nil || b.Error.Code != parley.EINTERRUPTED ||
		b.Error.Lifecycle != lifecycle || b.Error.PartialResponse == nil || *b.Error.PartialResponse != partial {
		t.Fatalf("interrupted turn answered %v, want 409 interrupted (%s) with partial_response %q", got, lifecycle, partial)
	}
}

func waitClosed(t testing.TB, what string, c <-chan struct{}) {
	t.Helper()
	select {
	case <-c:
	case <-time.After(20 * time.Second):
		t.Fatalf("timed out waiting for %s", what)
	}
}

// BenchmarkCancelMidStream measures, through the HTTP API, the time from sending a
// cancel while the demo booking bot's model holds its stream to the subscriber
// reading the stopped event (and to the model server seeing its request end).
// Each iteration is one conversation; run it with -benchtime=20x for 20 cancels:
//
//	go test -run '^$' -bench CancelMidStream -benchtime=20x ./cmd/parley
func BenchmarkCancelMidStream(b *testing.B) {
	model := newHeldModel(b)
	base, _ := testServer(b, "-config", modelDemoConfig(b, model.BaseURL()))
	var toStopped, toModel []time.Duration
	for i := 0; b.Loop(); i++ {
		conv := fmt.Sprintf("%s/v1/bots/booking/conversations/bench-%d", base, i)
		live := openStream(b, conv+"/events", "")
		answer := postAsync(conv+"/messages", `{"id":"m1","text":"I want to book a flight"}`)
		held := model.next(b)
		readFrames(b, live, 2+heldFree) // created->idle, idle->running, the deltas
		start := time.Now()
		if code, body, _ := post(b, conv+"/cancel", `{"reason":"user_cancelled"}`); code != 200 {
			b.Fatalf("cancel: %d %s", code, body)
		}
		readUntil(b, live, parley.EventStopped)
		toStopped = append(toStopped, time.Since(start))
		waitClosed(b, "the model's stream to end", held.ended)
		toModel = append(toModel, time.Since(start))
		if r := <-answer; r[0] != "409" {
			b.Fatalf("answer %v", r)
		}
	}
	b.ReportMetric(median(toStopped).Seconds()*1e3, "ms-to-stopped(median)")
	b.ReportMetric(slices.Max(toStopped).Seconds()*1e3, "ms-to-stopped(max)")
	b.ReportMetric(median(toModel).Seconds()*1e3, "ms-to-model-closed(median)")
}

// readUntil reads frames until one of type event.
func readUntil(t testing.TB, r *bufio.Reader, event parley.EventType) {
	t.Helper()
	for {
		if f := readFrames(t, r, 1); f[0].event == string(event) {
			return
		}
	}
}

func median(d []time.Duration) time.Duration {
	s := slices.Clone(d)
	slices.Sort(s)
	return s[len(s)/2]
}

// TestRephraseAndShopTextsWrittenByTheModel: through the HTTP API, a gates node with
// promptVariantStrategy REPHRASE has its retry prompt written by the model, and a
// shop bot with generate: [intro] the lead-in of its cards; each streams as
// reply_delta events naming the reply of the response, and `parley replay`
// reproduces both conversations from the recorded texts with the model gone.
func TestRephraseAndShopTextsWrittenByTheModel(t *testing.T) {
	fake := llmtest.New("m", func(_ int, req llmtest.Request) llmtest.Reply {
		if strings.HasSuffix(req.LastUser(), "?") {
			return llmtest.Reply{Content: "Sorry, which email should we write to?"}
		}
		return llmtest.Reply{Content: "Have a look at these hoodies:"}
	})
	defer fake.Close()
	dir := t.TempDir()
	flow := `{"id": "signup", "primaryGoal": {"type": "GATE", "gate": "CONTACT"},
  "gates": {"CONTACT": {"satisfiedBy": {"metricsAny": ["email"]}}},
  "nodes": [{"id": "email-1", "produces": ["email"], "satisfies": {"gates": ["CONTACT"]},
    "retryPolicy": {"maxAttempts": 3, "onExhaust": "HANDOFF", "promptVariantStrategy": "REPHRASE"},
    "prompts": {"variants": ["Which email should we use?", "What email address can we reach you at?"]},
    "extract": [{"kind": "email", "fact": "email"}]}]}`
	cfg := "llm:\n  base_url: " + fake.BaseURL() + "\n  model: m\n  timeout: 30s\n  max_retries: -1\nbots:\n" +
		"  - {name: signup, engine: gates, flow: signup.json, record: true}\n" +
		"  - {name: shop, engine: shop, record: true, shop: {generate: [intro]}}\n"
	for name, text := range map[string]string{"signup.json": flow, "parley.yaml": cfg} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	cfgPath, db := filepath.Join(dir, "parley.yaml"), filepath.Join(dir, "parley.db")
	base, stop := stopServe(t, "-db", db, "-config", cfgPath)
	tests := []struct {
		bot      string
		messages []string
		replyID  string // of the written reply, in the last turn
		text     string
	}{
		{"signup", []string{"hello", "no idea, sorry"}, "a-2-1", "Sorry, which email should we write to?"},
		{"shop", []string{"show me hoodies"}, "a-1-1", "Have a look at these hoodies:"},
	}
	for _, tt := range tests {
		conv := base + "/v1/bots/" + tt.bot + "/conversations/w1"
		live := openStream(t, conv+"/events", "")
		var body []byte
		for i, m := range tt.messages {
			var code int
			if code, body, _ = post(t, conv+"/messages", fmt.Sprintf(`{"id":"m%d","text":%q}`, i+1, m)); code != 200 {
				t.Fatalf("%s %q: %d %s", tt.bot, m, code, body)
			}
		}
		var resp struct{ Replies []parley.Reply }
		if err := json.Unmarshal(body, &resp); err != nil || len(resp.Replies) == 0 || resp.Replies[0].ID != tt.replyID || resp.Replies[0].Text != tt.text {
			t.Fatalf("%s: %s", tt.bot, body)
		}
		var deltas []sseFrame
		for len(deltas) == 0 || deltas[len(deltas)-1].event != string(parley.EventReplyGenerated) {
			f := readFrames(t, live, 1)[0]
			if f.event == string(parley.EventReplyDelta) || f.event == string(parley.EventReplyGenerated) {
				deltas = append(deltas, f)
			}
		}
		if got := strings.Join(deltasOf(t, deltas[:len(deltas)-1], tt.replyID), ""); got != tt.text {
			t.Fatalf("%s: streamed %q", tt.bot, got)
		}
	}
	stop()
	calls := len(fake.Requests())
	fake.Close()
	for _, tt := range tests {
		var out strings.Builder
		if err := run(context.Background(), []string{"replay", "-config", cfgPath, "-db", db, tt.bot, "w1"}, &out, os.Stderr); err != nil || out.Len() > 0 {
			t.Fatalf("replay %s: %v\n%s", tt.bot, err, out.String())
		}
	}
	if calls != 2 || len(fake.Requests()) != calls || len(fake.Problems()) > 0 {
		t.Fatalf("model calls %d then %d, problems %v", calls, len(fake.Requests()), fake.Problems())
	}
}

// TestShopGenerateConfig: the shop's generate: list names texts the engine knows;
// an unknown one stops the server from starting, naming it.
func TestShopGenerateConfig(t *testing.T) {
	tests := []struct{ name, generate, want string }{
		{"known texts", "[intro, clarify, small_talk]", ""},
		{"cards are never written", "[cards]", `generate "cards" is not one of intro, clarify, small_talk`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cfg, err := app.ParseConfig([]byte("bots:\n  - {name: shop, engine: shop, shop: {generate: "+tt.generate+"}}\n"), "parley.yaml")
			if err != nil {
				t.Fatal(err)
			}
			_, err = app.BuildBots(context.Background(), cfg, tempStore(t), nil, nil)
			if tt.want == "" && err != nil || tt.want != "" && (err == nil || !strings.Contains(parley.ErrorMessage(err), tt.want)) {
				t.Fatalf("err = %v, want %q", err, tt.want)
			}
		})
	}
}
