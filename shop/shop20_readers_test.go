package shop_test

import (
	"slices"
	"testing"

	"github.com/parleyhq/parley/nlu"
	"github.com/parleyhq/parley/shop"
	"pgregory.net/rapid"
)

// TestPartitiveSeeksWhatItMeasures: "a pair of sunglasses", "a pack of
// caps": the noun after a partitive's "of" is the product sought, never
// the partitive (nlu/shop_partitives.txt); a partitive alone stays what it
// was.
func TestPartitiveSeeksWhatItMeasures(t *testing.T) {
	runReaderCases(t, []readerCase{
		{say: "I am looking for a pair of sunglasses, please.", intent: nlu.ShopSearch, state: shop.StateRecommending},
		{say: "a pair of sunglasses", intent: nlu.ShopSearch, state: shop.StateRecommending},
		{say: "do you have a pack of caps?", intent: nlu.ShopSearch, state: shop.StateRecommending},
		{say: "got a couple of belts?", intent: nlu.ShopSearch, state: shop.StateRecommending},
		// Something unsold after the partitive is the unsold search.
		{say: "a pair of kayaks", intent: nlu.ShopSearch, state: shop.StateIdle},
	})
}

// TestPartitiveProperty: a partitive and "of" before a sold product in a
// search frame search that product: the product is found, never a search
// for the partitive.
func TestPartitiveProperty(t *testing.T) {
	e := demo(t)
	rapid.Check(t, func(rt *rapid.T) {
		frame := rapid.SampledFrom([]string{"", "I need ", "looking for ", "do you have ", "got "}).Draw(rt, "frame")
		part := rapid.SampledFrom([]string{"a pair of", "a pack of", "a couple of", "a packet of"}).Draw(rt, "partitive")
		item := rapid.SampledFrom([]string{"sunglasses", "caps", "belts", "beanies"}).Draw(rt, "item")
		msg := frame + part + " " + item
		st := stateOf(t, newConversation(t, e).send(msg, ""))
		if st.Query != nil && len(st.Query.Terms) > 0 && st.Query.Terms[0] != item {
			rt.Fatalf("%q: searched %v", msg, st.Query.Terms)
		}
	})
}

// TestProductThenSettingOff: a product, then "off to" somewhere said
// without its subject ("a cap, off to the beach for memorial day"),
// searches the product; the trip is the shopper's story, never searched.
func TestProductThenSettingOff(t *testing.T) {
	runReaderCases(t, []readerCase{
		{say: "a cap, off to the beach for memorial day", intent: nlu.ShopSearch, state: shop.StateRecommending},
		{say: "sunglasses, off to spain next week", intent: nlu.ShopSearch, state: shop.StateRecommending},
		{setup: accessories, say: "the cap, off to the beach", intent: nlu.ShopSelect, state: shop.StateAwaitingConfirmation, pending: "60"},
	})
}

// TestApologyBeforeRecommendationIsVague: "sorry, what would you
// recommend?" asks for a recommendation naming nothing: a vague opening,
// asked what the shopper is after, never a search for "sorry".
func TestApologyBeforeRecommendationIsVague(t *testing.T) {
	runReaderCases(t, []readerCase{
		{say: "sorry, what would you recommend?", intent: nlu.ShopAmbiguous, state: shop.StateClarifying},
		{say: "pardon, any suggestions?", intent: nlu.ShopAmbiguous, state: shop.StateClarifying},
		{say: "oops, what's good?", intent: nlu.ShopAmbiguous, state: shop.StateClarifying},
	})
}

// TestPersonWithReason: a first clause asking for a person, then the
// reason, hands off; a reason naming a sold product stays the search.
func TestPersonWithReason(t *testing.T) {
	runReaderCases(t, []readerCase{
		{say: "a person, i have a question about an order", intent: nlu.ShopHuman, state: shop.StateHandoff},
		{say: "an agent please, my parcel never came", intent: nlu.ShopHuman, state: shop.StateHandoff},
		{say: "a human. my order is late", intent: nlu.ShopHuman, state: shop.StateHandoff},
		{say: "a person, is the cap in stock?", intent: nlu.ShopSearch, state: shop.StateRecommending},
	})
}

// TestPersonWithReasonProperty: any request for a person followed by a
// reason naming nothing sold hands off, never searches.
func TestPersonWithReasonProperty(t *testing.T) {
	e := demo(t)
	rapid.Check(t, func(rt *rapid.T) {
		ask := rapid.SampledFrom([]string{"a person", "a human please", "an agent please", "real person"}).Draw(rt, "ask")
		reason := rapid.SampledFrom([]string{"i have a question about an order", "my parcel never came",
			"about my refund", "the payment failed twice"}).Draw(rt, "reason")
		msg := ask + ", " + reason
		st := stateOf(t, newConversation(t, e).send(msg, ""))
		if st.Conversation.State != shop.StateHandoff {
			rt.Fatalf("%q: %s (%s)", msg, st.Conversation.State, *st.Conversation.LastIntent)
		}
	})
}

// TestCardNameWithThanksPicksIt: a shown card's name with a description
// and a thanks after a comma ("beanie with the logo, ta") picks that card,
// as a "please" does; a name fitting two cards stays a search.
func TestCardNameWithThanksPicksIt(t *testing.T) {
	runReaderCases(t, []readerCase{
		{setup: accessories, say: "beanie with the logo, ta", intent: nlu.ShopSelect, state: shop.StateAwaitingConfirmation, pending: "85"},
		{setup: accessories, say: "beanie with logo, cheers", intent: nlu.ShopSelect, state: shop.StateAwaitingConfirmation, pending: "85"},
		{setup: accessories, say: "the belt, thank you", intent: nlu.ShopSelect, state: shop.StateAwaitingConfirmation, pending: "58"},
		{setup: accessories, say: "beanie, thanks", intent: "-", state: "-", pending: ""},
	})
}

// TestCardNameWithThanksProperty: a shown card named in full with any
// thanks after a comma picks that card, or none, never another.
func TestCardNameWithThanksProperty(t *testing.T) {
	e := demo(t)
	cards := map[string]string{"beanie with the logo": "85", "the belt": "58", "cap": "60", "sunglasses": "62"}
	names := []string{"beanie with the logo", "the belt", "cap", "sunglasses"}
	rapid.Check(t, func(rt *rapid.T) {
		name := rapid.SampledFrom(names).Draw(rt, "card")
		msg := name + ", " + rapid.SampledFrom([]string{"ta", "thanks", "thank you", "cheers", "merci", "gracias"}).Draw(rt, "thanks")
		c := newConversation(t, e)
		c.send("show me accessories", "")
		st := stateOf(t, c.send(msg, ""))
		if p := st.Conversation.PendingConfirmation.TargetID; p != nil && *p != cards[name] {
			rt.Fatalf("%q: picked %s, want %s", msg, *p, cards[name])
		}
	})
}

// TestVowellessTypoOfACatalogWord: a word typed without its vowel ("tshrt")
// is the one catalog word a typo away (catalogTypo), read before the parser
// takes it for keys hit at random; one near no catalog word, or too short
// to tell ("blt"), is asked again.
func TestVowellessTypoOfACatalogWord(t *testing.T) {
	runReaderCases(t, []readerCase{
		{say: "tshrt", intent: nlu.ShopSearch, state: shop.StateRecommending},
		{say: "TSHRT pls", intent: nlu.ShopSearch, state: shop.StateRecommending},
		{say: "blt", intent: nlu.ShopAmbiguous, state: shop.StateClarifying},
		{say: "xkcd", intent: nlu.ShopAmbiguous, state: shop.StateClarifying},
	})
}

// TestVowellessTypoProperty: a catalog word with one vowel dropped, typed
// without any vowel left, searches that word's products or asks again,
// never another product.
func TestVowellessTypoProperty(t *testing.T) {
	e := demo(t)
	// word typed -> the category or term it names.
	words := map[string]string{"tshrt": "Tshirts", "tshrts": "Tshirts", "blts": "belts", "cps": "caps"}
	typed := []string{"tshrt", "tshrts", "blts", "cps"}
	rapid.Check(t, func(rt *rapid.T) {
		w := rapid.SampledFrom(typed).Draw(rt, "word")
		msg := w + rapid.SampledFrom([]string{"", " pls", "?", " please"}).Draw(rt, "tail")
		st := stateOf(t, newConversation(t, e).send(msg, ""))
		if st.Conversation.State == shop.StateClarifying {
			return
		}
		if q := st.Query; q == nil || q.Category != words[w] && !slices.Contains(q.Terms, words[w]) {
			rt.Fatalf("%q: %s searched %+v", msg, st.Conversation.State, st.Query)
		}
	})
}

// TestWellWishIsSmallTalk: a greeting and a well-wish sentence ("Morning!
// I hope all is well with you.") is small talk, no clarification; a
// well-wish before a request leaves the request.
func TestWellWishIsSmallTalk(t *testing.T) {
	runReaderCases(t, []readerCase{
		{say: "Morning! I hope all is well with you.", intent: nlu.ShopSmallTalk, state: shop.StateIdle},
		{say: "I hope you're well!", intent: nlu.ShopSmallTalk, state: shop.StateIdle},
		{say: "hope all is well. do you have caps?", intent: nlu.ShopSearch, state: shop.StateRecommending},
		{say: "I hope you have caps", intent: nlu.ShopSearch, state: shop.StateRecommending},
	})
}

// TestCrimeanTatarGreetingAndYes: the Crimean Tatar greeting, the
// Arabic-origin "selâm aleyküm" with Turkic vowels, typed with or without
// its marks, greets; "ebet" with a card in question is a yes
// (reply_words_world.txt "crh").
func TestCrimeanTatarGreetingAndYes(t *testing.T) {
	runReaderCases(t, []readerCase{
		{say: "selâm aleyküm", intent: nlu.ShopGreeting, state: shop.StateIdle},
		{say: "selam aleykum", intent: nlu.ShopGreeting, state: shop.StateIdle},
		{say: "meraba", intent: nlu.ShopGreeting, state: shop.StateIdle},
		{setup: capPending, say: "ebet", intent: nlu.ShopConfirm, state: shop.StateIdle},
	})
}

// TestCrimeanTatarGreetingProperty: each spelling of the greeting, with
// any mix of its marks, is a greeting, never a search nor a question asked.
func TestCrimeanTatarGreetingProperty(t *testing.T) {
	e := demo(t)
	rapid.Check(t, func(rt *rapid.T) {
		sel := rapid.SampledFrom([]string{"selâm", "selam", "Selâm", "SELAM"}).Draw(rt, "selam")
		al := rapid.SampledFrom([]string{"aleyküm", "aleykum", "Aleyküm"}).Draw(rt, "aleykum")
		msg := sel + " " + al + rapid.SampledFrom([]string{"", "!", "."}).Draw(rt, "end")
		st := stateOf(t, newConversation(t, e).send(msg, ""))
		if got := *st.Conversation.LastIntent; got != nlu.ShopGreeting {
			rt.Fatalf("%q: %s", msg, got)
		}
	})
}
