package shop_test

import (
	"testing"

	"github.com/parleyhq/parley/nlu"
	"github.com/parleyhq/parley/shop"
)

// TestRound27UnnamedWordBesideSocial (issue 38 round 27's shop classes,
// helper shop28, in phrasings of their own): a word the shop cannot name
// (no catalog or everyday word, no English word, no made thing) beside a
// greeting, a thanks or a vague opening is that message's word of another
// language, never a search for it; an ordinary noun the shop does not sell
// stays a search, framed or not.
func TestRound27UnnamedWordBesideSocial(t *testing.T) {
	runReaderCases(t, []readerCase{
		{say: "wazzomba, hello", intent: nlu.ShopGreeting, state: "-", pending: "-"},
		{say: "hi, kubwenzi", intent: nlu.ShopGreeting, state: "-", pending: "-"},
		{say: "tumeka pi, good morning", intent: nlu.ShopGreeting, state: "-", pending: "-"}, // two-letter word of the same clause
		{say: "thanks, ngiyabonga kakhulu", intent: nlu.ShopThanks, state: "-", pending: "-"},
		{say: "ketu for my sister, a present", intent: nlu.ShopAmbiguous, state: shop.StateClarifying, pending: "-"},
		// Nouns the shop does not sell stay searches.
		{say: "hello, do you have kayaks?", intent: nlu.ShopSearch, state: shop.StateIdle, pending: "-"},
		{say: "a hammock", intent: nlu.ShopSearch, state: shop.StateIdle, pending: "-"},
		{say: "veshti available?", intent: nlu.ShopSearch, state: shop.StateIdle, pending: "-"},
		{say: "raincoat pls, it's pouring", intent: nlu.ShopSearch, state: shop.StateIdle, pending: "-"},
		{say: "lantren pls, the power is out", intent: nlu.ShopSearch, state: shop.StateIdle, pending: "-"}, // a made thing typed with a typo
	})
}

// TestRound27AddressAndGreetings: forms of address at a clause's edge
// (nlu/reader_words.txt address_terms) are read away; "tank you" is a
// thanks only with its "you"; a Liberian "how da body?" greets; a wish
// after a greeting with an ordinal in it is no pick.
func TestRound27AddressAndGreetings(t *testing.T) {
	runReaderCases(t, []readerCase{
		{say: "evening, my guy", intent: nlu.ShopGreeting, state: "-", pending: "-"},
		{say: "tank you hon", intent: nlu.ShopThanks, state: "-", pending: "-"},
		{say: "tank top", intent: nlu.ShopSearch, state: "-", pending: "-"}, // the catalog's "tank": a search
		{say: "bossman, how di body?", intent: nlu.ShopGreeting, state: "-", pending: "-"},
		{say: "hello, happy first day of summer", intent: nlu.ShopSmallTalk, state: "-", pending: "-"},
		{say: "a gift for my brother", intent: nlu.ShopAmbiguous, state: "-", pending: "-"}, // after "for": whom for, no address
		{setup: clothing, say: "someone real please, not a robot", intent: nlu.ShopHuman, state: shop.StateHandoff, pending: "-"},
		{setup: clothing, say: "a live person my man", intent: nlu.ShopHuman, state: shop.StateHandoff, pending: "-"},
		{say: "not a bot", intent: "-", state: "-", pending: "-"},
	})
}

// TestRound27CardPicks: a shown card named after a th-stopped or mistyped
// "the", with a participle describing its feature, or with a typo and a
// chat thanks after it, is picked; a plural stays a search.
func TestRound27CardPicks(t *testing.T) {
	runReaderCases(t, []readerCase{
		{setup: accessories, say: "da belt", intent: nlu.ShopSelect, state: shop.StateAwaitingConfirmation, pending: "58"},
		{setup: accessories, say: "th sunglasses pls", intent: nlu.ShopSelect, state: shop.StateAwaitingConfirmation, pending: "62"},
		{setup: accessories, say: "dat cap hon", intent: nlu.ShopSelect, state: shop.StateAwaitingConfirmation, pending: "60"},
		{setup: accessories, say: "the beanie with the logo sewn on", intent: nlu.ShopSelect, state: shop.StateAwaitingConfirmation, pending: "85"},
		{setup: accessories, say: "sunglasess, thx so much", intent: nlu.ShopSelect, state: shop.StateAwaitingConfirmation, pending: "62"},
		{setup: accessories, say: "belts please", intent: nlu.ShopSearch, state: "-", pending: "-"},
	})
}

// TestRound27MoreAndConfirmation: more with a polite clause and a clause
// asking for other values of an aspect or saying the cards are too much of
// something is more; at the confirmation a yes with a reason naming the
// card confirms, a no sentence then a tail cancels, a question naming the
// card by a definite word asks again.
func TestRound27MoreAndConfirmation(t *testing.T) {
	runReaderCases(t, []readerCase{
		{setup: clothing, say: "more, thanks, other styles", intent: nlu.ShopShowMore, state: "-", pending: "-"},
		{setup: clothing, say: "more please, those are too pricey", intent: nlu.ShopShowMore, state: "-", pending: "-"},
		{setup: capPending, say: "yes, want the cap for the beach this weekend", intent: nlu.ShopConfirm, state: "-", pending: ""},
		{setup: capPending, say: "yes, a cap in blue", intent: "-", state: "-", pending: "-"}, // another variant: no confirmation
		{setup: capPending, say: "yep hon, put it in", intent: nlu.ShopConfirm, state: "-", pending: ""},
		{setup: capPending, say: "No thanks. I'll look around some more.", intent: nlu.ShopCancel, state: shop.StateIdle, pending: ""},
		{setup: capPending, say: "is the cap washable?", intent: nlu.ShopAmbiguous, state: shop.StateAwaitingConfirmation, pending: "60"},
		{setup: capPending, say: "does this cap fit a big head?", intent: nlu.ShopAmbiguous, state: shop.StateAwaitingConfirmation, pending: "60"},
	})
}
