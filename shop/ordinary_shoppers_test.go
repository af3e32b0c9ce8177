package shop_test

import (
	"testing"

	"github.com/parleyhq/parley/nlu"
	"github.com/parleyhq/parley/shop"
	"pgregory.net/rapid"
)

// TestOrdinaryShoppersAreRead: the ways ordinary shoppers write (round 12's
// classes, in phrasings of their own): a catalog word's spelling is no typo
// of a greeting; an English word that is another language's kind word is the
// English word in an English sentence; a person asked for in English with a
// regional "us", a task, or a typo; small talk in dialect; a card by an
// ordinal of another language, by a correction, by a swap of its word; more
// with a reason; a search with a reason or a means of payment beside it; an
// unsold product named in another language.
func TestOrdinaryShoppersAreRead(t *testing.T) {
	runReaderCases(t, []readerCase{
		// A catalog spelling, no greeting typo; real greeting typos stay.
		{say: "hoody pls", intent: nlu.ShopSearch, state: shop.StateRecommending},
		{say: "helo", intent: nlu.ShopGreeting, state: shop.StateIdle},
		{say: "thnks", intent: nlu.ShopThanks, state: shop.StateIdle},
		// A person, in English.
		{say: "can you put us thru to an agent", intent: nlu.ShopHuman, state: shop.StateHandoff},
		{say: "pass us over to someone, hen", intent: nlu.ShopHuman, state: shop.StateHandoff},
		{say: "I need somebody to help me with my order", intent: nlu.ShopHuman, state: shop.StateHandoff},
		{say: "huamn please", intent: nlu.ShopHuman, state: shop.StateHandoff},
		{say: "an agnet pls", intent: nlu.ShopHuman, state: shop.StateHandoff},
		// Small talk in dialect.
		{say: "hawaya pet", intent: nlu.ShopGreeting, state: shop.StateIdle},
		{say: "how ya doin, love?", intent: nlu.ShopGreeting, state: shop.StateIdle},
		{say: "ow do", intent: nlu.ShopGreeting, state: shop.StateIdle},
		// A card by an ordinal of another language (3: the Cap, 60; last: 85).
		{setup: accessories, say: "trzecią", intent: nlu.ShopSelect, state: shop.StateAwaitingConfirmation, pending: "60"},
		{setup: accessories, say: "третью", intent: nlu.ShopSelect, state: shop.StateAwaitingConfirmation, pending: "60"},
		{setup: accessories, say: "üçüncüyü", intent: nlu.ShopSelect, state: shop.StateAwaitingConfirmation, pending: "60"},
		{setup: accessories, say: "yang ketiga", intent: nlu.ShopSelect, state: shop.StateAwaitingConfirmation, pending: "60"},
		{setup: accessories, say: "kolmas", intent: nlu.ShopSelect, state: shop.StateAwaitingConfirmation, pending: "60"},
		{setup: accessories, say: "第三个", intent: nlu.ShopSelect, state: shop.StateAwaitingConfirmation, pending: "60"},
		{setup: accessories, say: "ostatnią", intent: nlu.ShopSelect, state: shop.StateAwaitingConfirmation, pending: "85"},
		{setup: accessories, say: "die vierte", intent: nlu.ShopSelect, state: shop.StateAwaitingConfirmation, pending: "62"},
		// A correction keeps the last card named; a refusal keeps the first.
		{setup: accessories, say: "the belt, no, the cap", intent: nlu.ShopSelect, state: shop.StateAwaitingConfirmation, pending: "60"},
		{setup: accessories, say: "la primera, no, la última", intent: nlu.ShopSelect, state: shop.StateAwaitingConfirmation, pending: "85"},
		{setup: accessories, say: "the second. nope. the fourth", intent: nlu.ShopSelect, state: shop.StateAwaitingConfirmation, pending: "62"},
		{setup: accessories, say: "el cinturón, no la gorra", intent: nlu.ShopSelect, state: shop.StateAwaitingConfirmation, pending: "58"},
		// A swap of a shown card's three-letter word.
		{setup: accessories, say: "i'll take the cpa", intent: nlu.ShopSelect, state: shop.StateAwaitingConfirmation, pending: "60"},
		// More, with a reason about the cards shown.
		{setup: clothing, say: "more please, not feeling these", intent: nlu.ShopShowMore, state: shop.StateRecommending},
		{setup: clothing, say: "not into any of these, show me others", intent: nlu.ShopShowMore, state: shop.StateRecommending},
		// A reason or a means of payment beside a request is no search.
		{say: "a kayak, mine has a hole", intent: nlu.ShopSearch, state: shop.StateIdle},
		{say: "a tent, ours got soaked", intent: nlu.ShopSearch, state: shop.StateIdle},
		{say: "got a voucher, what do you recommend?", intent: nlu.ShopAmbiguous, state: shop.StateClarifying},
		// An unsold product named in another language: an unsold search.
		{say: "перчатки", intent: nlu.ShopSearch, state: shop.StateIdle},
		{say: "eldiven", intent: nlu.ShopSearch, state: shop.StateIdle},
	})
}

// TestACorrectionNeverKeepsTheFirstCard: a pick, a no said alone, and
// another pick selects the card named last, or asks; never the card the no
// took back.
func TestACorrectionNeverKeepsTheFirstCard(t *testing.T) {
	e := demo(t)
	picks := map[string]string{"the beanie with logo": "85", "the belt": "58", "the cap": "60", "the sunglasses": "62",
		"the second one": "58", "the third": "60", "the fourth one": "62", "the last one": "85"}
	names := make([]string, 0, len(picks))
	for n := range picks {
		names = append(names, n)
	}
	rapid.Check(t, func(rt *rapid.T) {
		first := rapid.SampledFrom(names).Draw(rt, "first")
		last := rapid.SampledFrom(names).Draw(rt, "last")
		if picks[first] == picks[last] {
			return
		}
		no := rapid.SampledFrom([]string{", no, ", ", nope, ", ". no. ", ", nah, ", " - no - ", ", no no, "}).Draw(rt, "no")
		text := first + no + last
		c := newConversation(t, e)
		c.send("show me accessories", "")
		p := stateOf(t, c.send(text, "")).Conversation.PendingConfirmation.TargetID
		if p != nil && *p != picks[last] {
			rt.Fatalf("%q picked %s, not the last card named (%s)", text, *p, picks[last])
		}
	})
}
