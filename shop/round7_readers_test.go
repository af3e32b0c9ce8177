package shop_test

import (
	"testing"

	"github.com/parleyhq/parley/nlu"
	"github.com/parleyhq/parley/shop"
)

// TestProductsInMoreLanguagesAndForms: a product asked in Portuguese, Italian
// or German, by a feature, as an emoji, as a compound written as one word or
// as a form field finds what the catalog holds; a word of the conversation
// is never searched.
func TestProductsInMoreLanguagesAndForms(t *testing.T) {
	runReaderCases(t, []readerCase{
		{say: "vocês vendem moletom?", intent: nlu.ShopSearch, state: shop.StateRecommending},
		{say: "cerco una felpa", intent: nlu.ShopSearch, state: shop.StateRecommending},
		{say: "habt ihr Mützen?", intent: nlu.ShopSearch, state: shop.StateRecommending},
		{say: "a cap with a brim please", intent: nlu.ShopSearch, state: shop.StateRecommending},
		{say: "anything with a bobble on top?", intent: nlu.ShopSearch, state: shop.StateRecommending},
		{say: "👜 or 🧢?", intent: nlu.ShopSearch, state: shop.StateRecommending},
		{say: "vnecks", intent: nlu.ShopSearch, state: shop.StateRecommending},
		{say: "query=beanie", intent: nlu.ShopSearch, state: shop.StateRecommending},
		{say: "Artikel: Gürtel; Menge: 1", intent: nlu.ShopSearch, state: shop.StateRecommending},
		{say: "noted that, many thanks!", intent: nlu.ShopThanks, state: shop.StateIdle},
		{say: "what kind of place is this?", intent: nlu.ShopQuestion, state: shop.StateIdle},
		{say: "can I get an invoice with VAT?", intent: nlu.ShopQuestion, state: shop.StateIdle},
	})
}
