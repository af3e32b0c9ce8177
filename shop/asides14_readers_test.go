package shop_test

import (
	"testing"

	"github.com/parleyhq/parley/nlu"
	"github.com/parleyhq/parley/shop"
)

// TestPastStoryAndOrNo: a clause opening with a past said without its
// subject is the shopper's story: the item before it is searched, a greeting
// before it stays a greeting ("hello, just found your shop"), while "hi, got
// hoodies?" still asks for hoodies.
func TestPastStoryAndOrNo(t *testing.T) {
	runReaderCases(t, []readerCase{
		{say: "a belt, outgrew my old one", intent: nlu.ShopSearch, state: shop.StateRecommending},
		{say: "hoodies, finally moved somewhere cold", intent: nlu.ShopSearch, state: shop.StateRecommending},
		{say: "hello, just found your shop", intent: nlu.ShopGreeting, state: shop.StateIdle},
		{say: "hey there, recently moved to town", intent: nlu.ShopGreeting, state: shop.StateIdle},
		{say: "Hi, I'm after a birthday present", intent: nlu.ShopAmbiguous, state: shop.StateClarifying},
		{say: "hi, got hoodies?", intent: nlu.ShopSearch, state: shop.StateRecommending},
		{say: "caps, or no, hoodies", intent: nlu.ShopSearch, state: shop.StateRecommending},
		// "or no" alone between commas takes back the card before it.
		{setup: accessories, say: "the cap, or no, the belt", intent: nlu.ShopSelect, state: shop.StateAwaitingConfirmation, pending: "58"},
		{setup: accessories, say: "la gorra, o no, el cinturón", intent: nlu.ShopSelect, state: shop.StateAwaitingConfirmation, pending: "58"},
	})
}
