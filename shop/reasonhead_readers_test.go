package shop_test

import (
	"testing"

	"github.com/parleyhq/parley/nlu"
	"github.com/parleyhq/parley/shop"
	"github.com/parleyhq/parley/shop/lexicon"
)

// TestThingBeforeAReason: a thing to buy named, then a statement of why
// ("umbrellas, the wind here is brutal"), is a search for the thing, sold or
// not; the same shape whose head is a time, an event or an act ("snow day,
// school is closed", "road trip, we leave friday") is no request, and a
// clause with a negation is read whole.
func TestThingBeforeAReason(t *testing.T) {
	runReaderCases(t, []readerCase{
		{say: "umbrellas, the wind here is brutal", intent: nlu.ShopSearch, state: "-", pending: "-"},
		{say: "earmuffs, my commute is freezing", intent: nlu.ShopSearch, state: "-", pending: "-"},
		{say: "a raincoat, it pours every afternoon", intent: nlu.ShopSearch, state: "-", pending: "-"},
		{say: "gloves, the old pair tore at the rink", intent: nlu.ShopSearch, state: "-", pending: "-"},
		{say: "slippers, the floors are cold", intent: nlu.ShopSearch, state: "-", pending: "-"},
		{say: "a beanie, the wind up here is brutal", intent: nlu.ShopSearch, state: shop.StateRecommending, pending: "-"},
		// A remark about a time, an event or an act: asked.
		{say: "snow day, school is closed", intent: nlu.ShopAmbiguous, state: shop.StateClarifying, pending: "-"},
		{say: "payday, the rent is due", intent: nlu.ShopAmbiguous, state: shop.StateClarifying, pending: "-"},
		{say: "road trip, we leave friday", intent: nlu.ShopAmbiguous, state: shop.StateClarifying, pending: "-"},
		{say: "heat wave, it is 40 degrees", intent: nlu.ShopAmbiguous, state: shop.StateClarifying, pending: "-"},
		// A negation after the thing may turn the request: read whole.
		{say: "umbrellas, not the folding kind", intent: nlu.ShopAmbiguous, state: shop.StateClarifying, pending: "-"},
	})
}

// TestArtifactNouns: the WordNet list knows made things in the singular and
// in regular plurals, and no time, event or act.
func TestArtifactNouns(t *testing.T) {
	for _, c := range []struct {
		word string
		want bool
	}{
		{"glove", true}, {"gloves", true}, {"umbrellas", true}, {"scarves", true}, {"boots", true},
		{"day", false}, {"days", false}, {"trip", false}, {"wave", false}, {"payday", false}, {"game", false},
	} {
		if got := lexicon.IsArtifactNoun(c.word); got != c.want {
			t.Errorf("IsArtifactNoun(%q) = %v, want %v", c.word, got, c.want)
		}
	}
}
