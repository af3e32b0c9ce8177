package relay_test

import (
	"context"
	"encoding/json"
	"testing"
	"testing/synctest"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/parleyhq/parley"
	"github.com/parleyhq/parley/relay"
)

// TestTurnRepliesThroughTheOutbox: a webhook's turn runs at once (the handler kicks
// the processor) with the typing indicator on meanwhile; its replies leave at the
// deliverer's next claim, a handoff as a private note then the status open, and a
// redelivery runs and sends nothing.
func TestTurnRepliesThroughTheOutbox(t *testing.T) {
	inBubble(t, func(t *testing.T, e *env) {
		defer e.run()()
		e.send(incoming(t, 501, "hello"))
		synctest.Wait()
		wantCalls(t, e, "toggle_typing_status OK 0s", "toggle_typing_status OK 0s")
		if n := len(e.inbox()); n != 0 {
			t.Fatalf("%d inbox entries left after the turn's commit", n)
		}

		time.Sleep(relay.OutboxPoll)
		synctest.Wait()
		e.send(incoming(t, 502, "human"))
		time.Sleep(relay.OutboxPoll)
		synctest.Wait()
		wantCalls(t, e,
			"toggle_typing_status OK 0s", "toggle_typing_status OK 0s",
			"messages OK 200ms echo: hello",
			"toggle_typing_status OK 200ms", "toggle_typing_status OK 200ms",
			"messages OK 400ms echo: human",
			"messages OK 400ms Parley handed this conversation to a human. Reason: asked for a human",
			"toggle_status OK 400ms")
		if got := e.cw.Status(conv); got != "open" {
			t.Fatalf("conversation status %q after the handoff, want open", got)
		}

		calls := len(e.cw.Calls())
		if got := e.post("shop", incoming(t, 501, "hello"), secret); got != "200 duplicate" {
			t.Fatalf("redelivery: %s, want 200 duplicate", got)
		}
		time.Sleep(time.Minute)
		synctest.Wait()
		if n := len(e.eng.decisions(e.start)); n != 2 {
			t.Fatalf("the engine decided %d times for two messages", n)
		}
		if extra := e.calls()[calls:]; len(extra) != 0 {
			t.Fatalf("the redelivery made calls: %v", extra)
		}
	})
}

// TestInboxRetriesAtEachPoll: a turn that fails with a retryable error is run again
// at each InboxPoll, MaxInboundAttempts times at most, then dropped; once the engine
// is back its replies leave once, at the deliverer's next claim.
func TestInboxRetriesAtEachPoll(t *testing.T) {
	tests := []struct {
		name        string
		down        int
		wantDecided []time.Duration
		// wantMessages are the messages sent, each within OutboxPoll of the last
		// decision (an inbox poll and a claim fall due at the same instant every
		// second, in either order).
		wantMessages []string
		// wantCounts are the inbox outcomes processed, retried, dropped.
		wantCounts []float64
	}{{
		name:         "the engine is back at the third attempt",
		down:         2,
		wantDecided:  []time.Duration{0, time.Second, 2 * time.Second},
		wantMessages: []string{"echo: hello"},
		wantCounts:   []float64{1, 2, 0},
	}, {
		name:        "the engine stays down: dropped after the fifth attempt",
		down:        100,
		wantDecided: []time.Duration{0, time.Second, 2 * time.Second, 3 * time.Second, 4 * time.Second},
		wantCounts:  []float64{0, 4, 1},
	}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			inBubble(t, func(t *testing.T, e *env) {
				e.eng.down = tt.down
				defer e.run()()
				e.send(incoming(t, 501, "hello"))
				time.Sleep(time.Minute)
				synctest.Wait()
				if diff := cmp.Diff(tt.wantDecided, e.eng.decisions(e.start)); diff != "" {
					t.Fatalf("decisions (-want +got):\n%s", diff)
				}
				last := e.start.Add(tt.wantDecided[len(tt.wantDecided)-1])
				if diff := cmp.Diff(tt.wantMessages, e.messagesWithin(last, relay.OutboxPoll)); diff != "" {
					t.Fatalf("messages (-want +got):\n%s", diff)
				}
				if n := len(e.inbox()); n != 0 {
					t.Fatalf("%d inbox entries left", n)
				}
				counts := e.counters("parley_relay_inbox_entries_total", "processed", "retried", "dropped")
				if diff := cmp.Diff(tt.wantCounts, counts); diff != "" {
					t.Fatalf("inbox outcomes processed, retried, dropped (-want +got):\n%s", diff)
				}
			})
		})
	}
}

// TestInboxDropsWhatCanNeverBeATurn: entries no retry can turn into a turn are dropped
// on their first attempt, and the engine never sees them.
func TestInboxDropsWhatCanNeverBeATurn(t *testing.T) {
	turn := func(text string) json.RawMessage {
		b, _ := json.Marshal(map[string]any{"kind": "turn", "key": convKey, "message": map[string]any{"id": "m", "text": text}})
		return b
	}
	tests := []struct {
		name    string
		payload json.RawMessage
	}{
		{"an undecodable entry", json.RawMessage(`{"kind":`)},
		{"a message without text (the runtime refuses it)", turn("")},
		{"a kind the relay does not know", json.RawMessage(`{"kind":"ignore"}`)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			inBubble(t, func(t *testing.T, e *env) {
				in := parley.Inbound{Key: convKey, MessageID: "m", Channel: relay.ChannelName, Payload: tt.payload}
				if _, err := e.store.EnqueueInbound(context.Background(), in); err != nil {
					t.Fatal(err)
				}
				defer e.run()() // the first pass reads the inbox at once
				if n := len(e.inbox()); n != 0 {
					t.Fatalf("%d inbox entries left after the first pass", n)
				}
				if n := len(e.eng.decisions(e.start)); n != 0 {
					t.Fatalf("the engine decided %d times", n)
				}
			})
		})
	}
}

// TestStatusChangesPauseAndHandBack: a status leaving pending pauses the bot and
// resolved hands the conversation back. A second stop the lifecycle refuses (the
// conversation is paused already) is dropped, and a replay of an applied change is a
// duplicate.
func TestStatusChangesPauseAndHandBack(t *testing.T) {
	inBubble(t, func(t *testing.T, e *env) {
		defer e.run()()
		e.send(incoming(t, 501, "hello"))
		e.send(statusChange(t, "open"))
		synctest.Wait()
		if lc := lifecycle(t, e.store); lc != parley.LifecyclePaused {
			t.Fatalf("lifecycle %s after the status open, want paused", lc)
		}
		e.send(fixture(t, "chatwoot_webhook_conversation_opened.json"))
		synctest.Wait()
		if n := len(e.inbox()); n != 0 {
			t.Fatalf("%d inbox entries left after a second stop", n)
		}
		e.send(statusChange(t, "resolved"))
		synctest.Wait()
		if lc := lifecycle(t, e.store); lc != parley.LifecycleIdle {
			t.Fatalf("lifecycle %s after resolved, want idle", lc)
		}
		if got := e.post("shop", statusChange(t, "open"), secret); got != "200 duplicate" {
			t.Fatalf("replayed status open: %s, want 200 duplicate", got)
		}
		time.Sleep(time.Minute)
		synctest.Wait()
		if lc := lifecycle(t, e.store); lc != parley.LifecycleIdle {
			t.Fatalf("lifecycle %s after the replay, want idle", lc)
		}
		if got := e.counter("parley_relay_inbox_entries_total", "processed"); got != 4 {
			t.Fatalf("%v inbox entries processed, want 4 (the replay is not one)", got)
		}
	})
}

// TestInboxSurvivesUntilRun: a webhook acknowledged while nothing processes the inbox
// (a crash right after the 200, a relay not started yet) is processed by the next Run.
func TestInboxSurvivesUntilRun(t *testing.T) {
	inBubble(t, func(t *testing.T, e *env) {
		stop := e.run()
		stop()
		e.send(incoming(t, 501, "hello"))
		time.Sleep(time.Minute)
		synctest.Wait()
		if n := len(e.inbox()); n != 1 {
			t.Fatalf("%d inbox entries while stopped, want 1", n)
		}
		started := time.Now()
		defer e.run()()
		time.Sleep(relay.OutboxPoll)
		synctest.Wait()
		if n := len(e.inbox()); n != 0 {
			t.Fatalf("%d inbox entries after Run, want 0", n)
		}
		if got := e.messagesWithin(started, relay.OutboxPoll); !cmp.Equal(got, []string{"echo: hello"}) {
			t.Fatalf("messages %q, want the reply within a claim period of Run", got)
		}
	})
}
