package main

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"github.com/parleyhq/parley/chatwoot/chatwoottest"
	"github.com/parleyhq/parley/woocommerce/wootest"
)

// hostileLinks are links a catalog may hold that must never reach a card.
var hostileLinks = []string{"javascript:", "JaVaScRiPt:", "data:", "vbscript:", "file:"}

// TestOnlyWebLinksReachACard: a WooCommerce catalog whose products have
// javascript:, data: and file: permalinks and images answers a search; the turn's
// cards (HTTP API) and the Chatwoot cards message carry only http(s) links, and the
// product with a web link keeps it.
func TestOnlyWebLinksReachACard(t *testing.T) {
	hoodies := wootest.Category{ID: 15, Name: "Hoodies", Slug: "hoodies"}
	woo := wootest.NewServer(t,
		wootest.Product{ID: 901, Name: "Hoodie Script", Price: "30", Categories: []wootest.Category{hoodies},
			Permalink: "javascript:alert(document.cookie)//", Images: []string{"data:image/svg+xml,<svg onload=alert(1)>"}},
		wootest.Product{ID: 902, Name: "Hoodie Mixed Case", Price: "31", Categories: []wootest.Category{hoodies},
			Permalink: "JaVaScRiPt:alert(1)", Images: []string{"vbscript:msgbox(1)"}},
		wootest.Product{ID: 903, Name: "Hoodie File", Price: "32", Categories: []wootest.Category{hoodies},
			Permalink: "file:///etc/passwd", Images: []string{"javascript:void(0)"}},
		wootest.Product{ID: 904, Name: "Hoodie Plain", Price: "33", Categories: []wootest.Category{hoodies},
			Permalink: "https://shop.example.com/product/hoodie-plain/", Images: []string{"https://shop.example.com/hoodie.jpg"}},
	)
	cw := chatwoottest.NewServer(t)
	base, _ := testServer(t, "-config", chatwootConfig(t, cw, woo))

	code, b, _ := post(t, base+"/v1/bots/shop/conversations/links/messages", `{"id":"m1","text":"show me hoodies"}`)
	if code != http.StatusOK {
		t.Fatalf("turn: %d %s", code, b)
	}
	var res struct {
		Replies []struct {
			Type  string `json:"type"`
			Cards []struct {
				ProductID string `json:"product_id"`
				URL       string `json:"url"`
				ImageURL  string `json:"image_url"`
			} `json:"cards"`
		} `json:"replies"`
	}
	if err := json.Unmarshal(b, &res); err != nil {
		t.Fatal(err)
	}
	cards := 0
	for _, r := range res.Replies {
		for _, c := range r.Cards {
			cards++
			if c.ProductID == "904" && (c.URL != "https://shop.example.com/product/hoodie-plain/" || c.ImageURL != "https://shop.example.com/hoodie.jpg") {
				t.Errorf("the web links of product 904 were lost: %+v", c)
			}
		}
	}
	if cards < 4 {
		t.Fatalf("%d cards, want the four hoodies: %s", cards, b)
	}
	noHostileLink(t, "the turn's answer", string(b))
	// Nothing the API serves of the conversation (its state, its history, which
	// holds the stored events a stream replays) holds one either: the links are
	// dropped where the catalog is read (parley.CatalogLink), not only in replies.
	for _, path := range []string{"", "/history"} {
		code, body := get(t, base+"/v1/bots/shop/conversations/links"+path)
		if code != http.StatusOK {
			t.Fatalf("GET %s: %d %s", path, code, body)
		}
		noHostileLink(t, "GET conversation"+path, string(body))
	}

	const conv = 10 // the fixture's conversation display id
	if code, body := sendWebhook(t, base, incoming(t, 601, "show me hoodies"), webhookSecret); code != http.StatusOK {
		t.Fatalf("webhook: %d %s", code, body)
	}
	var sent map[string]any
	waitFor(t, "the cards message", func() bool {
		for _, m := range messagesTo(cw, conv) {
			if m["content_type"] == "cards" {
				sent = m
				return true
			}
		}
		return false
	}, cw)
	out, _ := json.Marshal(sent)
	noHostileLink(t, "the Chatwoot cards message", string(out))
	if !strings.Contains(string(out), "https://shop.example.com/hoodie.jpg") {
		t.Errorf("the Chatwoot cards lost the web image: %s", out)
	}
}

func noHostileLink(t *testing.T, what, body string) {
	t.Helper()
	for _, bad := range hostileLinks {
		if strings.Contains(body, bad) {
			t.Errorf("%s carries a %s link: %s", what, bad, body)
		}
	}
}
