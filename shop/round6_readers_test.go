package shop_test

import (
	"strconv"
	"testing"

	"github.com/parleyhq/parley/nlu"
	"github.com/parleyhq/parley/shop"
	"pgregory.net/rapid"
)

// TestASearchNamesTheProductNotTheStory: a gift story or a feature the
// catalog does not describe around a product it sells still shows that
// product (the search is relaxed to it and says so); a regional word of the
// seed languages finds the kind it names.
func TestASearchNamesTheProductNotTheStory(t *testing.T) {
	runReaderCases(t, []readerCase{
		{say: "my sister is mad about tennis, perhaps a hoodie for her", intent: nlu.ShopSearch, state: shop.StateRecommending},
		{say: "a t-shirt with a chest pocket", intent: nlu.ShopSearch, state: shop.StateRecommending},
		{say: "hoodie with thumb holes", intent: nlu.ShopSearch, state: shop.StateRecommending},
		{say: "je cherche une tuque", intent: nlu.ShopSearch, state: shop.StateRecommending},
		{say: "tienen playeras?", intent: nlu.ShopSearch, state: shop.StateRecommending},
		{say: "busco una cachucha", intent: nlu.ShopSearch, state: shop.StateRecommending},
		{say: "3andkom kaskita?", intent: nlu.ShopSearch, state: shop.StateRecommending},
		{say: "عندكم طاقية؟", intent: nlu.ShopSearch, state: shop.StateRecommending},
	})
}

// TestNoItemIsAskedAbout: a recipient, an occasion, a budget on a gift or
// what is popular, with no product, is asked about, never searched.
func TestNoItemIsAskedAbout(t *testing.T) {
	runReaderCases(t, []readerCase{
		{say: "looking for a birthday present for my grandma, not sure what", intent: nlu.ShopAmbiguous, state: shop.StateClarifying},
		{say: "a present under 40 for my colleague", intent: nlu.ShopAmbiguous, state: shop.StateClarifying},
		{say: "un cadeau pour ma nièce", intent: nlu.ShopAmbiguous, state: shop.StateClarifying},
		{say: "un regalo para mi sobrina", intent: nlu.ShopAmbiguous, state: shop.StateClarifying},
		{say: "what are your bestsellers?", intent: nlu.ShopAmbiguous, state: shop.StateClarifying},
		{say: "a belt as a gift under 60", intent: nlu.ShopSearch, state: shop.StateRecommending},
	})
}

// TestShoppingByUse: a use the lexicon knows finds the kinds it implies;
// one it does not is a search for what the shop does not carry.
func TestShoppingByUse(t *testing.T) {
	runReaderCases(t, []readerCase{
		{say: "I need something to keep my ears warm on the ski slopes", intent: nlu.ShopSearch, state: shop.StateRecommending},
		{say: "anything for the glare when I drive?", intent: nlu.ShopSearch, state: shop.StateRecommending},
		{say: "my pants keep falling down, what do you have", intent: nlu.ShopSearch, state: shop.StateRecommending},
		{say: "quelque chose pour protéger mes yeux du soleil", intent: nlu.ShopSearch, state: shop.StateRecommending},
		{say: "algo para no tener frío en la cabeza", intent: nlu.ShopSearch, state: shop.StateRecommending},
		{say: "something to put on my walls", intent: nlu.ShopSearch, state: shop.StateRecommending},
		{say: "something to water my plants with", intent: nlu.ShopSearch, state: shop.StateIdle},
		{say: "candles as a present", intent: nlu.ShopSearch, state: shop.StateIdle},
		{say: "something for my dad", intent: nlu.ShopAmbiguous, state: shop.StateClarifying},
		// A product named is no use, even with a use's words in it.
		{say: "do you have wall clocks?", intent: nlu.ShopSearch, state: shop.StateIdle},
		{say: "do you sell sun cream for the eyes area?", intent: nlu.ShopSearch, state: shop.StateIdle},
		{say: "my ears get cold when I run", intent: nlu.ShopSearch, state: shop.StateRecommending},
	})
}

// TestQuestionsAboutThePremisesAndContact: where the shop is and how to
// reach it are questions about the shop, never searches; "in store" is in
// stock.
func TestQuestionsAboutThePremisesAndContact(t *testing.T) {
	runReaderCases(t, []readerCase{
		{say: "is there a store I can visit?", intent: nlu.ShopQuestion, state: shop.StateIdle},
		{say: "vous avez un magasin à Montréal?", intent: nlu.ShopQuestion, state: shop.StateIdle},
		{say: "tienen tienda física?", intent: nlu.ShopQuestion, state: shop.StateIdle},
		{say: "wach 3andkom l7anout f casa?", intent: nlu.ShopQuestion, state: shop.StateIdle},
		{say: "what's your phone number?", intent: nlu.ShopQuestion, state: shop.StateIdle},
		{say: "how can I contact you?", intent: nlu.ShopQuestion, state: shop.StateIdle},
		{say: "so what can you help me with?", intent: nlu.ShopAboutBot, state: shop.StateIdle},
		{say: "do you have caps in store?", intent: nlu.ShopSearch, state: shop.StateRecommending},
	})
}

// TestPicksInClauses: a self-correction keeps the last card, a card wanted
// then one refused picks the first, a price bound with what the card is not
// picks among the page (none or several are asked about).
func TestPicksInClauses(t *testing.T) {
	runReaderCases(t, []readerCase{
		{setup: accessories, say: "the belt, sorry I mean the sunglasses", intent: nlu.ShopSelect, state: shop.StateAwaitingConfirmation, pending: "62"},
		{setup: accessories, say: "le bonnet, non attends, la casquette", intent: nlu.ShopSelect, state: shop.StateAwaitingConfirmation, pending: "60"},
		{setup: accessories, say: "the sunglasses, not the belt", intent: nlu.ShopSelect, state: shop.StateAwaitingConfirmation, pending: "62"},
		{setup: accessories, say: "el cinturón, no la gorra", intent: nlu.ShopSelect, state: shop.StateAwaitingConfirmation, pending: "58"},
		{setup: accessories, say: "the one over 50 that isn't the belt", intent: nlu.ShopSelect, state: shop.StateAwaitingConfirmation, pending: "62"},
		{setup: accessories, say: "the one under 17", intent: nlu.ShopSelect, state: shop.StateAwaitingConfirmation, pending: "60"},
		{setup: accessories, say: "the one under 20", intent: nlu.ShopSelect, state: shop.StateClarifying, pending: ""},
		{setup: accessories, say: "the one that's $16", intent: nlu.ShopSelect, state: shop.StateAwaitingConfirmation, pending: "60"},
		{setup: accessories, say: "any hoodies under 40?", intent: nlu.ShopSearch, state: shop.StateIdle},
	})
}

// TestDeclinesTakesAndItemQuestionsAtTheConfirmation: a decline in other
// words cancels, a formal take confirms, a question about the item asks
// again (one clarification attempt).
func TestDeclinesTakesAndItemQuestionsAtTheConfirmation(t *testing.T) {
	runConfirmationCases(t, []confirmationCase{
		{say: "I think I'll give it a miss, thanks", intent: nlu.ShopCancel, state: shop.StateIdle},
		{say: "no, changed my mind", intent: nlu.ShopCancel, state: shop.StateIdle},
		{say: "mmm, probably not", intent: nlu.ShopCancel, state: shop.StateIdle},
		{say: "non merci, laisse tomber", intent: nlu.ShopCancel, state: shop.StateIdle},
		{say: "mejor no, gracias", intent: nlu.ShopCancel, state: shop.StateIdle},
		{say: "la, khliha", intent: nlu.ShopCancel, state: shop.StateIdle},
		{say: "is it available in black?", state: shop.StateAwaitingConfirmation, pending: "60", attempts: 1},
		{say: "¿viene en rojo?", state: shop.StateAwaitingConfirmation, pending: "60", attempts: 1},
		{say: "est-ce qu'elle existe en bleu ?", state: shop.StateAwaitingConfirmation, pending: "60", attempts: 1},
	})
}

// TestABoundPickIsTheOneCardThatFits: a pick by a price bound, with or
// without a colour refused, is a card of the page within the bound and never
// the refused colour, or no card at all (asked which): never another.
func TestABoundPickIsTheOneCardThatFits(t *testing.T) {
	e := demo(t)
	// Beanie 48 $18 red, Belt 58 $55, Cap 60 $16 yellow, Sunglasses 62 $90, Beanie with Logo 85 $18 red.
	prices := map[string]float64{"48": 18, "58": 55, "60": 16, "62": 90, "85": 18}
	red := map[string]bool{"48": true, "85": true}
	rapid.Check(t, func(rt *rapid.T) {
		bound := rapid.SampledFrom([]int{10, 16, 17, 19, 20, 50, 60, 100}).Draw(rt, "bound")
		notRed := rapid.Bool().Draw(rt, "notRed")
		lead := rapid.SampledFrom([]string{"the one under ", "I'll take the one under ", "the one below "}).Draw(rt, "lead")
		text := lead + strconv.Itoa(bound)
		if notRed {
			text += rapid.SampledFrom([]string{" that isn't red", " which is not red", ", not red"}).Draw(rt, "not")
		}
		c := newConversation(t, e)
		c.send("show me accessories", "")
		p := stateOf(t, c.send(text, "")).Conversation.PendingConfirmation.TargetID
		if p == nil {
			return
		}
		if prices[*p] > float64(bound) || notRed && red[*p] {
			rt.Fatalf("%q picked %s", text, *p)
		}
	})
}

// TestACardRefusedInAClauseIsNeverPicked: a pick followed by a clause that
// refuses a card ("the cheapest one, but not the cap") never picks a card
// the refused clause names; when every card the pick fits is refused, none is
// picked (asked which).
func TestACardRefusedInAClauseIsNeverPicked(t *testing.T) {
	e := demo(t)
	names := map[string]string{"48": "beanie", "58": "belt", "60": "cap", "62": "sunglasses", "85": "beanie"}
	rapid.Check(t, func(rt *rapid.T) {
		pick := rapid.SampledFrom([]string{"the cheapest one", "the beanie", "the first one", "the last one", "the cap", "the priciest"}).Draw(rt, "pick")
		refused := rapid.SampledFrom([]string{"cap", "belt", "beanie", "sunglasses"}).Draw(rt, "refused")
		join := rapid.SampledFrom([]string{", not the ", ", but not the ", ", pas la ", ", no la "}).Draw(rt, "join")
		text := pick + join + refused
		c := newConversation(t, e)
		c.send("show me accessories", "")
		if p := stateOf(t, c.send(text, "")).Conversation.PendingConfirmation.TargetID; p != nil && names[*p] == refused {
			rt.Fatalf("%q picked the refused %s (%s)", text, refused, *p)
		}
	})
}
