package replay

import (
	"context"
	"encoding/json"
	"reflect"
	"testing"

	"github.com/parleyhq/parley"
)

func TestFirstDifference(t *testing.T) {
	tests := []struct {
		name, a, b, path string
	}{
		{"identical", `{"x":1,"y":[1,2]}`, `{"y":[1,2],"x":1}`, ""},
		{"nested value", `{"s":{"state":"idle","n":1}}`, `{"s":{"state":"clarifying","n":1}}`, "s.state"},
		{"first key in order", `{"a":1,"b":1}`, `{"a":2,"b":2}`, "a"},
		{"list element", `{"l":[1,2,3]}`, `{"l":[1,5,3]}`, "l.1"},
		{"list length", `{"l":[1]}`, `{"l":[1,2]}`, "l"},
		{"absent key", `{"a":1}`, `{"a":1,"b":2}`, "b"},
		{"whole value", `1`, `2`, "(the whole state)"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var a, b any
			_ = json.Unmarshal([]byte(tc.a), &a)
			_ = json.Unmarshal([]byte(tc.b), &b)
			d := firstDifference("", a, b)
			switch {
			case tc.path == "" && d != nil:
				t.Errorf("difference %+v, want none", d)
			case tc.path != "" && (d == nil || d.Path != tc.path):
				t.Errorf("difference %+v, want at %s", d, tc.path)
			}
		})
	}
}

// logStore is a conversation whose log has one turn and no recorded message.
type logStore struct{ events []parley.Event }

func (s logStore) Conversation(context.Context, parley.ConversationKey) (*parley.Conversation, error) {
	return &parley.Conversation{}, nil
}
func (s logStore) Events(_ context.Context, _ parley.ConversationKey, after int64, _ int) ([]parley.Event, error) {
	return s.events[after:], nil
}
func (s logStore) ProcessedResponse(context.Context, parley.ConversationKey, string) ([]byte, bool, error) {
	return []byte(`{"state":{}}`), true, nil
}

type nopEngine struct{}

func (nopEngine) Kind() string                        { return "nop" }
func (nopEngine) NewState(parley.ConversationKey) any { return map[string]any{} }
func (nopEngine) DecodeState([]byte) (any, error)     { return nil, nil }
func (nopEngine) Decide(context.Context, parley.Turn) (parley.Decision, error) {
	return parley.Decision{State: map[string]any{}}, nil
}

func TestATurnWithoutARecordCannotBeReplayed(t *testing.T) {
	store := logStore{events: []parley.Event{{Seq: 1, Type: parley.EventTurn, Data: json.RawMessage(`{"message_id":"m1","transitions":[]}`)}}}
	_, err := Conversation(context.Background(), store, nopEngine{}, parley.ConversationKey{Bot: "b", ID: "c"})
	if parley.ErrorCode(err) != parley.EINVALID {
		t.Errorf("err = %v, want EINVALID", err)
	}
}

// FuzzFirstDifference: for any two stored JSON states, a difference is reported
// exactly when they differ, and never panics.
func FuzzFirstDifference(f *testing.F) {
	f.Add(`{"a":[1,{"b":null}]}`, `{"a":[1,{"b":2}]}`)
	f.Add(`[]`, `{}`)
	f.Add(`{"x":"y"}`, `{"x":"y"}`)
	f.Fuzz(func(t *testing.T, x, y string) {
		var a, b any
		if json.Unmarshal([]byte(x), &a) != nil || json.Unmarshal([]byte(y), &b) != nil {
			return
		}
		d := firstDifference("", a, b)
		if equal := reflect.DeepEqual(a, b); equal != (d == nil) {
			t.Fatalf("%s vs %s: equal %v, difference %+v", x, y, equal, d)
		}
	})
}
