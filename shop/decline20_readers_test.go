package shop_test

import (
	"testing"

	"github.com/parleyhq/parley/nlu"
	"github.com/parleyhq/parley/shop"
	"pgregory.net/rapid"
)

// TestCardThenDeclineIsNoPick: a card named and then declined ("the belt,
// no thanks") is a no: never a pick, an add or a search. With cards shown
// the results are complete (recommending -> idle); with that card in
// question it cancels; declining another card than the one asked about
// asks again.
func TestCardThenDeclineIsNoPick(t *testing.T) {
	runReaderCases(t, []readerCase{
		{setup: accessories, say: "the belt, no thanks", intent: nlu.ShopCancel, state: shop.StateIdle},
		{setup: accessories, say: "cap, nah thanks", intent: nlu.ShopCancel, state: shop.StateIdle},
		{setup: accessories, say: "the cap, not for me", intent: nlu.ShopCancel, state: shop.StateIdle},
		{setup: accessories, say: "cap, no, thank you", intent: nlu.ShopCancel, state: shop.StateIdle},
		{setup: accessories, say: "the belt? no thanks", intent: nlu.ShopCancel, state: shop.StateIdle},
		{setup: accessories, say: "the cap no thanks", intent: nlu.ShopCancel, state: shop.StateIdle},
		{setup: accessories, say: "the cap, non merci", intent: nlu.ShopCancel, state: shop.StateIdle},
		{setup: capPending, say: "cap, nah thanks", intent: nlu.ShopCancel, state: shop.StateIdle},
		{setup: capPending, say: "the cap, no thanks", intent: nlu.ShopCancel, state: shop.StateIdle},
		{setup: capPending, say: "the belt, no thanks", intent: nlu.ShopAmbiguous, state: shop.StateAwaitingConfirmation, pending: "60"},
		{say: "the belt, no thanks", intent: nlu.ShopCancel, state: shop.StateIdle},
		// A lone no after a card may open a correction: not read as a decline.
		{setup: accessories, say: "the belt, no, the cap", intent: "-", state: "-", pending: "-"},
		// A pick with its thanks stays a pick.
		{setup: accessories, say: "the belt, thanks", intent: nlu.ShopSelect, state: shop.StateAwaitingConfirmation, pending: "58"},
	})
}

// TestCardThenDeclineProperty: a shown card's name, maybe with an article,
// then a decline phrase (maybe with a courtesy) never picks nor adds.
func TestCardThenDeclineProperty(t *testing.T) {
	e := demo(t)
	rapid.Check(t, func(rt *rapid.T) {
		article := rapid.SampledFrom([]string{"", "the ", "that "}).Draw(rt, "article")
		card := rapid.SampledFrom([]string{"belt", "cap", "sunglasses", "beanie", "beanie with logo"}).Draw(rt, "card")
		sep := rapid.SampledFrom([]string{", ", " ", "? ", ". ", " - "}).Draw(rt, "sep")
		decline := rapid.SampledFrom([]string{"no thanks", "nah thanks", "not for me", "no, thank you", "no thank you", "nope, thanks", "non merci", "no gracias", "nein danke"}).Draw(rt, "decline")
		courtesy := rapid.SampledFrom([]string{"", "!", "."}).Draw(rt, "courtesy")
		pending := rapid.Bool().Draw(rt, "pending")
		msg := article + card + sep + decline + courtesy
		c := newConversation(t, e)
		c.send("show me accessories", "")
		if pending {
			c.send("", "select:60")
		}
		st := stateOf(t, c.send(msg, ""))
		conv := st.Conversation
		if got := *conv.LastIntent; got == nlu.ShopSelect || got == nlu.ShopConfirm || got == nlu.ShopSearch {
			rt.Fatalf("%q: intent %s", msg, got)
		}
		if !pending && conv.PendingConfirmation.TargetID != nil {
			rt.Fatalf("%q: picked %s", msg, *conv.PendingConfirmation.TargetID)
		}
	})
}

// TestLoneApologyIsSmallTalk: "sorry", "oops!" alone name nothing: small
// talk, no search for the word and no clarification counted; with a card
// in question it is no answer and the question is asked again.
func TestLoneApologyIsSmallTalk(t *testing.T) {
	runReaderCases(t, []readerCase{
		{say: "sorry", intent: nlu.ShopSmallTalk, state: shop.StateIdle},
		{say: "sorry!", intent: nlu.ShopSmallTalk, state: shop.StateIdle},
		{say: "oops", intent: nlu.ShopSmallTalk, state: shop.StateIdle},
		{say: "perdón", intent: nlu.ShopSmallTalk, state: shop.StateIdle},
		{setup: accessories, say: "sorry", intent: nlu.ShopSmallTalk, state: shop.StateRecommending},
		{setup: capPending, say: "sorry", intent: nlu.ShopAmbiguous, state: shop.StateAwaitingConfirmation, pending: "60"},
		// An apology with a product is still the search.
		{say: "sorry, a cap", intent: nlu.ShopSearch, state: shop.StateRecommending},
	})
}

// TestCountedPartitiveSeeksWhatItMeasures: "two pairs of sunglasses" seeks
// sunglasses, never "two pairs".
func TestCountedPartitiveSeeksWhatItMeasures(t *testing.T) {
	runReaderCases(t, []readerCase{
		{say: "I need two pairs of sunglasses", intent: nlu.ShopSearch, state: shop.StateRecommending},
		{say: "looking for 3 packs of caps", intent: nlu.ShopSearch, state: shop.StateRecommending},
		{say: "do you have two pairs of kayaks", intent: nlu.ShopSearch, state: shop.StateIdle},
	})
}
