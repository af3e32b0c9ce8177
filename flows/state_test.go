package flows

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/parleyhq/parley"
)

func TestDecodeStateRefusesBadStates(t *testing.T) {
	e := demo(t)
	tests := []struct{ name, data string }{
		{"malformed", `{"conversation_state": `},
		{"unknown state", `{"conversation_state": "dancing"}`},
		{"unknown field", `{"conversation_state": "idle", "mood": "happy"}`},
		{"unknown flow", `{"conversation_state": "waiting_for_slot", "current_flow": "order_pizza"}`},
		{"unknown step", `{"conversation_state": "waiting_for_slot", "current_flow": "book_flight", "current_step": "fly"}`},
		{"unknown stacked flow", `{"conversation_state": "idle", "flow_stack": [{"flow": "x", "step": "y"}]}`},
		{"trailing data", `{"conversation_state": "idle"} {}`},
		{"trailing brace", `{"conversation_state": "idle"}}`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if _, err := e.DecodeState([]byte(tc.data)); parley.ErrorCode(err) != parley.EINVALIDSTATE {
				t.Errorf("error %v, want code invalid_state", err)
			}
		})
	}
}

func TestNewStateIsSeedShaped(t *testing.T) {
	e := demo(t)
	data, err := json.Marshal(e.NewState(parley.ConversationKey{Bot: "booking", ID: "c"}))
	if err != nil {
		t.Fatal(err)
	}
	var got map[string]any
	if err := json.Unmarshal(data, &got); err != nil {
		t.Fatal(err)
	}
	want := map[string]any{
		"messages": []any{}, "slots": map[string]any{}, "current_flow": "none", "conversation_state": "idle",
		"current_step": nil, "waiting_for_slot": nil, "turn_count": float64(0), "last_response": "",
		"last_nlu_call": nil, "trace": []any{}, "metadata": map[string]any{}, "flow_stack": []any{},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("new state (-want +got):\n%s", diff)
	}
	s, err := e.DecodeState(data)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(e.NewState(parley.ConversationKey{}), s); diff != "" {
		t.Errorf("round trip (-want +got):\n%s", diff)
	}
}

// TestDecideIsPureAndDeterministic: the input state is untouched and the same
// input gives the same decision.
func TestDecideIsPureAndDeterministic(t *testing.T) {
	e := demo(t)
	key := parley.ConversationKey{Bot: "booking", ID: "c-9"}
	start := time.Date(2026, 1, 1, 10, 0, 0, 0, time.UTC)
	var state any = e.NewState(key)
	for i, text := range append(benchmarkTurns, "I want to book a flight", "Actually, cancel") {
		before, _ := json.Marshal(state)
		turn := parley.Turn{Conversation: key, Index: int64(i + 1), State: state,
			Message: parley.Message{ID: "m", Text: text, SentAt: start.Add(time.Duration(i) * time.Minute)}}
		d1, err := e.Decide(context.Background(), turn)
		if err != nil {
			t.Fatal(err)
		}
		after, _ := json.Marshal(state)
		if string(before) != string(after) {
			t.Fatalf("turn %d changed its input state:\n%s\n%s", i+1, before, after)
		}
		d2, err := e.Decide(context.Background(), turn)
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(d1, d2); diff != "" {
			t.Fatalf("turn %d is not deterministic:\n%s", i+1, diff)
		}
		state = d1.State
	}
}

// TestEveryTransitionIsInTheKernel: every transition any walk takes is in
// Dialogue's table, and the trace records each of them.
func TestEveryTransitionIsInTheKernel(t *testing.T) {
	e := demo(t)
	key := parley.ConversationKey{Bot: "booking", ID: "c-10"}
	var state any = e.NewState(key)
	for i, text := range []string{"book a flight", "Boston", "cancel my booking", "BK-12345", "yes", "Rome", "Feb 24", "no, from Paris", "yes"} {
		d, err := e.Decide(context.Background(), parley.Turn{Conversation: key, Index: int64(i + 1), State: state,
			Message: parley.Message{Text: text, SentAt: time.Date(2026, 1, 1, 10, 0, i, 0, time.UTC)}})
		if err != nil {
			t.Fatal(err)
		}
		for _, tr := range d.Transitions {
			if err := Dialogue.Check(DialogueState(tr.From), DialogueTrigger(tr.Trigger), DialogueState(tr.To)); err != nil {
				t.Errorf("turn %d: %v", i+1, err)
			}
		}
		s := d.State.(*State)
		// The trace keeps the last max_trace events: they are this turn's last
		// transitions.
		n := min(len(s.Trace), len(d.Transitions))
		tail, recent := s.Trace[len(s.Trace)-n:], d.Transitions[len(d.Transitions)-n:]
		for j, tr := range recent {
			if tail[j].Event != tr.Trigger || tail[j].Data.From != tr.From || tail[j].Data.To != tr.To {
				t.Errorf("turn %d: trace %v does not record %v", i+1, tail[j], tr)
			}
		}
		state = s
	}
	if s := state.(*State); s.ConversationState != DialogueIdle || s.Slots["origin"] != "Paris" || s.Slots["booking_ref"] == nil {
		t.Errorf("final state %+v", s)
	}
}

// TestMomentaryStoredStateIsATransitionError pins parley.Engine's policy in flows:
// a stored state resting in a momentary state (only a hand-edited one can) is not
// repaired, its first transition is outside the Dialogue table, and Decide returns
// an ETRANSITION error with no decision. The resting states are controls.
func TestMomentaryStoredStateIsATransitionError(t *testing.T) {
	e := demo(t)
	for _, tc := range []struct {
		state DialogueState
		code  string // "" when the turn is decided
	}{
		{DialogueValidatingSlot, parley.ETRANSITION},
		{DialogueUnderstanding, parley.ETRANSITION},
		{DialogueExecutingAction, parley.ETRANSITION},
		{DialogueReadyForAction, parley.ETRANSITION},
		{DialogueReadyForConfirmation, parley.ETRANSITION},
		{DialogueGeneratingResponse, parley.ETRANSITION},
		{DialogueIdle, ""},
		{DialogueCompleted, ""},
		{DialogueError, ""},
	} {
		t.Run(string(tc.state), func(t *testing.T) {
			s, err := e.DecodeState([]byte(`{"conversation_state": "` + string(tc.state) + `"}`))
			if err != nil {
				t.Fatal(err)
			}
			d, err := e.Decide(context.Background(), parley.Turn{State: s, Message: parley.Message{Text: "hi"}})
			if parley.ErrorCode(err) != tc.code {
				t.Fatalf("error %v, want code %q", err, tc.code)
			}
			if tc.code != "" && (d.State != nil || d.Replies != nil || d.Transitions != nil || d.Events != nil || d.Effects != nil) {
				t.Errorf("a failed turn decided %+v", d)
			}
		})
	}
}

func TestHistoryIsCapped(t *testing.T) {
	def, err := DemoDefinition()
	if err != nil {
		t.Fatal(err)
	}
	e, err := New(def, Options{MaxMessages: 4})
	if err != nil {
		t.Fatal(err)
	}
	s := finishedBooking(t, e)
	if len(s.Messages) != 4 || s.Messages[3].Content != s.LastResponse {
		t.Errorf("messages %+v", s.Messages)
	}
	if len(s.Trace) != 4 {
		t.Errorf("%d trace events, want the demo's max_trace 4", len(s.Trace))
	}
}

// TestFinishedConversationSize pins the stored size of a finished booking
// conversation (BENCHMARK.md: at most 2 KB per conversation).
func TestFinishedConversationSize(t *testing.T) {
	data, err := json.Marshal(finishedBooking(t, demo(t)))
	if err != nil {
		t.Fatal(err)
	}
	if len(data) > 2048 {
		t.Errorf("finished conversation state is %d bytes, over 2 KB:\n%s", len(data), data)
	}
	t.Logf("finished conversation state: %d bytes", len(data))
}

// TestMarkerCandidateNeverHidesAMarker: the cheap marker test is true for every
// message the exact matcher matches.
func TestMarkerCandidateNeverHidesAMarker(t *testing.T) {
	e := demo(t)
	texts := []string{"Actually, Boston", "NO WAIT", "plutot Paris", "plutôt Paris", "en fait Lyon", "la3 Rabat",
		"i meant Denver", "change it", "New York", "Los Angeles", "2026-12-12", "espera", "Cancelar"}
	for lang, list := range e.markers {
		for _, m := range list {
			texts = append(texts, m, "well "+m+" then", strings.ToUpper(m))
			_ = lang
		}
	}
	for _, text := range texts {
		if _, ok := e.markers.Match(text); ok && !e.markerCandidate(text) {
			t.Errorf("%q matches a marker but markerCandidate says no", text)
		}
	}
	if e.markerCandidate("New York") {
		t.Errorf("New York is a marker candidate")
	}
}

// FuzzDecodeState: a stored state never makes DecodeState or Decide panic; a
// refused one is EINVALIDSTATE, an accepted one takes a turn or fails with a code.
func FuzzDecodeState(f *testing.F) {
	e := demo(f)
	data, _ := json.Marshal(finishedBooking(f, e))
	f.Add(data)
	f.Add([]byte(`{"conversation_state":"waiting_for_slot","current_flow":"book_flight","current_step":"collect_origin","waiting_for_slot":"origin"}`))
	f.Add([]byte(`{"conversation_state":"confirming","current_flow":"book_flight","current_step":"confirm_booking"}`))
	f.Add([]byte(`{"conversation_state":"error","current_flow":"cancel_booking","flow_stack":[{"flow":"book_flight","step":"collect_date"}]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		s, err := e.DecodeState(data)
		if err != nil {
			if parley.ErrorCode(err) != parley.EINVALIDSTATE {
				t.Fatalf("code %q: %v", parley.ErrorCode(err), err)
			}
			return
		}
		for _, text := range []string{"yes", "New York", "cancel", "actually change the origin to Boston"} {
			d, err := e.Decide(context.Background(), parley.Turn{State: s, Message: parley.Message{Text: text, SentAt: time.Unix(1764928800, 0)}})
			if err != nil {
				if code := parley.ErrorCode(err); code == parley.EINTERNAL || code == "" {
					t.Fatalf("turn %q: %v", text, err)
				}
				continue
			}
			if _, err := json.Marshal(d.State); err != nil {
				t.Fatal(err)
			}
		}
	})
}
