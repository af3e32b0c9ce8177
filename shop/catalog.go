package shop

import "context"

// Catalog is what the engine needs from a product catalog: a ranked, paged search and
// a lookup by id. The embedded WooCommerce sample catalog (package catalog) and a live
// WooCommerce store implement it.
//
// Search must be deterministic: the same query gives the same products in the same
// order, so that offset/limit pages never overlap or skip. A failure is reported as an
// error (any code); the engine turns it into seed 000's error state, never into a
// failed turn.
type Catalog interface {
	Search(ctx context.Context, q Query) (Page, error)
	// Product returns one product; an unknown id is an error with code
	// parley.ENOTFOUND.
	Product(ctx context.Context, id string) (Product, error)
}

// Query is one catalog search: free text or terms, optional filters, and a page.
type Query struct {
	// Text is the user's search as typed; Terms are its content words. A catalog
	// searches Terms when given, else the words of Text.
	Text  string   `json:"text"`
	Terms []string `json:"terms,omitempty"`
	// Category restricts results to products in that category at any level of the
	// category path ("Hoodies" matches "Clothing > Hoodies"). Case-insensitive.
	Category string `json:"category,omitempty"`
	// MinPrice and MaxPrice bound the product price, inclusive.
	MinPrice *float64 `json:"min_price,omitempty"`
	MaxPrice *float64 `json:"max_price,omitempty"`
	Offset   int      `json:"-"`
	Limit    int      `json:"-"`
}

// Page is one page of search results.
type Page struct {
	Products []Product
	// Total counts every product matching the query, across pages.
	Total int
}

// Product is one catalog entry as the engine shows it.
type Product struct {
	ID          string
	Name        string
	Description string
	// Price is the price a customer pays now (the sale price when one is set).
	Price    float64
	Currency string
	ImageURL string
	// Permalink is the product page; a path without a host ("/product/hoodie/") is
	// resolved against the shop's base URL.
	Permalink  string
	Categories []string
}

// Vocabulary is implemented by a Catalog that can say which words it matches and
// which categories it has. The engine forms searches only from words the catalog
// knows, so that filler ("idk", "smth", "lol") is never searched nor echoed, and
// asks its clarifying questions with the catalog's own categories. A Catalog
// without it is searched with every candidate word and has no category words.
//
// Both methods are called inside a turn and should answer from a cache; an error
// is a catalog failure (seed 000's error state).
type Vocabulary interface {
	// Categories returns the catalog's categories, in the catalog's order.
	Categories(ctx context.Context) ([]Category, error)
	// Known returns, in order, the words of words that the catalog can match: a
	// product name, a category, a tag or an attribute value.
	Known(ctx context.Context, words []string) ([]string, error)
}

// Category is one catalog category.
type Category struct {
	// Name is the category's name as the catalog spells it ("T-shirts"); a search
	// filters by it (Query.Category).
	Name string
	// Parent is the parent category's name, "" at the top level.
	Parent string
	// Words are further words or phrases that name the category (synonyms, other
	// languages); the name's own forms ("t-shirt", "tshirts") need not be listed.
	Words []string
}
