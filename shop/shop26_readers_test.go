package shop_test

import (
	"testing"

	"github.com/parleyhq/parley/nlu"
	"github.com/parleyhq/parley/shop"
)

// TestRound24ShopClasses (issue 38 round 24's shop classes, in phrasings of
// their own): small talk about the shop's day, an ordinal typed in haste, a
// superlative "of them all", a card said without what several cards lack
// (asked), a no whose reason says the thing is owned already, more of the
// search shown, an unsold thing with a letter missed, after an English
// adjective or before a reason negated after its subject, and a short swap
// beside a polite word among the cards shown.
func TestRound24ShopClasses(t *testing.T) {
	clothing := [][2]string{{"show me clothing", ""}}
	pending := [][2]string{{"show me accessories", ""}, {"", "select:60"}}
	runReaderCases(t, []readerCase{
		{say: "how's your afternoon going?", intent: nlu.ShopGreeting, state: "-", pending: "-"},
		{say: "hows your friday been", intent: nlu.ShopGreeting, state: "-", pending: "-"},
		{say: "friday boots", intent: nlu.ShopSearch, state: "-", pending: "-"},
		{setup: accessories, say: "secnd one", intent: nlu.ShopSelect, state: shop.StateAwaitingConfirmation, pending: "58"},
		{setup: accessories, say: "the fouth one", intent: nlu.ShopSelect, state: shop.StateAwaitingConfirmation, pending: "62"},
		{setup: accessories, say: "the fist one", intent: "-", state: "-", pending: ""}, // "fist" is a word
		{setup: accessories, say: "the priciest of them all", intent: nlu.ShopSelect, state: shop.StateAwaitingConfirmation, pending: "62"},
		{setup: accessories, say: "the one without a logo", intent: nlu.ShopSelect, state: shop.StateClarifying, pending: ""},
		{setup: accessories, say: "the beanie without the logo", intent: nlu.ShopSelect, state: shop.StateAwaitingConfirmation, pending: "48"},
		{setup: pending, say: "no, we already have enough caps", intent: nlu.ShopCancel, state: shop.StateIdle, pending: ""},
		{setup: pending, say: "no, my dad has too many hats", intent: nlu.ShopCancel, state: shop.StateIdle, pending: ""},
		{setup: pending, say: "no, do you already have the belt", intent: "-", state: "-", pending: "-"},
		{setup: clothing, say: "what else is there in clothing", intent: nlu.ShopShowMore, state: shop.StateRecommending, pending: "-"},
		{setup: clothing, say: "moar things", intent: nlu.ShopShowMore, state: shop.StateRecommending, pending: "-"},
		{setup: accessories, say: "what else is there in clothing", intent: nlu.ShopSearch, state: "-", pending: "-"},
		{say: "campng chairs", intent: nlu.ShopSearch, state: shop.StateIdle, pending: "-"},
		{say: "fake plants", intent: nlu.ShopSearch, state: shop.StateIdle, pending: "-"},
		{say: "wool socks, the radiator isn't working", intent: nlu.ShopSearch, state: shop.StateIdle, pending: "-"},
		{say: "wool socks, not the itchy kind", intent: nlu.ShopAmbiguous, state: "-", pending: "-"},
		{setup: accessories, say: "the blet pls", intent: nlu.ShopSelect, state: shop.StateAwaitingConfirmation, pending: "58"},
	})
}
