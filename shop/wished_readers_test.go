package shop_test

import (
	"testing"

	"github.com/parleyhq/parley/nlu"
	"github.com/parleyhq/parley/shop"
)

// TestWishedAttributesKeepTheProduct: a product asked with a hedged attribute
// ("if you have it", "if possible", "ideally") or a trailing "is there?" of
// another language is searched as the product and its attribute, never as
// the hedge or the tag.
func TestWishedAttributesKeepTheProduct(t *testing.T) {
	runReaderCases(t, []readerCase{
		{say: "a hoodie, black if possible", intent: nlu.ShopSearch, state: shop.StateRecommending},
		{say: "caps, ideally yellow", intent: nlu.ShopSearch, state: shop.StateRecommending},
		{say: "a beanie, wool if you have it", intent: nlu.ShopSearch, state: shop.StateRecommending},
		{say: "hoodie, cashmere ideally", intent: nlu.ShopSearch, state: shop.StateRecommending},
		{say: "a polo if you've got one", intent: nlu.ShopSearch, state: shop.StateRecommending},
		{say: "sunglasses for a festival", intent: nlu.ShopSearch, state: shop.StateRecommending},
		{say: "a cap for my holiday", intent: nlu.ShopSearch, state: shop.StateRecommending},
		{say: "beanie hai?", intent: nlu.ShopSearch, state: shop.StateRecommending},
		{say: "kemer var mi? belt", intent: nlu.ShopSearch, state: shop.StateRecommending},
		{say: "hoodies ada?", intent: nlu.ShopSearch, state: shop.StateRecommending},
		{say: "ada hoodie?", intent: nlu.ShopSearch, state: shop.StateRecommending},
		{say: "kya belt hai?", intent: nlu.ShopSearch, state: shop.StateRecommending},
		{say: "caps yesh?", intent: nlu.ShopSearch, state: shop.StateRecommending},
	})
}

// TestCardsByContrastAndTypoedPosition: a card named after one refused ("not
// the cap, the belt"), a compound split in two ("sun glasses"), a position
// with a typo'd cue ("numbr 2"), and a
// comparative among the cards of one kind: the cheaper of two beanies of one
// price names none (asked which), of a kind not shown none either.
func TestCardsByContrastAndTypoedPosition(t *testing.T) {
	runReaderCases(t, []readerCase{
		{setup: accessories, say: "not the cap, the belt", intent: nlu.ShopSelect, state: shop.StateAwaitingConfirmation, pending: "58"},
		{setup: accessories, say: "not the beanie but the cap", intent: nlu.ShopSelect, state: shop.StateAwaitingConfirmation, pending: "60"},
		{setup: accessories, say: "no, the sunglasses", intent: nlu.ShopSelect, state: shop.StateAwaitingConfirmation, pending: "62"},
		{setup: accessories, say: "sun glasses", intent: nlu.ShopSelect, state: shop.StateAwaitingConfirmation, pending: "62"},
		{setup: accessories, say: "the sun glasses please", intent: nlu.ShopSelect, state: shop.StateAwaitingConfirmation, pending: "62"},
		{setup: accessories, say: "not the belt, the sun glasses", intent: nlu.ShopSelect, state: shop.StateAwaitingConfirmation, pending: "62"},
		{say: "any sun glasses?", intent: nlu.ShopSearch, state: shop.StateRecommending},
		{setup: accessories, say: "numbr 2", intent: nlu.ShopSelect, state: shop.StateAwaitingConfirmation, pending: "58"},
		{setup: accessories, say: "optoin 3", intent: nlu.ShopSelect, state: shop.StateAwaitingConfirmation, pending: "60"},
		{setup: accessories, say: "the cheapest beanie", intent: nlu.ShopSelect, state: shop.StateClarifying, pending: ""},
		{setup: accessories, say: "the cheaper scarf", intent: nlu.ShopSelect, state: shop.StateClarifying, pending: ""},
		{setup: accessories, say: "the cheapest one", intent: nlu.ShopSelect, state: shop.StateAwaitingConfirmation, pending: "60"},
		{setup: accessories, say: "the priciest one, it's for a special day", intent: nlu.ShopSelect, state: shop.StateAwaitingConfirmation, pending: "62"},
		{setup: accessories, say: "I'll go with whatever's least expensive", intent: nlu.ShopSelect, state: shop.StateAwaitingConfirmation, pending: "60"},
	})
}

// TestMoreInTheWorldsLanguages: "more" in languages the seed does not name,
// a word of another meaning only as the whole message, and an English more
// word typed with two letters swapped.
func TestMoreInTheWorldsLanguages(t *testing.T) {
	var cases []readerCase
	for _, say := range []string{"flere", "fler?", "meira", "więcej", "další", "ещё", "тағы", "od", "od?", "meer pls", "lagi", "zaidi", "mroe", "nxet"} {
		cases = append(cases, readerCase{setup: clothing, say: say, intent: nlu.ShopShowMore, state: shop.StateRecommending, pending: "-"})
	}
	runReaderCases(t, cases)
}

// TestVagueOpeningsAndQuestionsAboutTheShop: a request for a recommendation
// is a vague opening (asked what the shopper is after), never a greeting or a
// search; "what is this?" asks about the shop.
func TestVagueOpeningsAndQuestionsAboutTheShop(t *testing.T) {
	var cases []readerCase
	for _, say := range []string{"what's good?", "whats good here today", "what do you recommend?", "any recommendations pls", "what's popular rn", "surprise me"} {
		cases = append(cases, readerCase{say: say, intent: nlu.ShopAmbiguous, state: shop.StateClarifying})
	}
	for _, say := range []string{"what is this", "what's this place?", "whats this all about", "what do you guys do?"} {
		cases = append(cases, readerCase{say: say, intent: nlu.ShopQuestion, state: shop.StateIdle})
	}
	cases = append(cases, readerCase{say: "what's good with the hoodies", intent: nlu.ShopSearch, state: shop.StateRecommending})
	runReaderCases(t, cases)
}
