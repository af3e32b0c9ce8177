package shop_test

import (
	"testing"

	"github.com/parleyhq/parley/nlu"
	"github.com/parleyhq/parley/shop"
	"pgregory.net/rapid"
)

// TestRound13ShopClasses: round 13's shop classes in phrasings of their own:
// a typo of the built-in intents' words asks for more or a person, never a
// search for the typo; more in the world's languages; a collision yes with a
// word of its own language at a confirmation; a pick, a no alone and another
// pick; a story of the shopper's own after the card or product named.
func TestRound13ShopClasses(t *testing.T) {
	runReaderCases(t, []readerCase{
		// Typos of the intents' words.
		{setup: clothing, say: "mroe please", intent: nlu.ShopShowMore, state: shop.StateRecommending},
		{setup: clothing, say: "shwo me more", intent: nlu.ShopShowMore, state: shop.StateRecommending},
		{say: "a rael person pls", intent: nlu.ShopHuman, state: shop.StateHandoff},
		// More in the world's languages.
		{setup: clothing, say: "больш", intent: nlu.ShopShowMore, state: shop.StateRecommending},
		{setup: clothing, say: "покажіть ще", intent: nlu.ShopShowMore, state: shop.StateRecommending},
		{setup: clothing, say: "naa pay uban?", intent: nlu.ShopShowMore, state: shop.StateRecommending},
		{setup: clothing, say: "mbola misy hafa ve", intent: nlu.ShopShowMore, state: shop.StateRecommending},
		{setup: clothing, say: "diskouez muioc'h", intent: nlu.ShopShowMore, state: shop.StateRecommending},
		// Greetings and a collision yes with support.
		{say: "maayong buntag", intent: nlu.ShopGreeting, state: shop.StateIdle},
		{say: "namaskaragalu", intent: nlu.ShopGreeting, state: shop.StateIdle},
		{setup: capPending, say: "так, будь ласка", intent: nlu.ShopConfirm, state: shop.StateIdle},
		{setup: capPending, say: "ow, bohoma sthuthi", intent: nlu.ShopConfirm, state: shop.StateIdle},
		// A pick taken back by a no alone, and said again.
		{setup: accessories, say: "the first... no, the fourth", intent: nlu.ShopSelect, state: shop.StateAwaitingConfirmation, pending: "62"},
		{setup: accessories, say: "the cap. no. the last one", intent: nlu.ShopSelect, state: shop.StateAwaitingConfirmation, pending: "85"},
		// A story of the shopper's own after what is named.
		{setup: accessories, say: "the belt, my old one snapped", intent: nlu.ShopSelect, state: shop.StateAwaitingConfirmation, pending: "58"},
		{setup: accessories, say: "the cap, we're off to the beach", intent: nlu.ShopSelect, state: shop.StateAwaitingConfirmation, pending: "60"},
		{say: "hoodies, it's freezing out", intent: nlu.ShopSearch, state: shop.StateRecommending},
	})
}

// TestAStoryNeverNamesTheCard: a card named, then a clause of the shopper's
// own that names no card, picks the card named; never another.
func TestAStoryNeverNamesTheCard(t *testing.T) {
	e := demo(t)
	cards := map[string]string{"the belt": "58", "the cap": "60", "the sunglasses": "62", "the beanie with logo": "85"}
	names := make([]string, 0, len(cards))
	for n := range cards {
		names = append(names, n)
	}
	stories := []string{"i lost mine", "my brother took my old one", "we are going camping", "it's for a trip", "i keep forgetting mine at home"}
	rapid.Check(t, func(rt *rapid.T) {
		name := rapid.SampledFrom(names).Draw(rt, "name")
		story := rapid.SampledFrom(stories).Draw(rt, "story")
		c := newConversation(t, e)
		c.send("show me accessories", "")
		p := stateOf(t, c.send(name+", "+story, "")).Conversation.PendingConfirmation.TargetID
		if p != nil && *p != cards[name] {
			rt.Fatalf("%q picked %s, not %s", name+", "+story, *p, cards[name])
		}
	})
}
