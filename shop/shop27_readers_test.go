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

// TestRound25ConfirmationClasses: at the shop's confirmation a pointer to the
// card then a yes accepts it, a no with a discourse tail or a statement with a
// contracted verb declines it; a card named, or a no after a pointer, is
// read as before (issue 38 round 25).
func TestRound25ConfirmationClasses(t *testing.T) {
	pending := [][2]string{{"show me accessories", ""}, {"", "select:60"}}
	runReaderCases(t, []readerCase{
		{setup: pending, say: "this one, yes please", intent: nlu.ShopConfirm, state: shop.StateIdle, pending: ""},
		{setup: pending, say: "that one, no", intent: "-", state: "-", pending: "60"},
		{setup: pending, say: "the belt, yes", intent: nlu.ShopSelect, state: shop.StateAwaitingConfirmation, pending: "58"},
		{setup: pending, say: "nah, not right now tho", intent: nlu.ShopCancel, state: shop.StateIdle, pending: ""},
		{setup: pending, say: "no, the weather's turned anyway", intent: nlu.ShopCancel, state: shop.StateIdle, pending: ""},
		{setup: pending, say: "no, the belt's better", intent: nlu.ShopSelect, state: shop.StateAwaitingConfirmation, pending: "58"},
	})
}
