package nlu

import (
	"slices"
	"strings"
	"testing"

	"pgregory.net/rapid"
)

// shopWordsOf returns the words of the lines of shop_words.txt of a set.
func shopWordsOf(set string) []string {
	var out []string
	for _, line := range strings.Split(shopWordsText, "\n") {
		head, list, ok := strings.Cut(line, ":")
		if s, _, _ := strings.Cut(strings.TrimSpace(head), " "); ok && s == set && !strings.HasPrefix(line, "#") {
			out = append(out, strings.Fields(list)...)
		}
	}
	return out
}

// TestMoreWordsAskForMore: any word of the "more" and "morealone" lines, said
// alone with or without a polite word or a question mark, asks for more; a
// "morealone" word in a message naming a product is no request for more.
func TestMoreWordsAskForMore(t *testing.T) {
	p := NewShopParser(DefaultShopCategories())
	more, alone := shopWordsOf("more"), shopWordsOf("morealone")
	rapid.Check(t, func(t *rapid.T) {
		w := rapid.SampledFrom(slices.Concat(more, alone)).Draw(t, "word")
		tail := rapid.SampledFrom([]string{"", "?", " pls", " please", "!"}).Draw(t, "tail")
		if got := p.Parse(w+tail, "").Intent; got != ShopShowMore {
			t.Fatalf("%q: %s, want show_more", w+tail, got)
		}
		a := rapid.SampledFrom(alone).Draw(t, "alone")
		product := rapid.SampledFrom([]string{"belt", "caps", "hoodie"}).Draw(t, "product")
		if got := p.Parse(product+" "+a+" 20", "").Intent; got == ShopShowMore {
			t.Fatalf("%q: show_more, want no request for more", product+" "+a+" 20")
		}
	})
}

// TestWishesRecommendationsAndWhatThisIs reads the hedged wish, a request for
// a recommendation and a question about what the shop is.
func TestWishesRecommendationsAndWhatThisIs(t *testing.T) {
	p := NewShopParser(DefaultShopCategories())
	for _, c := range []struct{ text, sought string }{
		{"a scarf, cashmere if you have it", "scarf"},
		{"a hat, ideally wool", "hat"},
		{"leather gloves if possible", "leather gloves"},
		{"a lamp, brass preferably", "lamp"},
		// What the product is for is no product phrase.
		{"sunglasses for a festival", "sunglasses"},
		{"umbrella for my commute", "umbrella"},
		{"tent with a porch", "tent"},
		{"I need a tent for a festival", "tent"},
	} {
		if got := strings.Join(p.Parse(c.text, "").Sought, " "); got != c.sought {
			t.Errorf("%q: sought %q, want %q", c.text, got, c.sought)
		}
	}
	for _, c := range []struct {
		text      string
		recommend bool
		what      bool
	}{
		{"what's good?", true, false}, {"whats good here today", true, false}, {"any recommendations?", true, false},
		{"what do you recommend for a runner?", false, false}, {"what's good about the hoodie", false, false},
		{"what is this?", false, true}, {"whats this place", false, true}, {"what is this belt made of", false, false},
	} {
		if got := AsksForRecommendation(c.text); got != c.recommend {
			t.Errorf("AsksForRecommendation(%q) = %v", c.text, got)
		}
		if got := AsksWhatThisIs(c.text); got != c.what {
			t.Errorf("AsksWhatThisIs(%q) = %v", c.text, got)
		}
	}
	for _, c := range []struct{ text, ord string }{{"numbr 2", "2nd"}, {"optoin 4", "4th"}, {"nummer 3", "3rd"}, {"numb 2", "numb"}} {
		if got := positionWords(strings.Fields(c.text))[0]; got != c.ord {
			t.Errorf("positionWords(%q) = %q, want %q", c.text, got, c.ord)
		}
	}
}
