package flows

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/parleyhq/parley"
)

// step is one turn of a walk and what it must produce.
type walkTurn struct {
	user        string
	meaning     string
	nlu         *parley.NLU
	after       time.Duration
	state       string // conversation_state the turn rests in
	flow        string
	step        string // current_step ("-" for null)
	waiting     string // waiting_for_slot ("-" for null)
	slots       map[string]any
	reply       string // substring of the reply
	transitions string // "a->b,b->c"
}

var walkStart = time.Date(2025, 12, 5, 10, 0, 0, 0, time.UTC) // a Friday

func playWalk(t *testing.T, e *Engine, conversation string, turns []walkTurn) *State {
	t.Helper()
	var state any = e.NewState(parley.ConversationKey{Bot: "booking", ID: conversation})
	now := walkStart
	for i, w := range turns {
		now = now.Add(time.Second + w.after)
		d, err := e.Decide(context.Background(), parley.Turn{
			Conversation: parley.ConversationKey{Bot: "booking", ID: conversation},
			Index:        int64(i + 1),
			State:        state,
			Message:      parley.Message{ID: "t", Text: w.user, Meaning: w.meaning, NLU: w.nlu, SentAt: now},
		})
		if err != nil {
			t.Fatalf("turn %d %q: %v", i+1, w.user, err)
		}
		// Round-trip through JSON like the store does.
		data, err := json.Marshal(d.State)
		if err != nil {
			t.Fatal(err)
		}
		decoded, err := e.DecodeState(data)
		if err != nil {
			t.Fatalf("turn %d: decode: %v\n%s", i+1, err, data)
		}
		state = decoded
		s := decoded.(*State)
		var trs []string
		for _, tr := range d.Transitions {
			trs = append(trs, tr.From+"->"+tr.To)
		}
		reply := ""
		if len(d.Replies) > 0 {
			reply = d.Replies[0].Text
		}
		ctx := func() string {
			return "turn " + itoa(i+1) + " " + w.user + "\nreply: " + reply + "\ntransitions: " + strings.Join(trs, ",") + "\nstate: " + string(data)
		}
		if w.state != "" && string(s.ConversationState) != w.state {
			t.Errorf("conversation_state %s, want %s\n%s", s.ConversationState, w.state, ctx())
		}
		if w.flow != "" && s.CurrentFlow != w.flow {
			t.Errorf("current_flow %s, want %s\n%s", s.CurrentFlow, w.flow, ctx())
		}
		if w.step != "" && str(s.CurrentStep) != w.step {
			t.Errorf("current_step %s, want %s\n%s", str(s.CurrentStep), w.step, ctx())
		}
		if w.waiting != "" && str(s.WaitingForSlot) != w.waiting {
			t.Errorf("waiting_for_slot %s, want %s\n%s", str(s.WaitingForSlot), w.waiting, ctx())
		}
		for k, v := range w.slots {
			if got := s.Slots[k]; got != v {
				t.Errorf("slot %s = %v, want %v\n%s", k, got, v, ctx())
			}
		}
		if !strings.Contains(reply, w.reply) {
			t.Errorf("reply %q, want it to contain %q\n%s", reply, w.reply, ctx())
		}
		if w.transitions != "" && strings.Join(trs, ",") != w.transitions {
			t.Errorf("transitions %s, want %s\n%s", strings.Join(trs, ","), w.transitions, ctx())
		}
	}
	return state.(*State)
}

func str(p *string) string {
	if p == nil {
		return "-"
	}
	return *p
}

func itoa(i int) string { return strings.TrimSpace(strings.Repeat(" ", 0) + string(rune('0'+i%10))) }

func demo(t testing.TB) *Engine {
	t.Helper()
	e, err := Demo()
	if err != nil {
		t.Fatal(err)
	}
	return e
}

func TestBenchmarkWalk(t *testing.T) {
	s := playWalk(t, demo(t), "c-1", []walkTurn{
		{user: "I want to book a flight", state: "waiting_for_slot", flow: "book_flight", step: "collect_origin", waiting: "origin",
			reply: "Where would you like to fly from?", transitions: "idle->understanding,understanding->waiting_for_slot"},
		{user: "New York", state: "waiting_for_slot", step: "collect_destination", waiting: "destination",
			slots: map[string]any{"origin": "New York"}, reply: "Where would you like to fly to?",
			transitions: "waiting_for_slot->validating_slot,validating_slot->waiting_for_slot"},
		{user: "Los Angeles", state: "waiting_for_slot", step: "collect_date", waiting: "departure_date", reply: "When would you like to depart?"},
		{user: "2026-12-12", state: "confirming", step: "confirm_booking", waiting: "-", reply: "Book New York -> Los Angeles on 2026-12-12?",
			transitions: "waiting_for_slot->validating_slot,validating_slot->ready_for_confirmation,ready_for_confirmation->confirming"},
		{user: "yes", state: "idle", flow: "none", step: "-", waiting: "-", reply: "Your flight is booked! Booking reference: BK-",
			transitions: "confirming->ready_for_action,ready_for_action->executing_action,executing_action->completed,completed->idle"},
	})
	data, _ := json.Marshal(s)
	t.Logf("%d bytes: %s", len(data), data)
}
