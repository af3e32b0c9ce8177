package flows

import (
	"encoding/json"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/parleyhq/parley/internal/encodertest"
)

// reflected marshals s with encoding/json.
func reflected(t *testing.T, s *State) string {
	t.Helper()
	data, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

func TestAppendJSONMatchesMarshal(t *testing.T) {
	step, slot := "collect_origin", "origin"
	nluCall := 1764928801.25
	states := []*State{
		newState(),
		finishedBooking(t, demo(t)),
		{},
		{
			Messages: []ChatMessage{{Role: "user", Content: "a \"quoted\" <b>&</b>\n\t\\ \x01 \u2028 é 😀 \xff", Timestamp: 1e-7}},
			Slots: map[string]any{"n": 3.5, "i": int64(-4), "big": 1e21, "tiny": 0.000001, "yes": true, "none": nil,
				"list": []any{"a", 1.0}, "obj": map[string]any{"k": "v"}, "z": "last", "int": 7},
			CurrentFlow: "book_flight", ConversationState: "error", CurrentStep: &step, WaitingForSlot: &slot,
			TurnCount: 3, LastResponse: "x > y", LastNLUCall: &nluCall,
			Trace: []TraceEvent{{Event: "exception", Timestamp: 1, Data: TraceData{From: "executing_action", To: "error"}},
				{Event: "odd", Timestamp: -2.5}, {Event: "to_only", Data: TraceData{To: "idle"}}},
			Metadata: Metadata{Error: &ErrorInfo{Type: "action_failed", Message: "status 500", Timestamp: 12, RecoveryState: "executing_action"},
				Retries: map[string]int{"b": 2, "a": 1}, LastFlow: "f", LastOutcome: "cancelled", Withdrawn: true,
				Pending: &PendingCall{Key: "bot/c/3/f/place", Flow: "f", Step: "place", Action: "place", Turn: 3,
					Slots: map[string]any{"n": 2.0, "s": "<x>"}, Attempts: 2}},
			FlowStack: []Frame{{Flow: "book_flight", Step: "collect_destination", WaitingForSlot: &slot}, {Flow: "x", Step: "y", Call: true, Slots: map[string]any{"b": 1.0, "a": "x"}}},
		},
	}
	for i, s := range states {
		got := s.AppendJSON([]byte("prefix:"))
		if diff := cmp.Diff("prefix:"+reflected(t, s), string(got)); diff != "" {
			t.Errorf("state %d (-json.Marshal +AppendJSON):\n%s", i, diff)
		}
	}
}

// FuzzAppendJSON: any text in messages, slots and replies encodes exactly as
// json.Marshal does.
func FuzzAppendJSON(f *testing.F) {
	f.Add("New York", "origin", 1764928801.5)
	f.Add("<script>&\u2028\xff\x00", "k\"ey", -1e-9)
	f.Fuzz(func(t *testing.T, text, key string, num float64) {
		s := newState()
		s.Messages = append(s.Messages, ChatMessage{Role: "user", Content: text, Timestamp: num})
		s.Slots[key] = text
		s.Slots[key+"_n"] = num
		s.LastResponse = text
		want, err := json.Marshal(s)
		if err != nil {
			return // NaN and infinities: json.Marshal refuses them, AppendJSON writes null
		}
		if got := s.AppendJSON(nil); string(got) != string(want) {
			t.Fatalf("AppendJSON\n%s\njson.Marshal\n%s", got, want)
		}
	})
}

// TestAppendJSONCoversEveryField: a state with no zero field, at any depth (its
// messages, trace, metadata and its error and pending call, its flow stack), encodes
// as json.Marshal writes it, so a field added to State or to a type it holds and not
// to encode.go fails here.
func TestAppendJSONCoversEveryField(t *testing.T) {
	s := encodertest.Fill[State](nil)
	if z := encodertest.Zero(s); len(z) > 0 {
		t.Fatalf("not filled: %v", z)
	}
	if diff := cmp.Diff(reflected(t, &s), string(s.AppendJSON(nil))); diff != "" {
		t.Errorf("(-json.Marshal +AppendJSON):\n%s", diff)
	}
}
