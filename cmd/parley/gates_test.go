package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/parleyhq/parley/gates"
)

func put(t *testing.T, url string, body []byte) (int, []byte) {
	t.Helper()
	req, err := http.NewRequest(http.MethodPut, url, bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, b
}

// badCoachFlow is the demo flow with a node requiring a gate that does not exist.
func badCoachFlow(t *testing.T) []byte {
	t.Helper()
	var flow map[string]any
	if err := json.Unmarshal(gates.DemoFlow(), &flow); err != nil {
		t.Fatal(err)
	}
	nodes := flow["nodes"].([]any)
	nodes[len(nodes)-1].(map[string]any)["requires"] = []any{"CONTACTS"}
	b, _ := json.Marshal(flow)
	return b
}

func TestGatesFlowsAreValidatedVersionedAndMeasured(t *testing.T) {
	base, _ := testServer(t)

	// A bad flow is refused by the API with its JSON path, and nothing is stored.
	code, body := put(t, base+"/v1/flows/coach", badCoachFlow(t))
	if code != http.StatusBadRequest || !strings.Contains(string(body), `requires[0]`) || !strings.Contains(string(body), `CONTACTS`) {
		t.Fatalf("bad flow: %d %s", code, body)
	}
	if code, body := get(t, base+"/v1/flows/coach"); code != 200 || !strings.Contains(string(body), `"version":1`) {
		t.Fatalf("the refused flow changed the stored one: %d %s", code, body)
	}

	// The seed's trace, turn by turn, reaches COMPLETE.
	conv := base + "/v1/bots/coach/conversations/trace"
	for i, text := range []string{"Hi", "Pretty good, but my bench has stalled for months",
		"I want to bench press 300 lbs, currently at 225 lbs", "Umm, not ready to share that", "Ok, john@example.com"} {
		if code, b, _ := post(t, conv+"/messages", fmt.Sprintf(`{"id":"m%d","text":%q,"sent_at":"2026-01-17T10:00:0%dZ"}`, i, text, i)); code != 200 {
			t.Fatalf("turn %d: %d %s", i, code, b)
		}
	}

	// A new version of the flow; the running conversation stays on version 1.
	var flow map[string]any
	_ = json.Unmarshal(gates.DemoFlow(), &flow)
	flow["description"] = "version two"
	v2, _ := json.Marshal(flow)
	if code, body := put(t, base+"/v1/flows/coach", v2); code != 200 || !strings.Contains(string(body), `"version":2`) {
		t.Fatalf("put v2: %d %s", code, body)
	}
	code, b, _ := post(t, conv+"/messages", `{"id":"m5","text":"Schedule me for next Tuesday","sent_at":"2026-01-17T10:00:05Z"}`)
	if code != 200 || !strings.Contains(string(b), `"flowVersion":1`) || !strings.Contains(string(b), `"BOOKING"`) {
		t.Fatalf("last trace turn: %d %s", code, b)
	}
	code, b, _ = post(t, base+"/v1/bots/coach/conversations/fresh/messages", `{"id":"m0","text":"Hi"}`)
	if code != 200 || !strings.Contains(string(b), `"flowVersion":2`) {
		t.Fatalf("a new conversation should start on version 2: %d %s", code, b)
	}

	// Per-conversation metrics in the API, per-flow metrics on /metrics.
	// The view's own "metrics" field (not the copy inside the state) carries them.
	code, b = get(t, conv)
	var view struct {
		Metrics *gates.ConversationMetrics `json:"metrics"`
	}
	if err := json.Unmarshal(b, &view); code != 200 || err != nil || view.Metrics == nil {
		t.Fatalf("conversation metrics: %d %v %s", code, err, b)
	}
	if m := view.Metrics; m.Turns != 6 || m.Executed != 5 || m.Retried != 1 || m.Status != gates.StatusComplete || len(m.GateTimeline) != 2 {
		t.Fatalf("conversation metrics: %+v", m)
	}
	_, metrics := get(t, base+"/metrics")
	for _, want := range []string{
		`parley_gates_flow_outcomes_total{flow="coach",outcome="complete"} 1`,
		`parley_gates_node_retries_total{flow="coach",node="contact-1"} 1`,
		// average conversation length: sum over count
		`parley_gates_conversation_turns_sum{flow="coach",outcome="complete"} 6`,
		`parley_gates_conversation_turns_count{flow="coach",outcome="complete"} 1`,
		// gate satisfaction order
		`parley_gates_gate_satisfied_total{flow="coach",gate="CONTACT",order="1"} 1`,
		`parley_gates_gate_satisfied_total{flow="coach",gate="BOOKING",order="2"} 1`,
	} {
		if !strings.Contains(string(metrics), want) {
			t.Fatalf("/metrics lacks %s", want)
		}
	}
}

func TestFlowsPutRefusesABadFlowWithItsPath(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "coach.json")
	if err := os.WriteFile(bad, badCoachFlow(t), 0o644); err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	err := run(context.Background(), []string{"flows", "put", "-db", filepath.Join(dir, "p.db"), bad}, &out, io.Discard)
	if ee, ok := err.(exitError); !ok || ee != 1 || !strings.Contains(out.String(), "requires[0]") {
		t.Fatalf("flows put of a bad flow: %v %q", err, out.String())
	}
	out.Reset()
	if err := run(context.Background(), []string{"validate", bad}, &out, io.Discard); err == nil || !strings.Contains(out.String(), "coach.json: nodes[") {
		t.Fatalf("validate: %v %q", err, out.String())
	}
	good := filepath.Join(dir, "good.json")
	_ = os.WriteFile(good, gates.DemoFlow(), 0o644)
	out.Reset()
	if err := run(context.Background(), []string{"flows", "put", "-db", filepath.Join(dir, "p.db"), "-id", "coach", good}, &out, io.Discard); err != nil || !strings.Contains(out.String(), "version 1") {
		t.Fatalf("flows put: %v %q", err, out.String())
	}
}

// TestGatesFirstMessageThroughTheAPI: the audit's repro through HTTP. A stored flow
// whose first node asks a question and may run once must not spend that run on the
// greeting (it used to deadlock on "Hello there").
func TestGatesFirstMessageThroughTheAPI(t *testing.T) {
	base, _ := testServer(t)
	flow := `{"id": "coach",
  "primaryGoal": {"type": "GATE", "gate": "CONTACT"},
  "gates": {"CONTACT": {"satisfiedBy": {"metricsAny": ["email"]}}},
  "nodes": [{"id": "email-1", "produces": ["email"], "satisfies": {"gates": ["CONTACT"]},
    "runPolicy": {"maxExecutions": 1},
    "prompts": {"variants": ["Which email should we write to?"]},
    "extract": [{"kind": "email", "fact": "email"}]}]}`
	if code, body := put(t, base+"/v1/flows/coach", []byte(flow)); code != http.StatusOK {
		t.Fatalf("put: %d %s", code, body)
	}
	conv := base + "/v1/bots/coach/conversations/greet"
	code, b, _ := post(t, conv+"/messages", `{"id":"g1","text":"Good evening!"}`)
	var turn struct {
		Replies []struct{ Text string }
		State   gates.RuntimeState
	}
	if err := json.Unmarshal(b, &turn); code != http.StatusOK || err != nil {
		t.Fatalf("greeting: %d %v %s", code, err, b)
	}
	if turn.State.Status != gates.StatusActive || turn.State.ExecutionsByNode["email-1"] != 0 || len(turn.Replies) != 1 || turn.Replies[0].Text != "Which email should we write to?" {
		t.Fatalf("greeting spent the first node: %s", b)
	}
	code, b, _ = post(t, conv+"/messages", `{"id":"g2","text":"sure, kim@example.org"}`)
	if code != http.StatusOK || !strings.Contains(string(b), `"status":"complete"`) {
		t.Fatalf("answer: %d %s", code, b)
	}
}

// TestFlowsPutStoresAFlowUnderItsOwnID: a flow kept in a file of another name
// (coach-v2.json with "id": "coach") is stored as a new version of coach, in a
// store and through a server (where the bot reads it), not under the file's name;
// -id still overrides.
func TestFlowsPutStoresAFlowUnderItsOwnID(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "coach-v2.json")
	if err := os.WriteFile(file, gates.DemoFlow(), 0o644); err != nil {
		t.Fatal(err)
	}
	db := filepath.Join(dir, "p.db")
	var out bytes.Buffer
	if err := run(context.Background(), []string{"flows", "put", "-db", db, file}, &out, io.Discard); err != nil || !strings.Contains(out.String(), "flow coach stored as version 1") {
		t.Fatalf("flows put: %v %q", err, out.String())
	}
	out.Reset()
	if err := run(context.Background(), []string{"flows", "put", "-db", db, "-id", "coach-copy", file}, &out, io.Discard); err != nil || !strings.Contains(out.String(), "flow coach-copy stored as version 1") {
		t.Fatalf("flows put -id: %v %q", err, out.String())
	}
	base, _ := testServer(t)
	out.Reset()
	if err := run(context.Background(), []string{"flows", "put", "-server", base, file}, &out, io.Discard); err != nil || !strings.Contains(out.String(), "flow coach stored as version") {
		t.Fatalf("flows put -server: %v %q", err, out.String())
	}
	if code, body := get(t, base+"/v1/flows/coach"); code != 200 {
		t.Fatalf("GET /v1/flows/coach = %d %s", code, body)
	}
	if code, _ := get(t, base+"/v1/flows/coach-v2"); code != 404 {
		t.Fatalf("GET /v1/flows/coach-v2 = %d, want 404: nothing is stored under the file's name", code)
	}
}
