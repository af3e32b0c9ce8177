package shop_test

import (
	"testing"

	"github.com/parleyhq/parley/nlu"
	"github.com/parleyhq/parley/shop"
)

// TestRound28GreetingBesideAnOrdinaryClause (issue 38 round 28's shop
// classes, helper shop29, in phrasings of their own): a greeting or a thanks
// beside an ordinary clause that asks for nothing, its things the objects of
// a preposition ("smells like rain", "back from the market"), is that
// greeting or thanks, never a search nor a question back; a clause that asks
// for a thing ("do you have kayaks?", "i would like a kayak", "a hammock
// please") stays a search, and only looking beside a thanks stays a vague
// opening.
func TestRound28GreetingBesideAnOrdinaryClause(t *testing.T) {
	runReaderCases(t, []readerCase{
		{say: "hey, just back from the farmers market", intent: nlu.ShopGreeting, state: "-", pending: "-"},
		{say: "good evening, it smells like rain out there", intent: nlu.ShopGreeting, state: "-", pending: "-"},
		{say: "thank you, off to the airport now", intent: nlu.ShopThanks, state: "-", pending: "-"},
		// A clause asking for a thing stays a search.
		{say: "hello, do you have kayaks?", intent: nlu.ShopSearch, state: shop.StateIdle, pending: "-"},
		{say: "hi, i would like a kayak", intent: nlu.ShopSearch, state: shop.StateIdle, pending: "-"},
		{say: "hello, a hammock please", intent: nlu.ShopSearch, state: shop.StateIdle, pending: "-"},
		{say: "hi, sunglasses for the lake", intent: nlu.ShopSearch, state: shop.StateRecommending, pending: "-"},
		// Only looking beside a thanks is asked what for.
		{say: "just having a look, thanks", intent: nlu.ShopAmbiguous, state: shop.StateClarifying, pending: "-"},
	})
}
