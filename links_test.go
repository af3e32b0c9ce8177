package parley_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/parleyhq/parley"
)

func TestIsWebLink(t *testing.T) {
	tests := map[string]bool{
		"https://shop.example.com/product/hoodie/": true,
		"http://127.0.0.1:8080/x?y=1#z":            true,
		"HTTPS://SHOP.EXAMPLE.COM/":                true,
		"javascript:alert(document.cookie)":        false,
		"JaVaScRiPt:alert(1)":                      false,
		" javascript:alert(1)":                     false,
		"data:text/html;base64,PHNjcmlwdD4=":       false,
		"vbscript:msgbox":                          false,
		"file:///etc/passwd":                       false,
		"/product/hoodie/":                         false, // relative: resolved by the shop first
		"//evil.example/x":                         false,
		"https:evil":                               false,
		"http://":                                  false,
		"":                                         false,
	}
	for s, want := range tests {
		if got := parley.IsWebLink(s); got != want {
			t.Errorf("IsWebLink(%q) = %v, want %v", s, got, want)
		}
	}
}

func TestKeepWebLinks(t *testing.T) {
	replies := []parley.Reply{{Type: parley.ReplyProductCards, Cards: []parley.Card{{
		ProductID: "1", URL: "javascript:alert(1)", ImageURL: "data:image/svg+xml,<svg onload=alert(1)>",
		Actions: []parley.Option{{Title: "Buy", URL: "javascript:buy()"}, {Title: "Add to cart", Meaning: "select:1"}, {Title: "Open", URL: "https://shop.example.com/1"}},
	}}}, {Type: parley.ReplyQuickReplies, Options: []parley.Option{{Title: "Docs", URL: "data:text/html,x"}, {Title: "More", Meaning: "show_more"}}}}
	want := []parley.Reply{{Type: parley.ReplyProductCards, Cards: []parley.Card{{
		ProductID: "1", Actions: []parley.Option{{Title: "Add to cart", Meaning: "select:1"}, {Title: "Open", URL: "https://shop.example.com/1"}},
	}}}, {Type: parley.ReplyQuickReplies, Options: []parley.Option{{Title: "More", Meaning: "show_more"}}}}
	if diff := cmp.Diff(want, parley.KeepWebLinks(replies)); diff != "" {
		t.Fatalf("(-want +got):\n%s", diff)
	}
}

// TestCatalogLink: a catalog's permalink or image is kept when it is, or resolves
// against the shop to, a web link, and dropped otherwise, where the catalog is read.
func TestCatalogLink(t *testing.T) {
	tests := map[string]string{
		"https://shop.example.com/product/hoodie/": "https://shop.example.com/product/hoodie/",
		" /product/hoodie/ ":                       "/product/hoodie/",
		"product/hoodie/":                          "product/hoodie/",
		"javascript:alert(document.cookie)":        "",
		" JaVaScRiPt:alert(1)":                     "",
		"data:image/svg+xml,<svg onload=alert(1)>": "",
		"vbscript:msgbox":                          "",
		"file:///etc/passwd":                       "",
		"https:evil":                               "",
		"http://":                                  "",
		"%zz":                                      "",
		"":                                         "",
	}
	for s, want := range tests {
		if got := parley.CatalogLink(s); got != want {
			t.Errorf("CatalogLink(%q) = %q, want %q", s, got, want)
		}
	}
}
