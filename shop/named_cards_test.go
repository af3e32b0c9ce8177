package shop_test

import (
	"testing"

	"github.com/parleyhq/parley/nlu"
	"github.com/parleyhq/parley/shop"
)

// TestCardNamedInAFrameByPriceOrRegionalWord (issue 38 item 5): a shown
// card picked by its name in a frame of wanting or taking, in the Englishes
// and mixes people write ("give me sunglasses", "na the belt I want", "yung
// sunglasses po"); by a price adjective with "one" ("the pricey one", "the
// budget one"); by a regional word for its type ("the bunnet", "the
// sunnies"). A frame with a verb of searching, a plural, or a name several
// cards share is no pick.
func TestCardNamedInAFrameByPriceOrRegionalWord(t *testing.T) {
	pick := func(say, id string) readerCase {
		return readerCase{setup: accessories, say: say, intent: nlu.ShopSelect, state: shop.StateAwaitingConfirmation, pending: id}
	}
	runReaderCases(t, []readerCase{
		pick("Give me sunglasses", "62"),
		pick("gimme the belt", "58"),
		pick("I want sunglasses please", "62"),
		pick("I'll take belt", "58"),
		pick("want cap", "60"),
		pick("na the belt I want", "58"),
		pick("abeg na cap I wan", "60"),
		pick("yung sunglasses po", "62"),
		pick("gusto ko yung cap", "60"),
		pick("kunin ko na lang yung belt", "58"),
		pick("the pricey one", "62"),
		pick("the spendy one", "62"),
		pick("the expensive one please", "62"),
		pick("the budget one", "60"),
		pick("I'll take the cheap one", "60"),
		pick("the bunnet", "60"),
		pick("the sunnies", "62"),
		pick("I want the shades", "62"),
		// Not one card: a search (its cards were shown already: idle).
		{setup: accessories, say: "show me sunglasses", intent: nlu.ShopSearch, state: shop.StateIdle},
		{setup: accessories, say: "I want belts", intent: nlu.ShopSearch, state: shop.StateIdle},
		{setup: accessories, say: "any toques?", intent: nlu.ShopSearch, state: shop.StateIdle},
		{setup: accessories, say: "gimme a beanie", intent: nlu.ShopSearch, state: shop.StateIdle},
	})
}

// TestBrowsingAndVagueOpenings (issue 38 item 5): browsing in the idioms of
// the Englishes ("just having a squiz", "having a gander"), anything at all
// ("kahit ano po"), and a purpose any product could serve ("something to
// remember my trip", "stuff for a trip") name nothing to search: the shop asks
// what they are after rather than searching a word of it. "may X po kayo?"
// (Tagalog: do you have X?) is a search for X, sold or not.
func TestBrowsingAndVagueOpenings(t *testing.T) {
	clarify := func(say string) readerCase {
		return readerCase{say: say, intent: nlu.ShopAmbiguous, state: shop.StateClarifying}
	}
	runReaderCases(t, []readerCase{
		clarify("just having a squiz"),
		clarify("only having a gander"),
		clarify("just having a nosey"),
		clarify("having a peek, ta"),
		clarify("tumitingin lang po"),
		clarify("kahit ano po"),
		clarify("kahit ano lang"),
		clarify("something to remember my trip"),
		clarify("stuff for a trip"),
		clarify("something for my holiday"),
		clarify("something to remember the vacation by"),
		{say: "may tsinelas po kayo?", intent: nlu.ShopSearch, state: shop.StateIdle},
		{say: "meron kayong beanie?", intent: nlu.ShopSearch, state: shop.StateRecommending},
		{say: "may I see the sunglasses?", intent: nlu.ShopSearch, state: shop.StateRecommending},
		{setup: accessories, say: "may I have the belt", intent: nlu.ShopSelect, state: shop.StateAwaitingConfirmation, pending: "58"},
	})
}

// TestHowOrderingWorks (issue 38 item 5): a question about how ordering or
// checkout works is about the shop: answered, never a clarification.
func TestHowOrderingWorks(t *testing.T) {
	runReaderCases(t, []readerCase{
		{say: "how does ordering work here?", intent: nlu.ShopQuestion, state: shop.StateIdle},
		{say: "how does checkout work?", intent: nlu.ShopQuestion, state: shop.StateIdle},
		{say: "is ordering online safe?", intent: nlu.ShopQuestion, state: shop.StateIdle},
	})
}
