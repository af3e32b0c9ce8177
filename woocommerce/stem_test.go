package woocommerce

import (
	"testing"

	"github.com/parleyhq/parley/shop"
)

func TestLikeStemFindsSingularAndPlural(t *testing.T) {
	tests := map[string]string{
		"hoodies": "hoodi", "accessories": "accessori", "belts": "belt", "dresses": "dress",
		"boxes": "box", "glass": "glass", "caps": "cap", "bus": "bus", "tee": "tee", "hoodie": "hoodie",
	}
	for in, want := range tests {
		if got := likeStem(in); got != want {
			t.Errorf("likeStem(%q) = %q, want %q", in, got, want)
		}
	}
	if got := searchText(shop.Query{Terms: []string{"blue", "hoodies"}}, APIStore); got != "hoodi" {
		t.Errorf("store search %q, want the longest stem", got)
	}
	if got := searchText(shop.Query{Text: "Blue  Hoodies"}, APIREST); got != "blue hoodi" {
		t.Errorf("rest search %q", got)
	}
}
