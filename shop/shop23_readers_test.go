package shop_test

import (
	"strings"
	"testing"

	"github.com/parleyhq/parley/nlu"
	"github.com/parleyhq/parley/shop"
	"pgregory.net/rapid"
)

// TestOccasionWithoutAKindIsVague: an opening that names an occasion (a
// holiday of nlu/holidays.txt, a noun of lexicon/occasions.txt) or who it is
// for, and no kind of product, asks what the shopper is after (round 21's
// "any ideas for an easter basket?" class); a kind named before the occasion
// word is searched, sold or not.
func TestOccasionWithoutAKindIsVague(t *testing.T) {
	runReaderCases(t, []readerCase{
		{say: "any ideas for an easter basket?", intent: nlu.ShopAmbiguous, state: shop.StateClarifying, pending: "-"},
		{say: "something for the shop staff after easter", intent: nlu.ShopAmbiguous, state: shop.StateClarifying, pending: "-"},
		{say: "any ideas for the easter egg hunt?", intent: nlu.ShopAmbiguous, state: shop.StateClarifying, pending: "-"},
		{say: "ideas for a baby shower", intent: nlu.ShopAmbiguous, state: shop.StateClarifying, pending: "-"},
		{say: "any ideas for good friday", intent: nlu.ShopAmbiguous, state: shop.StateClarifying, pending: "-"},
		{say: "something for my team for thanksgiving", intent: nlu.ShopAmbiguous, state: shop.StateClarifying, pending: "-"},
		{say: "gift ideas for a housewarming", intent: nlu.ShopAmbiguous, state: shop.StateClarifying, pending: "-"},
		// A kind named: a search.
		{say: "a t-shirt for my nephew's easter basket", intent: nlu.ShopSearch, state: shop.StateRecommending, pending: "-"},
		{say: "party hats", intent: nlu.ShopSearch, state: shop.StateRecommending, pending: "-"},
		{say: "easter eggs", intent: nlu.ShopSearch, state: shop.StateIdle, pending: "-"},
		{say: "halloween costumes", intent: nlu.ShopSearch, state: shop.StateIdle, pending: "-"},
	})
}

// TestPickWithANounReason: a card picked by its word and then a reason said
// as a noun phrase ("the sunglasses, the sun at altitude") picks the card;
// a clause that picks by position, price or "the other", or names another
// card, is read whole.
func TestPickWithANounReason(t *testing.T) {
	runReaderCases(t, []readerCase{
		{setup: accessories, say: "the sunglasses, the sun at altitude", intent: nlu.ShopSelect, state: shop.StateAwaitingConfirmation, pending: "62"},
		{setup: accessories, say: "the sunglasses, the glare off the snow", intent: nlu.ShopSelect, state: shop.StateAwaitingConfirmation, pending: "62"},
		{setup: accessories, say: "the belt, the new job", intent: nlu.ShopSelect, state: shop.StateAwaitingConfirmation, pending: "58"},
		{setup: accessories, say: "the cap, the second", intent: nlu.ShopSelect, state: "-", pending: "58"},
		{setup: accessories, say: "the belt, the beanie", intent: nlu.ShopSelect, state: shop.StateClarifying, pending: ""},
		// No cards shown: a search, the reason no search word.
		{say: "sunglasses, the sun at altitude", intent: nlu.ShopSearch, state: "-", pending: "-"},
	})
}

// TestTyposOfCatalogAndPersonWords: a catalog word typed with one vowel left
// out ("t shrt") is that word even when short, when it is one candidate; a
// word one typo from the other word of a two-word human noun, beside it ("a
// reel person"), asks for a person; the typed word alone, or beside no human
// noun, stays what it is.
func TestTyposOfCatalogAndPersonWords(t *testing.T) {
	runReaderCases(t, []readerCase{
		{say: "t shrt", intent: nlu.ShopSearch, state: shop.StateRecommending, pending: "-"},
		{say: "a shrt pls", intent: nlu.ShopSearch, state: shop.StateRecommending, pending: "-"},
		{say: "blt", intent: nlu.ShopAmbiguous, state: shop.StateClarifying, pending: "-"},
		{say: "a reel person", intent: nlu.ShopHuman, state: shop.StateHandoff, pending: "-"},
		{say: "a reel human please", intent: nlu.ShopHuman, state: shop.StateHandoff, pending: "-"},
		{setup: accessories, say: "a reel person", intent: nlu.ShopHuman, state: shop.StateHandoff, pending: "-"},
		{say: "a fishing reel", intent: nlu.ShopSearch, state: shop.StateIdle, pending: "-"},
		{say: "reel", intent: nlu.ShopSearch, state: shop.StateIdle, pending: "-"},
	})
}

// TestOccasionOpeningProperty: an opening that asks for ideas for an
// occasion (a holiday's name, maybe with an occasion noun after it) and
// names no kind is never a search; the same occasion after a kind the
// catalog sells is a search for that kind.
func TestOccasionOpeningProperty(t *testing.T) {
	e := demo(t)
	rapid.Check(t, func(rt *rapid.T) {
		opener := rapid.SampledFrom([]string{"any ideas for", "something for", "ideas for", "gift ideas for", "anything for"}).Draw(rt, "opener")
		det := rapid.SampledFrom([]string{"an", "the", "our", "my", ""}).Draw(rt, "det")
		holiday := rapid.SampledFrom([]string{"easter", "christmas", "thanksgiving", "halloween", "good friday", "mother's day", "new year's eve"}).Draw(rt, "holiday")
		noun := rapid.SampledFrom([]string{"", " basket", " party", " rush", " egg hunt", " dinner party"}).Draw(rt, "noun")
		end := rapid.SampledFrom([]string{"", "?", "!"}).Draw(rt, "end")
		text := strings.Join(strings.Fields(opener+" "+det+" "+holiday+noun), " ") + end
		c := newConversation(t, e)
		if conv := stateOf(t, c.send(text, "")).Conversation; *conv.LastIntent == nlu.ShopSearch {
			rt.Fatalf("%q: searched (state %s)", text, conv.State)
		}
		kind := rapid.SampledFrom([]string{"a hoodie", "a cap", "a t-shirt", "sunglasses", "a beanie"}).Draw(rt, "kind")
		search := kind + " for " + strings.TrimSpace(det+" "+holiday+noun)
		c = newConversation(t, e)
		if conv := stateOf(t, c.send(search, "")).Conversation; *conv.LastIntent != nlu.ShopSearch || conv.State != shop.StateRecommending {
			rt.Fatalf("%q: %s %s, want a search", search, *conv.LastIntent, conv.State)
		}
	})
}
