package shop_test

import (
	"testing"

	"github.com/parleyhq/parley/nlu"
	"github.com/parleyhq/parley/shop"
)

// TestSpacelessShopClasses: round 15's Cantonese shop classes in phrasings of
// their own and in other languages: a want word and a shown card's name
// picks that card (as "want sunglasses" does), in any language's want
// word; an ordinal with its classifier and a pick by price written without
// spaces pick a card; more, thanks and a person in Chinese.
func TestSpacelessShopClasses(t *testing.T) {
	runReaderCases(t, []readerCase{
		{setup: accessories, say: "要 sunglasses", intent: nlu.ShopSelect, state: shop.StateAwaitingConfirmation, pending: "62"},
		{setup: accessories, say: "我要sunglasses", intent: nlu.ShopSelect, state: shop.StateAwaitingConfirmation, pending: "62"},
		{setup: accessories, say: "quero sunglasses", intent: nlu.ShopSelect, state: shop.StateAwaitingConfirmation, pending: "62"},
		{setup: accessories, say: "want the belt", intent: nlu.ShopSelect, state: shop.StateAwaitingConfirmation, pending: "58"},
		{setup: accessories, say: "第三個", intent: nlu.ShopSelect, state: shop.StateAwaitingConfirmation, pending: "60"},
		{setup: accessories, say: "第三个", intent: nlu.ShopSelect, state: shop.StateAwaitingConfirmation, pending: "60"},
		{setup: accessories, say: "三番目", intent: nlu.ShopSelect, state: shop.StateAwaitingConfirmation, pending: "60"},
		{setup: accessories, say: "最平嗰個", intent: nlu.ShopSelect, state: shop.StateAwaitingConfirmation, pending: "60"},
		{setup: accessories, say: "最便宜", intent: nlu.ShopSelect, state: shop.StateAwaitingConfirmation, pending: "60"},
		// Without cards shown a want word and a name is a search.
		{say: "要 sunglasses", intent: nlu.ShopSearch, state: shop.StateRecommending},
	})
}
