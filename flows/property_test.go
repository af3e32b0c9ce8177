package flows

import (
	"context"
	"encoding/json"
	"testing"
	"time"

	"github.com/parleyhq/parley"
	"pgregory.net/rapid"
)

// vocabulary is what the property test's users say: answers, corrections,
// triggers, cancels, yes and no, nonsense, and clicks.
var vocabulary = []parley.Message{
	{Text: "I want to book a flight"}, {Text: "book a flight from Madrid to Barcelona tomorrow"},
	{Text: "cancel my booking"}, {Text: "BK-12345"}, {Text: "bk 1"}, {Text: "New York"}, {Text: "Los Angeles"},
	{Text: "2026-12-12"}, {Text: "next Friday"}, {Text: "2020-01-01"}, {Text: "yes"}, {Text: "no"}, {Text: "Sí"},
	{Text: "cancel"}, {Text: "Actually, change the origin to Boston"}, {Text: "the date"}, {Text: "wait"},
	{Text: "I want to talk to a human"}, {Text: "what's the weather?"}, {Text: ""}, {Text: "🙂"},
	{Meaning: "confirm", Text: "Yes"}, {Meaning: "no", Text: "No"}, {Meaning: "cancel"},
	{Text: "hi", NLU: &parley.NLU{Intent: "book_flight", Entities: map[string]any{"destination": "Paris", "departure_date": 3.0}}},
	{Text: "x", NLU: &parley.NLU{Intent: "unknown"}},
}

// TestConversationProperties plays random conversations and checks, after every
// turn, that the dialogue moved only along Dialogue's table, as one chain from
// the state it rested in to the state it rests in now; that it rests only where a
// turn may rest, with the fields that state implies; that the state survives the
// store's JSON round trip; and that the caps hold.
func TestConversationProperties(t *testing.T) {
	checkProperties(t, demo(t), vocabulary)
}

// hotelVocabulary is what the hotel demo's users say: searches, requests for
// another result, selections, bookings, corrections, counts, times, no.
var hotelVocabulary = []parley.Message{
	{Text: "I'm looking for a hotel in lisbon"}, {Text: "find me a hotel in Porto, any rating"},
	{Text: "got any other options?"}, {Text: "I'll take that one"}, {Text: "book it"}, {Text: "book a room"},
	{Text: "the 6th of this month"}, {Text: "tomorrow"}, {Text: "a couple of nights"}, {Text: "3 rooms"},
	{Text: "no, make it 4 nights and 2 rooms"}, {Text: "arriving at half past 6 in the evening"},
	{Text: "yes"}, {Text: "no"}, {Text: "no thanks"}, {Text: "cancel"}, {Text: "Alfama Garden"}, {Text: "denver"},
	{Meaning: "confirm", Text: "Yes"}, {Meaning: "no", Text: "No"}, {Text: "I want to talk to a human"},
	{Text: "x", NLU: &parley.NLU{Intent: IntentSelect}}, {Text: "x", NLU: &parley.NLU{Intent: IntentAlternative}},
	{Text: "x", NLU: &parley.NLU{Intent: "book_hotel", Entities: map[string]any{"hotel_name": "Tagus View", "nights": 2.0}}},
}

// TestHotelConversationProperties: the same properties on the hotel demo, whose
// states hold offers, shared slots and refused bookings.
func TestHotelConversationProperties(t *testing.T) {
	e, err := HotelDemo()
	if err != nil {
		t.Fatal(err)
	}
	checkProperties(t, e, hotelVocabulary)
}

func checkProperties(t *testing.T, e *Engine, vocabulary []parley.Message) {
	rapid.Check(t, func(rt *rapid.T) {
		key := parley.ConversationKey{Bot: "booking", ID: rapid.StringMatching(`c-[a-z0-9]{1,8}`).Draw(rt, "conversation")}
		var state any = e.NewState(key)
		now := time.Date(2026, 1, 1, 10, 0, 0, 0, time.UTC)
		turns := rapid.IntRange(1, 30).Draw(rt, "turns")
		for i := 1; i <= turns; i++ {
			msg := vocabulary[rapid.IntRange(0, len(vocabulary)-1).Draw(rt, "message")]
			now = now.Add(time.Duration(rapid.IntRange(1, 3600).Draw(rt, "seconds")) * time.Second)
			msg.SentAt = now
			before := state.(*State)
			d, err := e.Decide(context.Background(), parley.Turn{Conversation: key, Index: int64(i), State: state, Message: msg})
			if err != nil {
				rt.Fatalf("turn %d %+v: %v", i, msg, err)
			}
			s := d.State.(*State)
			from := before.ConversationState
			for _, tr := range d.Transitions {
				if DialogueState(tr.From) != from {
					rt.Fatalf("turn %d: transitions do not chain: %v", i, d.Transitions)
				}
				if err := Dialogue.Check(DialogueState(tr.From), DialogueTrigger(tr.Trigger), DialogueState(tr.To)); err != nil {
					rt.Fatalf("turn %d: %v", i, err)
				}
				from = DialogueState(tr.To)
			}
			silent := before.Metadata.Handoff != "" && len(d.Transitions) == 0 && len(d.Replies) == 0
			if from != s.ConversationState || len(d.Transitions) == 0 && !silent {
				rt.Fatalf("turn %d: transitions %v end in %s, state is %s", i, d.Transitions, from, s.ConversationState)
			}
			checkResting(rt, e, s)
			if s.TurnCount != before.TurnCount+1 || len(s.Messages) > e.maxMessages || len(s.Trace) > e.maxTrace {
				rt.Fatalf("turn %d: turn_count %d, %d messages, %d trace events", i, s.TurnCount, len(s.Messages), len(s.Trace))
			}
			data, err := json.Marshal(s)
			if err != nil {
				rt.Fatal(err)
			}
			decoded, err := e.DecodeState(data)
			if err != nil {
				rt.Fatalf("turn %d: %v\n%s", i, err, data)
			}
			again, _ := json.Marshal(decoded)
			if string(again) != string(data) || string(s.AppendJSON(nil)) != string(data) {
				rt.Fatalf("turn %d: the state does not survive a JSON round trip", i)
			}
			state = decoded
		}
	})
}

func checkResting(rt *rapid.T, e *Engine, s *State) {
	switch s.ConversationState {
	case DialogueIdle:
		if s.CurrentFlow != FlowNone || s.CurrentStep != nil || s.WaitingForSlot != nil || len(s.FlowStack) != 0 {
			rt.Fatalf("idle with a flow: %+v", s)
		}
	case DialogueWaitingForSlot, DialogueConfirming:
		f := e.flows[s.CurrentFlow]
		if f == nil || s.CurrentStep == nil {
			rt.Fatalf("%s without a flow and step: %+v", s.ConversationState, s)
		}
		st := f.steps[f.stepIndex[*s.CurrentStep]]
		switch {
		case s.ConversationState == DialogueConfirming && st.kind != KindConfirm:
			rt.Fatalf("confirming at step %s", st.id)
		case s.WaitingForSlot != nil && (st.kind != KindCollect || st.slot.name != *s.WaitingForSlot):
			rt.Fatalf("waiting for %s at step %s", *s.WaitingForSlot, st.id)
		case s.ConversationState == DialogueWaitingForSlot && s.WaitingForSlot == nil && st.kind != KindConfirm:
			rt.Fatalf("waiting for nothing at step %s", st.id)
		}
	default:
		// The demo has no webhook: nothing fails, so error is not a resting state here.
		rt.Fatalf("the turn rests in %s", s.ConversationState)
	}
}
