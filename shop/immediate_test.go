package shop_test

import (
	"context"
	"testing"

	"github.com/parleyhq/parley"
	"github.com/parleyhq/parley/catalog"
	"github.com/parleyhq/parley/shop"
)

// sayDraft is a model that says the draft.
type sayDraft struct{}

func (sayDraft) WriteReply(_ context.Context, req parley.ReplyRequest, _ func(string)) (string, error) {
	return req.Draft, nil
}

// TestShopIsImmediateOverTheEmbeddedCatalogOnly: the shop decides on one goroutine
// (parley.Immediate) when its catalog says its calls wait on nothing and no model
// writes its texts; a catalog that does not say so (a live WooCommerce) may wait.
func TestShopIsImmediateOverTheEmbeddedCatalogOnly(t *testing.T) {
	embedded, err := catalog.OpenEmbedded(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { embedded.Close() })
	tests := []struct {
		name string
		cat  shop.Catalog
		cfg  shop.Config
		want bool
	}{
		{"embedded catalog", embedded, shop.Config{BaseURL: "https://s.example"}, true},
		{"embedded catalog and a model", embedded, shop.Config{BaseURL: "https://s.example", Generate: []string{"intro"}, Writer: sayDraft{}}, false},
		{"a catalog that may wait", newFakeCatalog(1), shop.Config{BaseURL: "https://s.example"}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e, err := shop.New(tt.cfg, tt.cat)
			if err != nil {
				t.Fatal(err)
			}
			if got := parley.IsImmediate(e); got != tt.want {
				t.Fatalf("IsImmediate = %v, want %v", got, tt.want)
			}
		})
	}
}
