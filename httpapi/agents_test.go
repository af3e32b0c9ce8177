package httpapi

import (
	"encoding/json"
	"testing"

	"github.com/parleyhq/parley"
)

// FuzzDecodeAgentMessage: whatever body a person's tool posts to
// .../agent-messages, it is decoded into exactly the fields written or refused
// with the invalid code (no unknown field, no trailing data, no repeated key).
func FuzzDecodeAgentMessage(f *testing.F) {
	f.Add([]byte(`{"id":"a1","text":"Hi, I'm Dana.","agent":"Dana"}`))
	f.Add([]byte(`{"id":"a1","text":"hi","agent":"Dana","sent_at":"2026-01-01T10:00:05Z"}`))
	f.Add([]byte(`{"id":"a1","text":"hi","agent":"Dana","from":"bot"}`))
	f.Add([]byte(`{"id":"a1","id":"a2"}`))
	f.Add([]byte(`{"text":"\u0000"} []`))
	f.Fuzz(func(t *testing.T, data []byte) {
		var req AgentMessageRequest
		err := decodeStrict(data, &req)
		if err != nil {
			if parley.ErrorCode(err) != parley.EINVALID {
				t.Fatalf("decode error without the invalid code: %v", err)
			}
			return
		}
		if !json.Valid(data) {
			t.Fatalf("accepted invalid JSON %q", data)
		}
		var again AgentMessageRequest
		b, _ := json.Marshal(req)
		if err := decodeStrict(b, &again); err != nil || again.ID != req.ID || again.Text != req.Text || again.Agent != req.Agent {
			t.Fatalf("%q decoded to %+v, which does not read back (%v)", data, req, err)
		}
	})
}
