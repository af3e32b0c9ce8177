package main

import (
	"context"
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/parleyhq/parley"
	"github.com/parleyhq/parley/sqlite"
)

// shopConfig writes a config with the shop bot and the given bot and runtime
// settings.
func shopConfig(t *testing.T, runtime, bot string) string {
	t.Helper()
	return configFile(t, runtime+"bots:\n  - name: shop\n    engine: shop\n"+bot)
}

// storedFrames reads a conversation's whole stored log over SSE and checks it is a
// path of seed 004's table.
func storedFrames(t *testing.T, conv string) []sseFrame {
	t.Helper()
	v := view(t, conv)
	frames := readFrames(t, openStream(t, conv+"/events", "0"), int(v.LastEventID))
	checkPath(t, frames)
	return frames
}

func waitLifecycle(t *testing.T, conv, want string) convView {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for {
		v := view(t, conv)
		if v.Lifecycle == want {
			return v
		}
		if time.Now().After(deadline) {
			t.Fatalf("%s stays %s, want %s", conv, v.Lifecycle, want)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// stoppedReason returns the reason of the stopped frame at i.
func stoppedReason(t *testing.T, frames []sseFrame, i int) string {
	t.Helper()
	var s parley.StoppedEvent
	if frames[i].event != string(parley.EventStopped) || json.Unmarshal([]byte(frames[i].data), &s) != nil {
		t.Fatalf("frame %d is %+v, want stopped", i, frames[i])
	}
	return s.Reason
}

// TestInactivityTimeoutIsAppliedAfterARestart: the timer of a conversation whose
// server stopped is not lost. The restarted server (whose shop bot now has a 1 s
// inactivity_timeout) completes it, and the next message respawns it from history.
func TestInactivityTimeoutIsAppliedAfterARestart(t *testing.T) {
	db := filepath.Join(t.TempDir(), "parley.db")
	base, stop := stopServe(t, "-db", db)
	if code, b, _ := post(t, base+"/v1/bots/shop/conversations/r1/messages", `{"id":"m1","text":"show me hoodies"}`); code != 200 {
		t.Fatalf("%d %s", code, b)
	}
	stop()
	time.Sleep(1100 * time.Millisecond)

	base, _ = stopServe(t, "-db", db, "-config", shopConfig(t, "", "    inactivity_timeout: 1s\n"))
	conv := base + "/v1/bots/shop/conversations/r1"
	waitLifecycle(t, conv, "completed")
	frames := storedFrames(t, conv)
	if diff := cmp.Diff([]string{"created->idle", "idle->running", "turn", "running->idle", "idle->completed", "stopped"}, describeFrames(frames)); diff != "" {
		t.Fatalf("stored frames (-want +got):\n%s", diff)
	}
	if r := stoppedReason(t, frames, 5); r != "inactivity_timeout" {
		t.Fatalf("stopped reason %q", r)
	}
	code, b, _ := post(t, conv+"/messages", `{"id":"m2","text":"show more"}`)
	if code != 200 || !strings.Contains(string(b), `"lifecycle":"idle"`) {
		t.Fatalf("message after completion: %d %s", code, b)
	}
	frames = storedFrames(t, conv)
	var respawn parley.StateChangedEvent
	_ = json.Unmarshal([]byte(frames[6].data), &respawn)
	if got := describeFrames(frames[6:]); !cmp.Equal(got, []string{"created->idle", "idle->running", "turn", "running->idle"}) || respawn.Reason != "respawned after completed" {
		t.Fatalf("after the respawn: %v %s", got, frames[6].data)
	}
	// The history is preserved: "show more" pages on through the hoodies search.
	if !strings.Contains(string(b), `"category":"Hoodies"`) || !strings.Contains(string(b), `"trigger":"show_more"`) {
		t.Fatalf("show more after the respawn lost the search: %s", b)
	}
}

// TestInactivityTimeoutOfAPassivatedActor: with one live actor allowed, the first
// conversation's actor passivates (its in-memory timer goes with it); the store's
// timer still completes it.
func TestInactivityTimeoutOfAPassivatedActor(t *testing.T) {
	base, _ := testServer(t, "-config", shopConfig(t, "runtime:\n  max_actors: 1\n", "    inactivity_timeout: 2s\n"))
	conv := base + "/v1/bots/shop/conversations/"
	for _, c := range []string{"a", "b"} {
		if code, b, _ := post(t, conv+c+"/messages", `{"id":"m1","text":"hi"}`); code != 200 {
			t.Fatalf("%d %s", code, b)
		}
	}
	deadline := time.Now().Add(10 * time.Second)
	for view(t, conv+"a").Live {
		if time.Now().After(deadline) {
			t.Fatal("conversation a was not passivated")
		}
		time.Sleep(20 * time.Millisecond)
	}
	if v := view(t, conv+"a"); v.Lifecycle != "idle" {
		t.Fatalf("passivated as %s", v.Lifecycle)
	}
	waitLifecycle(t, conv+"a", "completed")
	frames := storedFrames(t, conv+"a")
	if diff := cmp.Diff([]string{"created->idle", "idle->running", "turn", "running->idle", "idle->completed", "stopped"}, describeFrames(frames)); diff != "" {
		t.Fatalf("stored frames (-want +got):\n%s", diff)
	}
}

// TestAMessageSentAfterTheTimeoutFindsTheConversationCompleted: the message's sent_at
// decides. Five minutes after the last activity the conversation is still idle;
// thirty minutes after (past the default 10 minutes) it was completed and the message
// respawns it, the history preserved.
func TestAMessageSentAfterTheTimeoutFindsTheConversationCompleted(t *testing.T) {
	base, _ := testServer(t)
	conv := base + "/v1/bots/shop/conversations/late"
	send := turnSender(t, conv, time.Now().UTC(), time.RFC3339Nano)
	send("m1", "show me hoodies", 0)
	send("m2", "show more", 5*time.Minute)
	if got := describeFrames(storedFrames(t, conv)); !cmp.Equal(got, []string{"created->idle", "idle->running", "turn", "running->idle", "idle->running", "turn", "running->idle"}) {
		t.Fatalf("five minutes later: %v", got)
	}
	b := send("m3", "show more", 30*time.Minute)
	frames := storedFrames(t, conv)
	if diff := cmp.Diff([]string{"created->idle", "idle->running", "turn", "running->idle", "idle->running", "turn", "running->idle",
		"idle->completed", "stopped", "created->idle", "idle->running", "turn", "running->idle"}, describeFrames(frames)); diff != "" {
		t.Fatalf("thirty minutes later (-want +got):\n%s", diff)
	}
	var sc parley.StateChangedEvent
	_ = json.Unmarshal([]byte(frames[7].data), &sc)
	if !strings.Contains(sc.Reason, "inactivity timeout") || stoppedReason(t, frames, 8) != "inactivity_timeout" {
		t.Fatalf("completion %s %s", frames[7].data, frames[8].data)
	}
	if !strings.Contains(string(b), `"lifecycle":"idle"`) {
		t.Fatalf("m3: %s", b)
	}
}

// TestAFailingTurnGoesFromRunningToError: Running --InteractionComplete(error)-->
// Error through the API. A gates conversation is pinned to a stored flow version that
// no longer validates (written by another release); its next turn fails.
func TestAFailingTurnGoesFromRunningToError(t *testing.T) {
	dir := t.TempDir()
	base, stop := stopServe(t, "-db", filepath.Join(dir, "a.db"))
	if code, b, _ := post(t, base+"/v1/bots/coach/conversations/pin/messages", `{"id":"m1","text":"hi"}`); code != 200 {
		t.Fatalf("%d %s", code, b)
	}
	pinned := view(t, base+"/v1/bots/coach/conversations/pin").State
	stop()
	if !strings.Contains(string(pinned), `"flowVersion":1`) {
		t.Fatalf("state not pinned to flow version 1: %s", pinned)
	}

	ctx := context.Background()
	db := filepath.Join(dir, "b.db")
	store, err := sqlite.Open(ctx, db, sqlite.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := store.PutFlow(ctx, "coach", []byte(`{"flow":"from another release"}`)); err != nil {
		t.Fatal(err)
	}
	err = store.Commit(ctx, &parley.Commit{Conversation: parley.Conversation{
		Key: parley.ConversationKey{Bot: "coach", ID: "pin"}, Engine: "gates", State: pinned,
		Lifecycle: parley.LifecycleIdle, Version: 1, Turns: 1, UpdatedAt: time.Now().UTC(),
	}})
	if cerr := store.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		t.Fatal(err)
	}
	base, _ = stopServe(t, "-db", db)
	conv := base + "/v1/bots/coach/conversations/pin"
	live := openStream(t, conv+"/events", "")
	code, b, _ := post(t, conv+"/messages", `{"id":"m2","text":"it's going well"}`)
	if code != 500 || errorCode(t, b) != parley.EINTERNAL {
		t.Fatalf("turn on a broken flow: %d %s", code, b)
	}
	if v := view(t, conv); v.Lifecycle != "error" || v.Turns != 1 || string(v.State) != string(pinned) {
		t.Fatalf("after the failure: %+v", v)
	}
	frames := readFrames(t, live, 3)
	checkPath(t, frames)
	if got := describeFrames(frames); !cmp.Equal(got, []string{"idle->running", "running->error", "stopped"}) {
		t.Fatalf("live frames %v", got)
	}
	if r := stoppedReason(t, frames, 2); !strings.HasPrefix(r, "error: ") {
		t.Fatalf("stopped reason %q", r)
	}
	storedFrames(t, conv)
}

// TestTheInactivityTimeoutCountsInSentAt: seed 004's inactivity timeout of a message
// counts from the previous message's sent_at, not from the server's clock, so that it
// holds for messages stamped in any month (a replay, a channel's backlog). Two messages
// 5 minutes apart leave the conversation idle; the next one, 30 minutes after, finds
// it completed (the default timeout is 10 minutes) and respawns it.
func TestTheInactivityTimeoutCountsInSentAt(t *testing.T) {
	base, _ := testServer(t)
	conv := base + "/v1/bots/shop/conversations/sent-at"
	start := time.Date(2025, 2, 3, 10, 0, 0, 0, time.UTC) // months before the server's clock
	send := turnSender(t, conv, start, time.RFC3339)
	send("m1", "show me hoodies", 0)
	send("m2", "show more", 5*time.Minute)
	if v := view(t, conv); v.Lifecycle != "idle" || v.Turns != 2 {
		t.Fatalf("five minutes later: %+v", v)
	}
	send("m3", "show more", 35*time.Minute)
	got := describeFrames(storedFrames(t, conv))
	want := []string{"idle->completed", "stopped", "created->idle", "idle->running", "turn", "running->idle"}
	if len(got) < len(want) || !cmp.Equal(got[len(got)-len(want):], want) {
		t.Fatalf("thirty minutes after the last message: %v, want it to end with %v", got, want)
	}
}
