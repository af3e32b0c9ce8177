package woocommerce_test

import (
	"context"
	"slices"
	"testing"

	"time"

	"github.com/parleyhq/parley"
	"github.com/parleyhq/parley/shop"
	"github.com/parleyhq/parley/woocommerce"
	"github.com/parleyhq/parley/woocommerce/wootest"
)

// TestSpellingWordsAreTheShopsOwn: a WooCommerce catalog lists the words of
// its product names, categories, tags and attribute terms for typo
// correction, through either API, and the shop engine reads a product named
// with a typo ("trowl") as the catalog's word.
func TestSpellingWordsAreTheShopsOwn(t *testing.T) {
	for _, api := range []string{woocommerce.APIREST, woocommerce.APIStore} {
		t.Run(api, func(t *testing.T) {
			fake := wootest.NewServer(t, wootest.GardenProducts()...)
			c := newCatalog(t, fake, api, nil)
			words := c.SpellingWords()
			for _, w := range []string{"trowel", "shears", "terracotta", "kneeler", "planters", "organic", "yellow", "lanterns"} {
				if !slices.Contains(words, w) {
					t.Errorf("spelling words lack %q: %v", w, words)
				}
			}
			if !slices.IsSorted(words) || len(slices.Compact(slices.Clone(words))) != len(words) {
				t.Errorf("spelling words not sorted once each: %v", words)
			}
			e, err := shop.New(shop.Config{BaseURL: "https://garden.example"}, c)
			if err != nil {
				t.Fatal(err)
			}
			key := parley.ConversationKey{Bot: "shop", ID: "c"}
			d, err := e.Decide(context.Background(), parley.Turn{Conversation: key, Index: 1, State: e.NewState(key),
				Message: parley.Message{ID: "m1", Text: "a trowl please", SentAt: time.Date(2026, 1, 1, 10, 0, 0, 0, time.UTC)}})
			if err != nil {
				t.Fatal(err)
			}
			st := d.State.(*shop.State)
			if st.Query == nil || !slices.Contains(st.Query.Terms, "trowel") || !slices.Contains(st.ShownProductIDs, "501") {
				t.Errorf("\"a trowl please\": query %+v, shown %v; want the trowel", st.Query, st.ShownProductIDs)
			}
		})
	}
}
