package chatwoot_test

import (
	"context"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/parleyhq/parley"
	"github.com/parleyhq/parley/chatwoot"
	"github.com/parleyhq/parley/chatwoot/chatwoottest"
)

var update = flag.Bool("update", false, "rewrite golden files under testdata/golden")

var shopKey = parley.ConversationKey{Bot: "shop", ID: "1:10"}

// shopTurn is a typical seed-000 answer: text, five-at-most product cards, quick
// replies, then a handoff.
func shopTurn() ([]parley.Reply, []parley.Effect) {
	replies := []parley.Reply{
		{ID: "a-1", Type: parley.ReplyText, Text: "Here is what I found:"},
		{ID: "a-2", Type: parley.ReplyProductCards, Cards: []parley.Card{
			{ProductID: "45", Title: "Hoodie", Description: "Warm.", Price: "45.00", Currency: "USD",
				ImageURL: "https://shop.example.com/img/hoodie.jpg", URL: "https://shop.example.com/?add-to-cart=45",
				Actions: []parley.Option{{Title: "Add to cart", Meaning: "select:45"}}},
			{ProductID: "46", Title: "Cap", ImageURL: "/relative.jpg", URL: "/?add-to-cart=46"},
			// As the shop engine makes them: the product page and an "Add to cart" pick.
			{ProductID: "47", Title: "Beanie", Price: "18.00", Currency: "USD", URL: "https://shop.example.com/product/beanie/",
				Actions: []parley.Option{{Title: "Add to cart", Meaning: "select:47"}, {Title: "Size guide", URL: "https://shop.example.com/sizes"}}},
		}},
		{ID: "a-3", Type: parley.ReplyQuickReplies, Text: "Want more?", Options: []parley.Option{
			{Title: "Show more", Meaning: "show_more"}, {Title: "Talk to a human", Meaning: "human"},
			{Title: "Size guide", URL: "https://shop.example.com/sizes"}}},
		{ID: "a-4", Type: parley.ReplyText, Text: "  "},
	}
	effects := []parley.Effect{
		{Kind: "webhook", Payload: json.RawMessage(`{"url":"https://hooks.example.com"}`)},
		{Kind: chatwoot.EffectHandoff, Payload: json.RawMessage(`{"reason":"low_confidence"}`)},
	}
	return replies, effects
}

func TestOutboxGolden(t *testing.T) {
	replies, effects := shopTurn()
	entries, err := chatwoot.Outbox(shopKey, "118", replies, effects)
	if err != nil {
		t.Fatal(err)
	}
	type golden struct {
		Kind           string          `json:"kind"`
		IdempotencyKey string          `json:"idempotency_key"`
		Payload        json.RawMessage `json:"payload"`
	}
	var got []golden
	for _, e := range entries {
		if e.Key != shopKey {
			t.Errorf("entry key %v, want %v", e.Key, shopKey)
		}
		got = append(got, golden{e.Kind, e.IdempotencyKey, e.Payload})
	}
	data, err := json.MarshalIndent(got, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	data = append(data, '\n')
	path := filepath.Join("testdata", "golden", "outbox_shop_turn.json")
	if *update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if diff := cmp.Diff(string(want), string(data)); diff != "" {
		t.Errorf("outbox entries differ from %s (-want +got):\n%s", path, diff)
	}
}

func TestOutboxIsDeterministicAndKeyed(t *testing.T) {
	replies, effects := shopTurn()
	first, err := chatwoot.Outbox(shopKey, "118", replies, effects)
	if err != nil {
		t.Fatal(err)
	}
	again, _ := chatwoot.Outbox(shopKey, "118", replies, effects)
	if diff := cmp.Diff(first, again); diff != "" {
		t.Errorf("same turn gave different entries (-first +again):\n%s", diff)
	}
	other, _ := chatwoot.Outbox(shopKey, "119", replies, effects)
	seen := map[string]bool{}
	for _, e := range append(first, other...) {
		if seen[e.IdempotencyKey] {
			t.Errorf("idempotency key %q repeated", e.IdempotencyKey)
		}
		seen[e.IdempotencyKey] = true
	}
	var kinds []string
	for _, e := range first {
		kinds = append(kinds, e.Kind)
	}
	// text, cards, quick replies, handoff note, toggle_status; the blank text and the
	// foreign webhook effect produce nothing.
	wantKinds := []string{chatwoot.KindMessage, chatwoot.KindMessage, chatwoot.KindMessage, chatwoot.KindMessage, chatwoot.KindHandoff}
	if diff := cmp.Diff(wantKinds, kinds); diff != "" {
		t.Errorf("kinds (-want +got):\n%s", diff)
	}
}

func TestOutboxRefusesForeignKeys(t *testing.T) {
	for _, id := range []string{"c-1", "1:", ":10", "0:10", "1:x", ""} {
		_, err := chatwoot.Outbox(parley.ConversationKey{Bot: "shop", ID: id}, "m", []parley.Reply{{Type: parley.ReplyText, Text: "hi"}}, nil)
		if parley.ErrorCode(err) != parley.EINVALID {
			t.Errorf("key %q: code %q, want invalid", id, parley.ErrorCode(err))
		}
	}
}

func TestDeliverAgainstFake(t *testing.T) {
	fake := chatwoottest.NewServer(t)
	client := newClient(t, fake, nil)
	d := chatwoot.NewDeliverer(map[string]*chatwoot.Client{"shop": client})
	replies, effects := shopTurn()
	entries, err := chatwoot.Outbox(shopKey, "118", replies, effects)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if err := d.Deliver(context.Background(), e); err != nil {
			t.Fatalf("Deliver %s: %v", e.IdempotencyKey, err)
		}
	}
	calls := fake.Accepted()
	if len(calls) != len(entries) {
		t.Fatalf("%d accepted calls, want %d", len(calls), len(entries))
	}
	base := "/api/v1/accounts/1/conversations/10/"
	wantPaths := []string{base + "messages", base + "messages", base + "messages", base + "messages", base + "toggle_status"}
	for i, c := range calls {
		if c.Path != wantPaths[i] {
			t.Errorf("call %d path %s, want %s", i, c.Path, wantPaths[i])
		}
	}
	cards := calls[1].JSON()
	items := cards["content_attributes"].(map[string]any)["items"].([]any)
	first := items[0].(map[string]any)
	wantFirst := map[string]any{
		"title": "Hoodie", "description": "45.00 USD · Warm.", "media_url": "https://shop.example.com/img/hoodie.jpg",
		"actions": []any{
			map[string]any{"type": "link", "text": "Add to cart", "uri": "https://shop.example.com/?add-to-cart=45"},
			map[string]any{"type": "postback", "text": "Select", "payload": "select:45"},
		},
	}
	if diff := cmp.Diff(wantFirst, first); diff != "" {
		t.Errorf("first card (-want +got):\n%s", diff)
	}
	// A card with only relative URLs still gets an action: the select postback.
	second := items[1].(map[string]any)
	wantSecond := map[string]any{"title": "Cap", "actions": []any{map[string]any{"type": "postback", "text": "Select", "payload": "select:46"}}}
	if diff := cmp.Diff(wantSecond, second); diff != "" {
		t.Errorf("second card (-want +got):\n%s", diff)
	}
	third := items[2].(map[string]any)
	wantThird := []any{
		map[string]any{"type": "link", "text": "View product", "uri": "https://shop.example.com/product/beanie/"},
		map[string]any{"type": "postback", "text": "Add to cart", "payload": "select:47"},
		map[string]any{"type": "link", "text": "Size guide", "uri": "https://shop.example.com/sizes"},
	}
	if diff := cmp.Diff(wantThird, third["actions"]); diff != "" {
		t.Errorf("third card actions (-want +got):\n%s", diff)
	}
	quick := calls[2].JSON()
	wantQuick := map[string]any{
		"content": "Want more?\nSize guide: https://shop.example.com/sizes", "content_type": "input_select", "message_type": "outgoing", "private": false,
		"content_attributes": map[string]any{"items": []any{
			map[string]any{"title": "Show more", "value": "show_more"},
			map[string]any{"title": "Talk to a human", "value": "human"},
		}},
	}
	if diff := cmp.Diff(wantQuick, quick); diff != "" {
		t.Errorf("quick replies (-want +got):\n%s", diff)
	}
	note := calls[3].JSON()
	if note["private"] != true || note["content"] != "Parley handed this conversation to a human. Reason: low_confidence" {
		t.Errorf("handoff note = %v", note)
	}
	if got := fake.Status(10); got != chatwoot.StatusOpen {
		t.Errorf("conversation status after handoff = %q, want open", got)
	}
}

func TestDeliverRetriesThenSucceeds(t *testing.T) {
	fake := chatwoottest.NewServer(t)
	fake.Fail(1, 429, "2")
	fake.Fail(1, 500, "")
	var waits []time.Duration
	client := newClient(t, fake, func(cfg *chatwoot.ClientConfig) { cfg.Sleep = recordSleep(&waits) })
	d := chatwoot.NewDeliverer(map[string]*chatwoot.Client{"shop": client})
	entries, _ := chatwoot.Outbox(shopKey, "118", []parley.Reply{{Type: parley.ReplyText, Text: "hi"}}, nil)
	if err := d.Deliver(context.Background(), entries[0]); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]time.Duration{2 * time.Second, time.Second}, waits); diff != "" {
		t.Errorf("waits (-want +got):\n%s", diff)
	}
	if n := len(fake.Accepted()); n != 1 {
		t.Errorf("%d accepted messages, want exactly 1", n)
	}
}

func TestDeliverErrorsTellRetryableFromPermanent(t *testing.T) {
	fake := chatwoottest.NewServer(t)
	client := newClient(t, fake, func(cfg *chatwoot.ClientConfig) { cfg.MaxRetries = -1 })
	d := chatwoot.NewDeliverer(map[string]*chatwoot.Client{"shop": client})
	good, _ := chatwoot.Outbox(shopKey, "118", []parley.Reply{{Type: parley.ReplyText, Text: "hi"}}, nil)
	tests := []struct {
		name  string
		entry parley.OutboxEntry
		fail  int
		code  string
	}{
		{"unknown bot", parley.OutboxEntry{Key: parley.ConversationKey{Bot: "other", ID: "1:10"}, Kind: chatwoot.KindMessage, Payload: good[0].Payload}, 0, parley.EINVALID},
		{"unknown kind", parley.OutboxEntry{Key: shopKey, Kind: "webhook", Payload: good[0].Payload}, 0, parley.EINVALID},
		{"malformed payload", parley.OutboxEntry{Key: shopKey, Kind: chatwoot.KindMessage, Payload: json.RawMessage(`{`)}, 0, parley.EINVALID},
		{"other account", parley.OutboxEntry{Key: shopKey, Kind: chatwoot.KindMessage, Payload: json.RawMessage(`{"account_id":2,"conversation_id":10,"message":{"content":"hi"}}`)}, 0, parley.EINVALID},
		{"message missing", parley.OutboxEntry{Key: shopKey, Kind: chatwoot.KindMessage, Payload: json.RawMessage(`{"account_id":1,"conversation_id":10}`)}, 0, parley.EINVALID},
		{"chatwoot says 400", good[0], 400, parley.EINVALID},
		{"chatwoot says 500", good[0], 500, parley.EUNAVAILABLE},
		{"chatwoot says 429", good[0], 429, parley.EUNAVAILABLE},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.fail != 0 {
				fake.Fail(1, tt.fail, "")
			}
			err := d.Deliver(context.Background(), tt.entry)
			if got := parley.ErrorCode(err); got != tt.code {
				t.Errorf("code = %q (%v), want %q", got, err, tt.code)
			}
		})
	}
}
