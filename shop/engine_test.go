package shop_test

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/parleyhq/parley"
	"github.com/parleyhq/parley/shop"
)

var t0 = time.Date(2026, 1, 1, 10, 0, 0, 0, time.UTC)

// fakeCatalog serves a fixed product list in order; a query matches products whose
// name contains one of its terms (every product when it has none). fail makes
// every call fail.
type fakeCatalog struct {
	products []shop.Product
	fail     bool
	calls    int
}

func (f *fakeCatalog) Search(_ context.Context, q shop.Query) (shop.Page, error) {
	f.calls++
	if f.fail {
		return shop.Page{}, parley.Errorf(parley.EUNAVAILABLE, "catalog down")
	}
	var hits []shop.Product
	for _, p := range f.products {
		match := len(q.Terms) == 0
		for _, t := range q.Terms {
			if strings.Contains(strings.ToLower(p.Name), t) {
				match = true
			}
		}
		if match {
			hits = append(hits, p)
		}
	}
	page := shop.Page{Total: len(hits)}
	if q.Offset < len(hits) {
		page.Products = hits[q.Offset:min(len(hits), q.Offset+q.Limit)]
	}
	return page, nil
}

func (f *fakeCatalog) Product(_ context.Context, id string) (shop.Product, error) {
	if f.fail {
		return shop.Product{}, parley.Errorf(parley.EUNAVAILABLE, "catalog down")
	}
	for _, p := range f.products {
		if p.ID == id {
			return p, nil
		}
	}
	return shop.Product{}, parley.Errorf(parley.ENOTFOUND, "no product %s", id)
}

func newFakeCatalog(n int) *fakeCatalog {
	f := &fakeCatalog{}
	for i := 1; i <= n; i++ {
		f.products = append(f.products, shop.Product{
			ID: fmt.Sprint(100 + i), Name: fmt.Sprintf("Hoodie %d", i), Price: float64(10 + i), Currency: "USD",
			Permalink: fmt.Sprintf("/product/hoodie-%d/", i),
		})
	}
	return f
}

func newEngine(t testing.TB, cfg shop.Config, cat shop.Catalog) *shop.Engine {
	t.Helper()
	if cfg.BaseURL == "" {
		cfg.BaseURL = "https://shop.example.com"
	}
	e, err := shop.New(cfg, cat)
	if err != nil {
		t.Fatal(err)
	}
	return e
}

// conversation drives an engine turn by turn, saving and loading the state in
// between as a store would.
type conversation struct {
	t     testing.TB
	e     *shop.Engine
	state any
	index int64
	now   time.Time
}

func newConversation(t testing.TB, e *shop.Engine) *conversation {
	return &conversation{t: t, e: e, state: e.NewState(parley.ConversationKey{Bot: "shop", ID: "c"}), now: t0}
}

func (c *conversation) send(text, meaning string) parley.Decision {
	c.t.Helper()
	c.index++
	c.now = c.now.Add(time.Second)
	d, err := c.e.Decide(context.Background(), parley.Turn{
		Conversation: parley.ConversationKey{Bot: "shop", ID: "c"}, Index: c.index, State: c.state,
		Message: parley.Message{ID: fmt.Sprintf("m%d", c.index), Text: text, Meaning: meaning, SentAt: c.now},
	})
	if err != nil {
		c.t.Fatalf("turn %d: %v", c.index, err)
	}
	data, err := json.Marshal(d.State)
	if err != nil {
		c.t.Fatalf("turn %d: saving: %v", c.index, err)
	}
	if c.state, err = c.e.DecodeState(data); err != nil {
		c.t.Fatalf("turn %d: loading: %v", c.index, err)
	}
	return d
}

func stateOf(t testing.TB, d parley.Decision) *shop.State {
	t.Helper()
	st, ok := d.State.(*shop.State)
	if !ok {
		t.Fatalf("state is a %T", d.State)
	}
	return st
}

func TestNewRefusesBadConfig(t *testing.T) {
	cat := newFakeCatalog(1)
	for _, tc := range []struct {
		name string
		cfg  shop.Config
		cat  shop.Catalog
	}{
		{"limit above 5", shop.Config{BaseURL: "https://s.example", Limit: 6}, cat},
		{"negative limit", shop.Config{BaseURL: "https://s.example", Limit: -1}, cat},
		{"relative base URL", shop.Config{BaseURL: "/shop"}, cat},
		{"no base URL", shop.Config{}, cat},
		{"negative TTL", shop.Config{BaseURL: "https://s.example", ConfirmationTTL: -time.Second}, cat},
		{"no catalog", shop.Config{BaseURL: "https://s.example"}, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if _, err := shop.New(tc.cfg, tc.cat); parley.ErrorCode(err) != parley.EINVALID {
				t.Fatalf("got %v, want code %s", err, parley.EINVALID)
			}
		})
	}
}

func TestDecodeState(t *testing.T) {
	e := newEngine(t, shop.Config{}, newFakeCatalog(3))
	valid := `{"conversation_state":{"state":"recommending","last_intent":"product_search","pagination":{"offset":0,"limit":5,"last_query_hash":null},"pending_confirmation":{"action":null,"target_id":null,"created_at":null},"clarification_attempts":0,"last_user_message_id":"m1","last_agent_message_id":"a-1-1"},"handoff_reason":null,"shown_product_ids":["101"]}`
	for _, tc := range []struct {
		name      string
		data      string
		wantErr   bool
		guardrail bool
	}{
		{"malformed JSON", `{"conversation_state":`, true, false},
		{"null", `null`, true, false},
		{"array", `[]`, true, false},
		{"valid", valid, false, false},
		{"no conversation_state", `{"handoff_reason":null}`, false, true},
		{"unknown state", strings.Replace(valid, `"recommending"`, `"browsing"`, 1), false, true},
		{"limit above 5", strings.Replace(valid, `"limit":5`, `"limit":6`, 1), false, true},
		{"extra key inside conversation_state", strings.Replace(valid, `"clarification_attempts":0`, `"clarification_attempts":0,"shown":[]`, 1), false, true},
		{"missing required field", strings.Replace(valid, `"last_intent":"product_search",`, ``, 1), false, true},
		{"awaiting without action", strings.Replace(valid, `"recommending"`, `"awaiting_confirmation"`, 1), false, true},
		{"bad bookkeeping", strings.Replace(valid, `"shown_product_ids":["101"]`, `"shown_product_ids":"101"`, 1), false, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			st, err := e.DecodeState([]byte(tc.data))
			if tc.wantErr {
				if parley.ErrorCode(err) != parley.EINVALIDSTATE {
					t.Fatalf("got %v, want code %s", err, parley.EINVALIDSTATE)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			d, err := e.Decide(context.Background(), parley.Turn{Index: 1, State: st, Message: parley.Message{ID: "m2", Text: "hi", SentAt: t0}})
			if err != nil {
				t.Fatal(err)
			}
			gotGuardrail := len(d.Events) > 0 && d.Events[0].Type == parley.EventGuardrail
			if gotGuardrail != tc.guardrail {
				t.Fatalf("guardrail %v, want %v (events %v)", gotGuardrail, tc.guardrail, d.Events)
			}
			if tc.guardrail {
				got := stateOf(t, d).Conversation
				if got.State != shop.StateIdle || len(d.Transitions) != 0 || len(d.Replies) != 1 {
					t.Fatalf("reset to %s with %v transitions and %d replies", got.State, d.Transitions, len(d.Replies))
				}
			}
		})
	}
}

func TestGuardrailKeepsTraceabilityFields(t *testing.T) {
	e := newEngine(t, shop.Config{}, newFakeCatalog(3))
	st, err := e.DecodeState([]byte(`{"conversation_state":{"state":"awaiting_confirmation","last_intent":null,"pagination":{"offset":0,"limit":5,"last_query_hash":null},"pending_confirmation":{"action":"add_to_cart","target_id":"101","created_at":"yesterday"},"clarification_attempts":0,"last_user_message_id":"m-9","last_agent_message_id":"a-9-1"},"handoff_reason":null,"shown_product_ids":["101"]}`))
	if err != nil {
		t.Fatal(err)
	}
	// A handoff silence keeps last_agent_message_id, so a reset turn that answers
	// shows the repaired ids only through the fallback; check the repair itself.
	d, err := e.Decide(context.Background(), parley.Turn{Index: 10, State: st, Message: parley.Message{ID: "m-10", Text: "yes", SentAt: t0}})
	if err != nil {
		t.Fatal(err)
	}
	got := stateOf(t, d)
	want := shop.ConversationState{
		State:              shop.StateIdle,
		Pagination:         shop.Pagination{Limit: 5},
		LastUserMessageID:  new("m-10"),
		LastAgentMessageID: new("a-10-1"),
	}
	if diff := cmp.Diff(want, got.Conversation); diff != "" {
		t.Fatalf("reset state (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]string{"101"}, got.ShownProductIDs); diff != "" {
		t.Fatalf("shown ids (-want +got):\n%s", diff)
	}
	data := d.Events[0].Data.(map[string]string)
	if data["from_state"] != "awaiting_confirmation" || !strings.Contains(data["reason"], "created_at") {
		t.Fatalf("guardrail event %v", data)
	}
}

func TestSaveRefusesSchemaViolation(t *testing.T) {
	e := newEngine(t, shop.Config{}, newFakeCatalog(3))
	st := e.NewState(parley.ConversationKey{}).(*shop.State)
	bad := *st
	bad.Conversation.Pagination.Limit = 9
	if _, err := json.Marshal(&bad); parley.ErrorCode(err) != parley.EINVALIDSTATE {
		t.Fatalf("saving limit 9: got %v, want code %s", err, parley.EINVALIDSTATE)
	}
	if _, err := json.Marshal(st); err != nil {
		t.Fatalf("saving a new state: %v", err)
	}
}

// TestDecideIsPureAndDeterministic replays a conversation and checks that Decide
// never changes its input and gives the same decision twice.
func TestDecideIsPureAndDeterministic(t *testing.T) {
	e := newEngine(t, shop.Config{Limit: 2}, newFakeCatalog(7))
	c := newConversation(t, e)
	for _, in := range [][2]string{{"hoodie", ""}, {"", "show_more"}, {"", "select:103"}, {"maybe", ""}, {"yes", ""}, {"", "show_more"}, {"", "show_more"}, {"hoodie", ""}, {"human", ""}, {"hello", ""}} {
		before, _ := json.Marshal(c.state)
		turn := parley.Turn{Index: c.index + 1, State: c.state, Message: parley.Message{ID: "x", Text: in[0], Meaning: in[1], SentAt: c.now.Add(time.Second)}}
		d1, err1 := e.Decide(context.Background(), turn)
		d2, err2 := e.Decide(context.Background(), turn)
		after, _ := json.Marshal(c.state)
		if err1 != nil || err2 != nil {
			t.Fatal(err1, err2)
		}
		if string(before) != string(after) {
			t.Fatalf("%q changed its input state:\nbefore %s\nafter  %s", in, before, after)
		}
		j1, _ := json.Marshal(d1)
		j2, _ := json.Marshal(d2)
		if string(j1) != string(j2) {
			t.Fatalf("%q: two decisions differ:\n%s\n%s", in, j1, j2)
		}
		c.send(in[0], in[1])
	}
}

func TestPagesNeverRepeatAProduct(t *testing.T) {
	for _, limit := range []int{1, 2, 3, 5} {
		t.Run(fmt.Sprint("limit ", limit), func(t *testing.T) {
			e := newEngine(t, shop.Config{Limit: limit}, newFakeCatalog(11))
			c := newConversation(t, e)
			seen := map[string]bool{}
			d := c.send("hoodie 1", "") // "Hoodie 1", "Hoodie 10", "Hoodie 11" first
			for turn := 0; turn < 20; turn++ {
				for _, r := range d.Replies {
					if len(r.Cards) > limit {
						t.Fatalf("%d cards with limit %d", len(r.Cards), limit)
					}
					for _, card := range r.Cards {
						if seen[card.ProductID] {
							t.Fatalf("product %s shown twice", card.ProductID)
						}
						seen[card.ProductID] = true
					}
				}
				if turn%3 == 2 {
					d = c.send("hoodie", "") // a new, overlapping search
				} else {
					d = c.send("", "show_more")
				}
			}
			if len(seen) != 11 {
				t.Fatalf("showed %d of 11 products", len(seen))
			}
		})
	}
}

func TestCatalogFailureGoesToErrorThenRecovers(t *testing.T) {
	cat := newFakeCatalog(3)
	e := newEngine(t, shop.Config{}, cat)
	c := newConversation(t, e)

	cat.fail = true
	d := c.send("hoodie", "")
	if st := stateOf(t, d); st.Conversation.State != shop.StateError || st.ConsecutiveErrors != 1 {
		t.Fatalf("after a failure: %s, errors %d", st.Conversation.State, st.ConsecutiveErrors)
	}
	if len(d.Replies) != 1 || !strings.Contains(d.Replies[0].Text, "try again") {
		t.Fatalf("fallback reply %+v", d.Replies)
	}

	cat.fail = false
	d = c.send("hoodie", "")
	if got := transitions(d); got != "error->idle idle->recommending" {
		t.Fatalf("recovery transitions %q", got)
	}

	cat.fail = true
	c.send("hoodie", "")
	d = c.send("hoodie", "")
	st := stateOf(t, d)
	if st.Conversation.State != shop.StateHandoff || e.HandoffReason(st) != shop.ReasonRepeatedErrors {
		t.Fatalf("after repeated failures: %s, reason %q", st.Conversation.State, e.HandoffReason(st))
	}
	if got := transitions(d); got != "error->handoff" {
		t.Fatalf("transitions %q", got)
	}
}

func transitions(d parley.Decision) string {
	var parts []string
	for _, tr := range d.Transitions {
		parts = append(parts, tr.From+"->"+tr.To)
	}
	return strings.Join(parts, " ")
}

func TestHandoffEffectAndHandback(t *testing.T) {
	for _, tc := range []struct {
		name       string
		reactivate bool
		wantCode   string
	}{
		{"policy allows", true, ""},
		{"policy keeps it with humans", false, parley.ECONFLICT},
	} {
		t.Run(tc.name, func(t *testing.T) {
			e := newEngine(t, shop.Config{ReactivateOnHandback: tc.reactivate}, newFakeCatalog(3))
			c := newConversation(t, e)
			if _, err := e.Handback(c.state, "not in handoff", t0); parley.ErrorCode(err) != parley.ECONFLICT {
				t.Fatalf("handback outside handoff: %v", err)
			}
			d := c.send("I need a human", "")
			if len(d.Effects) != 1 || d.Effects[0].Kind != "handoff" || string(d.Effects[0].Payload) != `{"reason":"human_requested"}` {
				t.Fatalf("effects %+v", d.Effects)
			}
			if got := e.HandoffReason(c.state); got != shop.ReasonHumanRequested {
				t.Fatalf("HandoffReason %q", got)
			}
			hb, err := e.Handback(c.state, "resolved", t0)
			if code := parley.ErrorCode(err); code != tc.wantCode {
				t.Fatalf("handback: %v, want code %q", err, tc.wantCode)
			}
			if err != nil {
				return
			}
			if st := stateOf(t, hb); st.Conversation.State != shop.StateIdle || st.HandoffReason != nil {
				t.Fatalf("after handback: %s, reason %v", st.Conversation.State, st.HandoffReason)
			}
			if got := transitions(hb); got != "handoff->idle" {
				t.Fatalf("transitions %q", got)
			}
			if _, err := json.Marshal(hb.State); err != nil {
				t.Fatal(err)
			}
		})
	}
}

func TestUpstreamNLU(t *testing.T) {
	e := newEngine(t, shop.Config{}, newFakeCatalog(3))
	for _, tc := range []struct {
		name string
		nlu  parley.NLU
		want shop.StateName
	}{
		{"search with a query", parley.NLU{Intent: "product_search", Entities: map[string]any{"query": "hoodie"}, Confidence: 0.9}, shop.StateRecommending},
		{"low confidence", parley.NLU{Intent: "product_search", Entities: map[string]any{"query": "hoodie"}, Confidence: 0.2}, shop.StateClarifying},
		{"search without criteria", parley.NLU{Intent: "product_search"}, shop.StateClarifying},
		{"human", parley.NLU{Intent: "human"}, shop.StateHandoff},
		{"select", parley.NLU{Intent: "select", Entities: map[string]any{"product_id": "102"}}, shop.StateAwaitingConfirmation},
	} {
		t.Run(tc.name, func(t *testing.T) {
			n := tc.nlu
			d, err := e.Decide(context.Background(), parley.Turn{Index: 1, State: e.NewState(parley.ConversationKey{}), Message: parley.Message{ID: "m", Text: "whatever", NLU: &n, SentAt: t0}})
			if err != nil {
				t.Fatal(err)
			}
			if got := stateOf(t, d).Conversation.State; got != tc.want {
				t.Fatalf("state %s, want %s", got, tc.want)
			}
		})
	}
}

// TestEveryTransitionIsInTheTable plays a long mixed conversation and checks each
// reported transition against seed 000's table.
func TestEveryTransitionIsInTheTable(t *testing.T) {
	e := newEngine(t, shop.DefaultConfig(), newFakeCatalog(9))
	c := newConversation(t, e)
	inputs := [][2]string{
		{"hello", ""}, {"hoodie", ""}, {"", "show_more"}, {"", "select:101"}, {"what", ""}, {"no", ""},
		{"", "show_more"}, {"", "show_more"}, {"", "show_more"}, {"", "show_more"}, {"unicorn", ""}, {"unicorn", ""},
		{"unicorn", ""}, {"", "select:999"}, {"hoodie 2", ""}, {"", "select:102"}, {"hoodie", ""}, {"yes", ""},
		{"cancel", ""}, {"agent", ""}, {"hello?", ""},
	}
	for _, in := range inputs {
		d := c.send(in[0], in[1])
		for _, tr := range d.Transitions {
			if err := shop.Machine.Check(shop.StateName(tr.From), shop.Trigger(tr.Trigger), shop.StateName(tr.To)); err != nil {
				t.Fatalf("%q: %v", in, err)
			}
		}
		for _, ev := range d.Events {
			if ev.Type == parley.EventGuardrail {
				t.Fatalf("%q: unexpected guardrail %v", in, ev.Data)
			}
		}
	}
}

func FuzzDecodeState(f *testing.F) {
	f.Add([]byte(`{"conversation_state":{"state":"idle","last_intent":null,"pagination":{"offset":0,"limit":5,"last_query_hash":null},"pending_confirmation":{"action":null,"target_id":null,"created_at":null},"clarification_attempts":0,"last_user_message_id":null,"last_agent_message_id":null},"handoff_reason":null,"shown_product_ids":[]}`))
	f.Add([]byte(`{"conversation_state":{"state":"awaiting_confirmation","last_intent":"select","pagination":{"offset":5,"limit":5,"last_query_hash":"ab"},"pending_confirmation":{"action":"add_to_cart","target_id":"101","created_at":"2026-01-01T10:00:00Z"},"clarification_attempts":1,"last_user_message_id":"m","last_agent_message_id":"a"},"query":{"terms":["hoodie"]},"shown_product_ids":["101"]}`))
	f.Add([]byte(`{"conversation_state":{"state":"nope"}}`))
	f.Add([]byte(`null`))
	f.Add([]byte(`{`))
	e := newEngine(f, shop.DefaultConfig(), newFakeCatalog(3))
	f.Fuzz(func(t *testing.T, data []byte) {
		st, err := e.DecodeState(data)
		if err != nil {
			if parley.ErrorCode(err) != parley.EINVALIDSTATE {
				t.Fatalf("error code %q: %v", parley.ErrorCode(err), err)
			}
			return
		}
		// Whatever decoded, a turn on it answers and saves a valid state.
		d, err := e.Decide(context.Background(), parley.Turn{Index: 1, State: st, Message: parley.Message{ID: "m", Text: "yes", SentAt: t0}})
		if err != nil {
			t.Fatal(err)
		}
		saved, err := json.Marshal(d.State)
		if err != nil {
			t.Fatalf("saving after a turn: %v", err)
		}
		again, err := e.DecodeState(saved)
		if err != nil {
			t.Fatal(err)
		}
		if d2, _ := e.Decide(context.Background(), parley.Turn{Index: 2, State: again, Message: parley.Message{ID: "m2", Text: "hi", SentAt: t0}}); len(d2.Events) > 0 && d2.Events[0].Type == parley.EventGuardrail {
			t.Fatalf("a saved state was inconsistent: %s (%v)", saved, d2.Events[0].Data)
		}
	})
}
