package shop_test

import (
	"slices"
	"testing"

	"github.com/parleyhq/parley/nlu"
	"github.com/parleyhq/parley/shop"
	"pgregory.net/rapid"
)

// TestShownCardNamedInOtherForms: a shown card named with a verb that
// describes it ("carrying", "featuring"), an everyday word for its kind
// ("shades", "glasses"), an article of another language ("an", "de", "y",
// "ny") or another language's "I want" ("mi wantem") picks it.
func TestShownCardNamedInOtherForms(t *testing.T) {
	runReaderCases(t, []readerCase{
		{setup: accessories, say: "the beanie carrying the logo", intent: nlu.ShopSelect, state: shop.StateAwaitingConfirmation, pending: "85"},
		{setup: accessories, say: "the beanie featuring a logo", intent: nlu.ShopSelect, state: shop.StateAwaitingConfirmation, pending: "85"},
		{setup: accessories, say: "the one bearing the logo", intent: nlu.ShopSelect, state: shop.StateAwaitingConfirmation, pending: "85"},
		{setup: accessories, say: "shades", intent: nlu.ShopSelect, state: shop.StateAwaitingConfirmation, pending: "62"},
		{setup: accessories, say: "glasses pls", intent: nlu.ShopSelect, state: shop.StateAwaitingConfirmation, pending: "62"},
		{setup: accessories, say: "an sunglasses", intent: nlu.ShopSelect, state: shop.StateAwaitingConfirmation, pending: "62"},
		{setup: accessories, say: "de belt", intent: nlu.ShopSelect, state: shop.StateAwaitingConfirmation, pending: "58"},
		{setup: accessories, say: "ny cap", intent: nlu.ShopSelect, state: shop.StateAwaitingConfirmation, pending: "60"},
		{setup: accessories, say: "mi wantem cap", intent: nlu.ShopSelect, state: shop.StateAwaitingConfirmation, pending: "60"},
		{setup: accessories, say: "the beanie", intent: nlu.ShopSelect, state: shop.StateClarifying},
		{setup: accessories, say: "mi wantem luk moa", intent: nlu.ShopShowMore, state: "-"},
		{say: "mi wantem toktok wetem man", intent: nlu.ShopHuman, state: shop.StateHandoff},
	})
}

// TestShownCardFormsNeverSearchElse: a card of the accessories page named
// with an article of another language, a want phrase of another language or
// a describing verb is picked (one card) or asked about (two beanies), and
// never searched as something else (two beanies named with an indefinite
// article may search beanies, as "gimme a beanie" does).
func TestShownCardFormsNeverSearchElse(t *testing.T) {
	e := demo(t)
	cards := map[string]string{"cap": "60", "belt": "58", "sunglasses": "62", "beanie": "", "beanie carrying the logo": "85", "beanie featuring a logo": "85"}
	names := []string{"beanie", "beanie carrying the logo", "beanie featuring a logo", "belt", "cap", "sunglasses"}
	frames := []string{"an %s", "de %s", "het %s", "y %s", "ny %s", "te %s", "az %s", "mi wantem %s", "the %s", "give me the %s"}
	rapid.Check(t, func(rt *rapid.T) {
		name := rapid.SampledFrom(names).Draw(rt, "card")
		msg := fill(rapid.SampledFrom(frames).Draw(rt, "frame"), name)
		c := newConversation(t, e)
		c.send("show me accessories", "")
		st := stateOf(t, c.send(msg, ""))
		want := cards[name]
		p := st.Conversation.PendingConfirmation.TargetID
		switch {
		case *st.Conversation.LastIntent == nlu.ShopSearch:
			if want != "" || st.Query == nil || !slices.Equal(st.Query.Terms, []string{"beanie"}) {
				rt.Fatalf("%q: searched %+v, want %s picked or asked", msg, st.Query, want)
			}
		case want == "" && p != nil:
			rt.Fatalf("%q: picked %s, want asked which", msg, *p)
		case want != "" && (p == nil || *p != want) && st.Conversation.State != shop.StateClarifying:
			rt.Fatalf("%q: %s, want %s or asked", msg, st.Conversation.State, want)
		}
	})
}
