package shop_test

import (
	"testing"

	"github.com/parleyhq/parley/nlu"
	"github.com/parleyhq/parley/shop"
)

// TestRound25ShopClasses (issue 38 round 25's shop classes, in phrasings of
// their own): an unsold thing with a size or a purpose holding an ordinal, a
// made thing the word list lacks, a greeting with a day's wish, only browsing
// with a thanks, a price pick counting the cards, and a card named before a
// clause with a contraction.
func TestRound25ShopClasses(t *testing.T) {
	runReaderCases(t, []readerCase{
		{say: "ski boots size 11", intent: nlu.ShopSearch, state: shop.StateIdle, pending: "-"},
		{say: "wellies, size 7", intent: nlu.ShopSearch, state: shop.StateIdle, pending: "-"},
		{say: "size 7 wellies", intent: nlu.ShopSearch, state: shop.StateIdle, pending: "-"},
		{say: "boots size large", intent: nlu.ShopSearch, state: shop.StateIdle, pending: "-"}, // no search for "large"
		{say: "hoodie size 10", intent: nlu.ShopSearch, state: shop.StateRecommending, pending: "-"},
		{say: "size 10", intent: nlu.ShopAmbiguous, state: "-", pending: "-"},
		{say: "a pencil case for second grade", intent: nlu.ShopSearch, state: shop.StateIdle, pending: "-"},
		{say: "dirndl", intent: nlu.ShopSearch, state: shop.StateIdle, pending: "-"},
		{say: "yana", intent: "-", state: shop.StateClarifying, pending: "-"},
		{say: "hey, happy monday", intent: nlu.ShopSmallTalk, state: "-", pending: "-"},
		{say: "hello, happy socks", intent: "-", state: shop.StateClarifying, pending: "-"},
		{say: "just browsing for now, thanks", intent: nlu.ShopAmbiguous, state: shop.StateClarifying, pending: "-"},
		{say: "looking good, thanks", intent: "-", state: "-", pending: "-"},
		{setup: accessories, say: "the cheapest of the five", intent: nlu.ShopSelect, state: shop.StateAwaitingConfirmation, pending: "60"},
		{setup: accessories, say: "the belt, my old one's cracked", intent: nlu.ShopSelect, state: shop.StateAwaitingConfirmation, pending: "58"},
		{setup: accessories, say: "the cap, the blue one", intent: "-", state: "-", pending: "60"},
	})
}
