package main

import (
	"bufio"
	"encoding/json"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/parleyhq/parley"
)

// seedTable is seed 004's Transition Rules as (from, to) edges, "Any" rows expanded
// to every non-terminal state, plus the diagram's created --ProcessInteraction-->
// idle ("Spawn"). TestSeedTableMatchesSeed checks it against the seed when
// ../shared is present.
var seedTable = map[[2]parley.Lifecycle]bool{
	{"created", "idle"}: true,
	{"idle", "running"}: true, {"idle", "paused"}: true, {"idle", "cancelled"}: true, {"idle", "completed"}: true,
	{"running", "idle"}: true, {"running", "error"}: true, {"running", "paused"}: true, {"running", "cancelled"}: true,
	{"paused", "idle"}: true, {"paused", "completed"}: true,
	{"created", "error"}: true, {"idle", "error"}: true, {"paused", "error"}: true,
	{"created", "cancelled"}: true, {"paused", "cancelled"}: true,
}

func TestSeedTableMatchesSeed(t *testing.T) {
	files, _ := filepath.Glob("../../../shared/seeds/004_*.txt")
	if len(files) == 0 {
		t.Skip("../shared/seeds not present")
	}
	b, err := os.ReadFile(files[0])
	if err != nil {
		t.Fatal(err)
	}
	text := string(b)
	text = text[strings.Index(text, "### Transition Rules"):]
	text = text[:strings.Index(text, "\n## ")]
	row := regexp.MustCompile(`(?m)^\| (\w+) \| [^|]+\| (\w+) \|`)
	nonTerminal := []parley.Lifecycle{"created", "idle", "running", "paused"}
	got := map[[2]parley.Lifecycle]bool{{"created", "idle"}: true}
	for _, m := range row.FindAllStringSubmatch(text, -1) {
		from, to := parley.Lifecycle(strings.ToLower(m[1])), parley.Lifecycle(strings.ToLower(m[2]))
		if from == "from" {
			continue
		}
		if from == "any" {
			for _, s := range nonTerminal {
				got[[2]parley.Lifecycle{s, to}] = true
			}
			continue
		}
		got[[2]parley.Lifecycle{from, to}] = true
	}
	if diff := cmp.Diff(seedTable, got); diff != "" {
		t.Fatalf("seed 004 table (-test +seed):\n%s", diff)
	}
}

// checkPath fails unless the state_changed frames form a path of seedTable (a new
// life after a terminal state starting at created) and every frame's data has
// exactly the seed's fields.
func checkPath(t *testing.T, frames []sseFrame) {
	t.Helper()
	// The seed's fields; a turn also carries what the user sent (text, meaning), each
	// only when given.
	fields := map[string][]string{
		string(parley.EventStateChanged): {"from_state", "reason", "to_state"},
		string(parley.EventStopped):      {"partial_response", "reason"},
		string(parley.EventTurn):         {"message_id", "transitions"},
	}
	optional := map[string]bool{"text": true, "meaning": true}
	var at parley.Lifecycle
	for i, f := range frames {
		var data map[string]json.RawMessage
		if err := json.Unmarshal([]byte(f.data), &data); err != nil {
			t.Fatalf("frame %d data %s: %v", i, f.data, err)
		}
		if want, ok := fields[f.event]; ok {
			var keys []string
			for k := range data {
				if f.event != string(parley.EventTurn) || !optional[k] {
					keys = append(keys, k)
				}
			}
			sort.Strings(keys)
			if !cmp.Equal(want, keys) {
				t.Fatalf("frame %d %s has fields %v, want %v", i, f.event, keys, want)
			}
		}
		if f.event != string(parley.EventStateChanged) {
			continue
		}
		var sc parley.StateChangedEvent
		_ = json.Unmarshal([]byte(f.data), &sc)
		if !seedTable[[2]parley.Lifecycle{sc.FromState, sc.ToState}] {
			t.Fatalf("frame %d: %s -> %s is not in seed 004's table (%v)", i, sc.FromState, sc.ToState, describeFrames(frames))
		}
		// A terminal state ends a life; the next message spawns a new one, which
		// starts at created (seed 004 "Respawning").
		respawn := at.Terminal() && sc.FromState == parley.LifecycleCreated
		if at != "" && sc.FromState != at && !respawn {
			t.Fatalf("frame %d: %s -> %s does not continue from %s (%v)", i, sc.FromState, sc.ToState, at, describeFrames(frames))
		}
		at = sc.ToState
	}
}

// openStream opens a conversation's event stream, resuming after lastEventID when it
// is not "".
func openStream(t testing.TB, url, lastEventID string) *bufio.Reader {
	t.Helper()
	req, _ := http.NewRequest(http.MethodGet, url, nil)
	if lastEventID != "" {
		req.Header.Set("Last-Event-ID", lastEventID)
	}
	// The timeout ends a stream whose expected frames never come.
	resp, err := (&http.Client{Timeout: 60 * time.Second}).Do(req)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { resp.Body.Close() })
	if resp.StatusCode != 200 {
		t.Fatalf("GET %s: %d", url, resp.StatusCode)
	}
	return bufio.NewReader(resp.Body)
}

// TestLifecycleWalkEventsArePathsOfTheSeedTable walks a conversation through spawn,
// pause, a message while paused, pause, resume and cancel, and checks the frames a
// live subscriber got and those replayed from every Last-Event-ID.
func TestLifecycleWalkEventsArePathsOfTheSeedTable(t *testing.T) {
	base, _ := testServer(t)
	conv := base + "/v1/bots/booking/conversations/walk"
	live := openStream(t, conv+"/events", "")
	steps := []struct{ path, body string }{
		{"/messages", `{"id":"m1","text":"hello"}`},
		{"/pause", `{"reason":"agent took over"}`},
		{"/messages", `{"id":"m2","text":"I want to book a flight"}`},
		{"/pause", ``},
		{"/resume", ``},
		{"/cancel", `{"reason":"user_cancelled"}`},
	}
	for _, s := range steps {
		if code, b, _ := post(t, conv+s.path, s.body); code != 200 {
			t.Fatalf("POST %s: %d %s", s.path, code, b)
		}
	}
	var view struct {
		LastEventID int64 `json:"last_event_id"`
	}
	_, b := get(t, conv)
	if err := json.Unmarshal(b, &view); err != nil || view.LastEventID == 0 {
		t.Fatalf("conversation %s", b)
	}
	stored := int(view.LastEventID)

	// Live: every stored event once (a turn's starting steps before its decision,
	// the rest once committed).
	frames := readFrames(t, live, stored)
	checkPath(t, frames)
	var changes []string
	for _, d := range describeFrames(frames) {
		if strings.Contains(d, "->") {
			changes = append(changes, d)
		}
	}
	want := []string{"created->idle", "idle->running", "running->idle", "idle->paused", "paused->idle",
		"idle->running", "running->idle", "idle->paused", "paused->idle", "idle->cancelled"}
	if diff := cmp.Diff(want, changes); diff != "" {
		t.Fatalf("live lifecycle (-want +got):\n%s", diff)
	}
	if last := frames[len(frames)-1]; last.event != string(parley.EventStopped) || last.id != strconv.Itoa(stored) {
		t.Fatalf("last frame %+v, want the stored stopped event", last)
	}

	// Replayed: from the start, and from every id on, the same frames as live (those
	// sent before their turn committed carry no id live).
	all := readFrames(t, openStream(t, conv+"/events", "0"), stored)
	checkPath(t, all)
	withoutIDs := func(frames []sseFrame) []sseFrame {
		out := slices.Clone(frames)
		for i := range out {
			out[i].id = ""
		}
		return out
	}
	if diff := cmp.Diff(withoutIDs(frames), withoutIDs(all), cmp.AllowUnexported(sseFrame{})); diff != "" {
		t.Fatalf("replay differs from the frames seen live (-live +replay):\n%s", diff)
	}
	for n := 1; n < stored; n++ {
		got := readFrames(t, openStream(t, conv+"/events", strconv.Itoa(n)), stored-n)
		if diff := cmp.Diff(all[n:], got, cmp.AllowUnexported(sseFrame{})); diff != "" {
			t.Fatalf("resumed after %d (-want +got):\n%s", n, diff)
		}
	}
}
