package main

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestAFailedActionMovesTheLifecycleToError: seed 004's error rows. An action the
// receiver refuses leaves the flows engine in its error state, and the turn
// completes with an error: Running --InteractionComplete (error)--> Error, a
// stopped event saying why, the conversation terminal (GET and the turn's answer
// say error). The next message respawns it (created -> idle -> running, history
// kept) and the engine recovers as seed 001 says: "try again" sends the action
// again, which now succeeds. The stored log is a path of seed 004's table.
func TestAFailedActionMovesTheLifecycleToError(t *testing.T) {
	var refuse atomic.Bool
	refuse.Store(true)
	hook := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		if refuse.Load() {
			http.Error(w, `{"error":"sold out"}`, http.StatusUnprocessableEntity)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write([]byte(`{}`))
	}))
	defer hook.Close()
	base, _ := testServer(t, "-config", ordersConfig(t, hook.URL, "", ""))
	conv := base + "/v1/bots/orders/conversations/e1"
	code, b, _ := post(t, conv+"/messages", `{"id":"m1","text":"place an order please"}`)
	if code != http.StatusOK || !strings.Contains(string(b), `"lifecycle":"error"`) || !strings.Contains(string(b), `"conversation_state":"error"`) {
		t.Fatalf("the refused action's turn: %d %s, want the engine and the lifecycle in error", code, b)
	}
	if v := view(t, conv); v.Lifecycle != "error" || v.Turns != 1 {
		t.Fatalf("GET after the refused action: %+v", v)
	}
	// A replay of the message answers the same.
	if code, again, _ := post(t, conv+"/messages", `{"id":"m1","text":"place an order please"}`); code != http.StatusOK || string(again) != string(b) {
		t.Fatalf("replay: %d %s\nwant %s", code, again, b)
	}
	refuse.Store(false)
	code, b, _ = post(t, conv+"/messages", `{"id":"m2","text":"try again"}`)
	if code != http.StatusOK || !strings.Contains(string(b), "Order placed.") || !strings.Contains(string(b), `"lifecycle":"idle"`) {
		t.Fatalf("try again: %d %s", code, b)
	}
	frames := storedFrames(t, conv)
	checkPath(t, frames)
	want := []string{"created->idle", "idle->running", "turn", "running->error", "stopped",
		"created->idle", "idle->running", "turn", "running->idle"}
	if diff := cmp.Diff(want, describeFrames(frames)); diff != "" {
		t.Fatalf("stored frames (-want +got):\n%s", diff)
	}
	if !strings.Contains(frames[4].data, "action_refused") {
		t.Errorf("stopped says %s, want why", frames[4].data)
	}
}
