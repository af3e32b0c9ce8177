// Package catalog owns the demo shop's embedded product catalog: WooCommerce's own
// sample products (data/woocommerce-sample-products.csv, GPL-3.0, see data/LICENSE)
// loaded into an in-memory SQLite database with an FTS5 index, behind the
// shop.Catalog interface. It also wires the demo shop bot (Demo).
//
// Loading follows what a WooCommerce store would list:
//   - only published products whose catalog visibility is "visible" or "catalog"
//     (the sample's hidden "Hoodie with Pocket" is left out);
//   - variations are folded into their parent, never listed: a variable product costs
//     the lowest price of its variations;
//   - a price is the sale price when one is set, else the regular price; a grouped
//     product costs the lowest price of its children;
//   - the currency is the WooCommerce default, USD; permalinks are WooCommerce's
//     default "/product/<slug>/" paths, resolved by the engine against the shop's
//     base URL (external products keep their absolute external URL).
//
// Searching: terms are matched with FTS5's porter tokenizer ("hoodies" finds
// "Hoodie") over the name, the category path with a few synonyms per category
// ("tee" finds T-shirts, "song" finds Music), the tags and attribute values, and the
// short description.
//
// Vocabulary (shop.Vocabulary): Categories are the category path segments in the
// order products first name them, each with its synonyms (English, French, Darija);
// Known keeps a word that the index finds in a name, a category, a tag or an
// attribute value, not in descriptions (the sample's "This is a simple product."
// would otherwise make "simple" and "this" product words).
// Terms are OR-ed and ranked by bm25, then by the CSV's order and id, so that pages
// are deterministic. A term that matches nothing in the catalog is ignored when other
// criteria remain ("something under 20 for my dad" is a price filter); a query whose
// every term is unknown and that has no filter finds nothing. A query with no terms
// and no filter lists the whole catalog in the CSV's order.
//
// Seed 000 cited here is docs/spec/000-shop.txt.
package catalog

import (
	"bytes"
	"context"
	"database/sql"
	_ "embed"
	"encoding/csv"
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"github.com/parleyhq/parley"
	"github.com/parleyhq/parley/nlu"
	"github.com/parleyhq/parley/shop"
	_ "modernc.org/sqlite" // the "sqlite" database/sql driver
)

//go:embed data/woocommerce-sample-products.csv
var sampleProductsCSV []byte

// Currency is the sample store's currency (WooCommerce's default).
const Currency = "USD"

// DemoBaseURL is the demo shop's base URL: the WooCommerce sample store has no live
// address, so add-to-cart links point at this placeholder unless configured.
const DemoBaseURL = "https://shop.example.com"

// categorySynonyms are extra words of the sample store's categories (English,
// French, Darija in Latin letters): indexed with the category, so that everyday
// words find it, and given to the engine as the words that name it (Categories).
var categorySynonyms = map[string]string{
	"tshirts":     "t-shirt t-shirts tshirt tee tees shirt shirts top tops",
	"hoodies":     "hoodie sweatshirt sweatshirts sweat sweats sweater sweaters jumper",
	"accessories": "accessory accessoire accessoires",
	"music":       "album albums song songs single singles record cd musique mosi9a musi9a",
	"decor":       "decoration decorations home",
	"clothing":    "clothes apparel vetements vetement hwayej 7wayej",
}

//go:embed data/regional_words.txt
var regionalWordsText string

// regionalWords are regional_words.txt's words by the product type they name
// ("bunnet" and "flat cap" a cap, "toque" a beanie, "sunnies" sunglasses).
var regionalWords = nlu.WordLists(regionalWordsText)

// regionalWordsOf are the regional words of the product types a product's
// name holds ("Beanie with Logo": toque, bobble hat...), indexed with its
// tags so that a shopper's own word for the type finds it.
func regionalWordsOf(name string) string {
	var out []string
	for _, w := range strings.Fields(strings.ToLower(name)) {
		for _, phrase := range regionalWords[strings.Trim(w, ",")] {
			out = append(out, strings.Join(phrase, " "))
		}
	}
	return strings.Join(out, " ")
}

// Catalog is the embedded sample catalog. It is safe for concurrent use.
type Catalog struct {
	db         *sql.DB
	products   map[string]shop.Product
	categories []shop.Category
	// spelling are the words of the names, categories and tags, each once
	// (SpellingWords).
	spelling []string
}

var (
	_ shop.Catalog     = (*Catalog)(nil)
	_ shop.Vocabulary  = (*Catalog)(nil)
	_ shop.Spelling    = (*Catalog)(nil)
	_ parley.Immediate = (*Catalog)(nil)
)

// OpenEmbedded loads the embedded WooCommerce sample catalog into a private
// in-memory SQLite database.
func OpenEmbedded(ctx context.Context) (*Catalog, error) {
	products, err := parseWooCommerceCSV(bytes.NewReader(sampleProductsCSV))
	if err != nil {
		return nil, err
	}
	return open(ctx, products)
}

// Close releases the in-memory database.
func (c *Catalog) Close() error { return c.db.Close() }

// Immediate says the catalog's calls wait on nothing outside the process (an
// in-memory database), so a shop over it decides on its turn's goroutine
// (parley.Immediate).
func (c *Catalog) Immediate() bool { return true }

// entry is one listed product with what the index needs beyond shop.Product.
type entry struct {
	shop.Product
	// tags are the tags and attribute values: with the name and the categories,
	// the words the catalog is known by (Known).
	tags       string
	searchText string
}

func open(ctx context.Context, entries []entry) (*Catalog, error) {
	db, err := sql.Open("sqlite", ":memory:")
	if err != nil {
		return nil, parley.WrapError(parley.EINTERNAL, err, "open the catalog database")
	}
	// Every connection to ":memory:" is a database of its own: keep exactly one,
	// forever.
	db.SetMaxOpenConns(1)
	db.SetMaxIdleConns(1)
	db.SetConnMaxLifetime(0)
	db.SetConnMaxIdleTime(0)
	c := &Catalog{db: db, products: make(map[string]shop.Product, len(entries))}
	if err := c.load(ctx, entries); err != nil {
		db.Close()
		return nil, err
	}
	return c, nil
}

const schema = `
CREATE TABLE products (
	pos   INTEGER PRIMARY KEY,
	id    TEXT NOT NULL UNIQUE,
	price REAL
);
CREATE TABLE product_categories (
	pos      INTEGER NOT NULL REFERENCES products(pos),
	category TEXT NOT NULL,
	PRIMARY KEY (category, pos)
);
CREATE VIRTUAL TABLE products_fts USING fts5(
	name, categories, tags, body,
	tokenize = 'porter unicode61 remove_diacritics 2'
);
`

func (c *Catalog) load(ctx context.Context, entries []entry) error {
	tx, err := c.db.BeginTx(ctx, nil)
	if err != nil {
		return parley.WrapError(parley.EINTERNAL, err, "load the catalog")
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, schema); err != nil {
		return parley.WrapError(parley.EINTERNAL, err, "create the catalog schema")
	}
	for i, e := range entries {
		if err := c.loadEntry(ctx, tx, i+1, e); err != nil {
			return err
		}
	}
	if err := tx.Commit(); err != nil {
		return parley.WrapError(parley.EINTERNAL, err, "load the catalog")
	}
	slices.Sort(c.spelling)
	c.spelling = slices.Compact(c.spelling)
	return nil
}

// loadEntry inserts the product at position pos with its categories and indexes
// it for full-text search.
func (c *Catalog) loadEntry(ctx context.Context, tx *sql.Tx, pos int, e entry) error {
	var price any
	if !math.IsNaN(e.Price) {
		price = e.Price
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO products (pos, id, price) VALUES (?, ?, ?)`, pos, e.ID, price); err != nil {
		return parley.WrapError(parley.EINTERNAL, err, "load product %s", e.ID)
	}
	var categoryWords []string
	for _, segment := range c.categorySegments(e.Categories) {
		categoryWords = append(categoryWords, segment, categorySynonyms[segment])
		if _, err := tx.ExecContext(ctx, `INSERT INTO product_categories (pos, category) VALUES (?, ?)`, pos, segment); err != nil {
			return parley.WrapError(parley.EINTERNAL, err, "load product %s", e.ID)
		}
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO products_fts (rowid, name, categories, tags, body) VALUES (?, ?, ?, ?, ?)`,
		pos, e.Name, strings.Join(categoryWords, " "), e.tags, e.searchText); err != nil {
		return parley.WrapError(parley.EINTERNAL, err, "index product %s", e.ID)
	}
	c.products[e.ID] = e.Product
	c.spelling = append(c.spelling, words(e.Name+" "+strings.Join(categoryWords, " ")+" "+e.tags)...)
	return nil
}

// SpellingWords returns the words the catalog is known by (Known's: names,
// categories with their synonyms, tags and attribute values), sorted, each
// once, so that the shop reads a typo of one of them as it (shop.Spelling).
func (c *Catalog) SpellingWords() []string {
	return slices.Clone(c.spelling)
}

// categorySegments records a product's category paths ("Clothing > Hoodies")
// and returns their segments, lower case, without repeats.
func (c *Catalog) categorySegments(paths []string) []string {
	var out []string
	for _, path := range paths {
		c.addCategoryPath(path)
		for _, segment := range strings.Split(path, ">") {
			segment = strings.ToLower(strings.TrimSpace(segment))
			if segment != "" && !slices.Contains(out, segment) {
				out = append(out, segment)
			}
		}
	}
	return out
}

// Product returns the product with the id, or an error with code parley.ENOTFOUND.
func (c *Catalog) Product(_ context.Context, id string) (shop.Product, error) {
	p, ok := c.products[id]
	if !ok {
		return shop.Product{}, parley.Errorf(parley.ENOTFOUND, "no product %q in the catalog", id)
	}
	return cloneProduct(p), nil
}

func cloneProduct(p shop.Product) shop.Product {
	p.Categories = append([]string(nil), p.Categories...)
	return p
}

// Search returns one page of the products matching q, best first.
func (c *Catalog) Search(ctx context.Context, q shop.Query) (shop.Page, error) {
	if q.Offset < 0 || q.Limit < 0 {
		return shop.Page{}, parley.Errorf(parley.EINVALID, "a page needs a non-negative offset and limit")
	}
	terms := queryTerms(q)
	known, err := c.knownTerms(ctx, terms)
	if err != nil {
		return shop.Page{}, err
	}
	if len(terms) > 0 && len(known) == 0 && !hasFilter(q) {
		return shop.Page{}, nil
	}
	return c.searchPage(ctx, searchSQL(q, known), q.Limit, q.Offset)
}

// searchPage counts sq's products and returns the page at offset (none for a
// limit of 0).
func (c *Catalog) searchPage(ctx context.Context, sq searchQuery, limit, offset int) (shop.Page, error) {
	var page shop.Page
	if err := c.db.QueryRowContext(ctx, "SELECT count(*) FROM "+sq.from, sq.args...).Scan(&page.Total); err != nil {
		return shop.Page{}, parley.WrapError(parley.EUNAVAILABLE, err, "search the catalog")
	}
	if limit == 0 {
		return page, nil
	}
	var err error
	if page.Products, err = c.pageProducts(ctx, sq, limit, offset); err != nil {
		return shop.Page{}, err
	}
	return page, nil
}

// queryTerms are the query's terms, else the words of its text.
func queryTerms(q shop.Query) []string {
	if len(q.Terms) > 0 {
		return q.Terms
	}
	return words(q.Text)
}

// hasFilter reports whether the query filters by category or price.
func hasFilter(q shop.Query) bool {
	return q.Category != "" || q.MinPrice != nil || q.MaxPrice != nil
}

// knownTerms keeps the terms that match something in the catalog, in order: a
// search ignores the words no product has.
func (c *Catalog) knownTerms(ctx context.Context, terms []string) ([]string, error) {
	var known []string
	for _, t := range terms {
		ok, err := c.matchesAnything(ctx, t)
		if err != nil {
			return nil, err
		}
		if ok {
			known = append(known, t)
		}
	}
	return known, nil
}

// pageProducts returns the page of sq's products at offset, best first.
func (c *Catalog) pageProducts(ctx context.Context, sq searchQuery, limit, offset int) ([]shop.Product, error) {
	rows, err := c.db.QueryContext(ctx, "SELECT p.id FROM "+sq.from+" ORDER BY "+sq.order+" LIMIT ? OFFSET ?",
		append(sq.args, limit, offset)...)
	if err != nil {
		return nil, parley.WrapError(parley.EUNAVAILABLE, err, "search the catalog")
	}
	defer rows.Close()
	var products []shop.Product
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			return nil, parley.WrapError(parley.EUNAVAILABLE, err, "search the catalog")
		}
		products = append(products, cloneProduct(c.products[id]))
	}
	if err := rows.Err(); err != nil {
		return nil, parley.WrapError(parley.EUNAVAILABLE, err, "search the catalog")
	}
	return products, nil
}

// searchQuery is a search as SQL: the FROM clause with its WHERE, the ORDER BY and
// the arguments.
type searchQuery struct {
	from, order string
	args        []any
}

// searchSQL builds the query of q: a full-text match on the known terms (ranked by
// bm25, name hits first), the category and the price range.
func searchSQL(q shop.Query, known []string) searchQuery {
	sq := searchQuery{from: "products p", order: "p.pos"}
	var where []string
	if len(known) > 0 {
		sq.from = "products_fts f JOIN products p ON p.pos = f.rowid"
		where = append(where, "products_fts MATCH ?")
		sq.args = append(sq.args, matchExpression(known))
		// Name hits weigh most, then categories, then the rest.
		sq.order = "bm25(products_fts, 10.0, 2.0, 1.0, 0.2), p.pos, p.id"
	}
	if q.Category != "" {
		where = append(where, "p.pos IN (SELECT pos FROM product_categories WHERE category = ?)")
		sq.args = append(sq.args, strings.ToLower(strings.TrimSpace(q.Category)))
	}
	if q.MinPrice != nil {
		where = append(where, "p.price >= ?")
		sq.args = append(sq.args, *q.MinPrice)
	}
	if q.MaxPrice != nil {
		where = append(where, "p.price <= ?")
		sq.args = append(sq.args, *q.MaxPrice)
	}
	if len(where) > 0 {
		sq.from += " WHERE " + strings.Join(where, " AND ")
	}
	return sq
}

// Categories returns the catalog's categories in the order products first name
// them, each with its synonyms.
func (c *Catalog) Categories(context.Context) ([]shop.Category, error) {
	out := make([]shop.Category, len(c.categories))
	for i, cat := range c.categories {
		cat.Words = append([]string(nil), cat.Words...)
		out[i] = cat
	}
	return out, nil
}

// addCategoryPath records the categories of a "Parent > Child" path.
func (c *Catalog) addCategoryPath(path string) {
	parent := ""
	for _, segment := range strings.Split(path, ">") {
		name := strings.TrimSpace(segment)
		if name == "" {
			continue
		}
		known := false
		for _, have := range c.categories {
			known = known || strings.EqualFold(have.Name, name)
		}
		if !known {
			c.categories = append(c.categories, shop.Category{
				Name: name, Parent: parent, Words: strings.Fields(categorySynonyms[strings.ToLower(name)]),
			})
		}
		parent = name
	}
}

// Known returns the words that occur, as the index stems them, in a product name,
// a category (with its synonyms), a tag or an attribute value: not in
// descriptions, whose words ("this", "simple") name no product.
func (c *Catalog) Known(ctx context.Context, words []string) ([]string, error) {
	var out []string
	for _, w := range words {
		expr := matchExpression([]string{w})
		if expr == "" {
			continue
		}
		var n int
		err := c.db.QueryRowContext(ctx, `SELECT count(*) FROM products_fts WHERE products_fts MATCH ?`,
			"{name categories tags} : ("+expr+")").Scan(&n)
		if err != nil {
			return nil, parley.WrapError(parley.EUNAVAILABLE, err, "read the catalog's words")
		}
		if n > 0 {
			out = append(out, w)
		}
	}
	return out, nil
}

// matchesAnything reports whether term, as the index tokenizes it, occurs in the
// catalog at all.
func (c *Catalog) matchesAnything(ctx context.Context, term string) (bool, error) {
	expr := matchExpression([]string{term})
	if expr == "" {
		return false, nil
	}
	var n int
	err := c.db.QueryRowContext(ctx, `SELECT count(*) FROM products_fts WHERE products_fts MATCH ?`, expr).Scan(&n)
	if err != nil {
		return false, parley.WrapError(parley.EUNAVAILABLE, err, "search the catalog")
	}
	return n > 0, nil
}

// matchExpression ORs the terms as FTS5 strings (each word a phrase of its own
// tokens), so that no user text is ever read as FTS5 syntax.
func matchExpression(terms []string) string {
	var parts []string
	for _, t := range terms {
		ws := words(t)
		if len(ws) == 0 {
			continue
		}
		parts = append(parts, `"`+strings.Join(ws, " ")+`"`)
	}
	return strings.Join(parts, " OR ")
}

// words splits text into lower-case runs of letters and digits.
func words(text string) []string {
	return strings.FieldsFunc(strings.ToLower(text), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r)
	})
}

// parseWooCommerceCSV reads a WooCommerce product export and returns the products a
// shopper can find, in file order.
func parseWooCommerceCSV(r io.Reader) ([]entry, error) {
	rows, err := readCSVRows(r)
	if err != nil {
		return nil, err
	}
	c := newCSVCatalog(rows)
	var out []entry
	for _, rw := range rows {
		if e, ok := c.entry(rw); ok {
			out = append(out, e)
		}
	}
	if len(out) == 0 {
		return nil, parley.Errorf(parley.EINVALID, "the catalog lists no product")
	}
	return out, nil
}

// csvRow is one product of the export, by column name.
type csvRow map[string]string

// readCSVRows reads the export's rows, refusing one without the columns the catalog
// reads.
// csvColumns maps the header's column names (without a byte order mark) to
// their indexes; a column the catalog reads that is missing is EINVALID.
func csvColumns(header []string) (map[string]int, error) {
	col := make(map[string]int, len(header))
	for i, h := range header {
		col[strings.TrimPrefix(h, "\ufeff")] = i
	}
	for _, name := range []string{"ID", "Type", "SKU", "Name", "Published", "Visibility in catalog", "Sale price", "Regular price", "Categories", "Parent"} {
		if _, ok := col[name]; !ok {
			return nil, parley.Errorf(parley.EINVALID, "the catalog has no %q column", name)
		}
	}
	return col, nil
}

func readCSVRows(r io.Reader) ([]csvRow, error) {
	cr := csv.NewReader(r)
	cr.FieldsPerRecord = -1
	header, err := cr.Read()
	if err != nil {
		return nil, parley.WrapError(parley.EINVALID, err, "read the catalog header")
	}
	col, err := csvColumns(header)
	if err != nil {
		return nil, err
	}
	var rows []csvRow
	for {
		rec, err := cr.Read()
		if err == io.EOF {
			return rows, nil
		}
		if err != nil {
			return nil, parley.WrapError(parley.EINVALID, err, "read the catalog")
		}
		rw := csvRow{}
		for name, i := range col {
			if i < len(rec) {
				rw[name] = strings.TrimSpace(rec[i])
			}
		}
		rows = append(rows, rw)
	}
}

// csvCatalog resolves references between the export's rows and knows each
// variable product's lowest published variation price.
type csvCatalog struct {
	bySKU, byID    map[string]csvRow
	variationPrice map[string]float64 // parent ID -> lowest variation price
}

func newCSVCatalog(rows []csvRow) *csvCatalog {
	c := &csvCatalog{bySKU: map[string]csvRow{}, byID: map[string]csvRow{}, variationPrice: map[string]float64{}}
	for _, rw := range rows {
		c.byID[rw["ID"]] = rw
		if rw["SKU"] != "" {
			c.bySKU[rw["SKU"]] = rw
		}
	}
	for _, rw := range rows {
		if strings.Contains(rw["Type"], "variation") && rw["Published"] == "1" {
			c.addVariationPrice(rw)
		}
	}
	return c
}

// resolve finds the row a reference to another product names: "id:NN" or a SKU.
func (c *csvCatalog) resolve(ref string) csvRow {
	ref = strings.TrimSpace(ref)
	if id, ok := strings.CutPrefix(ref, "id:"); ok {
		return c.byID[id]
	}
	return c.bySKU[ref]
}

// csvPrice is a row's sale price, else its regular price, else NaN.
func csvPrice(rw csvRow) float64 {
	for _, field := range []string{"Sale price", "Regular price"} {
		if v, err := strconv.ParseFloat(rw[field], 64); err == nil {
			return v
		}
	}
	return math.NaN()
}

func lowest(current, candidate float64) float64 {
	if math.IsNaN(current) || candidate < current {
		return candidate
	}
	return current
}

// entry is the catalog entry of a published, visible product a shopper can buy;
// false for any other row (a variation, a draft, a hidden or priceless product).
// addVariationPrice lowers its parent's variation price to a published
// variation's price.
func (c *csvCatalog) addVariationPrice(rw csvRow) {
	parent := c.resolve(rw["Parent"])
	p := csvPrice(rw)
	if parent == nil || math.IsNaN(p) {
		return
	}
	cur, ok := c.variationPrice[parent["ID"]]
	if !ok {
		cur = math.NaN()
	}
	c.variationPrice[parent["ID"]] = lowest(cur, p)
}

// shownInCatalog reports whether a row is a published product (not a
// variation) visible in the catalog.
func shownInCatalog(rw csvRow) bool {
	v := rw["Visibility in catalog"]
	return !strings.Contains(rw["Type"], "variation") && rw["Published"] == "1" && (v == "visible" || v == "catalog")
}

// csvList splits a comma-separated cell into its non-empty trimmed items.
func csvList(cell string) []string {
	var out []string
	for _, name := range strings.Split(cell, ",") {
		if name = strings.TrimSpace(name); name != "" {
			out = append(out, name)
		}
	}
	return out
}

func (c *csvCatalog) entry(rw csvRow) (entry, bool) {
	if !shownInCatalog(rw) {
		return entry{}, false
	}
	p := c.price(rw)
	if math.IsNaN(p) {
		return entry{}, false // nothing a shopper could buy
	}
	permalink := "/product/" + slug(rw["Name"]) + "/"
	if u := rw["External URL"]; strings.Contains(rw["Type"], "external") && u != "" {
		permalink = u
	}
	categories := csvList(rw["Categories"])
	image, _, _ := strings.Cut(rw["Images"], ",")
	return entry{
		Product: shop.Product{
			ID:          rw["ID"],
			Name:        rw["Name"],
			Description: rw["Short description"],
			Price:       math.Round(p*100) / 100,
			Currency:    Currency,
			ImageURL:    parley.CatalogLink(image),
			Permalink:   parley.CatalogLink(permalink),
			Categories:  categories,
		},
		tags: strings.ReplaceAll(rw["Tags"], ",", " ") + " " + attributeWords(rw["Attribute 1 value(s)"]) + " " + attributeWords(rw["Attribute 2 value(s)"]) +
			" " + regionalWordsOf(rw["Name"]),
		searchText: rw["Short description"],
	}, true
}

// price is the lowest price a shopper pays for the product: its own, its lowest
// variation's, or for a grouped product its lowest child's; NaN when it has none.
func (c *csvCatalog) price(rw csvRow) float64 {
	p := csvPrice(rw)
	if vp, ok := c.variationPrice[rw["ID"]]; ok {
		p = lowest(p, vp)
	}
	if strings.Contains(rw["Type"], "grouped") {
		for _, ref := range strings.Split(rw["Grouped products"], ",") {
			if child := c.resolve(ref); child != nil {
				if cp := csvPrice(child); !math.IsNaN(cp) {
					p = lowest(p, cp)
				}
			}
		}
	}
	return p
}

// slug is WordPress's default post slug for a title: lower case, runs of other
// characters as one dash.
func slug(title string) string {
	var b strings.Builder
	dash := false
	for _, r := range strings.ToLower(title) {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			if dash && b.Len() > 0 {
				b.WriteByte('-')
			}
			b.WriteRune(r)
			dash = false
			continue
		}
		dash = true
	}
	return b.String()
}

// String describes the catalog for logs.
func (c *Catalog) String() string {
	return fmt.Sprintf("embedded WooCommerce sample catalog (%d products)", len(c.products))
}

// attributeWords returns the values of an attribute worth searching ("Blue, Green"),
// leaving out yes/no flags such as the sample's "Logo: Yes, No".
func attributeWords(values string) string {
	var kept []string
	for _, v := range strings.Split(values, ",") {
		switch v = strings.TrimSpace(v); strings.ToLower(v) {
		case "", "yes", "no":
		default:
			kept = append(kept, v)
		}
	}
	return strings.Join(kept, " ")
}
