package scenario

import (
	"bytes"
	"encoding/json"
	"testing"
)

// TestIntentConfusion: a typed turn whose expectation names an intent (the
// shop's last_intent, a flow, a gates handoff reason) is counted with what the bot read, and the
// confusion names what else was read; patterns and unnamed intents are left out.
func TestIntentConfusion(t *testing.T) {
	shop := func(intent string) json.RawMessage {
		return json.RawMessage(`{"conversation_state": {"last_intent": "` + intent + `"}}`)
	}
	want := func(path ...string) Expect {
		e := Expect{State: map[string]any{}}
		if len(path) == 2 {
			e.State[path[0]] = map[string]any{path[1]: "human"}
		} else {
			e.State[path[0]] = "book_flight"
		}
		return e
	}
	c := Confusion{}
	var res Result
	for _, tc := range []struct {
		e     Expect
		state json.RawMessage
		ok    bool
	}{
		{want("conversation_state", "last_intent"), shop("human"), true},
		{want("conversation_state", "last_intent"), shop("ambiguous"), true},
		{want("current_flow"), json.RawMessage(`{"current_flow": "book_flight"}`), true},
		{Expect{State: map[string]any{"current_flow": "/book_.*/"}}, json.RawMessage(`{"current_flow": "book_flight"}`), false},
		{Expect{State: map[string]any{"slots": map[string]any{}}}, shop("human"), false},
		{Expect{}, shop("human"), false},
		{Expect{State: map[string]any{"handoffReason": "the user asked for a person"}}, json.RawMessage(`{"handoffReason": ""}`), true},
	} {
		p, ok := intentPair(tc.e, tc.state)
		if ok != tc.ok {
			t.Fatalf("%+v: ok %v", tc.e, ok)
		}
		if ok {
			res.Intents = append(res.Intents, p)
		}
	}
	c.Add(res)
	var out bytes.Buffer
	c.Print(&out)
	const wantOut = "intents (expected: read correctly / turns, then what else was read):\n" +
		"  book_flight              1/1\n" +
		"  human                    1/2  (ambiguous 1)\n" +
		"  the user asked for a person 0/1  ((none) 1)\n"
	if out.String() != wantOut {
		t.Fatalf("got\n%s\nwant\n%s", out.String(), wantOut)
	}
}
