package main

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/parleyhq/parley"
	"github.com/parleyhq/parley/actor"
	"github.com/parleyhq/parley/flows"
	"github.com/parleyhq/parley/memstore"
)

func post(t *testing.T, url, key, body string) (int, string) {
	t.Helper()
	req, _ := http.NewRequest(http.MethodPost, url, strings.NewReader(body))
	if key != "" {
		req.Header.Set("Idempotency-Key", key)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b)
}

// TestTheReceiverPerformsEachKeyOnce: the rules of the package doc, one request
// after another.
func TestTheReceiverPerformsEachKeyOnce(t *testing.T) {
	var placed atomic.Int64
	srv := httptest.NewServer(NewReceiver(func(req Request) (string, error) {
		return "O-" + req.Conversation + "-" + string(rune('0'+placed.Add(1))), nil
	}))
	defer srv.Close()
	order := `{"conversation_id":"c1","action":"place","slots":{"item":"bread"}}`
	for _, tc := range []struct {
		name, key, body string
		status          int
		answer          string
	}{
		{"the first request places the order", "k1", order, 200, `"O-c1-1"`},
		{"the same key again gets the same answer", "k1", order, 200, `"O-c1-1"`},
		{"another key is another order", "k2", order, 200, `"O-c1-2"`},
		{"the same key with another body is refused", "k1", `{"conversation_id":"c1","slots":{"item":"cake"}}`, 422, "another body"},
		{"no key is refused", "", order, 400, "required"},
		{"a body that is no action request is refused, and stays so", "k3", `[1]`, 422, "not an action request"},
		{"the refusal is the key's answer", "k3", `[1]`, 422, "not an action request"},
	} {
		code, body := post(t, srv.URL, tc.key, tc.body)
		if code != tc.status || !strings.Contains(body, tc.answer) {
			t.Errorf("%s: %d %s, want %d with %s", tc.name, code, body, tc.status, tc.answer)
		}
	}
	if n := placed.Load(); n != 2 {
		t.Fatalf("%d orders placed, want 2", n)
	}
}

// TestAConcurrentRetryGets409: while the first request with a key is being
// performed, the same key gets 409, which Parley reads as "outcome unknown".
func TestAConcurrentRetryGets409(t *testing.T) {
	release := make(chan struct{})
	srv := httptest.NewServer(NewReceiver(func(Request) (string, error) {
		<-release
		return "O-1", nil
	}))
	defer srv.Close()
	var wg sync.WaitGroup
	wg.Go(func() { post(t, srv.URL, "k", `{"conversation_id":"c"}`) })
	time.Sleep(100 * time.Millisecond)
	if code, body := post(t, srv.URL, "k", `{"conversation_id":"c"}`); code != http.StatusConflict {
		t.Errorf("the same key while in progress: %d %s, want 409", code, body)
	}
	close(release)
	wg.Wait()
}

const ordersFlow = `bot: shop
flows:
  - name: order
    description: placing an order
    trigger: {keywords: [place an order]}
    steps:
      - id: confirm
        confirm: {prompt: "Place the order?"}
      - id: place
        action:
          webhook: {url: "URL", timeout: 1s}
          outputs: [order_id]
          reply: "Order {order_id} placed."
`

// TestParleyAndTheReceiverPlaceOneOrder: a Parley bot (the flows engine on the
// runtime) calls the receiver, which takes longer than the webhook's timeout: the
// user hears that the outcome is not known yet; the next message sends the call
// again under the same key and gets the order the first call placed. One order.
func TestParleyAndTheReceiverPlaceOneOrder(t *testing.T) {
	var placed atomic.Int64
	srv := httptest.NewServer(NewReceiver(func(Request) (string, error) {
		time.Sleep(1500 * time.Millisecond) // longer than the webhook's 1 s
		placed.Add(1)
		return "O-7", nil
	}))
	defer srv.Close()
	def, err := flows.Parse([]byte(strings.Replace(ordersFlow, "URL", srv.URL, 1)), "shop.yaml")
	if err != nil {
		t.Fatal(err)
	}
	eng, err := flows.New(def, flows.Options{})
	if err != nil {
		t.Fatal(err)
	}
	rt := actor.New(memstore.New(), []*parley.Bot{{Name: "shop", Engine: eng}}, actor.Options{})
	defer rt.Close()
	key := parley.ConversationKey{Bot: "shop", ID: "c1"}
	say := func(id, text, want string) {
		t.Helper()
		res, err := rt.Turn(context.Background(), parley.TurnRequest{Key: key, Message: parley.Message{ID: id, Text: text}})
		var body struct{ Replies []parley.Reply }
		if err != nil || json.Unmarshal(res.Body, &body) != nil || len(body.Replies) == 0 || !strings.Contains(body.Replies[0].Text, want) {
			t.Fatalf("%q: %v %s, want a reply with %q", text, err, res.Body, want)
		}
	}
	say("m1", "I'd like to place an order", "Place the order?")
	say("m2", "yes", "haven't heard back yet")
	time.Sleep(time.Second) // the first call finishes at the receiver
	say("m3", "is it done?", "Order O-7 placed.")
	if n := placed.Load(); n != 1 {
		t.Fatalf("%d orders placed, want 1", n)
	}
}
