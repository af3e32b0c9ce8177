package flows

import (
	"context"
	"sync"
	"testing"

	"github.com/parleyhq/parley"
)

// transactionFlows is a service whose state is shared by its tasks
// (settings.shared_slots, as generated for SGD services): a search that offers
// its results, a reservation that confirms, and a payment.
const transactionFlows = `
bot: diner
settings: {shared_slots: true}
flows:
  - name: find_restaurant
    trigger: {keywords: [find a restaurant]}
    slots:
      - {name: city, type: city, prompt: Which city?}
    steps:
      - {id: ask_city, collect: city}
      - id: search
        action: {name: find_restaurant, webhook: {url: "http://diner.invalid/find"}, offer: [restaurant_name]}
  - name: reserve
    trigger: {keywords: [reserve a table]}
    slots:
      - name: restaurant_name
        prompt: Which restaurant?
        patterns: ['(?i)\bat\s+(.+?)(?:\s+at\s+\d|$)']
      - {name: time, type: time, prompt: What time?}
    steps:
      - {id: ask_restaurant, collect: restaurant_name}
      - {id: ask_time, collect: time}
      - {id: confirm, confirm: {prompt: "{restaurant_name} at {time}?"}}
      - id: book
        action: {name: reserve, webhook: {url: "http://diner.invalid/reserve"}, reply: Reserved.}
  - name: pay
    trigger: {keywords: [make a payment]}
    slots:
      - {name: amount, type: number, prompt: How much?}
      - {name: method, type: enum, values: [card, cash], prompt: Card or cash?}
    steps:
      - {id: ask_amount, collect: amount}
      - {id: ask_method, collect: method}
      - {id: confirm, confirm: {prompt: "Pay {amount} by {method}?"}}
      - id: charge
        action: {name: pay, webhook: {url: "http://diner.invalid/pay"}, reply: Paid.}
`

// dinerRunner answers the diner's calls: the search finds "Mcdonald's"; the
// first reservation fails and proposes 18:00 instead.
type dinerRunner struct {
	mu    sync.Mutex
	calls []ActionRequest
}

func (r *dinerRunner) Run(_ context.Context, req ActionRequest) (ActionResult, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.calls = append(r.calls, req)
	switch req.Action {
	case "find_restaurant":
		return ActionResult{Results: []map[string]any{{"restaurant_name": "Mcdonald's"}}}, nil
	case "reserve":
		if req.Slots["time"] != "18:00" {
			return ActionResult{Failed: true, Reply: "No table then.", Results: []map[string]any{{"time": "18:00"}}}, nil
		}
	}
	return ActionResult{}, nil
}

// dinerEngine is an engine of transactionFlows whose actions dinerRunner answers
// and records.
func dinerEngine(t *testing.T) (*Engine, *dinerRunner) {
	t.Helper()
	def, err := Parse([]byte(transactionFlows), "diner.yaml")
	if err != nil {
		t.Fatal(err)
	}
	runner := &dinerRunner{}
	e, err := New(def, Options{Runner: runner})
	if err != nil {
		t.Fatal(err)
	}
	return e, runner
}

// TestTransactions pins issue 26 item 7's classes on a flow file of their own:
// a second transaction starts from empty slots, a failed transaction's proposal
// is taken by a yes, and a value naming an offered result takes its spelling.
func TestTransactions(t *testing.T) {
	e, runner := dinerEngine(t)
	playWalk(t, e, "c", []walkTurn{
		{user: "make a payment", waiting: "amount"},
		{user: "20"},
		{user: "card", state: "confirming"},
		{user: "yes", state: "idle", reply: "Paid."},
		// A second payment inherits neither the amount nor the method.
		{user: "make a payment", waiting: "amount", reply: "How much?"},
		{user: "cancel", state: "idle"},
		{user: "find a restaurant", waiting: "city"},
		{user: "Boston", state: "idle", reply: "How about"},
		// "Mcdonalds" names the offered result: its spelling is taken.
		{user: "reserve a table at Mcdonalds", waiting: "time", slots: map[string]any{"restaurant_name": "Mcdonald's"}},
		{user: "6:15 pm", state: "confirming"},
		// The service refuses 18:15 and proposes 18:00; a yes takes it.
		{user: "yes", state: "confirming", reply: "No table then."},
		{user: "yes", state: "idle", reply: "Reserved.", slots: map[string]any{"time": "18:00"}},
	})
	last := runner.calls[len(runner.calls)-1]
	if last.Action != "reserve" || last.Slots["time"] != "18:00" || last.Slots["restaurant_name"] != "Mcdonald's" {
		t.Errorf("last call %s %v", last.Action, last.Slots)
	}
}

var _ ActionRunner = (*dinerRunner)(nil)

// A proposal the user answers with a value of their own is withdrawn: the yes
// that follows confirms the user's value, not the proposal's (SGD: "is 10 am
// free?" after "6:30 pm instead?").
func TestProposalAnsweredWithOwnValue(t *testing.T) {
	e, runner := dinerEngine(t)
	playWalk(t, e, "c", []walkTurn{
		{user: "reserve a table at Nopa", waiting: "time"},
		{user: "6:15 pm", state: "confirming"},
		{user: "yes", state: "confirming", reply: "No table then."},
		{user: "what about 7 pm?", state: "confirming", slots: map[string]any{"time": "19:00"}},
		{user: "yes", state: "confirming", reply: "No table then."},
	})
	last := runner.calls[len(runner.calls)-1]
	if last.Action != "reserve" || last.Slots["time"] != "19:00" {
		t.Errorf("last call %s %v, want the user's 19:00", last.Action, last.Slots)
	}
}

// TestWithdrawnTransactionLeavesNoValues: a transaction the user withdrew from
// in their own words (a cancel, a change of mind) leaves none of its values to
// a new request, as a completed one does (issue 38 item 7: a new transaction
// starts empty but for what the user restates); a plain no to the
// confirmation rejects the proposal and keeps its values for the change that
// may follow (Schema-Guided Dialogue's NEGATE, then the new value), with the
// structured parse as with typed words.
func TestWithdrawnTransactionLeavesNoValues(t *testing.T) {
	e, _ := dinerEngine(t)
	for _, c := range []struct {
		name, end string
		nlu       *parley.NLU
		kept      bool
	}{
		{"a cancel while asked", "cancel", nil, false},
		{"a change of mind while asked", "forget it", nil, false},
		{"a cancel parsed", "", &parley.NLU{Intent: "cancel"}, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := playWalk(t, e, "w-"+c.name, []walkTurn{
				{user: "reserve a table at Nopa", waiting: "time", slots: map[string]any{"restaurant_name": "Nopa"}},
				{user: c.end, nlu: c.nlu, state: "idle", slots: map[string]any{"restaurant_name": "Nopa"}},
			})
			if !s.Metadata.Withdrawn || s.Metadata.LastOutcome != OutcomeCancelled {
				t.Fatalf("metadata %+v, want a withdrawn cancel", s.Metadata)
			}
			playWalkFrom(t, e, "w-"+c.name, s, 3, []walkTurn{
				{user: "reserve a table", waiting: "restaurant_name", slots: map[string]any{"restaurant_name": nil}},
			})
		})
	}
	for _, c := range []struct {
		name, no string
		nlu      *parley.NLU
	}{
		{"a typed no", "no", nil},
		{"a parsed deny", "", &parley.NLU{Intent: "deny"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := playWalk(t, e, "n-"+c.name, []walkTurn{
				{user: "reserve a table at Nopa", waiting: "time"},
				{user: "7 pm", state: "confirming"},
				{user: c.no, nlu: c.nlu, state: "idle"},
			})
			if s.Metadata.Withdrawn {
				t.Fatalf("a plain no marked withdrawn: %+v", s.Metadata)
			}
			playWalkFrom(t, e, "n-"+c.name, s, 4, []walkTurn{
				{user: "reserve a table", state: "confirming", slots: map[string]any{"restaurant_name": "Nopa", "time": "19:00"}},
			})
		})
	}
	hotel, err := DemoFor("hotel")
	if err != nil {
		t.Fatal(err)
	}
	playWalk(t, hotel, "h", []walkTurn{
		{user: "I'd like to book a room", waiting: "city"},
		{user: "Lisbon", waiting: "hotel_name"},
		{user: "Bairro Loft", waiting: "check_in"},
		{user: "cancel", state: "idle"},
		{user: "book me into porto", waiting: "hotel_name", slots: map[string]any{"city": "Porto", "hotel_name": nil}},
	})
}
