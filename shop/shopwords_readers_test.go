package shop_test

import (
	"slices"
	"testing"

	"github.com/parleyhq/parley/catalog"
	"github.com/parleyhq/parley/nlu"
	"github.com/parleyhq/parley/shop"
)

// TestParticlesTyposTagsAndCodePositions: discourse particles and tags of the
// world's Englishes are no search words and do not stop a card from being
// named; a word one typo from one catalog word is that word; a question with
// an "or not" tag asks and never refuses; a card's position written as code
// or with a numbering sign picks it (issue 38 item 5).
func TestParticlesTyposTagsAndCodePositions(t *testing.T) {
	runReaderCases(t, []readerCase{
		// Particles and tags after a product, or a card's name.
		{say: "belt lah", intent: nlu.ShopSearch, state: shop.StateRecommending},
		{say: "got hoodie krub?", intent: nlu.ShopSearch, state: shop.StateRecommending},
		{say: "show me polos yaar", intent: nlu.ShopSearch, state: shop.StateRecommending},
		{say: "need a belt innit", intent: nlu.ShopSearch, state: shop.StateRecommending},
		{say: "beanie po", intent: nlu.ShopSearch, state: shop.StateRecommending},
		{setup: accessories, say: "cap krub", intent: nlu.ShopSelect, state: shop.StateAwaitingConfirmation, pending: "60"},
		{setup: accessories, say: "the belt lah", intent: nlu.ShopSelect, state: shop.StateAwaitingConfirmation, pending: "58"},
		// One typo of a catalog word: a swap, a letter added, dropped or held down.
		{say: "hoodeis", intent: nlu.ShopSearch, state: shop.StateRecommending},
		{say: "do you have beltt", intent: nlu.ShopSearch, state: shop.StateRecommending},
		{say: "sunglasssss pls", intent: nlu.ShopSearch, state: shop.StateRecommending},
		{setup: accessories, say: "bealt", intent: nlu.ShopSelect, state: shop.StateAwaitingConfirmation, pending: "58"},
		{setup: accessories, say: "the sunglsses", intent: nlu.ShopSelect, state: shop.StateAwaitingConfirmation, pending: "62"},
		// Question tags: a search, a page more, a question about the bot.
		{say: "belt have or not", intent: nlu.ShopSearch, state: shop.StateRecommending},
		{say: "kayak got or not", intent: nlu.ShopSearch, state: shop.StateIdle},
		{say: "you all have raincoat or not?", intent: nlu.ShopSearch, state: shop.StateIdle},
		{setup: clothing, say: "have more or not", intent: nlu.ShopShowMore, state: shop.StateRecommending},
		{say: "it is a robot ah?", intent: nlu.ShopAboutBot, state: shop.StateIdle},
		// Positions written as code or numbered.
		{setup: accessories, say: "cards[2]", intent: nlu.ShopSelect, state: shop.StateAwaitingConfirmation, pending: "60"},
		{setup: accessories, say: "products[1]", intent: nlu.ShopSelect, state: shop.StateAwaitingConfirmation, pending: "58"},
		{setup: accessories, say: "no. 4", intent: nlu.ShopSelect, state: shop.StateAwaitingConfirmation, pending: "62"},
		{setup: accessories, say: "n° 5", intent: nlu.ShopSelect, state: shop.StateAwaitingConfirmation, pending: "85"},
		// A broad request by a verb of wearing asks which kind.
		{say: "might you perhaps have something I could wear?", intent: nlu.ShopAmbiguous, state: shop.StateClarifying},
	})
}

// TestCatalogTyposProperty: every catalog word of five letters or more, typed
// with one typo (two letters swapped, one dropped, one doubled), searches that
// word or nothing: never another product (issue 38: the value stored is right
// or absent).
func TestCatalogTyposProperty(t *testing.T) {
	cat, err := catalog.OpenEmbedded(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	defer cat.Close()
	e := demo(t)
	for _, w := range cat.SpellingWords() {
		if len(w) < 5 || !isLetters(w) {
			continue
		}
		found, err := cat.Search(t.Context(), shop.Query{Terms: []string{w}, Limit: 100})
		if err != nil {
			t.Fatal(err)
		}
		want := ids(found.Products)
		for _, typo := range oneTypoForms(w) {
			st := stateOf(t, newConversation(t, e).send(typo, ""))
			for _, id := range st.PageProductIDs {
				// Asked, or nothing found, stores nothing; a card shown is one
				// the word itself finds.
				if !slices.Contains(want, id) {
					t.Errorf("%q (typo of %q) showed %v, the word finds %v", typo, w, st.PageProductIDs, want)
					break
				}
			}
		}
	}
}

func isLetters(w string) bool {
	for _, r := range w {
		if r < 'a' || r > 'z' {
			return false
		}
	}
	return true
}

// oneTypoForms are w with its middle letters swapped, one dropped and one
// doubled.
func oneTypoForms(w string) []string {
	m := len(w) / 2
	return []string{
		w[:m-1] + string(w[m]) + string(w[m-1]) + w[m+1:],
		w[:m] + w[m+1:],
		w[:m] + string(w[m]) + w[m:],
	}
}

func ids(ps []shop.Product) []string {
	var out []string
	for _, p := range ps {
		out = append(out, p.ID)
	}
	return out
}
