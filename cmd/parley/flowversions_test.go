package main

import (
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestStoredFlowVersionsAreBounded: with runtime.flow_versions: 3 the server keeps
// the three newest versions of a flow, on every store: older ones are 404, the
// numbering goes on, and a conversation pinned to a removed version goes on with
// the latest instead of failing.
func TestStoredFlowVersionsAreBounded(t *testing.T) {
	stores := map[string]func(t *testing.T) []string{
		"sqlite": func(t *testing.T) []string { return []string{"-db", filepath.Join(t.TempDir(), "parley.db")} },
		"memory": func(t *testing.T) []string { return []string{"-store", "mem:"} },
		"postgres": func(t *testing.T) []string {
			url, _ := replicaStore(t)
			return []string{"-store", url}
		},
	}
	flow, err := os.ReadFile(filepath.Join(wd(t), "../../gates/demo/coach.json"))
	if err != nil {
		t.Fatal(err)
	}
	for name, args := range stores {
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			if err := os.WriteFile(filepath.Join(dir, "coach.json"), flow, 0o644); err != nil {
				t.Fatal(err)
			}
			cfg := filepath.Join(dir, "parley.yaml")
			if err := os.WriteFile(cfg, []byte("runtime:\n  flow_versions: 3\nbots:\n  - name: coach\n    engine: gates\n    flow: coach.json\n"), 0o644); err != nil {
				t.Fatal(err)
			}
			serveArgs := append(args(t), "-config", cfg)
			base, stop := stopServe(t, serveArgs...)
			conv := base + "/v1/bots/coach/conversations/pinned/messages"
			if code, b, _ := post(t, conv, `{"id":"m1","text":"hi"}`); code != http.StatusOK || !strings.Contains(string(b), `"flowVersion":1`) {
				t.Fatalf("first turn: %d %s", code, b)
			}
			hdr := map[string]string{"Content-Type": "application/json"}
			for i := 2; i <= 6; i++ {
				body := string(flow) + strings.Repeat(" ", i) // a new version each time
				code, b, _ := send(t, "PUT", base+"/v1/flows/coach", body, hdr)
				if code != http.StatusOK || !strings.Contains(string(b), fmt.Sprintf(`"version":%d`, i)) {
					t.Fatalf("PUT #%d: %d %s", i, code, b)
				}
			}
			for v := 1; v <= 6; v++ {
				code, b, _ := send(t, "GET", fmt.Sprintf("%s/v1/flows/coach?version=%d", base, v), "", nil)
				want := http.StatusOK
				if v <= 3 {
					want = http.StatusNotFound
				}
				if code != want {
					t.Errorf("GET version %d: %d %s; want %d", v, code, b, want)
				}
			}
			if name != "memory" {
				// A restarted server (or another replica) has not cached version 1.
				stop()
				base, _ = stopServe(t, serveArgs...)
				conv = base + "/v1/bots/coach/conversations/pinned/messages"
			}
			code, b, _ := post(t, conv, `{"id":"m2","text":"hello again"}`)
			var res struct {
				State struct {
					FlowVersion int `json:"flowVersion"`
				} `json:"state"`
				Lifecycle string `json:"lifecycle"`
			}
			_ = json.Unmarshal(b, &res)
			// The restart stored the config's flow file again (it differs from the
			// latest PUT): version 7, the latest, where the conversation goes on.
			wantVersion := 7
			if name == "memory" {
				wantVersion = 1 // this process still has version 1 parsed: it goes on with it
			}
			if code != http.StatusOK || res.State.FlowVersion != wantVersion || res.Lifecycle != "idle" {
				t.Fatalf("a turn of the conversation pinned to a removed version: %d %s", code, b)
			}
		})
	}
}
