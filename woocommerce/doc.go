// Package woocommerce owns Parley's access to a live WooCommerce shop: a shop.Catalog
// over either the authenticated REST API v3 (GET /wp-json/wc/v3/products) or the public
// Store API (GET /wp-json/wc/store/v1/products), with a small TTL cache in front.
//
// Wire formats and parameters follow docs/spec/chatwoot-woocommerce.md §D and the
// verbatim fixtures copied under wootest/fixtures/.
//
// Choices made where the sources leave room (each pinned by a test):
//
//   - REST authentication: over https the consumer key and secret are sent as HTTP
//     Basic auth; over plain http they are sent as the consumer_key and consumer_secret
//     query parameters. WooCommerce reads both only when WordPress believes the request
//     is secure (is_ssl()), so plain http works only behind a TLS-terminating proxy
//     that WordPress recognises, or on a development site forced to https; otherwise
//     WooCommerce wants OAuth 1.0a over http, which this package does not implement:
//     use https, or the Store API. Query-string secrets can end up in server logs;
//     this package never puts a request URL in its errors.
//   - REST requests send status=publish (the default is "any", which lists drafts);
//     Store API requests send catalog_visibility=catalog, as the shop page does.
//   - Search sends Query.Terms joined by spaces when there are terms, else Query.Text.
//     The REST API runs WordPress search (every word must appear in the title, excerpt
//     or content); the Store API matches the whole text inside the title or the SKU.
//   - Paging: an offset that is a multiple of the limit is sent as page (1-based),
//     any other offset as WooCommerce's offset parameter. per_page is 1..100
//     (default 10). Page.Total is X-WP-Total.
//   - Vocabulary (shop.Vocabulary): Categories is the shop's own category list
//     (GET wc/v3/products/categories or wc/store/v1/products/categories, every
//     page of 100, names HTML-unescaped, parents by id), cached for the cache
//     period; the product tags and the global attributes' terms (products/attributes,
//     then each attribute's terms, at most 20 attributes) likewise. Known keeps a
//     word that starts a word of a category name or slug, names a tag or an
//     attribute term, or (3 letters or more) that a one-product search finds
//     (cached like any search).
//   - Spelling (shop.Spelling): SpellingWords lists the words of the product names
//     (up to 10 pages of 100 products), categories, tags and attribute terms. The
//     shop engine asks once, when it is made (shop.New), each request within the
//     timeout; a shop unreachable then gives the words read so far, maybe none,
//     and the engine reads the everyday lexicon's typos only until it is made again.
//   - Tags and attributes: a search word naming one of the shop's tags (by the
//     cached list; the singular and plural alike) is sent as the tag filter
//     (tag=<ids>), and the first one naming an attribute term as that term's filter
//     (REST attribute=<taxonomy>&attribute_term=<id>; Store API
//     attributes[0][attribute]=<taxonomy>&attributes[0][term_id]=<id>), rather than
//     as search words, which WooCommerce would look for in titles and text only.
//   - Category: the last segment of a "Parent > Child" path is used. When the cached
//     category list has the name (or its slug), its id is sent to either API.
//     Otherwise the REST API's term ids are resolved by GET
//     /wp-json/wc/v3/products/categories?search= (exact name or slug matches win,
//     otherwise every match; cached); a name that resolves to nothing gives an empty
//     page without a product request; the Store API gets the name's slug
//     (lowercase, hyphens), a number as is.
//   - Prices: REST prices are decimal strings; min_price and max_price are sent the
//     same way. Store API prices are integers in minor units with
//     prices.currency_minor_unit; they are converted to decimals by moving the point,
//     never through float arithmetic, and min_price/max_price are sent in minor units
//     (the minor unit is learned from a first one-product request when not yet known).
//     The product price is the current price; a variable product without one takes the
//     lowest variation price when the payload carries variation prices (Store API
//     price_range, or variation objects with a price), else 0.
//   - A product of type "variation" stands for its parent: its id becomes the parent
//     id and a page lists each parent once.
//   - Currency: the Store API gives it per product. The REST API does not; it comes
//     from Config.Currency or, when empty, from GET /wp-json/wc/v3/data/currencies/current
//     (cached; empty when the key may not read it).
//   - Descriptions: the short description, else the description, with HTML removed,
//     entities decoded and whitespace collapsed. The image is the first image.
//   - Errors are *parley.Error: an unknown product id is ENOTFOUND; a 400 (a parameter
//     WooCommerce refuses) or a 404 on the product list (no such API at the URL) is
//     EINVALID; timeouts, transport failures, 401/403 (refused credentials), 429, 5xx
//     and malformed JSON are EUNAVAILABLE. Errors are never cached.
package woocommerce
