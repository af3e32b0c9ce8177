package shop_test

import (
	"testing"

	"github.com/parleyhq/parley/nlu"
	"github.com/parleyhq/parley/shop"
	"pgregory.net/rapid"
)

// TestCardThenReasonPicksIt: a shown card named, then a clause telling why
// (a purpose or a subjectless story), picks that card; the reason's own
// words ("glass", "sun") never start a search. A greeting sentence before a
// reply to the confirmation is read away, and a yes naming the pending item
// confirms it.
func TestCardThenReasonPicksIt(t *testing.T) {
	runReaderCases(t, []readerCase{
		{setup: accessories, say: "the sunglasses, for glare off the glass", intent: nlu.ShopSelect, state: shop.StateAwaitingConfirmation, pending: "62"},
		{setup: accessories, say: "the cap, keeps sun out of my eyes with the falcon", intent: nlu.ShopSelect, state: shop.StateAwaitingConfirmation, pending: "60"},
		{setup: accessories, say: "the belt, for work on the glass", intent: nlu.ShopSelect, state: shop.StateAwaitingConfirmation, pending: "58"},
		{setup: accessories, say: "the cap, to go with the belt", intent: "-", state: shop.StateClarifying},
		{setup: capPending, say: "yep, one cap", intent: nlu.ShopConfirm, state: shop.StateIdle},
		{setup: capPending, say: "Hello. No, thank you.", intent: nlu.ShopCancel, state: shop.StateIdle},
		{setup: capPending, say: "Hello. Yes, please add it to my basket.", intent: nlu.ShopConfirm, state: shop.StateIdle},
		{say: "saa ol", intent: nlu.ShopThanks, state: "-"},
	})
}

// TestReasonNeverSearches: a shown card's name, then a reason clause
// holding a catalog or kind word, picks the card and never searches.
func TestReasonNeverSearches(t *testing.T) {
	e := demo(t)
	cards := map[string]string{"cap": "60", "belt": "58", "sunglasses": "62"}
	names := []string{"cap", "belt", "sunglasses"}
	reasons := []string{"for glare off the glass", "keeps sun out of my eyes", "for the beach", "because mine broke",
		"for my hat collection", "as a gift for my dad", "for hiking with my glasses"}
	rapid.Check(t, func(rt *rapid.T) {
		name := rapid.SampledFrom(names).Draw(rt, "card")
		msg := "the " + name + ", " + rapid.SampledFrom(reasons).Draw(rt, "reason")
		c := newConversation(t, e)
		c.send("show me accessories", "")
		st := stateOf(t, c.send(msg, ""))
		if *st.Conversation.LastIntent == nlu.ShopSearch {
			rt.Fatalf("%q: searched %+v", msg, st.Query)
		}
		if p := st.Conversation.PendingConfirmation.TargetID; p != nil && *p != cards[name] {
			rt.Fatalf("%q: picked %s, want %s", msg, *p, cards[name])
		}
	})
}

// TestYesNamingAnotherCardIsAsked: a yes that names another shown card
// while one is in question ("yes, the belt" with the cap pending) is no
// confirmation of the pending card (adding it would be a guess): the
// question is asked again and nothing is added. A yes with the pending
// card's own name or a phrase naming no card still confirms.
func TestYesNamingAnotherCardIsAsked(t *testing.T) {
	runReaderCases(t, []readerCase{
		{setup: capPending, say: "yes, the belt", intent: nlu.ShopAmbiguous, state: shop.StateAwaitingConfirmation, pending: "60"},
		{setup: capPending, say: "yes, the sunglasses please", intent: nlu.ShopAmbiguous, state: shop.StateAwaitingConfirmation, pending: "60"},
		{setup: capPending, say: "yeah the beanie", intent: nlu.ShopAmbiguous, state: shop.StateAwaitingConfirmation, pending: "60"},
		{setup: capPending, say: "yes, the cap", intent: nlu.ShopConfirm, state: shop.StateIdle},
		{setup: capPending, say: "yes please, the cap is great", intent: nlu.ShopConfirm, state: shop.StateIdle},
	})
}

// TestAnswerClauseIsNoAside: a yes or no clause is the answer even when it
// shares a word with an aside ("me vale": Spanish "fine", and "vale" is a
// voucher in the means asides), so the thanks after it is no intent of its
// own (found by TestEveryYesNoPhraseAnswersAConfirmation at 2000 checks).
func TestAnswerClauseIsNoAside(t *testing.T) {
	runReaderCases(t, []readerCase{
		{setup: capPending, say: "me vale, thanks", intent: nlu.ShopConfirm, state: shop.StateIdle},
		{setup: capPending, say: "me vale, gracias", intent: nlu.ShopConfirm, state: shop.StateIdle},
	})
}
