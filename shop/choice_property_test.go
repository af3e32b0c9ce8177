package shop_test

import (
	"fmt"
	"testing"

	"github.com/parleyhq/parley/shop"
	"pgregory.net/rapid"
)

// choice is a way to choose a card among n shown, and the card it means (its
// index), or -1 when it names no one card and must be asked about.
type choice struct {
	text  string
	index int
}

var positionWords = []string{"first", "second", "third", "fourth", "fifth"}
var numberWords = []string{"one", "two", "three", "four", "five"}

// drawChoice draws a choice phrasing over n cards whose prices are prices.
func drawChoice(t *rapid.T, prices []float64) choice {
	n := len(prices)
	k := rapid.IntRange(0, n-1).Draw(t, "k")
	cheapest, priciest := 0, 0
	for i, p := range prices {
		if p < prices[cheapest] {
			cheapest = i
		}
		if p > prices[priciest] {
			priciest = i
		}
	}
	middle := -1
	if n%2 == 1 {
		middle = n / 2
	}
	options := []choice{
		{fmt.Sprintf("the %s one", positionWords[k]), k},
		{fmt.Sprintf("number %s please", numberWords[k]), k},
		{fmt.Sprintf("option %d", k+1), k},
		{"the last one", n - 1},
		{"the one in the middle", middle},
		{"whichever is cheapest", cheapest},
		{"the priciest one", priciest},
	}
	return options[rapid.IntRange(0, len(options)-1).Draw(t, "choice")]
}

// TestChosenCardIsTheOneMeantOrNone: over random pages of two to five cards
// with distinct prices and random ways of choosing among them (position,
// number, middle, price), the card awaiting confirmation is the one the words
// mean, and a choice that names no one card (the middle of an even page) picks
// none and asks (issue 38: zero wrong values).
func TestChosenCardIsTheOneMeantOrNone(t *testing.T) {
	outer := t // the engine's helpers fail the test on an engine error
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.IntRange(2, 5).Draw(t, "cards")
		prices := rapid.SliceOfNDistinct(rapid.IntRange(5, 500), n, n, rapid.ID[int]).Draw(t, "prices")
		cat := &fakeCatalog{}
		fp := make([]float64, n)
		for i, p := range prices {
			fp[i] = float64(p)
			cat.products = append(cat.products, shop.Product{
				ID: fmt.Sprint(200 + i), Name: fmt.Sprintf("Hoodie %c", 'A'+i), Price: fp[i], Currency: "USD",
				Permalink: fmt.Sprintf("/product/%d/", i),
			})
		}
		c := newConversation(outer, newEngine(outer, shop.DefaultConfig(), cat))
		if page := stateOf(outer, c.send("hoodie", "")).PageProductIDs; len(page) != n {
			t.Fatalf("the search showed %v, want %d cards", page, n)
		}
		ch := drawChoice(t, fp)
		st := stateOf(outer, c.send(ch.text, ""))
		got := st.Conversation.PendingConfirmation.TargetID
		switch {
		case ch.index < 0 && got != nil:
			t.Fatalf("%q picked %s, want none (asked)", ch.text, *got)
		case ch.index >= 0 && (got == nil || *got != cat.products[ch.index].ID):
			t.Fatalf("%q picked %v, want %s", ch.text, got, cat.products[ch.index].ID)
		}
	})
}
