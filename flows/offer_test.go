package flows

import (
	"context"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/parleyhq/parley"
)

// serviceFlows is a search and a booking of one service, with webhook actions
// answered in process by scriptedRunner.
const serviceFlows = `
bot: rooms
settings: {shared_slots: true}
flows:
  - name: find_room
    trigger: {intents: [find_room]}
    slots:
      - {name: city, type: city, prompt: Which city?}
      - {name: view, type: enum, values: [sea, garden, dontcare]}
    steps:
      - id: collect_city
        collect: city
      - id: search
        action: {name: find_room, webhook: {url: "http://rooms.invalid/find"}, offer: [room, view]}
  - name: book_room
    trigger: {intents: [book_room]}
    slots:
      - {name: room, prompt: Which room?}
      - {name: city, type: city, prompt: Which city?}
      - {name: guests, type: integer, default: "2"}
      - {name: view, type: enum, values: [sea, garden, dontcare]}
    steps:
      - id: collect_room
        collect: room
      - id: collect_city
        collect: city
      - id: confirm
        confirm: {prompt: "Book {room} in {city} for {guests}?"}
      - id: book
        action: {name: book_room, webhook: {url: "http://rooms.invalid/book"}}
`

// scriptedRunner answers each action with the next scripted result and keeps
// the slots each call was given.
type scriptedRunner struct {
	mu      sync.Mutex
	answers map[string][]ActionResult
	calls   []ActionRequest
}

func (r *scriptedRunner) Run(_ context.Context, req ActionRequest) (ActionResult, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.calls = append(r.calls, req)
	var res ActionResult
	if q := r.answers[req.Action]; len(q) > 0 {
		res, r.answers[req.Action] = q[0], q[1:]
	}
	return res, nil
}

type serviceTurn struct {
	intent   string
	entities map[string]any
	flow     string
	state    string
	slots    map[string]any // nil value: absent
}

func playService(t *testing.T, runner *scriptedRunner, turns []serviceTurn) *State {
	t.Helper()
	def, err := Parse([]byte(serviceFlows), "rooms.yaml")
	if err != nil {
		t.Fatal(err)
	}
	e, err := New(def, Options{Runner: runner})
	if err != nil {
		t.Fatal(err)
	}
	key := parley.ConversationKey{Bot: "rooms", ID: "c"}
	var state any = e.NewState(key)
	now := time.Date(2026, 3, 3, 10, 0, 0, 0, time.UTC)
	for i, tt := range turns {
		msg := parley.Message{ID: tt.intent, Text: "-", NLU: &parley.NLU{Intent: tt.intent, Entities: tt.entities, Confidence: 1}, SentAt: now}
		d, err := e.Decide(context.Background(), parley.Turn{Conversation: key, Index: int64(i + 1), State: state, Message: msg})
		if err != nil {
			t.Fatalf("turn %d: %v", i+1, err)
		}
		s := d.State.(*State)
		if tt.flow != "" && s.CurrentFlow != tt.flow || tt.state != "" && string(s.ConversationState) != tt.state {
			t.Errorf("turn %d (%s): flow %s in %s, want %s in %s", i+1, tt.intent, s.CurrentFlow, s.ConversationState, tt.flow, tt.state)
		}
		for k, want := range tt.slots {
			got, ok := s.Slots[k]
			if want == nil && ok && got != nil || want != nil && format(got) != format(want) {
				t.Errorf("turn %d (%s): slot %s = %v, want %v", i+1, tt.intent, k, got, want)
			}
		}
		state = s
	}
	return state.(*State)
}

// Issue 16 §1-3: a selection takes the offered result's values; the booking
// keeps the city of the search; dontcare and a slot never mentioned are not
// sent; a default is sent once the user accepted the summary showing it.
func TestOfferSelectionAndSharedSlots(t *testing.T) {
	runner := &scriptedRunner{answers: map[string][]ActionResult{
		"find_room": {{Results: []map[string]any{{"room": "Blue Suite"}, {"room": "Green Room"}}}},
	}}
	playService(t, runner, []serviceTurn{
		{intent: "find_room", entities: map[string]any{"city": "lisbon", "view": "any"}, state: "idle", slots: map[string]any{"city": "Lisbon", "view": "dontcare", "room": nil}},
		{intent: IntentAlternative, slots: map[string]any{"room": nil}},
		{intent: IntentSelect, slots: map[string]any{"room": "Green Room"}},
		{intent: "book_room", flow: "book_room", state: "confirming", slots: map[string]any{"room": "Green Room", "city": "Lisbon", "guests": nil}},
		{intent: "affirm", state: "idle", slots: map[string]any{"guests": "2"}},
	})
	if len(runner.calls) != 2 {
		t.Fatalf("%d calls", len(runner.calls))
	}
	if _, sent := runner.calls[0].Slots["view"]; sent {
		t.Errorf("dontcare was sent: %v", runner.calls[0].Slots)
	}
	book := runner.calls[1].Slots
	if book["room"] != "Green Room" || book["city"] != "Lisbon" || book["guests"] != "2" {
		t.Errorf("booking sent %v", book)
	}
}

// A flow started on an offer takes every offered slot it declares, collected or
// not (the room's view, which the booking takes without asking); the flow that
// made the offer, started again, takes none that it does not collect: the user
// searches again, and the offered view is no filter they chose.
func TestOfferTakenByDeclaredSlots(t *testing.T) {
	runner := &scriptedRunner{answers: map[string][]ActionResult{
		"find_room": {
			{Results: []map[string]any{{"room": "Blue Suite", "view": "sea"}}},
			{Results: []map[string]any{{"room": "Green Room", "view": "garden"}}},
		},
	}}
	playService(t, runner, []serviceTurn{
		{intent: "find_room", entities: map[string]any{"city": "lisbon"}, state: "idle", slots: map[string]any{"view": nil}},
		{intent: "find_room", entities: map[string]any{"city": "porto"}, state: "idle", slots: map[string]any{"city": "Porto", "view": nil, "room": nil}},
		{intent: "book_room", flow: "book_room", state: "confirming", slots: map[string]any{"room": "Green Room", "view": "garden"}},
	})
}

// Issue 16 §5: a failed booking keeps the slots and confirms again; the user
// changes a value and confirms; a plain no with no flow left ends it.
func TestFailedActionConfirmsAgain(t *testing.T) {
	runner := &scriptedRunner{answers: map[string][]ActionResult{
		"book_room": {{Failed: true, Reply: "That room is taken."}, {}},
	}}
	s := playService(t, runner, []serviceTurn{
		{intent: "book_room", entities: map[string]any{"room": "Blue Suite", "city": "Porto"}, state: "confirming"},
		{intent: "affirm", flow: "book_room", state: "confirming", slots: map[string]any{"room": "Blue Suite", "guests": "2"}},
		{intent: "book_room", entities: map[string]any{"room": "Green Room"}, flow: "book_room", state: "confirming", slots: map[string]any{"room": "Green Room"}},
		{intent: "affirm", state: "idle"},
		{intent: "deny", state: "idle"},
	})
	if len(runner.calls) != 2 || runner.calls[1].Slots["room"] != "Green Room" {
		t.Errorf("calls %v", runner.calls)
	}
	if s.Metadata.LastOutcome != OutcomeCompleted || s.LastResponse != defaultTexts()["goodbye"] {
		t.Errorf("last outcome %s, response %q", s.Metadata.LastOutcome, s.LastResponse)
	}
}

// An upstream dialogue act is never taken as the awaited slot's value.
func TestUpstreamActIsNoSlotValue(t *testing.T) {
	playService(t, &scriptedRunner{}, []serviceTurn{
		{intent: "book_room", state: "waiting_for_slot"},
		{intent: "thank_you", state: "waiting_for_slot", slots: map[string]any{"room": nil}},
	})
}

func TestHandback(t *testing.T) {
	e := demo(t)
	if _, err := e.Handback(newState(), "done", time.Now()); parley.ErrorCode(err) != parley.ECONFLICT {
		t.Fatalf("handback of a conversation with the bot: %v", err)
	}
	s := newState()
	s.Metadata.Handoff = ReasonFlowRequested
	if got := e.HandoffReason(s); got != ReasonFlowRequested {
		t.Errorf("HandoffReason = %q", got)
	}
	d, err := e.Handback(s, "resolved", time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC))
	if err != nil || d.State.(*State).Metadata.Handoff != "" || s.Metadata.Handoff == "" || len(d.Events) != 1 || d.Events[0].Type != "handback" {
		t.Errorf("handback: %+v, %v (input state must stay untouched)", d, err)
	}
}

// namesValue finds an offered name in a message, as spelt or a typo away,
// never a name the words only share a part of.
func TestNamesValue(t *testing.T) {
	text := &slot{typ: TypeText}
	for _, tc := range []struct {
		msg, v string
		typo   bool
		want   bool
	}{
		{"book a room at Bairro Loft", "Bairro Loft", false, true},
		{"book a room at bairro-loft", "Bairro-Loft", false, true},
		{"book a room at Bairo Loft", "Bairro Loft", false, false},
		{"book a room at Bairo Loft", "Bairro Loft", true, true},
		{"book a room at the Loft", "Bairro Loft", true, false},
		{"book a room", "Tagus View", true, false},
	} {
		if got := namesValue(text, strings.Fields(tc.msg), tc.v, tc.typo); got != tc.want {
			t.Errorf("namesValue(%q, %q, typo %v) = %v, want %v", tc.msg, tc.v, tc.typo, got, tc.want)
		}
	}
}
