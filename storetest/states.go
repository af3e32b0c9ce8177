package storetest

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"strconv"
	"testing"

	"github.com/parleyhq/parley"
	"github.com/parleyhq/parley/turnlog"
	"pgregory.net/rapid"
)

// testOldStatesRebuilt commits random conversations (states that grow, shrink and
// change in place, written in more than one JSON style; turns and records mixed) and
// checks that Processed gives every message the state of the version that processed
// it byte for byte, and that the conversation's state is the last one: a store that
// keeps states as changes must rebuild each exactly.
func testOldStatesRebuilt(t *testing.T, s parley.Store) {
	ctx := context.Background()
	n := 0
	rapid.Check(t, func(rt *rapid.T) {
		n++
		k := key("states-" + strconv.Itoa(n))
		doc := map[string]any{"messages": []any{}, "slots": map[string]any{}}
		versions := rapid.IntRange(1, 40).Draw(rt, "versions")
		states := make([][]byte, versions+1)
		var conv *parley.Conversation
		for v := 1; v <= versions; v++ {
			mutateDoc(rt, doc, v)
			states[v] = encodeDoc(rt, doc)
			var c *parley.Commit
			if conv == nil {
				c = create(k, string(states[v]))
			} else {
				c = next(conv, string(states[v]))
			}
			id := "m-" + strconv.Itoa(v)
			if rapid.Bool().Draw(rt, "turn") {
				c.Turn = &parley.TurnRecord{Message: parley.Message{ID: id, Text: "t"}, Replies: []byte(`[]`), Transitions: []byte(`[]`)}
			} else {
				c.MessageID, c.Response = id, []byte(`{"record":`+strconv.Itoa(v)+`}`)
			}
			if err := s.Commit(ctx, c); err != nil {
				rt.Fatalf("Commit v%d: %v", v, err)
			}
			conv = &c.Conversation
		}
		got, err := s.Conversation(ctx, k)
		if err != nil || !bytes.Equal(got.State, states[versions]) {
			rt.Fatalf("Conversation = %v, %v; want state %s", got, err, states[versions])
		}
		for v := 1; v <= versions; v++ {
			p, ok, err := s.Processed(ctx, k, "m-"+strconv.Itoa(v))
			if err != nil || !ok || p.Version != int64(v) {
				rt.Fatalf("Processed m-%d = %+v, %v, %v", v, p, ok, err)
			}
			if p.Message != nil {
				want := p.Message
				rec := parley.TurnRecord{Message: *want, Replies: []byte(`[]`), Transitions: []byte(`[]`)}
				if body := turnlog.Response(&rec, k, int64(v), states[v], nil); !bytes.Equal(p.Response, body) {
					rt.Fatalf("Processed m-%d response\n got %s\nwant %s", v, p.Response, body)
				}
			} else if !bytes.Equal(p.State, states[v]) {
				rt.Fatalf("Processed m-%d state\n got %s\nwant %s", v, p.State, states[v])
			}
		}
	})
}

// mutateDoc changes doc as a turn might: a message appended (and the oldest dropped
// past a window), a slot set or removed, a scalar replaced, a nested list replaced.
func mutateDoc(rt *rapid.T, doc map[string]any, v int) {
	texts := []string{"hi", "New York", "<b>&</b>", "été \u2028", `quote " \ slash`, "1e21", ""}
	msgs := doc["messages"].([]any)
	msgs = append(msgs, map[string]any{"role": "user", "content": rapid.SampledFrom(texts).Draw(rt, "text"), "timestamp": float64(v) + 0.5})
	if len(msgs) > rapid.IntRange(2, 8).Draw(rt, "window") {
		msgs = msgs[1:]
	}
	doc["messages"] = msgs
	slots := doc["slots"].(map[string]any)
	slot := rapid.SampledFrom([]string{"origin", "destination", "date", "a/b", "x~y"}).Draw(rt, "slot")
	if rapid.Bool().Draw(rt, "set") {
		slots[slot] = rapid.SampledFrom(texts).Draw(rt, "value")
	} else {
		delete(slots, slot)
	}
	doc["turn_count"] = v
	doc["step"] = rapid.SampledFrom([]any{nil, "collect", "confirm", 3.25, true}).Draw(rt, "step")
	trace := make([]any, rapid.IntRange(0, 4).Draw(rt, "trace"))
	for i := range trace {
		trace[i] = map[string]any{"event": "e" + strconv.Itoa(v), "data": map[string]any{"to": "s" + strconv.Itoa(i)}}
	}
	doc["trace"] = trace
}

// encodeDoc writes doc the way some engine might: encoding/json's default (sorted
// keys, HTML escaped), without HTML escapes, or indented.
func encodeDoc(rt *rapid.T, doc map[string]any) []byte {
	switch rapid.IntRange(0, 5).Draw(rt, "style") {
	case 0:
		b, err := json.MarshalIndent(doc, "", " ")
		if err != nil {
			rt.Fatal(err)
		}
		return b
	case 1:
		var buf bytes.Buffer
		enc := json.NewEncoder(&buf)
		enc.SetEscapeHTML(false)
		if err := enc.Encode(doc); err != nil {
			rt.Fatal(err)
		}
		return bytes.TrimRight(buf.Bytes(), "\n")
	default:
		b, err := json.Marshal(doc)
		if err != nil {
			rt.Fatal(fmt.Sprint(err))
		}
		return b
	}
}
