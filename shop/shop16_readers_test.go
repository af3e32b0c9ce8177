package shop_test

import (
	"testing"

	"github.com/parleyhq/parley/nlu"
	"github.com/parleyhq/parley/shop"
	"pgregory.net/rapid"
)

// TestRound15ShopClasses: round 15's shop classes in phrasings of their own:
// a bare message of words the shop cannot place is no search; unplaced words
// around a sold product are dropped; a bare unsold word at a confirmation
// is no search; a question about a version of the pending item asks again;
// a verb of picking inside a noun phrase is no pick; a place in the row
// picks a card; a question about sending abroad is a shop question.
func TestRound15ShopClasses(t *testing.T) {
	runReaderCases(t, []readerCase{
		{say: "zorvik tandel", intent: nlu.ShopAmbiguous, state: shop.StateClarifying},
		// Sardinian "good day" (courtesy_words.txt): a greeting now.
		{say: "bonas dies", intent: nlu.ShopGreeting, state: "-"},
		{say: "ha meʻa lelei", intent: nlu.ShopAmbiguous, state: shop.StateClarifying},
		{say: "vòli sunglasses, mercés", intent: nlu.ShopSearch, state: shop.StateRecommending},
		{say: "kuna hoodies, asante", intent: nlu.ShopSearch, state: shop.StateRecommending},
		// Sesotho "others" (courtesy_words.txt): more, not unplaced words.
		{setup: accessories, say: "tse ding", intent: nlu.ShopShowMore, state: "-"},
		{setup: accessories, say: "tse zorvik", intent: "-", state: shop.StateClarifying},
		{setup: capPending, say: "wen", intent: nlu.ShopAmbiguous, state: shop.StateAwaitingConfirmation, pending: "60"},
		{setup: capPending, say: "saan", intent: nlu.ShopAmbiguous, state: shop.StateAwaitingConfirmation, pending: "60"},
		{setup: capPending, say: "is there a blue version?", intent: nlu.ShopAmbiguous, state: shop.StateAwaitingConfirmation, pending: "60"},
		{setup: capPending, say: "te", intent: nlu.ShopAmbiguous, state: shop.StateAwaitingConfirmation, pending: "60"},
		{setup: capPending, say: "yes... actually no", intent: nlu.ShopCancel, state: shop.StateIdle},
		{setup: capPending, say: "no, wait, yes", intent: nlu.ShopConfirm, state: shop.StateIdle},
		{say: "a lock pick set", intent: nlu.ShopSearch, state: "-"},
		{setup: accessories, say: "pick the cap", intent: nlu.ShopSelect, state: shop.StateAwaitingConfirmation, pending: "60"},
		{setup: accessories, say: "the one at the end", intent: nlu.ShopSelect, state: shop.StateAwaitingConfirmation, pending: "85"},
		{setup: accessories, say: "the one on the far left", intent: nlu.ShopSelect, state: shop.StateAwaitingConfirmation, pending: "48"},
		{say: "do you post to ireland?", intent: nlu.ShopQuestion, state: shop.StateIdle},
		{say: "can you send to canada?", intent: nlu.ShopQuestion, state: shop.StateIdle},
	})
}

// TestUnplacedWordsAreNeverSearched: a bare message of a sold product with
// made-up words around it searches the product, and made-up words alone are
// never searched (not understood): the search is right or absent.
func TestUnplacedWordsAreNeverSearched(t *testing.T) {
	e := demo(t)
	sold := []string{"sunglasses", "hoodies", "a cap", "beanies", "a belt"}
	rapid.Check(t, func(rt *rapid.T) {
		// Ending in "qx": no language's word, nor one letter from one ("-aj" is
		// Esperanto's plural, "fineq" a typo of "fine"); "codeqx" is one
		// letter from "codex" and "timeqx" from "timex", English typos the
		// shop rightly reads as words: left out.
		made := rapid.SliceOfN(rapid.StringMatching(`[bcdfgklmnprstvz][aeiou][bcdfgklmnprstvz][aeiou]qx`).
			Filter(func(w string) bool { return !shop.ReadsAsEnglish(w) }), 1, 2).Draw(rt, "made")
		msg := made[0]
		withSold := rapid.Bool().Draw(rt, "sold")
		if !withSold && len(made) == 1 {
			// One unknown word alone may be acceptance check 2's bare noun
			// the shop does not sell ("veshti?"): it may be searched.
			return
		}
		if withSold {
			msg += " " + rapid.SampledFrom(sold).Draw(rt, "product")
		}
		if len(made) > 1 {
			// Two unknown words as one phrase or two clauses ("babaqx,
			// buzoqx"), or an unknown word in a clause after the sold
			// product's ("babaqx a cap, teleqx": productBeforeAside).
			msg += rapid.SampledFrom([]string{" ", ", "}).Draw(rt, "break") + made[1]
		}
		st := stateOf(t, newConversation(t, e).send(msg, ""))
		got := *st.Conversation.LastIntent
		switch {
		case withSold && (got != nlu.ShopSearch || st.Conversation.State != shop.StateRecommending):
			rt.Fatalf("%q: %s in %s, want the sold product shown", msg, got, st.Conversation.State)
		case !withSold && got == nlu.ShopSearch:
			rt.Fatalf("%q searched", msg)
		}
	})
}
