package recorded

import (
	"strings"
	"testing"
)

func TestParseRecording(t *testing.T) {
	tests := []struct{ name, yaml, err string }{
		{"answers", "model: m\ncompletions:\n  - user: hi\n    answer: {intent: greet, confidence: 0.9}\n", ""},
		{"unknown key", "model: m\ncompletions:\n  - user: hi\n    reply: x\n", "reply"},
		{"no user", "completions:\n  - answer: {intent: greet}\n", "no user message"},
		{"a generation", "generations:\n  - draft: Where to?\n    chunks: [To, \" where?\"]\n", ""},
		{"a generation without chunks", "generations:\n  - draft: Where to?\n", "needs a draft and chunks"},
		{"a generation without a draft", "generations:\n  - chunks: [x]\n", "needs a draft and chunks"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ParseRecording([]byte(tc.yaml), "r.yaml")
			if tc.err == "" && err != nil || tc.err != "" && (err == nil || !strings.Contains(err.Error(), tc.err)) {
				t.Errorf("err = %v, want %q", err, tc.err)
			}
		})
	}
}

// FuzzParseRecording: any bytes decode to a recording or an error, never a panic,
// and every completion of a decoded recording has a user message.
func FuzzParseRecording(f *testing.F) {
	f.Add([]byte("model: m\ncompletions:\n  - user: hi\n    answer: {intent: greet, entities: {x: 1}, confidence: 0.9}\n"))
	f.Add([]byte("completions:\n  - user: a\n    status: 429\n    retry_after: \"1\"\n"))
	f.Add([]byte("{"))
	f.Fuzz(func(t *testing.T, data []byte) {
		r, err := ParseRecording(data, "f.yaml")
		if err != nil {
			return
		}
		for _, c := range r.Completions {
			if strings.TrimSpace(c.User) == "" {
				t.Fatalf("a completion without a user message was accepted: %+v", c)
			}
		}
	})
}

// TestPlayerGenerations: a streamed request is answered with the chunks recorded
// for the draft its prompt ends with (the longest such draft); another is a miss,
// answered 500, and never taken for an understanding miss.
func TestPlayerGenerations(t *testing.T) {
	rec, err := ParseRecording([]byte(`generations:
  - draft: to?
    chunks: [x]
  - draft: Where would you like to fly to?
    chunks: ["And", " where to?"]
`), "r.yaml")
	if err != nil {
		t.Fatal(err)
	}
	p := NewPlayer(rec)
	ask := func(prompt string) Reply {
		return p.Respond(1, Request{Stream: true, Messages: []Message{{Role: "user", Content: prompt}}})
	}
	if r := ask("Brief: short\n\nDraft: Where would  you like to fly TO?"); strings.Join(r.Chunks, "|") != "And| where to?" {
		t.Fatalf("reply %+v", r)
	}
	if r := ask("Draft: When do you leave?"); r.Status != 500 {
		t.Fatalf("a draft without a generation: %+v", r)
	}
	if m := p.GenerationMisses(); len(m) != 1 || m[0] != "Draft: When do you leave?" || len(p.Misses()) != 0 {
		t.Fatalf("misses %v %v", m, p.Misses())
	}
}
