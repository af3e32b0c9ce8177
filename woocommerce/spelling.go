package woocommerce

import (
	"context"
	"slices"
	"strings"
	"unicode"

	"github.com/parleyhq/parley/shop"
)

var _ shop.Spelling = (*Catalog)(nil)

// maxSpellingPages bounds the product pages SpellingWords reads, maxPerPage
// products each: the names of a large shop's first thousand products.
const maxSpellingPages = 10

// SpellingWords returns the words of the shop's product names, categories,
// tags and attribute terms, lower case, sorted, each once (shop.Spelling): the
// shop engine reads them once, when it is made, so that a word a typo away
// from one of them ("pruning sheers", "trowl") is read as it. It asks
// WooCommerce then, within the catalog's timeout for each request: the term
// lists Known reads (cached) and up to maxSpellingPages pages of products. A
// shop that cannot be reached gives the words read before it failed, maybe
// none; the engine then reads the everyday lexicon's typos only.
func (c *Catalog) SpellingWords() []string {
	ctx := context.Background()
	seen := map[string]bool{}
	add := func(name string) {
		for _, w := range nameWords(name) {
			seen[w] = true
		}
	}
	if v, err := c.vocabulary(ctx); err == nil {
		for _, t := range slices.Concat(v.categories, v.tags) {
			add(t.Name)
		}
		for _, t := range v.attributes {
			add(t.Name)
		}
	}
	for page := range maxSpellingPages {
		p, err := c.Search(ctx, shop.Query{Limit: maxPerPage, Offset: page * maxPerPage})
		if err != nil {
			break
		}
		for _, product := range p.Products {
			add(product.Name)
		}
		if len(p.Products) < maxPerPage || (page+1)*maxPerPage >= p.Total {
			break
		}
	}
	return slices.Sorted(func(yield func(string) bool) {
		for w := range seen {
			if !yield(w) {
				return
			}
		}
	})
}

// nameWords are the words of a name, lower case: its runs of letters and
// digits.
func nameWords(name string) []string {
	return strings.FieldsFunc(strings.ToLower(name), func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
}
