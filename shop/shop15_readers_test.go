package shop_test

import (
	"testing"

	"github.com/parleyhq/parley/nlu"
	"github.com/parleyhq/parley/shop"
	"pgregory.net/rapid"
)

// TestRound14ShopClasses: round 14's shop classes in phrasings of their own:
// a clause said without its subject after the product, the card or a yes is
// the shopper's story; a clause of words the shop cannot read after a
// catalog word is no search term; a seasonal wish is small talk; "actually"
// corrects a pick; a letter typed twice and a singular/plural tie name one
// catalog word; a polite word is no word read.
func TestRound14ShopClasses(t *testing.T) {
	runReaderCases(t, []readerCase{
		// A story said without its subject: a participle, a present, a past.
		{say: "a beanie, going skiing", intent: nlu.ShopSearch, state: shop.StateRecommending},
		{say: "hoodies, doing a night course", intent: nlu.ShopSearch, state: shop.StateRecommending},
		{say: "a cap, keeps the rain off", intent: nlu.ShopSearch, state: shop.StateRecommending},
		{setup: accessories, say: "the belt, goes with everything", intent: nlu.ShopSelect, state: shop.StateAwaitingConfirmation, pending: "58"},
		{setup: accessories, say: "the sunglasses, keeps the glare off", intent: nlu.ShopSelect, state: shop.StateAwaitingConfirmation, pending: "62"},
		// A yes with a story at a confirmation.
		{setup: capPending, say: "yeah, it'll match my bike", intent: nlu.ShopConfirm, state: shop.StateIdle},
		{setup: capPending, say: "sure, keeps my ears warm", intent: nlu.ShopConfirm, state: shop.StateIdle},
		{setup: capPending, say: "yes, going fishing", intent: nlu.ShopConfirm, state: shop.StateIdle},
		// A clause the shop cannot read after a catalog word.
		{say: "a hoodie, kwa hisani yako", intent: nlu.ShopSearch, state: shop.StateRecommending},
		// Seasonal wishes; a product after "happy" stays a search.
		{say: "merry xmas", intent: nlu.ShopSmallTalk, state: shop.StateIdle},
		{say: "joyeux noël", intent: nlu.ShopSmallTalk, state: shop.StateIdle},
		{say: "frohe ostern", intent: nlu.ShopSmallTalk, state: shop.StateIdle},
		{say: "happy diwali", intent: nlu.ShopSmallTalk, state: shop.StateIdle},
		{say: "happy hoodies", intent: nlu.ShopSearch, state: "-"},
		// "actually" corrects a pick.
		{setup: accessories, say: "the belt... actually the cap", intent: nlu.ShopSelect, state: shop.StateAwaitingConfirmation, pending: "60"},
		{setup: accessories, say: "the second, actually the last one", intent: nlu.ShopSelect, state: shop.StateAwaitingConfirmation, pending: "85"},
		// A letter typed twice; sunglass and sunglasses are one word.
		{say: "caap", intent: nlu.ShopSearch, state: shop.StateRecommending},
		{setup: accessories, say: "the caap", intent: nlu.ShopSelect, state: shop.StateAwaitingConfirmation, pending: "60"},
		{setup: accessories, say: "sunglsses", intent: nlu.ShopSelect, state: shop.StateAwaitingConfirmation, pending: "62"},
		// A polite word is no word read: "unek please" names nothing.
		{say: "unek please", intent: nlu.ShopAmbiguous, state: shop.StateClarifying},
	})
}

// TestAStoryWithoutItsSubjectIsNoSearch: a sold product, then a clause said
// without its subject that names nothing sold, searches the product: never a
// search for something unsold.
func TestAStoryWithoutItsSubjectIsNoSearch(t *testing.T) {
	e := demo(t)
	products := []string{"a cap", "a belt", "hoodies", "a beanie", "sunglasses"}
	verbs := []string{"going", "doing", "heading", "visiting", "keeps", "goes", "fits", "lost", "forgot"}
	objects := []string{"the rain off", "my brother", "a trip", "the sun off", "under my helmet", "my ears warm", "to the beach"}
	rapid.Check(t, func(rt *rapid.T) {
		msg := rapid.SampledFrom(products).Draw(rt, "product") + ", " +
			rapid.SampledFrom(verbs).Draw(rt, "verb") + " " + rapid.SampledFrom(objects).Draw(rt, "object")
		c := newConversation(t, e)
		st := stateOf(t, c.send(msg, ""))
		if got := *st.Conversation.LastIntent; got != nlu.ShopSearch || st.Conversation.State != shop.StateRecommending {
			rt.Fatalf("%q: %s in %s, want a search shown", msg, got, st.Conversation.State)
		}
	})
}

// TestAWishIsSmallTalkUnlessItNamesAProduct: a wish word and an occasion
// is small talk; a wish word and a sold product is never.
func TestAWishIsSmallTalkUnlessItNamesAProduct(t *testing.T) {
	e := demo(t)
	leads := []string{"happy", "merry", "feliz", "joyeuses", "frohe", "buon", "fijne", "god"}
	occasions := []string{"halloween", "thanksgiving", "easter", "navidad", "pasqua", "feestdagen", "jul", "new year"}
	products := []string{"hoodies", "cap", "belt", "beanie"}
	rapid.Check(t, func(rt *rapid.T) {
		lead := rapid.SampledFrom(leads).Draw(rt, "lead")
		c := newConversation(t, e)
		if rapid.Bool().Draw(rt, "product") {
			msg := lead + " " + rapid.SampledFrom(products).Draw(rt, "what")
			if got := *stateOf(t, c.send(msg, "")).Conversation.LastIntent; got == nlu.ShopSmallTalk {
				rt.Fatalf("%q read as small talk", msg)
			}
			return
		}
		msg := lead + " " + rapid.SampledFrom(occasions).Draw(rt, "what")
		if got := *stateOf(t, c.send(msg, "")).Conversation.LastIntent; got != nlu.ShopSmallTalk {
			rt.Fatalf("%q: %s, want small talk", msg, got)
		}
	})
}

// TestActuallyTheLastPickWins: a pick, "actually" and another pick picks
// the other, never the first.
func TestActuallyTheLastPickWins(t *testing.T) {
	e := demo(t)
	cards := map[string]string{"the belt": "58", "the cap": "60", "the sunglasses": "62", "the logo beanie": "85", "the first one": "48", "the fourth": "62"}
	names := []string{"the belt", "the cap", "the sunglasses", "the logo beanie", "the first one", "the fourth"}
	rapid.Check(t, func(rt *rapid.T) {
		a := rapid.SampledFrom(names).Draw(rt, "first")
		b := rapid.SampledFrom(names).Draw(rt, "then")
		if cards[a] == cards[b] {
			return
		}
		sep := rapid.SampledFrom([]string{"... actually ", ", actually ", ". actually, "}).Draw(rt, "sep")
		c := newConversation(t, e)
		c.send("show me accessories", "")
		p := stateOf(t, c.send(a+sep+b, "")).Conversation.PendingConfirmation.TargetID
		if p == nil || *p != cards[b] {
			rt.Fatalf("%q picked %v, want %s", a+sep+b, p, cards[b])
		}
	})
}

// TestAProductWithItsPurposeIsNoStory: an unsold product named after the
// first, with its purpose ("socks for the winter"), is no story left out.
func TestAProductWithItsPurposeIsNoStory(t *testing.T) {
	runReaderCases(t, []readerCase{
		{say: "a cap, socks for the winter", intent: "-", state: shop.StateIdle},
	})
}
