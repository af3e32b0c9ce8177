package shop_test

import (
	"testing"

	"github.com/parleyhq/parley/nlu"
	"github.com/parleyhq/parley/shop"
)

// TestTwoPicksJoinedByOr: two picks of cards shown joined by "or" ("the
// cheap one or the belt") are asked about, never one of them picked; a
// side that picks nothing, or a correction, leaves the pick as read.
func TestTwoPicksJoinedByOr(t *testing.T) {
	runReaderCases(t, []readerCase{
		{setup: accessories, say: "the cheap one or the belt", intent: nlu.ShopSelect, state: shop.StateClarifying, pending: ""},
		{setup: accessories, say: "the cheapest or the sunglasses", intent: nlu.ShopSelect, state: shop.StateClarifying, pending: ""},
		{setup: accessories, say: "the second or the cap", intent: nlu.ShopSelect, state: shop.StateClarifying, pending: ""},
		{setup: capPending, say: "the cap or the belt", intent: nlu.ShopSelect, state: shop.StateClarifying, pending: ""},
		{setup: accessories, say: "the cap, or rather the belt", intent: nlu.ShopSelect, state: shop.StateAwaitingConfirmation, pending: "58"},
		{setup: accessories, say: "the cap or something", intent: nlu.ShopSelect, state: shop.StateAwaitingConfirmation, pending: "60"},
		// A search joined by "or" stays a search.
		{say: "do you have a hoodie or a polo?", intent: nlu.ShopSearch, state: shop.StateRecommending, pending: "-"},
	})
}

// TestSaleOpeningsAreVague: a product phrase ending in a word naming a sale
// whose other words name no product ("black friday deals") asks what the
// shopper is after, never a search for "friday"; a kind named before the
// sale word ("hoodie deals") is searched.
func TestSaleOpeningsAreVague(t *testing.T) {
	runReaderCases(t, []readerCase{
		{say: "black friday deals", intent: nlu.ShopAmbiguous, state: shop.StateClarifying, pending: "-"},
		{say: "christmas specials", intent: nlu.ShopAmbiguous, state: shop.StateClarifying, pending: "-"},
		{say: "any cyber monday bargains?", intent: nlu.ShopAmbiguous, state: shop.StateClarifying, pending: "-"},
		{say: "hoodie deals", intent: nlu.ShopSearch, state: shop.StateRecommending, pending: "-"},
	})
}

// TestSomethingWarm: a vague thing asked for by a quality ("something warm
// for thanksgiving football") and what it is for searches the kinds the
// quality implies; the quality alone is a vague opening, and a quality
// followed by more than who or when it is for is not read.
func TestSomethingWarm(t *testing.T) {
	runReaderCases(t, []readerCase{
		{say: "something warm for thanksgiving football", intent: nlu.ShopSearch, state: shop.StateRecommending, pending: "-"},
		{say: "anything cosy for the game", intent: nlu.ShopSearch, state: shop.StateRecommending, pending: "-"},
		{say: "something warm", intent: nlu.ShopAmbiguous, state: shop.StateClarifying, pending: "-"},
		{say: "something warm to drink", intent: nlu.ShopAmbiguous, state: shop.StateClarifying, pending: "-"},
	})
}

// TestHedgeTailLeavesTheItem: an item followed by a hedge ("winter coat, if
// that works", "a hoodie, maybe") is the search or pick of the item; a tail
// in another language is not cut.
func TestHedgeTailLeavesTheItem(t *testing.T) {
	runReaderCases(t, []readerCase{
		{say: "winter coat, if that works", intent: nlu.ShopSearch, state: shop.StateIdle, pending: "-"},
		{say: "winter coat if that works", intent: nlu.ShopSearch, state: shop.StateIdle, pending: "-"},
		{say: "a hoodie, maybe", intent: nlu.ShopSearch, state: shop.StateRecommending, pending: "-"},
		{setup: accessories, say: "the belt, I guess", intent: nlu.ShopSelect, state: shop.StateAwaitingConfirmation, pending: "58"},
	})
}

// TestShortSwapBesideEnglish: a three-letter catalog word with two
// neighbouring letters swapped, beside an English word ("baseball cpa"), is
// the catalog word; alone it is asked about, and an English word ("cop")
// is never respelled.
func TestShortSwapBesideEnglish(t *testing.T) {
	runReaderCases(t, []readerCase{
		{say: "baseball cpa", intent: nlu.ShopSearch, state: shop.StateRecommending, pending: "-"},
		{say: "red cpa please", intent: nlu.ShopSearch, state: shop.StateRecommending, pending: "-"},
		{say: "cpa", intent: nlu.ShopAmbiguous, state: shop.StateClarifying, pending: "-"},
		{say: "a cop", intent: "-", state: "-", pending: "-"},
	})
}

// TestReasonAfterAPickedCard: a card picked by its word with a reason after
// it is the pick of that card; among two cards the word fits ("the beanie"
// with Beanie and Beanie with Logo shown) the reason settles nothing and
// the shopper is asked which, as for the word alone.
func TestReasonAfterAPickedCard(t *testing.T) {
	runReaderCases(t, []readerCase{
		{setup: accessories, say: "the belt, my trousers keep falling down", intent: nlu.ShopSelect, state: shop.StateAwaitingConfirmation, pending: "58"},
		{setup: accessories, say: "the sunglasses, too bright out here", intent: nlu.ShopSelect, state: shop.StateAwaitingConfirmation, pending: "62"},
		{setup: accessories, say: "the beanie, my ears get cold", intent: nlu.ShopSelect, state: shop.StateClarifying, pending: ""},
		{setup: accessories, say: "the beanie, cold up there", intent: nlu.ShopSelect, state: shop.StateClarifying, pending: ""},
	})
}
