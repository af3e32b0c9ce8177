package shop_test

import (
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata/")

// TestDemoTranscript pins the demo bot's whole answer (replies, cards, transitions,
// events, effects, state) to a conversation that visits every state, in
// testdata/demo_transcript.golden.json. Run with -update after a deliberate change.
func TestDemoTranscript(t *testing.T) {
	c := newConversation(t, demo(t))
	type step struct {
		Text     string `json:"text,omitempty"`
		Meaning  string `json:"meaning,omitempty"`
		Decision any    `json:"decision"`
	}
	var transcript []step
	for _, in := range [][2]string{
		{"hello, no idea really", ""},
		{"show me hoodies", ""},
		{"", "select:45"},
		{"hmm", ""},
		{"wakha", ""},
		{"clothing under 20", ""},
		{"", "show_more"},
		{"", "show_more"},
		{"I want to talk to a human", ""},
		{"are you there?", ""},
	} {
		d := c.send(in[0], in[1])
		transcript = append(transcript, step{Text: in[0], Meaning: in[1], Decision: d})
	}
	got, err := json.MarshalIndent(transcript, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join("testdata", "demo_transcript.golden.json")
	if *update {
		if err := os.WriteFile(path, append(got, '\n'), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run with -update to create it)", err)
	}
	if diff := cmp.Diff(string(want), string(got)+"\n"); diff != "" {
		t.Fatalf("transcript differs from %s (-want +got):\n%s", path, diff)
	}
}
