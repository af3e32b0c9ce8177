package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/parleyhq/parley/chatwoot/chatwoottest"
	"github.com/parleyhq/parley/woocommerce/wootest"
)

const webhookSecret = "whsec-test"

// chatwootConfig writes a parley.yaml whose shop bot answers through the fake
// Chatwoot and searches the fake WooCommerce (Store API, no keys).
func chatwootConfig(t *testing.T, cw *chatwoottest.Server, woo *wootest.Server) string {
	t.Helper()
	return chatwootConfigWithShopTimeout(t, cw, woo, "2s")
}

// chatwootConfigWithShopTimeout is chatwootConfig with the shop client's
// timeout given: a test that must catch a turn while it waits on the shop
// widens that window, so that a loaded machine cannot let the turn finish first.
func chatwootConfigWithShopTimeout(t *testing.T, cw *chatwoottest.Server, woo *wootest.Server, timeout string) string {
	t.Helper()
	t.Setenv("TEST_CHATWOOT_TOKEN", cw.BotToken)
	cfg := fmt.Sprintf(`bots:
  - name: shop
    engine: shop
    shop:
      base_url: https://shop.example.com
      catalog: woocommerce
      woocommerce:
        url: %s
        api: store
        timeout: %s
        cache_ttl: 1ms
    chatwoot:
      url: %s
      account_id: %d
      bot_token: ${TEST_CHATWOOT_TOKEN}
      webhook_secret: %s
`, woo.URL, timeout, cw.URL, cw.AccountID, webhookSecret)
	path := configFile(t, cfg)
	return path
}

// incoming returns the fixture message_created webhook, pending, with content and id.
func incoming(t *testing.T, id int, content string) []byte {
	t.Helper()
	body := chatwoottest.WithStatus(t, chatwoottest.ReadFixture(t, "../../chatwoot/testdata/chatwoot_webhook_message_created_webwidget.json"), "pending")
	var m map[string]any
	if err := json.Unmarshal(body, &m); err != nil {
		t.Fatal(err)
	}
	m["id"] = id
	m["content"] = content
	out, _ := json.Marshal(m)
	return out
}

func sendWebhook(t *testing.T, base string, body []byte, secret string) (int, string) {
	t.Helper()
	return webhookTo(t, base+"/v1/chatwoot/shop", body, secret)
}

// webhookTo posts body to url signed with secret, as Chatwoot does, and returns the
// answer's status code and body.
func webhookTo(t *testing.T, url string, body []byte, secret string) (int, string) {
	t.Helper()
	req := chatwoottest.WebhookRequest(t, url, body, secret, time.Now())
	out, err := http.NewRequest(req.Method, req.URL.String(), req.Body)
	if err != nil {
		t.Fatal(err)
	}
	out.Header = req.Header
	resp, err := http.DefaultClient.Do(out)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b)
}

// messagesTo returns the accepted message posts the fake received for a conversation.
func messagesTo(cw *chatwoottest.Server, conv int) []map[string]any {
	var out []map[string]any
	suffix := fmt.Sprintf("/conversations/%d/messages", conv)
	for _, c := range cw.Accepted() {
		if strings.HasSuffix(c.Path, suffix) {
			out = append(out, c.JSON())
		}
	}
	return out
}

func waitFor(t *testing.T, what string, cond func() bool, cw ...*chatwoottest.Server) {
	t.Helper()
	deadline := time.Now().Add(15 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			for _, s := range cw {
				for _, c := range s.Calls() {
					t.Logf("chatwoot got %s %s -> %d %s", c.Method, c.Path, c.Status, c.Body)
				}
			}
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

func sampleShop(t *testing.T) *wootest.Server {
	return wootest.NewServer(t, wootest.SampleProducts()...)
}

func TestChatwootWebhookEndToEnd(t *testing.T) {
	cw := chatwoottest.NewServer(t)
	woo := sampleShop(t)
	base, _ := testServer(t, "-config", chatwootConfig(t, cw, woo))
	const conv = 10 // the fixture's conversation display id

	t.Run("a bad or missing signature is refused and records nothing", func(t *testing.T) {
		for _, secret := range []string{"wrong-secret", ""} {
			code, body := sendWebhook(t, base, incoming(t, 500, "show me hoodies"), secret)
			if code != http.StatusUnauthorized || !strings.Contains(body, `"unauthorized"`) {
				t.Fatalf("secret %q: %d %s", secret, code, body)
			}
		}
		// The handler enqueues nothing before it refuses (relay's
		// TestWebhookCommitsBeforeAnswering); the next subtest's turn count shows that
		// message 500 never ran.
		if n := len(cw.Calls()); n != 0 {
			t.Fatalf("a refused webhook caused %d Chatwoot calls", n)
		}
	})

	t.Run("message_created in, replies out through the application API", func(t *testing.T) {
		code, body := sendWebhook(t, base, incoming(t, 501, "show me hoodies"), webhookSecret)
		if code != http.StatusOK || !strings.Contains(body, "accepted") {
			t.Fatalf("%d %s", code, body)
		}
		waitFor(t, "the replies", func() bool { return len(messagesTo(cw, conv)) >= 2 }, cw)
		msgs := messagesTo(cw, conv)
		if msgs[0]["content"] == "" || msgs[0]["message_type"] != "outgoing" {
			t.Fatalf("first reply %v", msgs[0])
		}
		var cards map[string]any
		for _, m := range msgs {
			if m["content_type"] == "cards" {
				cards = m
			}
		}
		if cards == nil {
			t.Fatalf("no cards message among %v", msgs)
		}
		for _, c := range cw.Calls() {
			if c.Header.Get("api_access_token") != cw.BotToken {
				t.Fatalf("call without the bot token: %s", c.Path)
			}
		}
		// The inbox runs oldest first: a refused message 500 enqueued by mistake
		// would have been a turn before this one.
		if _, view := get(t, base+"/v1/bots/shop/conversations/1:10"); !strings.Contains(string(view), `"turns":1,`) {
			t.Fatalf("want one turn, the conversation is %s", view)
		}
	})

	t.Run("a redelivered webhook gets no second reply", func(t *testing.T) {
		before := len(messagesTo(cw, conv))
		code, body := sendWebhook(t, base, incoming(t, 501, "show me hoodies"), webhookSecret)
		if code != http.StatusOK || !strings.Contains(body, "duplicate") {
			t.Fatalf("%d %s", code, body)
		}
		// A duplicate is answered without enqueueing anything (relay's
		// TestTurnRepliesThroughTheOutbox runs the clock on after one).
		if after := len(messagesTo(cw, conv)); after != before {
			t.Fatalf("redelivery sent %d more replies", after-before)
		}
	})

	t.Run("outgoing and private messages are ignored", func(t *testing.T) {
		var m map[string]any
		_ = json.Unmarshal(incoming(t, 502, "agent note"), &m)
		m["message_type"] = "outgoing"
		b, _ := json.Marshal(m)
		if code, body := sendWebhook(t, base, b, webhookSecret); code != http.StatusOK || !strings.Contains(body, "ignored") {
			t.Fatalf("%d %s", code, body)
		}
	})

	t.Run("a WooCommerce outage is seed 000's error state, then recovery", func(t *testing.T) {
		// Down for the turn's three requests: the category list and the vocabulary
		// (both only degrade understanding), then the search itself.
		woo.Fail(wootest.FailServerError, 3)
		before := len(messagesTo(cw, conv))
		sendWebhook(t, base, incoming(t, 503, "do you have a belt?"), webhookSecret)
		waitFor(t, "the fallback reply", func() bool { return len(messagesTo(cw, conv)) > before })
		state := conversationState(t, base, "1:10")
		if state != "error" {
			t.Fatalf("state %q during the outage, want error", state)
		}
		if !servedError(woo) {
			t.Fatal("the fake shop never answered 500: the outage did not happen")
		}
		sendWebhook(t, base, incoming(t, 504, "show me hoodies"), webhookSecret)
		waitFor(t, "recovery", func() bool { return conversationState(t, base, "1:10") != "error" })
	})

	t.Run("a human request hands the conversation to humans", func(t *testing.T) {
		sendWebhook(t, base, incoming(t, 505, "I want to talk to a human"), webhookSecret)
		waitFor(t, "toggle_status open", func() bool { return cw.Status(conv) == "open" })
		var note bool
		for _, m := range messagesTo(cw, conv) {
			if m["private"] == true {
				note = true
			}
		}
		if !note {
			t.Fatal("no private note with the handoff reason")
		}
	})
}

func servedError(woo *wootest.Server) bool {
	for _, r := range woo.Requests() {
		if r.Status >= 500 {
			return true
		}
	}
	return false
}

func conversationState(t *testing.T, base, conv string) string {
	t.Helper()
	code, b := get(t, base+"/v1/bots/shop/conversations/"+conv)
	if code != http.StatusOK {
		return ""
	}
	var v struct {
		State struct {
			ConversationState struct {
				State string `json:"state"`
			} `json:"conversation_state"`
		} `json:"state"`
	}
	_ = json.Unmarshal(b, &v)
	return v.State.ConversationState.State
}

// TestChatwootCrashAfterAcknowledgeRepliesExactlyOnce kills a real server right after
// it acknowledged a webhook (the turn is still waiting on a slow shop), restarts it,
// and checks that the customer gets exactly one answer.
func TestChatwootCrashAfterAcknowledgeRepliesExactlyOnce(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and kills a real process")
	}
	cw := chatwoottest.NewServer(t)
	woo := sampleShop(t)
	cfg := chatwootConfigWithShopTimeout(t, cw, woo, "30s")
	bin := buildBinary(t)
	db := filepath.Join(t.TempDir(), "parley.db")
	cmd, base := startProcess(t, bin, "-config", cfg, "-db", db)
	// The turn's product search hangs until the process dies (or the fake gives up
	// after 10 s; the client would wait 30 s). Queued once the process is up, for
	// the search only: queued before, for any request, it hung the catalog's
	// vocabulary load at start-up instead, and the test saw the turn running only
	// when a poll fell inside its few milliseconds.
	woo.FailWhen(isProductSearch, wootest.FailTimeout, 1)
	code, body := sendWebhook(t, base, incoming(t, 700, "show me hoodies"), webhookSecret)
	if code != http.StatusOK || !strings.Contains(body, "accepted") {
		t.Fatalf("%d %s", code, body)
	}
	// The turn is in flight once its search hangs at the shop (killed before that,
	// the restart would make the search, hang, and answer that the shop is down).
	// GET shows running (from the live actor) while the engine decides, and nothing
	// of the turn is stored.
	waitFor(t, "the turn's search at the shop", func() bool { return woo.Hanging() == 1 })
	if _, view := get(t, base+"/v1/bots/shop/conversations/1:10"); !strings.Contains(string(view), `"lifecycle":"running"`) {
		t.Fatalf("the turn is in flight, the conversation is %s", view)
	}
	if err := cmd.Process.Kill(); err != nil {
		t.Fatal(err)
	}
	_ = cmd.Wait()
	if n := len(messagesTo(cw, 10)); n != 0 {
		t.Fatalf("%d replies before the crash; the test wants the crash before the reply", n)
	}
	_, base = startProcess(t, bin, "-config", cfg, "-db", db)
	waitFor(t, "the reply after restart", func() bool { return len(messagesTo(cw, 10)) >= 2 })
	// Redelivery after the restart is still a duplicate.
	if code, body := sendWebhook(t, base, incoming(t, 700, "show me hoodies"), webhookSecret); code != http.StatusOK || !strings.Contains(body, "duplicate") {
		t.Fatalf("redelivery after restart: %d %s", code, body)
	}
	// A later message is the barrier: the inbox runs oldest first and the outbox
	// delivers in commit order, so once its handoff's last call (the status open) is
	// made, everything message 700 committed, once or twice, has been sent.
	if code, body := sendWebhook(t, base, incoming(t, 701, "I want to talk to a human"), webhookSecret); code != http.StatusOK || !strings.Contains(body, "accepted") {
		t.Fatalf("message 701: %d %s", code, body)
	}
	waitFor(t, "the handoff of message 701", func() bool { return cw.Status(10) == "open" }, cw)
	// Each message was one turn: the redelivery was not a third.
	if _, view := get(t, base+"/v1/bots/shop/conversations/1:10"); !strings.Contains(string(view), `"turns":2,`) {
		t.Fatalf("want two turns, the conversation is %s", view)
	}
	// The turn's replies were posted once: no message content appears twice.
	seen := map[string]int{}
	for _, m := range messagesTo(cw, 10) {
		b, _ := json.Marshal(m)
		seen[string(b)]++
		if seen[string(b)] > 1 {
			t.Fatalf("reply posted twice: %s", b)
		}
	}
}

// isProductSearch matches a Store API product list narrowed by a search or a
// category: a turn's search, never the catalog's vocabulary load.
func isProductSearch(r *http.Request) bool {
	q := r.URL.Query()
	return r.URL.Path == "/wp-json/wc/store/v1/products" && (q.Has("search") || q.Has("category"))
}

// TestChatwootGatesDeadlockHandsOffAndHandsBack: a gates DEADLOCK reaches Chatwoot as
// a private note naming every blocker and the status open; POST .../handback gives
// the conversation back to the controller, which asks its question again.
func TestChatwootGatesDeadlockHandsOffAndHandsBack(t *testing.T) {
	cw := chatwoottest.NewServer(t)
	t.Setenv("TEST_CHATWOOT_TOKEN", cw.BotToken)
	dir := t.TempDir()
	flow := `{"id": "quote",
  "primaryGoal": {"type": "GATE", "gate": "BUDGET"},
  "gates": {"BUDGET": {"satisfiedBy": {"metricsAll": ["budget"]}}},
  "nodes": [{"id": "budget-1", "produces": ["budget"], "satisfies": {"gates": ["BUDGET"]},
    "retryPolicy": {"maxAttempts": 1, "onExhaust": "SKIP"},
    "prompts": {"variants": ["Roughly what budget do you have in mind?"]},
    "extract": [{"kind": "number", "fact": "budget"}]}]}`
	if err := os.WriteFile(filepath.Join(dir, "quote.json"), []byte(flow), 0o644); err != nil {
		t.Fatal(err)
	}
	cfg := fmt.Sprintf(`bots:
  - name: quote
    engine: gates
    flow: quote.json
    chatwoot:
      url: %s
      account_id: %d
      bot_token: ${TEST_CHATWOOT_TOKEN}
      webhook_secret: %s
`, cw.URL, cw.AccountID, webhookSecret)
	path := filepath.Join(dir, "parley.yaml")
	if err := os.WriteFile(path, []byte(cfg), 0o644); err != nil {
		t.Fatal(err)
	}
	base, _ := testServer(t, "-config", path)
	const conv = 10
	send := func(id int, text string) { t.Helper(); acceptWebhook(t, base+"/v1/chatwoot/quote", id, text) }
	send(601, "good evening")
	waitFor(t, "the question", func() bool { return len(messagesTo(cw, conv)) == 1 }, cw)
	send(602, "no idea, sorry")
	waitFor(t, "toggle_status open", func() bool { return cw.Status(conv) == "open" }, cw)
	var note string
	for _, m := range messagesTo(cw, conv) {
		if m["private"] == true {
			note, _ = m["content"].(string)
		}
	}
	if !strings.Contains(note, "deadlock, no node can run: budget-1: attempts 1 >= maxAttempts 1, onExhaust SKIP") {
		t.Fatalf("private note %q", note)
	}

	code, body, _ := post(t, base+"/v1/bots/quote/conversations/1:10/handback", `{"reason":"agent done"}`)
	if code != http.StatusOK || !strings.Contains(string(body), `"status":"active"`) || !strings.Contains(string(body), "HANDOFF_COMPLETE") {
		t.Fatalf("handback: %d %s", code, body)
	}
	before := len(messagesTo(cw, conv))
	send(603, "back again")
	waitFor(t, "the question asked again", func() bool { return len(messagesTo(cw, conv)) > before }, cw)
	if last := messagesTo(cw, conv)[len(messagesTo(cw, conv))-1]; !strings.Contains(fmt.Sprint(last["content"]), "budget") {
		t.Fatalf("after handback the bot said %v", last)
	}
	// Handoff points by node, on /metrics.
	_, metrics := get(t, base+"/metrics")
	if want := `parley_gates_handoff_points_total{flow="quote",node="budget-1",outcome="deadlock"} 1`; !strings.Contains(string(metrics), want) {
		t.Fatalf("/metrics lacks %s", want)
	}
}

// TestChatwootFlowsHandoffIsSilentUntilHandback: a flow step that hands over
// (the booking demo's baggage_problem) reaches Chatwoot as the shop's handoff
// does (a private note with the reason, the status open); the bot answers
// nothing until POST .../handback, then answers again (issue 14 item 9).
func TestChatwootFlowsHandoffIsSilentUntilHandback(t *testing.T) {
	cw := chatwoottest.NewServer(t)
	t.Setenv("TEST_CHATWOOT_TOKEN", cw.BotToken)
	demo, err := filepath.Abs("../../flows/demo/booking.yaml")
	if err != nil {
		t.Fatal(err)
	}
	cfg := fmt.Sprintf(`bots:
  - name: booking
    engine: flows
    flows: %s
    chatwoot:
      url: %s
      account_id: %d
      bot_token: ${TEST_CHATWOOT_TOKEN}
      webhook_secret: %s
`, demo, cw.URL, cw.AccountID, webhookSecret)
	path := configFile(t, cfg)
	base, _ := testServer(t, "-config", path)
	const conv = 10
	send := func(id int, text string) { t.Helper(); acceptWebhook(t, base+"/v1/chatwoot/booking", id, text) }
	send(701, "the airline lost my luggage")
	waitFor(t, "toggle_status open", func() bool { return cw.Status(conv) == "open" }, cw)
	var note string
	for _, m := range messagesTo(cw, conv) {
		if m["private"] == true {
			note, _ = m["content"].(string)
		}
	}
	if !strings.Contains(note, "flow_requested") {
		t.Fatalf("private note %q", note)
	}
	before := len(messagesTo(cw, conv))
	send(702, "hello? anyone?")
	// The inbox is processed in the background: wait for the silent turn.
	waitFor(t, "the turn while handed off", func() bool {
		_, view := get(t, base+"/v1/bots/booking/conversations/1:10")
		return strings.Contains(string(view), `"turns":2`)
	}, cw)
	code, body, _ := post(t, base+"/v1/bots/booking/conversations/1:10/handback", `{"reason":"agent done"}`)
	if code != http.StatusOK {
		t.Fatalf("handback: %d %s", code, body)
	}
	if n := len(messagesTo(cw, conv)); n != before {
		t.Fatalf("the bot spoke while a human had the conversation: %v", messagesTo(cw, conv)[before:])
	}
	send(703, "I want to book a flight")
	waitFor(t, "an answer after handback", func() bool { return len(messagesTo(cw, conv)) > before }, cw)
	if last := messagesTo(cw, conv)[len(messagesTo(cw, conv))-1]; !strings.Contains(fmt.Sprint(last["content"]), "fly from") {
		t.Fatalf("after handback the bot said %v", last)
	}
}

// TestChatwootStatusChangeReplayedIsAppliedOnce: a signed status change that is
// delivered again after it was applied (a replay, or a redelivery arriving late) is a
// duplicate; it does not pause a conversation that was handed back meanwhile.
func TestChatwootStatusChangeReplayedIsAppliedOnce(t *testing.T) {
	cw := chatwoottest.NewServer(t)
	base, _ := testServer(t, "-config", chatwootConfig(t, cw, sampleShop(t)))
	if code, body := sendWebhook(t, base, incoming(t, 801, "I want to talk to a human"), webhookSecret); code != 200 || !strings.Contains(body, "accepted") {
		t.Fatalf("%d %s", code, body)
	}
	lifecycle := func() (string, int64) {
		code, b := get(t, base+"/v1/bots/shop/conversations/1:10")
		var v struct {
			Lifecycle string `json:"lifecycle"`
			Version   int64  `json:"version"`
		}
		if code != 200 || json.Unmarshal(b, &v) != nil {
			return "", 0
		}
		return v.Lifecycle, v.Version
	}
	waitFor(t, "the handoff", func() bool { return conversationState(t, base, "1:10") == "handoff" })

	fixture := chatwoottest.ReadFixture(t, "../../chatwoot/testdata/chatwoot_webhook_conversation_status_changed.json")
	opened := chatwoottest.WithStatus(t, fixture, "open")
	// The very request Chatwoot signed, kept to be sent again.
	replay := chatwoottest.WebhookRequest(t, base+"/v1/chatwoot/shop", opened, webhookSecret, time.Now())
	if code, body := sendSigned(t, replay, opened); code != 200 || !strings.Contains(body, "accepted") {
		t.Fatalf("status open: %d %s", code, body)
	}
	waitFor(t, "pause", func() bool { lc, _ := lifecycle(); return lc == "paused" })
	if code, body := sendWebhook(t, base, chatwoottest.WithStatus(t, fixture, "resolved"), webhookSecret); code != 200 || !strings.Contains(body, "accepted") {
		t.Fatalf("status resolved: %d %s", code, body)
	}
	waitFor(t, "handback", func() bool { lc, _ := lifecycle(); return lc == "idle" })
	_, version := lifecycle()

	code, body := sendSigned(t, replay, opened)
	if code != 200 || !strings.Contains(body, "duplicate") {
		t.Fatalf("replayed status change: %d %s, want a duplicate", code, body)
	}
	// A duplicate is answered without enqueueing anything: there is nothing to wait
	// for (relay's TestStatusChangesPauseAndHandBack runs the clock on after one).
	if lc, v := lifecycle(); lc != "idle" || v != version {
		t.Fatalf("the replay was applied: %s version %d, was idle version %d", lc, v, version)
	}
}

// sendSigned sends a copy of a signed webhook request with its original headers.
func sendSigned(t *testing.T, signed *http.Request, body []byte) (int, string) {
	t.Helper()
	req, err := http.NewRequest(signed.Method, signed.URL.String(), bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	req.Header = signed.Header.Clone()
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b)
}

// acceptWebhook posts the signed message_created webhook of message id with text to
// url and fails unless it is accepted.
func acceptWebhook(t *testing.T, url string, id int, text string) {
	t.Helper()
	if code, body := webhookTo(t, url, incoming(t, id, text), webhookSecret); code != http.StatusOK {
		t.Fatalf("webhook %q: %d %s", text, code, body)
	}
}
