package turnlog

import (
	"testing"

	"github.com/parleyhq/parley"
)

func TestRecordRoundTrip(t *testing.T) {
	msg := parley.Message{ID: "m1", Text: "hi", NLU: &parley.NLU{Intent: "greet", Entities: map[string]any{"b": 1.0, "a": "x"}}}
	digest := MessageDigest(msg)
	tests := []struct {
		name, rec string
		digest    string
		response  string
	}{
		{"wrapped", string(WrapRecord(digest, []byte(`{"state":{"n":1}}`))), digest, `{"state":{"n":1}}`},
		{"written before digests", `{"conversation_id":"c","replies":[]}`, "", `{"conversation_id":"c","replies":[]}`},
		{"prefix without a digest", `{"message_sha256":"ab","response":{}}`, "", `{"message_sha256":"ab","response":{}}`},
		{"empty", ``, "", ``},
	}
	for _, tt := range tests {
		d, resp := UnwrapRecord([]byte(tt.rec))
		if d != tt.digest || string(resp) != tt.response {
			t.Errorf("%s: UnwrapRecord = %q, %s; want %q, %s", tt.name, d, resp, tt.digest, tt.response)
		}
	}
	// The digest ignores sent_at and map order, and sees every field that says what.
	same := msg
	same.NLU = &parley.NLU{Intent: "greet", Entities: map[string]any{"a": "x", "b": 1.0}}
	same.SentAt = same.SentAt.AddDate(1, 0, 0)
	if MessageDigest(same) != digest {
		t.Error("digest depends on sent_at or entity order")
	}
	for _, m := range []parley.Message{{Text: "hi "}, {Text: "hi", Meaning: "x"}, {Text: "hi", NLU: &parley.NLU{Intent: "greet"}}} {
		if MessageDigest(m) == digest {
			t.Errorf("digest of %+v equals the original's", m)
		}
	}
}
