package shop_test

import (
	"slices"
	"testing"

	"github.com/parleyhq/parley/nlu"
	"github.com/parleyhq/parley/shop"
)

// TestAnswerThenReasonAtConfirmation: a yes or a no first, then a clause
// giving a reason or saying where it goes ("yes, for my brother's birthday",
// "sure, in the basket", "nah, i'll pass on that", "no, belts never fit
// me"), answers the pending card: the no never starts a search for what its
// reason names. A clause that contradicts ("yes, but not the red one") or
// names another card asks again.
func TestAnswerThenReasonAtConfirmation(t *testing.T) {
	runReaderCases(t, []readerCase{
		{setup: capPending, say: "yes, for my brother's birthday", intent: nlu.ShopConfirm, state: "-", pending: ""},
		{setup: capPending, say: "yep, for the hiking weekend", intent: nlu.ShopConfirm, state: "-", pending: ""},
		{setup: capPending, say: "sure, into the basket", intent: nlu.ShopConfirm, state: "-", pending: ""},
		{setup: capPending, say: "ok, in my bag", intent: nlu.ShopConfirm, state: "-", pending: ""},
		{setup: capPending, say: "yes, just in time for the trip", intent: nlu.ShopConfirm, state: "-", pending: ""},
		{setup: capPending, say: "nah, i'll pass on that", intent: nlu.ShopCancel, state: shop.StateIdle, pending: ""},
		{setup: capPending, say: "nah, i will pass on that one", intent: nlu.ShopCancel, state: shop.StateIdle, pending: ""},
		{setup: capPending, say: "no, caps never suit me", intent: nlu.ShopCancel, state: shop.StateIdle, pending: ""},
		{setup: capPending, say: "no, hats don't look good on me", intent: nlu.ShopCancel, state: shop.StateIdle, pending: ""},
		{setup: capPending, say: "nope, i have too many already", intent: nlu.ShopCancel, state: shop.StateIdle, pending: ""},
		// A clause that contradicts or names another card asks again.
		{setup: capPending, say: "yes, but not the red one", intent: "-", state: shop.StateAwaitingConfirmation, pending: "60"},
		{setup: capPending, say: "yes, the belt", intent: "-", state: shop.StateAwaitingConfirmation, pending: "60"},
	})
}

// TestNoWithAWishAsksInstead: a no and then what the shopper wants instead is
// no reason: never a cancel.
func TestNoWithAWishAsksInstead(t *testing.T) {
	runReaderCases(t, []readerCase{
		{setup: capPending, say: "no, i want a scarf", intent: nlu.ShopSearch, state: "-", pending: "-"},
		{setup: capPending, say: "no, i want the belt", intent: nlu.ShopSelect, state: "-", pending: "-"},
	})
}

// TestNoThenANegatedCardPicks: a no and then "not" before a card is a pick
// among the cards, no reason.
func TestNoThenANegatedCardPicks(t *testing.T) {
	runReaderCases(t, []readerCase{
		{setup: twoBeanies, say: "no, not the logo one", intent: nlu.ShopSelect, state: "-", pending: "-"},
	})
}

// TestPraiseBesideThanksAndGreetingWithVocative: praise in a clause beside a
// thanks is a thanks, a greeting with a form of address a greeting; a
// product beside a thanks is still searched.
func TestPraiseBesideThanksAndGreetingWithVocative(t *testing.T) {
	runReaderCases(t, []readerCase{
		{say: "thanks so much, very helpful", intent: nlu.ShopThanks, state: "-", pending: "-"},
		{say: "cheers, you were brilliant", intent: nlu.ShopThanks, state: "-", pending: "-"},
		{say: "thank you! super kind of you", intent: nlu.ShopThanks, state: "-", pending: "-"},
		{say: "hi there, shop folk", intent: nlu.ShopGreeting, state: "-", pending: "-"},
		{say: "hello guys", intent: nlu.ShopGreeting, state: "-", pending: "-"},
		{say: "thanks, great caps", intent: "-", state: shop.StateRecommending, pending: "-"},
	})
}

// TestSearchCorrectedInOneMessage: a search corrected by an editing term
// ("or actually", "or no", "sorry") searches what follows it alone.
func TestSearchCorrectedInOneMessage(t *testing.T) {
	e := demo(t)
	for _, tc := range []struct{ say, term string }{
		{"hoodies, or actually polos", "polos"},
		{"belts, or no, caps", "caps"},
		{"beanies, sorry, sunglasses", "sunglasses"},
		{"kayaks, or actually canoes", "canoes"},
	} {
		st := stateOf(t, newConversation(t, e).send(tc.say, ""))
		if got := *st.Conversation.LastIntent; got != nlu.ShopSearch || st.Query == nil || !slices.Equal(st.Query.Terms, []string{tc.term}) {
			t.Errorf("%q: %s %+v, want a search for %s", tc.say, got, st.Query, tc.term)
		}
	}
}
