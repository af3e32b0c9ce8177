package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/parleyhq/parley"
	"github.com/parleyhq/parley/httpapi/apitest"
	"github.com/parleyhq/parley/sqlite"
)

// TestScenarios runs every scenario under testdata/scenarios through `parley test`;
// under the race detector every raceSampleEvery-th of them (scenarioSample), since
// the corpus is the readers' (single-goroutine) work and scripts/test.sh plays it
// whole outside the race detector.
func TestScenarios(t *testing.T) {
	var out bytes.Buffer
	args := append([]string{"test"}, scenarioSample(t, "../../testdata/scenarios")...)
	err := run(context.Background(), args, &out, io.Discard)
	t.Log(out.String())
	if err != nil {
		t.Fatalf("parley test: %v\n%s", err, out.String())
	}
	if !regexp.MustCompile(`scenarios: [1-9]\d* passed, 0 failed`).MatchString(out.String()) {
		t.Fatalf("unexpected summary:\n%s", out.String())
	}
}

// raceSampleEvery is how sparsely TestScenarios samples the corpus under the
// race detector: every kind of bot and folder still plays under it.
const raceSampleEvery = 8

// scenarioSample is dir itself, or under the race detector every
// raceSampleEvery-th scenario file below it in path order.
func scenarioSample(t *testing.T, dir string) []string {
	t.Helper()
	if !raceDetector {
		return []string{dir}
	}
	var files []string
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(path, ".yaml") {
			files = append(files, path)
		}
		return err
	})
	if err != nil || len(files) == 0 {
		t.Fatalf("scenarios under %s: %v", dir, err)
	}
	var sample []string
	for i := 0; i < len(files); i += raceSampleEvery {
		sample = append(sample, files[i])
	}
	return sample
}

// testServer runs `parley serve` on :0 in process and returns its base URL.
func testServer(t testing.TB, args ...string) (base string, dbPath string) {
	t.Helper()
	return testServerLog(t, io.Discard, args...)
}

// testServerLog is testServer with the server's log written to stderr.
func testServerLog(t testing.TB, stderr io.Writer, args ...string) (base string, dbPath string) {
	t.Helper()
	dbPath = filepath.Join(t.TempDir(), "parley.db")
	base, stop := startServe(t, stderr, append([]string{"-db", dbPath}, args...)...)
	t.Cleanup(stop)
	return base, dbPath
}

// startServe runs `parley serve -addr 127.0.0.1:0 ARGS...` in process and returns its
// base URL and a function that shuts it down gracefully and checks that it ended
// cleanly (callable more than once, so a test can stop a server and then let its
// cleanup run).
func startServe(t testing.TB, stderr io.Writer, args ...string) (base string, stop func()) {
	t.Helper()
	return startServeNoAddr(t, stderr, append([]string{"-addr", "127.0.0.1:0"}, args...)...)
}

// startServeNoAddr is startServe without -addr: the address comes from the
// environment or the configuration.
func startServeNoAddr(t testing.TB, stderr io.Writer, args ...string) (base string, stop func()) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	pr, pw := io.Pipe()
	done := make(chan error, 1)
	go func() {
		done <- run(ctx, append([]string{"serve"}, args...), pw, stderr)
		pw.Close()
	}()
	line, err := bufio.NewReader(pr).ReadString('\n')
	if err != nil {
		cancel()
		t.Fatalf("serve did not start: %v", err)
	}
	go io.Copy(io.Discard, pr)
	m := regexp.MustCompile(`http://(\S+)`).FindStringSubmatch(line)
	if m == nil {
		cancel()
		t.Fatalf("no address in %q", line)
	}
	var once sync.Once
	stop = func() {
		once.Do(func() {
			cancel()
			select {
			case err := <-done:
				if err != nil {
					t.Errorf("serve returned %v after shutdown", err)
				}
			case <-time.After(30 * time.Second):
				t.Error("serve did not shut down")
			}
		})
	}
	return "http://" + m[1], stop
}

func post(t testing.TB, url, body string) (int, []byte, http.Header) {
	t.Helper()
	resp, err := http.Post(url, "application/json", strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, b, resp.Header
}

func get(t *testing.T, url string) (int, []byte) {
	t.Helper()
	resp, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, b
}

func convVersion(t *testing.T, base, bot, conv string) int64 {
	t.Helper()
	code, b := get(t, base+"/v1/bots/"+bot+"/conversations/"+conv)
	if code == http.StatusNotFound {
		return 0
	}
	var v struct{ Version int64 }
	if err := json.Unmarshal(b, &v); err != nil {
		t.Fatalf("GET conversation: %d %s", code, b)
	}
	return v.Version
}

func TestServeAPI(t *testing.T) {
	base, _ := testServer(t)
	msgURL := base + "/v1/bots/booking/conversations/c1/messages"

	t.Run("bots", func(t *testing.T) {
		code, b := get(t, base+"/v1/bots")
		if code != 200 || !strings.Contains(string(b), `"name":"shop"`) || !strings.Contains(string(b), `"engine":"gates"`) {
			t.Fatalf("%d %s", code, b)
		}
	})

	t.Run("concurrent turns of one conversation are serialized", func(t *testing.T) {
		const n = 12
		var wg sync.WaitGroup
		versions := make(chan int64, n)
		for i := 0; i < n; i++ {
			wg.Add(1)
			go func(i int) {
				defer wg.Done()
				code, b, _ := post(t, base+"/v1/bots/booking/conversations/conc/messages", fmt.Sprintf(`{"id":"m%d","text":"hello"}`, i))
				if code != 200 {
					t.Errorf("turn %d: %d %s", i, code, b)
					return
				}
				var r struct{ Version int64 }
				_ = json.Unmarshal(b, &r)
				versions <- r.Version
			}(i)
		}
		wg.Wait()
		close(versions)
		seen := map[int64]bool{}
		for v := range versions {
			if seen[v] {
				t.Fatalf("two turns committed version %d", v)
			}
			seen[v] = true
		}
		// Every turn commits once.
		if got := convVersion(t, base, "booking", "conc"); got != n {
			t.Fatalf("version %d after %d turns", got, n)
		}
	})

	t.Run("a replayed id returns the same body; another body under it is a conflict", func(t *testing.T) {
		code, first, _ := post(t, msgURL, `{"id":"r1","text":"I want to book a flight","sent_at":"2026-01-01T10:00:00Z"}`)
		if code != 200 {
			t.Fatalf("%d %s", code, first)
		}
		_, before := get(t, base+"/v1/bots/booking/conversations/c1")
		// The same message, its sent_at left for the server to fill: a retry.
		code, again, hdr := post(t, msgURL, `{"id":"r1","text":"I want to book a flight"}`)
		if code != 200 || !bytes.Equal(first, again) || hdr.Get("Idempotent-Replay") != "true" {
			t.Fatalf("replay: %d %s\nfirst: %s", code, again, first)
		}
		for _, body := range []string{
			`{"id":"r1","text":"something else entirely"}`,
			`{"id":"r1","text":"I want to book a flight","meaning":"confirm"}`,
			`{"id":"r1","text":"I want to book a flight","nlu":{"intent":"cancel_booking"}}`,
		} {
			code, b, hdr := post(t, msgURL, body)
			if code != http.StatusConflict || !strings.Contains(string(b), `"code":"idempotency_conflict"`) ||
				strings.Contains(string(b), `"replies"`) || hdr.Get("Idempotent-Replay") != "" {
				t.Fatalf("reused id with another body %s: %d %s", body, code, b)
			}
		}
		if _, after := get(t, base+"/v1/bots/booking/conversations/c1"); !bytes.Equal(before, after) {
			t.Fatalf("conflicts changed the conversation:\n%s\n%s", before, after)
		}
	})

	t.Run("bad input gets a JSON error and changes nothing", func(t *testing.T) {
		before := convVersion(t, base, "booking", "c1")
		big := `{"id":"big","text":"` + strings.Repeat("x", 70<<10) + `"}`
		tests := []struct {
			name, url, body string
			status          int
			code            string
		}{
			{"malformed JSON", msgURL, `{"id":"x","text":`, 400, parley.EINVALID},
			{"not an object", msgURL, `[1,2]`, 400, parley.EINVALID},
			{"missing id", msgURL, `{"text":"hi"}`, 400, parley.EINVALID},
			{"unknown field", msgURL, `{"id":"u","txt":"hi"}`, 400, parley.EINVALID},
			{"trailing data", msgURL, `{"id":"t","text":"hi"} {}`, 400, parley.EINVALID},
			{"trailing brace", msgURL, `{"id":"t","text":"hi"}}`, 400, parley.EINVALID},
			{"empty message", msgURL, `{"id":"e1"}`, 400, parley.EINVALID},
			{"blank message", msgURL, `{"id":"e2","text":" \n\t","meaning":" ","nlu":{"intent":""}}`, 400, parley.EINVALID},
			{"message id over 200 bytes", msgURL, `{"id":"` + strings.Repeat("m", 201) + `","text":"hi"}`, 400, parley.EINVALID},
			{"message id not UTF-8", msgURL, "{\"id\":\"m\xff\",\"text\":\"hi\"}", 400, parley.EINVALID},
			{"message id with an unpaired surrogate", msgURL, `{"id":"m\udc00","text":"hi"}`, 400, parley.EINVALID},
			{"bad sent_at", msgURL, `{"id":"s","text":"hi","sent_at":"yesterday"}`, 400, parley.EINVALID},
			{"unknown bot", base + "/v1/bots/nope/conversations/c1/messages", `{"id":"x","text":"hi"}`, 404, parley.ENOTFOUND},
			{"body over the limit", msgURL, big, 413, parley.ETOOLARGE},
			{"unknown control", base + "/v1/bots/booking/conversations/c1/explode", `{}`, 404, parley.ENOTFOUND},
		}
		for _, tt := range tests {
			t.Run(tt.name, func(t *testing.T) {
				code, b, _ := post(t, tt.url, tt.body)
				var eb struct {
					Error struct{ Code, Message string } `json:"error"`
				}
				if err := json.Unmarshal(b, &eb); err != nil || code != tt.status || eb.Error.Code != tt.code || eb.Error.Message == "" {
					t.Fatalf("got %d %s, want %d %s", code, b, tt.status, tt.code)
				}
			})
		}
		if after := convVersion(t, base, "booking", "c1"); after != before {
			t.Fatalf("bad requests changed version %d -> %d", before, after)
		}
		code, b := get(t, base+"/v1/bots/booking/conversations/never-seen")
		if code != 404 || !strings.Contains(string(b), `"not_found"`) {
			t.Fatalf("unknown conversation: %d %s", code, b)
		}
		// An empty message is no turn: its conversation was not even created.
		post(t, base+"/v1/bots/booking/conversations/empty/messages", `{"id":"e1","text":"  "}`)
		if v := convVersion(t, base, "booking", "empty"); v != 0 {
			t.Fatalf("an empty message created the conversation at version %d", v)
		}
	})

	t.Run("ids are bounded and UTF-8 wherever they enter", func(t *testing.T) {
		long := strings.Repeat("c", 201)
		conv := base + "/v1/bots/booking/conversations/"
		tests := []struct{ method, url, body string }{
			{"POST", conv + long + "/messages", `{"id":"m1","text":"hi"}`},
			{"POST", conv + "bad%FFid/messages", `{"id":"m1","text":"hi"}`},
			{"POST", base + "/v1/bots/" + strings.Repeat("b", 201) + "/conversations/c/messages", `{"id":"m1","text":"hi"}`},
			{"POST", base + "/v1/bots/b%C3/conversations/c/messages", `{"id":"m1","text":"hi"}`},
			{"GET", conv + long, ""},
			{"GET", conv + "bad%FFid", ""},
			{"GET", conv + long + "/events", ""},
			{"POST", conv + long + "/pause", ""},
			{"POST", conv + "bad%FEid/cancel", ""},
			{"PUT", base + "/v1/flows/" + strings.Repeat("f", 201), `{}`},
			{"GET", base + "/v1/flows/bad%FFid", ""},
		}
		for _, tt := range tests {
			req, _ := http.NewRequest(tt.method, tt.url, strings.NewReader(tt.body))
			req.Header.Set("Content-Type", "application/json")
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			b, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			if resp.StatusCode != 400 || !strings.Contains(string(b), `"code":"invalid"`) {
				t.Errorf("%s %.80s: %d %s", tt.method, tt.url, resp.StatusCode, b)
			}
		}
		// Two different invalid ids would collapse into one if repaired; neither
		// exists.
		for _, id := range []string{"bad%FFid", "bad%FEid"} {
			if code, _ := get(t, conv+id); code != 400 {
				t.Errorf("conversation %s: %d", id, code)
			}
		}
	})

	t.Run("a stored state that fails to decode is refused", func(t *testing.T) {
		// The corrupt conversation is written before a server of its own starts on
		// that file (one process writes a SQLite store).
		corruptDB := filepath.Join(t.TempDir(), "corrupt.db")
		store, err := sqlite.Open(context.Background(), corruptDB, sqlite.Options{})
		if err != nil {
			t.Fatal(err)
		}
		k := parley.ConversationKey{Bot: "booking", ID: "corrupt"}
		err = store.Commit(context.Background(), &parley.Commit{Conversation: parley.Conversation{
			Key: k, Engine: "flows", State: []byte(`{"conversation_state":"dancing"}`), Lifecycle: parley.LifecycleIdle, Version: 1,
		}})
		if cerr := store.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			t.Fatal(err)
		}
		base, _ := testServer(t, "-db", corruptDB)
		code, b, _ := post(t, base+"/v1/bots/booking/conversations/corrupt/messages", `{"id":"x","text":"hi"}`)
		if code != 500 || !strings.Contains(string(b), `"invalid_state"`) {
			t.Fatalf("got %d %s", code, b)
		}
		if v := convVersion(t, base, "booking", "corrupt"); v != 1 {
			t.Fatalf("corrupt conversation changed to version %d", v)
		}
	})

	t.Run("health, readiness and metrics", func(t *testing.T) {
		for _, path := range []string{"/healthz", "/readyz"} {
			if code, b := get(t, base+path); code != 200 {
				t.Fatalf("%s: %d %s", path, code, b)
			}
		}
		code, b := get(t, base+"/metrics")
		for _, name := range []string{"parley_turns_total", "parley_actors_live", "parley_lifecycle_transitions_total", "parley_http_requests_total"} {
			if code != 200 || !strings.Contains(string(b), name) {
				t.Fatalf("/metrics lacks %s", name)
			}
		}
	})
}

// sseFrame is one parsed Server-Sent Event: its id and the type and data of its
// seed 004 envelope.
type sseFrame struct {
	id, event, data string
}

// readFrames reads n frames. Every frame must be unnamed (no "event:" line, so that
// EventSource.onmessage receives it) with one data line holding exactly
// {"type": ..., "data": ...}.
func readFrames(t testing.TB, r *bufio.Reader, n int) []sseFrame {
	t.Helper()
	var out []sseFrame
	var cur sseFrame
	deadline := time.Now().Add(10 * time.Second)
	for len(out) < n {
		if time.Now().After(deadline) {
			t.Fatalf("only %d of %d frames: %+v", len(out), n, out)
		}
		line, err := r.ReadString('\n')
		if err != nil {
			t.Fatalf("stream ended after %d frames (%v): %+v", len(out), err, out)
		}
		line = strings.TrimRight(line, "\n")
		switch {
		case line == "":
			if cur.event != "" {
				out = append(out, cur)
			}
			cur = sseFrame{}
		case strings.HasPrefix(line, "id: "):
			cur.id = strings.TrimPrefix(line, "id: ")
		case strings.HasPrefix(line, "event:"):
			t.Fatalf("named frame %q: EventSource.onmessage would not receive it", line)
		case strings.HasPrefix(line, "data: "):
			var env struct {
				Type string          `json:"type"`
				Data json.RawMessage `json:"data"`
			}
			dec := json.NewDecoder(strings.NewReader(strings.TrimPrefix(line, "data: ")))
			dec.DisallowUnknownFields()
			if err := dec.Decode(&env); err != nil || env.Type == "" || env.Data == nil {
				t.Fatalf("data is not a {type, data} envelope: %q (%v)", line, err)
			}
			if err := contract.CheckBody(apitest.Event, []byte(strings.TrimPrefix(line, "data: "))); err != nil {
				t.Errorf("an event frame does not follow docs/openapi.json: %v", err)
			}
			cur.event, cur.data = env.Type, string(env.Data)
		}
	}
	return out
}

func describeFrames(frames []sseFrame) []string {
	var out []string
	for _, f := range frames {
		if f.event == string(parley.EventStateChanged) {
			var sc parley.StateChangedEvent
			_ = json.Unmarshal([]byte(f.data), &sc)
			out = append(out, fmt.Sprintf("%s->%s", sc.FromState, sc.ToState))
			continue
		}
		out = append(out, f.event)
	}
	return out
}

func TestServerSentEvents(t *testing.T) {
	base, _ := testServer(t)
	conv := base + "/v1/bots/shop/conversations/sse"
	resp, err := http.Get(conv + "/events")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if ct := resp.Header.Get("Content-Type"); ct != "text/event-stream" {
		t.Fatalf("content type %q", ct)
	}
	r := bufio.NewReader(resp.Body)
	if code, b, _ := post(t, conv+"/messages", `{"id":"m1","text":"show me hoodies"}`); code != 200 {
		t.Fatalf("%d %s", code, b)
	}
	frames := readFrames(t, r, 4)
	want := []string{"created->idle", "idle->running", "turn", "running->idle"}
	if got := describeFrames(frames); strings.Join(got, " ") != strings.Join(want, " ") {
		t.Fatalf("frames %v, want %v", got, want)
	}
	// The steps that start the turn go out live (no id) before the decision; the
	// commit stores them with the turn, which goes out with its seq.
	if frames[0].id != "" || frames[1].id != "" || frames[2].id != "3" || frames[3].id != "4" {
		t.Fatalf("ids: live frames carry none, stored ones their seq: %+v", frames)
	}
	var te parley.TurnEvent
	if err := json.Unmarshal([]byte(frames[2].data), &te); err != nil || te.MessageID != "m1" || len(te.Transitions) == 0 {
		t.Fatalf("turn event %s", frames[2].data)
	}
	post(t, conv+"/pause", `{"reason":"agent took over"}`)
	post(t, conv+"/cancel", `{"reason":"user_cancelled"}`)
	frames = readFrames(t, r, 3)
	if got := describeFrames(frames); strings.Join(got, " ") != "idle->paused paused->cancelled stopped" {
		t.Fatalf("control frames %v", got)
	}
	var sc parley.StateChangedEvent
	_ = json.Unmarshal([]byte(frames[0].data), &sc)
	if sc.Reason != "agent took over" {
		t.Fatalf("state_changed data %s", frames[0].data)
	}
	var stopped parley.StoppedEvent
	if err := json.Unmarshal([]byte(frames[2].data), &stopped); err != nil || stopped.Reason != "user_cancelled" || !strings.Contains(frames[2].data, `"partial_response"`) {
		t.Fatalf("stopped data %s", frames[2].data)
	}

	// Reconnecting with Last-Event-ID replays what came after it from the stored log.
	req, _ := http.NewRequest(http.MethodGet, conv+"/events", nil)
	req.Header.Set("Last-Event-ID", "4")
	resp2, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp2.Body.Close()
	frames = readFrames(t, bufio.NewReader(resp2.Body), 3)
	if got := describeFrames(frames); strings.Join(got, " ") != "idle->paused paused->cancelled stopped" || frames[0].id != "5" {
		t.Fatalf("resumed frames %v %+v", got, frames)
	}
}

func TestValidateReportsPositions(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.json")
	if err := os.WriteFile(bad, []byte(`{"nodes": 3}`), 0o644); err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	err := run(context.Background(), []string{"validate", bad}, &out, io.Discard)
	if ee, ok := err.(exitError); !ok || ee != 1 {
		t.Fatalf("exit %v, want 1; output %s", err, out.String())
	}
	if !strings.Contains(out.String(), "bad.json") {
		t.Fatalf("output does not name the file: %s", out.String())
	}
}

func TestVersionAndUsage(t *testing.T) {
	var out bytes.Buffer
	if err := run(context.Background(), []string{"version"}, &out, io.Discard); err != nil || !strings.HasPrefix(out.String(), "parley ") {
		t.Fatalf("version: %v %q", err, out.String())
	}
	if err := run(context.Background(), []string{"frobnicate"}, io.Discard, io.Discard); err == nil {
		t.Fatal("unknown command accepted")
	}
	out.Reset()
	if err := run(context.Background(), []string{"graph", "shop"}, &out, io.Discard); err != nil || !strings.Contains(out.String(), "stateDiagram-v2") {
		t.Fatalf("graph shop: %v %s", err, out.String())
	}
}

func TestValidateFlowsFileThroughTheCLI(t *testing.T) {
	var out bytes.Buffer
	err := run(context.Background(), []string{"validate", "../../flows/testdata/validate/problems.yaml", "../../flows/demo/booking.yaml"}, &out, io.Discard)
	if ee, ok := err.(exitError); !ok || ee != 1 {
		t.Fatalf("exit %v, want 1", err)
	}
	for _, want := range []string{
		`problems.yaml:21:18: unknown slot "destination"`,
		`problems.yaml:28:19: unknown step "cheap"`,
		`problems.yaml:32:11: step orphan is unreachable`,
		`problems.yaml:25:11: branch route has no else`,
		`problems.yaml:18:11: collect step ask_seats has no prompt`,
		`booking.yaml: ok`,
	} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("validate output lacks %q:\n%s", want, out.String())
		}
	}
	// A bare "-" under validators: crashed validate (and serve) with a nil pointer.
	out.Reset()
	err = run(context.Background(), []string{"validate", "../../flows/testdata/parse/empty_validator.yaml"}, &out, io.Discard)
	if ee, ok := err.(exitError); !ok || ee != 1 || !strings.Contains(out.String(), "empty_validator.yaml:8:12: empty validator") {
		t.Fatalf("empty validator: exit %v, output %s", err, out.String())
	}
}
