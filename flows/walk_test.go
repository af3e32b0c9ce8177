package flows

import (
	"context"
	"encoding/json"
	"strconv"
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
	effects     string // effect kinds, "a,b"
}

var walkStart = time.Date(2025, 12, 5, 10, 0, 0, 0, time.UTC) // a Friday

func playWalk(t *testing.T, e *Engine, conversation string, turns []walkTurn) *State {
	t.Helper()
	return playWalkState(t, e, conversation, nil, 1, turns)
}

// playWalkState plays turns from state (a new one when nil), numbering them from
// first; each turn is one second after the previous one plus its after.
func playWalkState(t *testing.T, e *Engine, conversation string, start *State, first int, turns []walkTurn) *State {
	t.Helper()
	var state any = e.NewState(parley.ConversationKey{Bot: e.bot, ID: conversation})
	if start != nil {
		state = start
	}
	now := walkStart.Add(time.Duration(first-1) * time.Second)
	for i, w := range turns {
		now = now.Add(time.Second + w.after)
		d, err := e.Decide(context.Background(), parley.Turn{
			Conversation: parley.ConversationKey{Bot: e.bot, ID: conversation},
			Index:        int64(first + i),
			State:        state,
			Message:      parley.Message{ID: "t" + strconv.Itoa(first+i), Text: w.user, Meaning: w.meaning, NLU: w.nlu, SentAt: now},
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
			return "turn " + itoa(first+i) + " " + w.user + "\nreply: " + reply + "\ntransitions: " + strings.Join(trs, ",") + "\nstate: " + string(data)
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
		var kinds []string
		for _, ef := range d.Effects {
			kinds = append(kinds, string(ef.Kind))
		}
		if strings.Join(kinds, ",") != w.effects {
			t.Errorf("effects %v, want %q\n%s", kinds, w.effects, ctx())
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

func itoa(i int) string { return strconv.Itoa(i) }

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

func TestSeedWalks(t *testing.T) {
	tests := []struct {
		name  string
		turns []walkTurn
	}{
		{"seed 001 example 2: a correction mid-flow", []walkTurn{
			{user: "I want to book a flight", state: "waiting_for_slot", waiting: "origin"},
			{user: "New York", state: "waiting_for_slot", waiting: "destination", slots: map[string]any{"origin": "New York"}},
			{user: "Actually, change the origin to Boston", state: "waiting_for_slot", flow: "book_flight", step: "collect_destination",
				waiting: "destination", slots: map[string]any{"origin": "Boston"},
				reply:       "Got it, I've updated your origin to Boston. Where would you like to fly to?",
				transitions: "waiting_for_slot->understanding,understanding->waiting_for_slot"},
		}},
		{"seed 001 example 1: next Friday is normalized", []walkTurn{
			{user: "I want to book a flight", state: "waiting_for_slot", flow: "book_flight", step: "collect_origin", waiting: "origin",
				reply: "Where would you like to fly from?"},
			{user: "New York", step: "collect_destination", waiting: "destination", reply: "Where would you like to fly to?"},
			{user: "Los Angeles", step: "collect_date", waiting: "departure_date", reply: "When would you like to depart?",
				slots: map[string]any{"origin": "New York", "destination": "Los Angeles"}},
			{user: "Next Friday", state: "confirming", slots: map[string]any{"departure_date": "2025-12-12"}},
			{user: "yes", state: "idle", flow: "none", step: "-", reply: "Your flight is booked! Booking reference: BK-",
				transitions: "confirming->ready_for_action,ready_for_action->executing_action,executing_action->completed,completed->idle"},
		}},
		{"seed 003 walk: Madrid and Barcelona become MAD and BCN", []walkTurn{
			{user: "Quiero reservar un vuelo para mañana", state: "waiting_for_slot", flow: "book_flight", waiting: "origin",
				slots: map[string]any{"departure_date": "2025-12-06"}, transitions: "idle->understanding,understanding->waiting_for_slot"},
			{user: "Madrid", state: "waiting_for_slot", waiting: "destination", slots: map[string]any{"origin": "MAD"},
				transitions: "waiting_for_slot->validating_slot,validating_slot->waiting_for_slot"},
			{user: "Barcelona", state: "confirming", step: "confirm_booking", slots: map[string]any{"destination": "BCN"},
				reply:       "Book MAD -> BCN on 2025-12-06?",
				transitions: "waiting_for_slot->validating_slot,validating_slot->ready_for_confirmation,ready_for_confirmation->confirming"},
			{user: "Sí", state: "idle", flow: "none",
				transitions: "confirming->ready_for_action,ready_for_action->executing_action,executing_action->completed,completed->idle"},
		}},
		{"slots found before they are asked", []walkTurn{
			{user: "I want to book a flight from Boston to Paris tomorrow", state: "confirming",
				slots:       map[string]any{"origin": "Boston", "destination": "Paris", "departure_date": "2025-12-06"},
				transitions: "idle->understanding,understanding->ready_for_confirmation,ready_for_confirmation->confirming"},
			{user: "no, the destination should be Rome", state: "confirming", slots: map[string]any{"destination": "Rome"},
				reply:       "Got it, I've updated your destination to Rome. Book Boston -> Rome on 2025-12-06?",
				transitions: "confirming->understanding,understanding->ready_for_confirmation,ready_for_confirmation->confirming"},
			{user: "nope, make it Dec 12", state: "confirming", slots: map[string]any{"departure_date": "2025-12-12"}},
			{user: "no", state: "idle", flow: "none", reply: "OK, I won't go ahead.",
				transitions: "confirming->completed,completed->idle"},
		}},
		{"invalid date is cleared and asked again", []walkTurn{
			{user: "book a flight from Boston to Paris", state: "waiting_for_slot", waiting: "departure_date"},
			{user: "2020-01-01", state: "waiting_for_slot", waiting: "departure_date", slots: map[string]any{"departure_date": nil},
				reply:       "That date is in the past. When would you like to depart?",
				transitions: "waiting_for_slot->validating_slot,validating_slot->waiting_for_slot"},
			{user: "whenever", state: "waiting_for_slot", reply: "That doesn't look like a valid departure date."},
			{user: "tomorrow", state: "confirming"},
		}},
		{"a spent retry budget hands over to a human (on_exhaust's default)", []walkTurn{
			{user: "book a flight from Boston to Paris", waiting: "departure_date"},
			{user: "soon"},
			{user: "later"},
			{user: "whenever", state: "idle", flow: "none", effects: "handoff",
				reply: "That doesn't look like a valid departure date. Let me connect you with a human agent."},
		}},
		{"messages that move nothing spend the step's budget too", []walkTurn{
			{user: "book a flight from Boston to Paris on Dec 24", state: "confirming"},
			{user: "hmm, what?", state: "confirming"},
			{user: "i wonder", state: "confirming"},
			{user: "blue skies", state: "idle", flow: "none", effects: "handoff"},
		}},
		{"asking for a human hands over from any flow", []walkTurn{
			{user: "I want to book a flight", waiting: "origin"},
			{user: "cancel my booking", waiting: "booking_ref"},
			{user: "I want to talk to a human", state: "idle", flow: "none", reply: "Let me connect you with a human agent.",
				effects: "handoff", transitions: "waiting_for_slot->understanding,understanding->completed,completed->idle"},
		}},
		{"the active flow's own trigger is not a slot value", []walkTurn{
			{user: "I want to book a flight", waiting: "origin"},
			{user: "I want to book a flight", waiting: "origin", slots: map[string]any{"origin": nil},
				reply: "Where would you like to fly from?", transitions: "waiting_for_slot->understanding,understanding->waiting_for_slot"},
		}},
		{"back to a suspended flow resumes it with its slots", []walkTurn{
			{user: "I want to book a flight", waiting: "origin"},
			{user: "Boston", waiting: "destination"},
			{user: "cancel my booking", flow: "cancel_booking", waiting: "booking_ref"},
			{user: "actually I want to book a flight", flow: "book_flight", waiting: "destination",
				slots: map[string]any{"origin": "Boston"}, reply: "Where would you like to fly to?"},
			{user: "Rome"},
			{user: "Dec 24", state: "confirming"},
			{user: "yes", state: "waiting_for_slot", flow: "cancel_booking", waiting: "booking_ref",
				reply: "Let's get back to cancelling your booking. What is your booking reference?"},
		}},
		{"cancel ends the active flow", []walkTurn{
			{user: "I want to book a flight", state: "waiting_for_slot"},
			{user: "cancel", state: "idle", flow: "none", reply: "OK, I've stopped booking your flight.",
				transitions: "waiting_for_slot->understanding,understanding->completed,completed->idle"},
			{user: "cancel", state: "idle", reply: "There is nothing to cancel.", transitions: "idle->understanding,understanding->idle"},
		}},
		{"no intent goes back to idle", []walkTurn{
			{user: "what is the weather", state: "idle", flow: "none", reply: "Sorry, I didn't understand.",
				transitions: "idle->understanding,understanding->idle"},
		}},
		{"another flow interrupts and the first resumes", []walkTurn{
			{user: "I want to book a flight", state: "waiting_for_slot", waiting: "origin"},
			{user: "New York", waiting: "destination"},
			{user: "cancel my booking", state: "waiting_for_slot", flow: "cancel_booking", waiting: "booking_ref",
				reply: "What is your booking reference?"},
			{user: "BK-1234", waiting: "booking_ref", reply: "A booking reference looks like BK-12345. What is your booking reference?"},
			{user: "bk-12345", state: "confirming", slots: map[string]any{"booking_ref": "BK-12345"},
				reply: "This will cancel your booking BK-12345. Are you sure?"},
			{user: "yes", state: "waiting_for_slot", flow: "book_flight", waiting: "destination",
				reply:       "Your booking BK-12345 is cancelled. Let's get back to booking your flight. Where would you like to fly to?",
				transitions: "confirming->ready_for_action,ready_for_action->executing_action,executing_action->completed,completed->generating_response,generating_response->waiting_for_slot"},
			{user: "Los Angeles", waiting: "departure_date", slots: map[string]any{"origin": "New York"}},
		}},
		{"retries exhausted hand over to a human", []walkTurn{
			{user: "cancel my booking", waiting: "booking_ref"},
			{user: "x", waiting: "booking_ref"},
			{user: "y", waiting: "booking_ref"},
			{user: "z", state: "idle", flow: "none", reply: "Let me connect you with a human agent.", effects: "handoff"},
		}},
		{"an upstream parse that says nothing leaves the answer to direct mapping", []walkTurn{
			{user: "I want to book a flight", waiting: "origin"},
			{user: "Lisbon", nlu: &parley.NLU{Intent: "inform"}, waiting: "destination", slots: map[string]any{"origin": "Lisbon"},
				transitions: "waiting_for_slot->validating_slot,validating_slot->waiting_for_slot"},
		}},
		{"an upstream intent below min_confidence is no intent", []walkTurn{
			{user: "hmm", nlu: &parley.NLU{Intent: "book_flight", Confidence: 0.3}, state: "idle", transitions: "idle->understanding,understanding->idle"},
		}},
		{"upstream nlu fills slots", []walkTurn{
			{user: "hi", nlu: &parley.NLU{Intent: "book_flight", Entities: map[string]any{"origin": "Boston", "departure_date": "Dec 12"}},
				state: "waiting_for_slot", waiting: "destination", slots: map[string]any{"origin": "Boston", "departure_date": "2025-12-12"}},
		}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			playWalk(t, demo(t), "c-"+tc.name, tc.turns)
		})
	}
}
