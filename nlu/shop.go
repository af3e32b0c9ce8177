package nlu

import (
	"sort"
	"strings"
)

// This file holds the shop assistant's intent rules (seed 000): what a shopper's
// message or click asks for, and the search criteria in it. Choices, pinned by
// shop_test.go:
//   - A click's meaning wins over its text: show_more, confirm, cancel,
//     select:<product_id>, human. An unknown meaning falls back to the text.
//   - A whole-message yes/no answer (Confirmation) is confirm/cancel, then an
//     explicit request for a human (IsHumanRequest), then a typed "show more".
//   - Otherwise the message is a product_search when a query can be formed: a
//     content word, a category word or a price range; words that name no product
//     (fillers, "something", recipients such as "for my dad") do not form a query.
//     With nothing left it is ambiguous ("I want to buy something", "I don't know").

// Shop intents.
const (
	ShopSearch    = "product_search"
	ShopAmbiguous = "ambiguous"
	ShopShowMore  = "show_more"
	ShopSelect    = "select"
	ShopConfirm   = "confirm"
	ShopCancel    = "cancel"
	ShopHuman     = "human"
)

// ShopRequest is what one shopper's message asks for.
type ShopRequest struct {
	// Intent is one of the Shop* intents.
	Intent string
	// ProductID is the product of a select.
	ProductID string
	// Terms are the content words of a product_search, lower case, in message order,
	// without repeats.
	Terms []string
	// Category is the canonical category a category word of the message names.
	Category string
	// Price is the price range the message sets.
	Price PriceRange
}

// ShopParser reads shoppers' messages against a category vocabulary. It is
// immutable and safe for concurrent use.
type ShopParser struct {
	// categories are the category names in name order, each with its words split
	// as phrases once.
	categories []shopCategory
}

type shopCategory struct {
	name    string
	phrases [][]string
}

// DefaultShopCategories are the categories of WooCommerce's sample store with the
// words that name them (English, French, Darija in Latin letters).
func DefaultShopCategories() map[string][]string {
	return map[string][]string{
		"Clothing":    {"clothing", "clothes", "apparel", "vetements", "vetement", "hwayej", "7wayej"},
		"Hoodies":     {"hoodie", "hoodies", "sweatshirt", "sweatshirts", "sweat", "sweats", "sweater"},
		"Tshirts":     {"t-shirt", "t-shirts", "tshirt", "tshirts", "tee", "tees", "shirt", "shirts"},
		"Accessories": {"accessory", "accessories", "accessoire", "accessoires"},
		"Music":       {"music", "musique", "album", "albums", "song", "songs", "mosi9a", "musi9a"},
		"Decor":       {"decor", "decoration", "decorations"},
	}
}

// NewShopParser returns a parser that maps the words of categories (canonical name
// -> words) to Category. A nil map means no category words.
func NewShopParser(categories map[string][]string) *ShopParser {
	names := make([]string, 0, len(categories))
	for name := range categories {
		names = append(names, name)
	}
	sort.Strings(names)
	p := &ShopParser{}
	for _, name := range names {
		c := shopCategory{name: name}
		for _, w := range categories[name] {
			if ws := phraseWords(w); len(ws) > 0 {
				c.phrases = append(c.phrases, ws)
			}
		}
		p.categories = append(p.categories, c)
	}
	return p
}

// shopShowMore are typed requests for the next page, matched on the whole message.
var shopShowMore = map[string]bool{
	"more": true, "show more": true, "show me more": true, "more please": true, "next": true,
	"next page": true, "see more": true, "load more": true, "other ones": true, "others": true,
	"plus": true, "voir plus": true, "encore": true, "la suite": true, "suivant": true,
	"zid": true, "zidni": true, "werini ktar": true, "bghit ktar": true, "mazal": true,
	"المزيد": true, "زيد": true,
}

// shopNonQueryWords name no product: fillers, shopping verbs, price words, vague
// nouns and gift recipients, in English, French and Darija (Latin letters).
var shopNonQueryWords = wordSet(`
a an the i i'm im me my mine you your we us our it its this that these those some any
something anything stuff thing things one ones product products item items
do does did have has got get give want wanna need needs looking look find search show see
add cart basket take buy purchase order shop shopping like would could can please pls plz just maybe also
for with without of to in on at from by about and or but so is are am be there here
what which who how where when why hi hello hey salam salut bonjour thanks thank merci
know don't dont not no sure idea yes yeah yep yup nah nope perhaps wakha iyyeh mzyan na3am bala
mansalich oui non hmm hm ok okay well help really very good nice new
under below less than over above more between max maximum min minimum at most least
cheap cheaper cheapest price prices priced budget cost costs around about up upto
dollar dollars usd bucks euro euros eur dh dhs dirham dirhams mad
gift gifts present presents dad father mom mother mum parents friend friends brother
sister son daughter wife husband boyfriend girlfriend kid kids him her them someone
je j'ai veux voudrais cherche chercher un une des le les du de pour mon ma mes quelque chose
bghit bgheet nchri chi wach kayn 3ndkom 3andkom fih dyal dial l
`)

func wordSet(list string) map[string]bool {
	set := map[string]bool{}
	for _, w := range strings.Fields(list) {
		set[w] = true
	}
	return set
}

// Parse reads one shopper's turn: the click's meaning when there is one, else the
// text.
func (p *ShopParser) Parse(text, meaning string) ShopRequest {
	switch m := strings.TrimSpace(meaning); {
	case m == ShopShowMore:
		return ShopRequest{Intent: ShopShowMore}
	case m == ShopConfirm:
		return ShopRequest{Intent: ShopConfirm}
	case m == ShopCancel:
		return ShopRequest{Intent: ShopCancel}
	case m == ShopHuman:
		return ShopRequest{Intent: ShopHuman}
	case strings.HasPrefix(m, ShopSelect+":"):
		if id := strings.TrimSpace(strings.TrimPrefix(m, ShopSelect+":")); id != "" {
			return ShopRequest{Intent: ShopSelect, ProductID: id}
		}
	}
	switch Confirmation(text) {
	case Yes:
		return ShopRequest{Intent: ShopConfirm}
	case No:
		return ShopRequest{Intent: ShopCancel}
	}
	k := key(text)
	if shopShowMore[k] {
		return ShopRequest{Intent: ShopShowMore}
	}
	if IsHumanRequest(text) {
		return ShopRequest{Intent: ShopHuman}
	}
	req := ShopRequest{Intent: ShopAmbiguous}
	if pr, ok := ExtractPriceRange(text); ok {
		req.Price = pr
	}
	if c, ok := p.category(k); ok {
		req.Category = c
	}
	seen := map[string]bool{}
	for _, w := range strings.Fields(strings.Map(queryRune, k)) {
		w = strings.Trim(w, "'-")
		if w == "" || seen[w] || shopNonQueryWords[w] || isNumberWord(w) {
			continue
		}
		seen[w] = true
		req.Terms = append(req.Terms, w)
	}
	if len(req.Terms) > 0 || req.Category != "" || req.Price.Min != nil || req.Price.Max != nil {
		req.Intent = ShopSearch
	}
	return req
}

// category returns the category named in the key k; when words of several
// categories occur, the one named first in the message wins (ties: name order).
func (p *ShopParser) category(k string) (string, bool) {
	toks := tokenize(k)
	best, bestAt := "", -1
	for _, c := range p.categories {
		for _, phrase := range c.phrases {
			if at := findPhrase(toks, phrase, 0); at >= 0 && (bestAt < 0 || at < bestAt) {
				best, bestAt = c.name, at
			}
		}
	}
	return best, bestAt >= 0
}

// queryRune keeps what can be part of a search word (letters, digits, inner
// apostrophes and dashes as in "t-shirt") and turns the rest into spaces.
func queryRune(r rune) rune {
	if isWordRune(r) || r == '\'' || r == '-' {
		return r
	}
	return ' '
}

// isNumberWord reports whether w is an amount ("20", "19.99", "$20") rather than a
// search word; prices are read by ExtractPriceRange.
func isNumberWord(w string) bool {
	digits := 0
	for _, r := range w {
		switch {
		case r >= '0' && r <= '9':
			digits++
		case r == '.' || r == ',' || r == '$' || r == '€' || r == '-':
		default:
			return false
		}
	}
	return digits > 0
}
