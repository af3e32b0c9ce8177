package shop_test

import (
	"testing"

	"github.com/parleyhq/parley/nlu"
	"github.com/parleyhq/parley/shop"
)

// TestRound26ShopClasses (issue 38 round 26's shop classes, helper shop27,
// in phrasings of their own): a bare unsold thing opened by a discourse
// marker or closed by the Caribbean "tanks" is a search; greetings beside
// hello, a greeting with a story, a thanks then a yes and a question in -ing
// are answered; a gift or a thing only for whom or to use is vague.
func TestRound26ShopClasses(t *testing.T) {
	runReaderCases(t, []readerCase{
		{say: "oh, a wetsuit", intent: nlu.ShopSearch, state: shop.StateIdle, pending: "-"},
		{say: "ah, a kite", intent: nlu.ShopSearch, state: shop.StateIdle, pending: "-"}, // Darija "ah" is a yes: nothing to confirm
		{say: "well, hammocks, please", intent: nlu.ShopSearch, state: shop.StateIdle, pending: "-"},
		{say: "so garden hoses", intent: nlu.ShopSearch, state: shop.StateIdle, pending: "-"},
		{say: "so cute", intent: nlu.ShopAmbiguous, state: "-", pending: "-"},
		{say: "a belt, tanks", intent: nlu.ShopSearch, state: shop.StateRecommending, pending: "-"},
		{say: "a surfboard, tanks", intent: nlu.ShopSearch, state: shop.StateIdle, pending: "-"},
		{say: "fish tanks", intent: nlu.ShopSearch, state: shop.StateIdle, pending: "-"}, // no mark: the product's word
		{say: "tanks very much", intent: nlu.ShopThanks, state: "-", pending: "-"},
		{say: "cheers, yes", intent: nlu.ShopThanks, state: "-", pending: "-"},
		{say: "tanks, yeah", intent: nlu.ShopThanks, state: "-", pending: "-"},
		{say: "moyo, hi", intent: nlu.ShopGreeting, state: "-", pending: "-"},
		{say: "hey, yoga", intent: nlu.ShopGreeting, state: "-", pending: "-"},
		{say: "yoga", intent: nlu.ShopSearch, state: shop.StateIdle, pending: "-"}, // alone: a search
		{say: "hi, szczęść Boże", intent: nlu.ShopGreeting, state: "-", pending: "-"},
		{say: "hi, just got back from the beach", intent: nlu.ShopGreeting, state: "-", pending: "-"},
		{say: "hello, just started packing", intent: nlu.ShopGreeting, state: "-", pending: "-"},
		{say: "how does exchanging work?", intent: nlu.ShopQuestion, state: "-", pending: "-"},
		{say: "a present for a nurse", intent: nlu.ShopAmbiguous, state: shop.StateClarifying, pending: "-"},
		{say: "something to wear to a wedding", intent: nlu.ShopAmbiguous, state: shop.StateClarifying, pending: "-"},
		{say: "something to keep tea warm", intent: nlu.ShopSearch, state: "-", pending: "-"}, // a use with its object
		{say: "something for my kayak", intent: "-", state: "-", pending: "-"},
		{setup: accessories, say: "mroe of those", intent: nlu.ShopShowMore, state: "-", pending: "-"},
		{setup: accessories, say: "di belt", intent: nlu.ShopSelect, state: shop.StateAwaitingConfirmation, pending: "58"},
	})
}

// TestRound26ConfirmationClasses: at the shop's confirmation a creole yes,
// a yes with "n'at", a no then a cancel in other words or only browsing
// answer it; a no naming another card still picks it (issue 38 round 26).
func TestRound26ConfirmationClasses(t *testing.T) {
	runReaderCases(t, []readerCase{
		{setup: capPending, say: "wi, sa bon", intent: nlu.ShopConfirm, state: shop.StateIdle, pending: ""},
		{setup: capPending, say: "sure, go ahead n'at", intent: nlu.ShopConfirm, state: shop.StateIdle, pending: ""},
		{setup: capPending, say: "nah, skip that one", intent: nlu.ShopCancel, state: shop.StateIdle, pending: ""},
		{setup: capPending, say: "no, just browsing", intent: nlu.ShopCancel, state: shop.StateIdle, pending: ""},
		{setup: capPending, say: "no, the belt", intent: nlu.ShopSelect, state: shop.StateAwaitingConfirmation, pending: "58"},
	})
}
