package flows

import (
	"strings"
	"testing"
)

// TestPricePickProperty: every phrase of price_words.txt, in any frame, picks
// the record of its side in the hotel demo's Lisbon records; a phrase of
// each of two sides picks none.
func TestPricePickProperty(t *testing.T) {
	e, err := DemoFor("hotel")
	if err != nil {
		t.Fatal(err)
	}
	sl := e.flows["book_hotel"].slots["hotel_name"]
	var lisbon []map[string]string
	for _, r := range sl.records {
		if r["city"] == "Lisbon" {
			lisbon = append(lisbon, r)
		}
	}
	want := map[string]any{"cheapest": "Tagus View", "dearest": "Bairro Loft", "best_rated": "Bairro Loft", "middle": nil}
	frames := []string{"%s", "the %s one", "i'll take the %s please", "whichever is %s thanks"}
	for _, p := range pricePhrases {
		for _, f := range frames {
			k := " " + foldKey(strings.ReplaceAll(f, "%s", p.key)) + " "
			if v, said := pricePick(sl, lisbon, k); !said || v != want[p.side] {
				t.Errorf("%q: got %v (said %v), want %v", k, v, said, want[p.side])
			}
		}
		for _, q := range pricePhrases {
			if q.side == p.side {
				continue
			}
			k := " the " + p.key + " or the " + q.key + " "
			if v, _ := pricePick(sl, lisbon, k); v != nil {
				t.Errorf("%q: got %v, want none", k, v)
			}
		}
	}
}
