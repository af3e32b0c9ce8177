package shop_test

import (
	"slices"
	"testing"

	"github.com/parleyhq/parley/nlu"
	"github.com/parleyhq/parley/shop"
	"github.com/parleyhq/parley/shop/lexicon"
	"pgregory.net/rapid"
)

// TestProductBeforeAnAside: a shown card named with an aside after it (a
// reason, thanks of any language, words the shop cannot place) picks that
// card; two cards named ask which; without cards the product is searched. A
// later clause naming a catalog word, a refusal or a correction is read as
// before. A no with a polite tag ("las olla, no worries") picks nothing.
func TestProductBeforeAnAside(t *testing.T) {
	runReaderCases(t, []readerCase{
		{setup: accessories, say: "the cap, keeps the dust off", intent: nlu.ShopSelect, state: shop.StateAwaitingConfirmation, pending: "60"},
		{setup: accessories, say: "the belt, for the wedding on saturday", intent: nlu.ShopSelect, state: shop.StateAwaitingConfirmation, pending: "58"},
		{setup: accessories, say: "sunglasses, дякую", intent: nlu.ShopSelect, state: shop.StateAwaitingConfirmation, pending: "62"},
		{setup: accessories, say: "the belt, ngiyabonga", intent: nlu.ShopSelect, state: shop.StateAwaitingConfirmation, pending: "58"},
		{setup: accessories, say: "the beanie, for my kid", intent: nlu.ShopSelect, state: shop.StateClarifying},
		{setup: accessories, say: "the beanie w/ the logo", intent: nlu.ShopSelect, state: shop.StateAwaitingConfirmation, pending: "85"},
		{setup: accessories, say: "beanie w/o the logo", intent: nlu.ShopSelect, state: shop.StateAwaitingConfirmation, pending: "48"},
		{setup: accessories, say: "the cap, no wait, the belt", intent: nlu.ShopSelect, state: shop.StateAwaitingConfirmation, pending: "58"},
		{say: "a belt, mulţumesc", intent: nlu.ShopSearch, state: shop.StateRecommending},
		{say: "un cap, graciis", intent: nlu.ShopSearch, state: shop.StateRecommending},
		{setup: [][2]string{{"show me clothing", ""}, {"", "select:44"}}, say: "las olla, no worries", intent: nlu.ShopCancel, state: shop.StateIdle},
	})
}

// TestNamesAloneAreNeverSearched: a word the English list holds only as a
// name (a person, a place, a brand: "allegra", "mandi") said alone is no
// product search; asked again or read as what it is.
func TestNamesAloneAreNeverSearched(t *testing.T) {
	runReaderCases(t, []readerCase{
		{say: "allegra", intent: nlu.ShopGreeting, state: shop.StateIdle},
		{say: "got lego?", intent: nlu.ShopSearch, state: "-"},
		// A name only in English and a kind word of another language
		// (German "Platte", a record) is that kind: albums are shown.
		{say: "platte", intent: nlu.ShopSearch, state: shop.StateRecommending},
	})
	var names []string
	for w := range lexicon.EnglishWords() {
		// A name that is also a word of the shop's everyday lexicon (German
		// "weiss", white) is searched as that word, rightly.
		if lexicon.IsNameOnly(w) && !shop.EverydayWord(w) {
			names = append(names, w)
		}
	}
	slices.Sort(names)
	e := demo(t)
	rapid.Check(t, func(rt *rapid.T) {
		w := rapid.SampledFrom(names).Draw(rt, "name")
		st := stateOf(t, newConversation(t, e).send(w, ""))
		if got := *st.Conversation.LastIntent; got == nlu.ShopSearch && st.Conversation.State != shop.StateRecommending {
			rt.Fatalf("%q: searched as an unsold product", w)
		}
	})
}

// TestShownCardWithAnAsideIsPicked: a card named alone on the page, then an
// aside of made-up words or a reason around one, picks that card.
func TestShownCardWithAnAsideIsPicked(t *testing.T) {
	e := demo(t)
	cards := map[string]string{"the cap": "60", "the belt": "58", "sunglasses": "62", "the sunglasses": "62", "the beanie with the logo": "85", "the logo beanie": "85"}
	var names []string
	for n := range cards {
		names = append(names, n)
	}
	slices.Sort(names)
	rapid.Check(t, func(rt *rapid.T) {
		name := rapid.SampledFrom(names).Draw(rt, "card")
		made := rapid.StringMatching(`[bcdfgklmnprstvz][aeiou][bcdfgklmnprstvz][aeiou]qx`).Draw(rt, "made")
		aside := rapid.SampledFrom([]string{"%s", "for the %s", "keeps the %s off", "%s, %s"}).Draw(rt, "aside")
		msg := name + ", " + fill(aside, made)
		c := newConversation(t, e)
		c.send("show me accessories", "")
		st := stateOf(t, c.send(msg, ""))
		p := st.Conversation.PendingConfirmation.TargetID
		if st.Conversation.State != shop.StateAwaitingConfirmation || p == nil || *p != cards[name] {
			rt.Fatalf("%q: %s, want %s awaiting confirmation", msg, st.Conversation.State, cards[name])
		}
	})
}

// fill puts w in every %s of format.
func fill(format, w string) string {
	out := ""
	for i := 0; i < len(format); i++ {
		if i+1 < len(format) && format[i:i+2] == "%s" {
			out += w
			i++
			continue
		}
		out += format[i : i+1]
	}
	return out
}
