package shop_test

import (
	"testing"

	"github.com/parleyhq/parley/nlu"
	"github.com/parleyhq/parley/shop"
)

// TestPickSelfRepairs: a card named, an editing term said as a clause by
// itself ("wait", "well", "I mean", "sorry", "hmm"), and another card: the
// last one is the pick, by name or by position. Hand data, issue 38 shop22.
func TestPickSelfRepairs(t *testing.T) {
	runReaderCases(t, []readerCase{
		{setup: accessories, say: "the belt, wait, the cap", intent: nlu.ShopSelect, state: shop.StateAwaitingConfirmation, pending: "60"},
		{setup: accessories, say: "the first, well, the second", intent: nlu.ShopSelect, state: shop.StateAwaitingConfirmation, pending: "58"},
		{setup: accessories, say: "the sunglasses, i mean, the belt", intent: nlu.ShopSelect, state: shop.StateAwaitingConfirmation, pending: "58"},
		{setup: accessories, say: "the cap, sorry, the sunglasses", intent: nlu.ShopSelect, state: shop.StateAwaitingConfirmation, pending: "62"},
		{setup: accessories, say: "the second, hmm, the third", intent: nlu.ShopSelect, state: shop.StateAwaitingConfirmation, pending: "60"},
	})
}
