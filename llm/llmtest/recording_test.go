package llmtest

import (
	"strings"
	"testing"
)

func TestParseRecording(t *testing.T) {
	tests := []struct{ name, yaml, err string }{
		{"answers", "model: m\ncompletions:\n  - user: hi\n    answer: {intent: greet, confidence: 0.9}\n", ""},
		{"unknown key", "model: m\ncompletions:\n  - user: hi\n    reply: x\n", "reply"},
		{"no user", "completions:\n  - answer: {intent: greet}\n", "no user message"},
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
