// Package wootest is a fake WooCommerce shop on httptest serving the REST API v3 and
// the Store API v1 product endpoints in exactly the shapes of the verbatim fixtures
// (embedded from fixtures/): every product is rendered from a fixture product with its
// values replaced, so the key set is the fixture's. The Store API fixture is abridged
// by its authors; the fake adds only "type", "parent", "categories", "tags" and
// "attributes", which the current ProductSchema has (CHATWOOT-WOOCOMMERCE.md §D2).
//
// It pages with X-WP-Total, X-WP-TotalPages and Link, filters as WooCommerce does
// (REST: status, WordPress word search over name and descriptions, category and tag
// term ids, decimal prices; Store API: published only, search inside the name or SKU,
// category and tag ids or slugs, prices in minor units, catalog_visibility), lists
// product categories, tags and attributes with their terms, filters by attribute
// term, checks REST credentials with WooCommerce's 401 error bodies, and can be told
// to fail.
package wootest

import (
	"cmp"
	_ "embed"
	"encoding/json"
	"fmt"
	"maps"
	"math"
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

//go:embed fixtures/woocommerce_rest_v3_products_list.json
var restFixture []byte

//go:embed fixtures/woocommerce_store_api_v1_products_list.json
var storeFixture []byte

// Credentials of a new Server.
const (
	ConsumerKey    = "ck_test"
	ConsumerSecret = "cs_test"
)

// Product is a product of the fake shop.
type Product struct {
	ID int
	// ParentID is set on a variation (Type "variation").
	ParentID int
	// Type is simple (default), variable or variation.
	Type             string
	Name, Slug, SKU  string
	Description      string
	ShortDescription string
	// Price, RegularPrice and SalePrice are decimal strings ("21.99"); Price may be
	// "" (a variable product without prices).
	Price, RegularPrice, SalePrice string
	// Status is publish (default), draft or private.
	Status string
	// Visibility is WooCommerce's catalog_visibility: visible (default), catalog,
	// search or hidden.
	Visibility string
	Categories []Category
	// Tags are product tags (Parent is unused).
	Tags []Category
	// Attributes are global attributes with this product's terms.
	Attributes []Attribute
	Images     []string
	// Permalink defaults to https://example.com/product/<slug>/.
	Permalink string
}

// Category is a product category term.
type Category struct {
	ID   int
	Name string
	Slug string
	// Parent is the parent term's id, 0 at the top level.
	Parent int
}

// Failure is a way the fake can be told to fail.
type Failure int

// Failures.
const (
	// FailServerError answers 500 with WordPress's critical-error body.
	FailServerError Failure = iota + 1
	// FailTimeout answers nothing until the client gives up (or 10 seconds).
	FailTimeout
	// FailMalformed answers 200 with a truncated JSON body.
	FailMalformed
)

// Request is one request the fake received.
type Request struct {
	Path   string
	Query  url.Values
	Header http.Header
	Status int
}

// Server is the fake shop.
type Server struct {
	URL            string
	ConsumerKey    string
	ConsumerSecret string
	// Currency and MinorUnit are the shop currency (USD, 2 by default).
	Currency  string
	MinorUnit int

	srv           *httptest.Server
	restTemplate  json.RawMessage
	storeTemplate json.RawMessage

	mu       sync.Mutex
	products []Product
	requests []Request
	failures []queuedFailure
	hanging  int
}

// queuedFailure is one failure Fail or FailWhen queued: for any request when match
// is nil, else for the requests it matches.
type queuedFailure struct {
	failure Failure
	match   func(*http.Request) bool
}

// NewServer starts a fake shop over plain http with products; it closes when the test
// ends.
func NewServer(t testing.TB, products ...Product) *Server {
	return start(t, httptest.NewServer, products)
}

// NewTLSServer starts the fake over https; use Client for a client that trusts it.
func NewTLSServer(t testing.TB, products ...Product) *Server {
	return start(t, httptest.NewTLSServer, products)
}

func start(t testing.TB, newServer func(http.Handler) *httptest.Server, products []Product) *Server {
	t.Helper()
	s := &Server{ConsumerKey: ConsumerKey, ConsumerSecret: ConsumerSecret, Currency: "USD", MinorUnit: 2}
	var err error
	// The simple product 794 of the REST fixture and the Store fixture's only product.
	if s.restTemplate, err = fixtureProduct(restFixture, 1); err != nil {
		t.Fatalf("wootest: REST fixture: %v", err)
	}
	if s.storeTemplate, err = fixtureProduct(storeFixture, 0); err != nil {
		t.Fatalf("wootest: Store API fixture: %v", err)
	}
	for _, p := range products {
		s.products = append(s.products, p.withDefaults())
	}
	s.srv = newServer(http.HandlerFunc(s.serve))
	s.URL = s.srv.URL
	t.Cleanup(s.srv.Close)
	return s
}

// Client returns an HTTP client that trusts the server (needed with NewTLSServer).
func (s *Server) Client() *http.Client { return s.srv.Client() }

// Fail makes the next n product, category or currency requests fail in the given way.
func (s *Server) Fail(f Failure, n int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for range n {
		s.failures = append(s.failures, queuedFailure{failure: f})
	}
}

// FailWhen makes the next n requests that match fail in the given way and leaves
// the others alone: a test fails the one call it means (a product search, say),
// whichever of a turn's requests (category, tag and attribute lists, the catalog's
// vocabulary) reaches the fake first.
func (s *Server) FailWhen(match func(*http.Request) bool, f Failure, n int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for range n {
		s.failures = append(s.failures, queuedFailure{failure: f, match: match})
	}
}

// Requests returns every request received, in order.
func (s *Server) Requests() []Request {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.requests)
}

func (p Product) withDefaults() Product {
	if p.Type == "" {
		p.Type = "simple"
	}
	if p.Slug == "" {
		p.Slug = slugify(p.Name)
	}
	if p.Status == "" {
		p.Status = "publish"
	}
	if p.Visibility == "" {
		p.Visibility = "visible"
	}
	if p.Permalink == "" {
		p.Permalink = "https://example.com/product/" + p.Slug + "/"
	}
	if p.RegularPrice == "" && p.SalePrice == "" {
		p.RegularPrice = p.Price
	}
	p.defaultSlugs()
	return p
}

// defaultSlugs derives the missing slugs of p's categories, tags, attributes
// and attribute terms from their names, in place (the slices are p's own).
func (p Product) defaultSlugs() {
	for i, c := range p.Categories {
		if c.Slug == "" {
			p.Categories[i].Slug = slugify(c.Name)
		}
	}
	for i, c := range p.Tags {
		if c.Slug == "" {
			p.Tags[i].Slug = slugify(c.Name)
		}
	}
	for i, a := range p.Attributes {
		if a.Slug == "" {
			p.Attributes[i].Slug = "pa_" + slugify(a.Name)
		}
		for j, t := range a.Terms {
			if t.Slug == "" {
				p.Attributes[i].Terms[j].Slug = slugify(t.Name)
			}
		}
	}
}

var nonSlug = regexp.MustCompile(`[^a-z0-9]+`)

func slugify(s string) string {
	return strings.Trim(nonSlug.ReplaceAllString(strings.ToLower(s), "-"), "-")
}

var (
	restProducts = regexp.MustCompile(`^/wp-json/wc/v3/products(?:/([0-9]+))?/?$`)
	storeProduct = regexp.MustCompile(`^/wp-json/wc/store(?:/v1)?/products(?:/([0-9]+))?/?$`)
)

type answer struct {
	status int
	header http.Header
	body   any
	raw    []byte
}

func wpError(status int, code, message string) answer {
	return answer{status: status, body: map[string]any{"code": code, "message": message, "data": map[string]any{"status": status}}}
}

func (s *Server) serve(w http.ResponseWriter, r *http.Request) {
	a := s.route(r)
	s.mu.Lock()
	s.requests = append(s.requests, Request{Path: r.URL.Path, Query: r.URL.Query(), Header: r.Header.Clone(), Status: a.status})
	s.mu.Unlock()
	for k, v := range a.header {
		w.Header()[k] = v
	}
	w.Header().Set("Content-Type", "application/json; charset=UTF-8")
	w.WriteHeader(a.status)
	if a.raw != nil {
		_, _ = w.Write(a.raw)
		return
	}
	_ = json.NewEncoder(w).Encode(a.body)
}

// noRoute is WordPress's answer to a method or path it has no route for.
func noRoute() answer {
	return wpError(http.StatusNotFound, "rest_no_route", "No route was found matching the URL and request method.")
}

// route answers r: REST API paths authenticate first; then an injected failure
// (on any path, routed or not) wins over the route's answer.
func (s *Server) route(r *http.Request) answer {
	if r.Method != http.MethodGet {
		return noRoute()
	}
	path := r.URL.Path
	rest := strings.HasPrefix(path, "/wp-json/wc/v3/")
	if rest {
		if a, ok := s.authenticate(r); !ok {
			return a
		}
	}
	if a, ok := s.injectedFailure(r); ok {
		return a
	}
	if a, ok := s.fixedRoute(path, r.URL.Query()); ok {
		return a
	}
	if a, ok := s.attributes(path, rest); ok {
		return a
	}
	if a, ok := s.productRoute(r, path); ok {
		return a
	}
	return noRoute()
}

// injectedFailure takes the next failure Fail queued and answers as it says; false
// when none is queued.
func (s *Server) injectedFailure(r *http.Request) (answer, bool) {
	f, ok := s.nextFailure(r)
	if !ok {
		return answer{}, false
	}
	switch f {
	case FailServerError:
		return wpError(http.StatusInternalServerError, "internal_server_error", "There has been a critical error on this website."), true
	case FailTimeout:
		s.hang(r)
		return wpError(http.StatusGatewayTimeout, "timeout", "timeout"), true
	case FailMalformed:
		return answer{status: http.StatusOK, raw: []byte(`[{"id": 1, "name": "Hood`)}, true
	}
	return answer{}, false
}

// fixedRoute answers the paths without an id in them: the category and tag lists
// of both APIs and the store's currency.
func (s *Server) fixedRoute(path string, query url.Values) (answer, bool) {
	switch path {
	case "/wp-json/wc/v3/products/categories":
		return s.terms(query, true, false), true
	case "/wp-json/wc/store/v1/products/categories", "/wp-json/wc/store/products/categories":
		return s.terms(query, false, false), true
	case "/wp-json/wc/v3/products/tags":
		return s.terms(query, true, true), true
	case "/wp-json/wc/store/v1/products/tags", "/wp-json/wc/store/products/tags":
		return s.terms(query, false, true), true
	case "/wp-json/wc/v3/data/currencies/current":
		return answer{status: http.StatusOK, body: map[string]any{"code": s.Currency, "name": s.Currency, "symbol": "&#36;",
			"_links": map[string]any{"collection": []any{map[string]any{"href": s.URL + "/wp-json/wc/v3/data/currencies"}}}}}, true
	}
	return answer{}, false
}

// productRoute answers the product list or one product, of the REST or the Store API.
func (s *Server) productRoute(r *http.Request, path string) (answer, bool) {
	rest := true
	m := restProducts.FindStringSubmatch(path)
	if m == nil {
		rest = false
		m = storeProduct.FindStringSubmatch(path)
	}
	switch {
	case m == nil:
		return answer{}, false
	case m[1] != "":
		return s.one(m[1], rest), true
	}
	return s.list(r, rest), true
}

// hang holds r until its client gives up (or 10 seconds), counted in Hanging.
func (s *Server) hang(r *http.Request) {
	s.mu.Lock()
	s.hanging++
	s.mu.Unlock()
	select {
	case <-r.Context().Done():
	case <-time.After(10 * time.Second):
	}
	s.mu.Lock()
	s.hanging--
	s.mu.Unlock()
}

// Hanging returns how many requests a FailTimeout holds now: a test knows its
// client is inside the call, not before it.
func (s *Server) Hanging() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.hanging
}

// nextFailure takes the first queued failure meant for r (or for any request).
func (s *Server) nextFailure(r *http.Request) (Failure, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for i, q := range s.failures {
		if q.match == nil || q.match(r) {
			s.failures = slices.Delete(s.failures, i, i+1)
			return q.failure, true
		}
	}
	return 0, false
}

// authenticate follows class-wc-rest-authentication.php: query parameters first, then
// HTTP Basic.
func (s *Server) authenticate(r *http.Request) (answer, bool) {
	key, secret := r.URL.Query().Get("consumer_key"), r.URL.Query().Get("consumer_secret")
	if key == "" {
		key, secret, _ = r.BasicAuth()
	}
	switch {
	case key == "":
		return wpError(http.StatusUnauthorized, "woocommerce_rest_cannot_view", "Sorry, you cannot list resources."), false
	case key != s.ConsumerKey:
		return wpError(http.StatusUnauthorized, "woocommerce_rest_authentication_error", "Consumer key is invalid."), false
	case secret != s.ConsumerSecret:
		return wpError(http.StatusUnauthorized, "woocommerce_rest_authentication_error", "Consumer secret is invalid."), false
	}
	return answer{}, true
}

func (s *Server) snapshot() []Product {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.products)
}

func (s *Server) one(idText string, rest bool) answer {
	id, _ := strconv.Atoi(idText)
	for _, p := range s.snapshot() {
		if p.ID == id && (rest || p.Status == "publish") {
			if rest {
				return answer{status: http.StatusOK, body: s.renderREST(p)}
			}
			return answer{status: http.StatusOK, body: s.renderStore(p)}
		}
	}
	if rest {
		return wpError(http.StatusNotFound, "woocommerce_rest_product_invalid_id", "Invalid ID.")
	}
	return wpError(http.StatusNotFound, "woocommerce_rest_product_invalid_id", "Invalid product ID.")
}

func invalidParam(name, why string) answer {
	a := wpError(http.StatusBadRequest, "rest_invalid_param", "Invalid parameter(s): "+name)
	a.body.(map[string]any)["data"].(map[string]any)["params"] = map[string]any{name: why}
	return a
}

func (s *Server) list(r *http.Request, rest bool) answer {
	q := r.URL.Query()
	perPage, page, bad, ok := paging(q, 10)
	if !ok {
		return bad
	}
	offset := -1
	if v := q.Get("offset"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 0 {
			return invalidParam("offset", "offset is not of type integer.")
		}
		offset = n
	}
	var matched []Product
	for _, p := range s.snapshot() {
		if s.matches(p, q, rest) {
			matched = append(matched, p)
		}
	}
	// WooCommerce's default order is date desc; the fake's "date" is the id.
	slices.SortFunc(matched, func(a, b Product) int { return b.ID - a.ID })
	start := (page - 1) * perPage
	if offset >= 0 {
		start = offset
	}
	end := min(start+perPage, len(matched))
	var items []any
	for i := start; i < end; i++ {
		if rest {
			items = append(items, s.renderREST(matched[i]))
		} else {
			items = append(items, s.renderStore(matched[i]))
		}
	}
	if items == nil {
		items = []any{}
	}
	total := len(matched)
	pages := (total + perPage - 1) / perPage
	h := http.Header{}
	h.Set("X-WP-Total", strconv.Itoa(total))
	h.Set("X-WP-TotalPages", strconv.Itoa(pages))
	if offset < 0 {
		if links := s.pageLinks(r, page, pages); links != "" {
			h.Set("Link", links)
		}
	}
	return answer{status: http.StatusOK, header: h, body: items}
}

// paging reads per_page (1..100, default perPage) and page (1.., default 1), or
// answers WordPress's error for a bad one.
func paging(q url.Values, perPage int) (int, int, answer, bool) {
	page := 1
	if v := q.Get("per_page"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > 100 {
			return 0, 0, invalidParam("per_page", "per_page must be between 1 (inclusive) and 100 (inclusive)"), false
		}
		perPage = n
	}
	if v := q.Get("page"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 {
			return 0, 0, invalidParam("page", "page must be greater than or equal to 1"), false
		}
		page = n
	}
	return perPage, page, answer{}, true
}

// pageLinks is the Link header of a page of a paged list: prev and next, each the
// request's query (credentials left out) on another page.
func (s *Server) pageLinks(r *http.Request, page, pages int) string {
	link := func(p int, rel string) string {
		v := url.Values{}
		for k, vals := range r.URL.Query() {
			if k != "consumer_key" && k != "consumer_secret" && k != "offset" {
				v[k] = vals
			}
		}
		v.Set("page", strconv.Itoa(p))
		return fmt.Sprintf(`<%s%s?%s>; rel="%s"`, s.URL, r.URL.Path, v.Encode(), rel)
	}
	var links []string
	if page > 1 {
		links = append(links, link(page-1, "prev"))
	}
	if page < pages {
		links = append(links, link(page+1, "next"))
	}
	return strings.Join(links, ", ")
}

func (s *Server) matches(p Product, q url.Values, rest bool) bool {
	if p.Type == "variation" && q.Get("type") != "variation" {
		return false // variations are another post type; lists hold parents only
	}
	return listed(p, q, rest) &&
		matchesSearch(p, q, rest) &&
		matchesAttributes(p, q, rest) &&
		inTerms(p.Tags, q.Get("tag"), rest) &&
		inTerms(p.Categories, q.Get("category"), rest) &&
		s.inPriceRange(p, q, rest)
}

// listed applies the REST API's status filter, or the Store API's published-only
// rule and its catalog_visibility filter.
func listed(p Product, q url.Values, rest bool) bool {
	if rest {
		status := q.Get("status")
		return status == "" || status == "any" || p.Status == status
	}
	if p.Status != "publish" {
		return false
	}
	switch q.Get("catalog_visibility") {
	case "catalog":
		return p.Visibility == "visible" || p.Visibility == "catalog"
	case "search":
		return p.Visibility == "visible" || p.Visibility == "search"
	case "visible":
		return p.Visibility == "visible"
	}
	return true
}

// matchesSearch applies the search parameter: every word in the title, excerpt or
// content (WordPress search, the REST API), or the phrase in the name or the SKU
// (the Store API).
func matchesSearch(p Product, q url.Values, rest bool) bool {
	search := strings.ToLower(strings.TrimSpace(q.Get("search")))
	if search == "" {
		return true
	}
	if rest {
		haystack := strings.ToLower(p.Name + " " + p.ShortDescription + " " + p.Description)
		for _, word := range strings.Fields(search) {
			if !strings.Contains(haystack, word) {
				return false
			}
		}
		return true
	}
	return strings.Contains(strings.ToLower(p.Name), search) || strings.Contains(strings.ToLower(p.SKU), search)
}

// inTerms applies a tag or category filter: a comma-separated list of ids (or, in
// the Store API, slugs), of which the product has one.
func inTerms(terms []Category, filter string, rest bool) bool {
	if filter == "" {
		return true
	}
	for _, want := range strings.Split(filter, ",") {
		for _, c := range terms {
			if strconv.Itoa(c.ID) == want || (!rest && c.Slug == want) {
				return true
			}
		}
	}
	return false
}

// inPriceRange applies min_price and max_price (in minor units in the Store API); a
// product without a price is outside any range.
func (s *Server) inPriceRange(p Product, q url.Values, rest bool) bool {
	price, _ := strconv.ParseFloat(p.Price, 64)
	bound := func(name string) (float64, bool) {
		v := q.Get(name)
		if v == "" {
			return 0, false
		}
		f, err := strconv.ParseFloat(v, 64)
		if err != nil {
			return 0, false
		}
		if !rest {
			f /= math.Pow10(s.MinorUnit)
		}
		return f, true
	}
	if lo, ok := bound("min_price"); ok && (p.Price == "" || price < lo) {
		return false
	}
	if hi, ok := bound("max_price"); ok && (p.Price == "" || price > hi) {
		return false
	}
	return true
}

// terms lists the categories (or tags) of the fake's products, by name as
// WooCommerce orders them, searched and paged as the REST API (page, per_page
// 1..100, default 10, X-WP-Total) or the Store API (no limit by default) does, each
// in its API's shape (REST category: id, name, slug, parent, description, display,
// image, menu_order, count, _links; REST tag: id, name, slug, description, count,
// _links; Store API category: id, name, slug, description, parent, count, image,
// review_count, permalink; Store API tag: id, name, slug, description, parent,
// count).
func (s *Server) terms(q url.Values, rest, tags bool) answer {
	of := func(p Product) []Category { return p.Categories }
	if tags {
		of = func(p Product) []Category { return p.Tags }
	}
	search := strings.ToLower(q.Get("search"))
	byID := map[int]Category{}
	count := map[int]int{}
	for _, p := range s.snapshot() {
		for _, c := range of(p) {
			if search != "" && !strings.Contains(strings.ToLower(c.Name), search) && !strings.Contains(c.Slug, search) {
				continue
			}
			byID[c.ID] = c
			count[c.ID]++
		}
	}
	cats := slices.Collect(maps.Values(byID))
	slices.SortFunc(cats, func(a, b Category) int { return cmp.Or(cmp.Compare(a.Name, b.Name), a.ID-b.ID) })
	perPage := 10
	if !rest {
		perPage = max(len(cats), 1)
	}
	perPage, page, bad, ok := paging(q, perPage)
	if !ok {
		return bad
	}
	out := []any{}
	for i := (page - 1) * perPage; i < min(page*perPage, len(cats)); i++ {
		c := cats[i]
		switch {
		case tags && rest:
			out = append(out, map[string]any{
				"id": c.ID, "name": c.Name, "slug": c.Slug, "description": "", "count": count[c.ID],
				"_links": map[string]any{"self": []any{map[string]any{"href": fmt.Sprintf("%s/wp-json/wc/v3/products/tags/%d", s.URL, c.ID)}}},
			})
			continue
		case tags:
			out = append(out, map[string]any{"id": c.ID, "name": c.Name, "slug": c.Slug, "description": "", "parent": 0, "count": count[c.ID]})
			continue
		case rest:
			out = append(out, map[string]any{
				"id": c.ID, "name": c.Name, "slug": c.Slug, "parent": c.Parent, "description": "", "display": "default",
				"image": nil, "menu_order": 0, "count": count[c.ID],
				"_links": map[string]any{"self": []any{map[string]any{"href": fmt.Sprintf("%s/wp-json/wc/v3/products/categories/%d", s.URL, c.ID)}}},
			})
			continue
		}
		out = append(out, map[string]any{
			"id": c.ID, "name": c.Name, "slug": c.Slug, "description": "", "parent": c.Parent, "count": count[c.ID],
			"image": nil, "review_count": 0, "permalink": "https://example.com/product-category/" + c.Slug + "/",
		})
	}
	h := http.Header{}
	h.Set("X-WP-Total", strconv.Itoa(len(cats)))
	h.Set("X-WP-TotalPages", strconv.Itoa((len(cats)+perPage-1)/perPage))
	return answer{status: http.StatusOK, header: h, body: out}
}

// fixtureProduct returns the raw fixture product at index i.
func fixtureProduct(fixture []byte, i int) (json.RawMessage, error) {
	var list []json.RawMessage
	if err := json.Unmarshal(fixture, &list); err != nil {
		return nil, err
	}
	if i >= len(list) {
		return nil, fmt.Errorf("fixture has %d products, want index %d", len(list), i)
	}
	return list[i], nil
}

// template returns a fresh deep copy of a fixture product.
func template(raw json.RawMessage) map[string]any {
	var m map[string]any
	_ = json.Unmarshal(raw, &m) // checked when the server started
	return m
}

// renderREST renders p in the shape of the REST fixture's simple product (794).
func (s *Server) renderREST(p Product) map[string]any {
	m := template(s.restTemplate)
	imageTemplate := m["images"].([]any)[0].(map[string]any)
	m["id"], m["name"], m["slug"], m["permalink"] = p.ID, p.Name, p.Slug, p.Permalink
	m["type"], m["status"], m["catalog_visibility"], m["sku"] = p.Type, p.Status, p.Visibility, p.SKU
	m["description"], m["short_description"] = p.Description, p.ShortDescription
	m["price"], m["regular_price"], m["sale_price"] = p.Price, p.RegularPrice, p.SalePrice
	m["on_sale"] = p.SalePrice != ""
	m["purchasable"] = p.Price != ""
	m["price_html"] = ""
	if p.Price != "" {
		m["price_html"] = `<span class="woocommerce-Price-amount amount"><span class="woocommerce-Price-currencySymbol">&#36;</span>` + p.Price + `</span>`
	}
	m["parent_id"] = p.ParentID
	var cats []any
	for _, c := range p.Categories {
		cats = append(cats, map[string]any{"id": c.ID, "name": c.Name, "slug": c.Slug})
	}
	m["categories"] = orEmpty(cats)
	var tags []any
	for _, c := range p.Tags {
		tags = append(tags, map[string]any{"id": c.ID, "name": c.Name, "slug": c.Slug})
	}
	m["tags"] = orEmpty(tags)
	var attrs []any
	for i, a := range p.Attributes {
		var options []any
		for _, t := range a.Terms {
			options = append(options, t.Name)
		}
		attrs = append(attrs, map[string]any{"id": a.ID, "name": a.Name, "position": i, "visible": true, "variation": false, "options": orEmpty(options)})
	}
	m["attributes"] = orEmpty(attrs)
	var images []any
	for i, src := range p.Images {
		img := map[string]any{}
		for k, v := range imageTemplate {
			img[k] = v
		}
		img["id"], img["src"] = p.ID*100+i, src
		images = append(images, img)
	}
	m["images"] = orEmpty(images)
	m["_links"] = map[string]any{
		"self":       []any{map[string]any{"href": fmt.Sprintf("%s/wp-json/wc/v3/products/%d", s.URL, p.ID)}},
		"collection": []any{map[string]any{"href": s.URL + "/wp-json/wc/v3/products"}},
	}
	return m
}

// renderStore renders p in the shape of the Store API fixture product, plus type,
// parent and categories.
func (s *Server) renderStore(p Product) map[string]any {
	m := template(s.storeTemplate)
	imageTemplate := m["images"].([]any)[0].(map[string]any)
	m["id"], m["name"], m["slug"], m["permalink"], m["sku"] = p.ID, p.Name, p.Slug, p.Permalink, p.SKU
	m["summary"], m["short_description"], m["description"] = p.ShortDescription, p.ShortDescription, p.Description
	m["on_sale"] = p.SalePrice != ""
	m["variation"] = ""
	prices := m["prices"].(map[string]any)
	prices["currency_code"], prices["currency_minor_unit"] = s.Currency, s.MinorUnit
	prices["currency_symbol"], prices["currency_prefix"] = "$", "$"
	prices["price"] = s.minor(p.Price)
	prices["regular_price"] = s.minor(p.RegularPrice)
	prices["sale_price"] = s.minor(cmp.Or(p.SalePrice, p.Price))
	var images []any
	for i, src := range p.Images {
		img := map[string]any{}
		for k, v := range imageTemplate {
			img[k] = v
		}
		img["id"], img["src"], img["thumbnail"], img["srcset"], img["sizes"], img["name"] = p.ID*100+i, src, src, src+" 800w", "(max-width: 800px) 100vw, 800px", slugify(p.Name)+".jpg"
		images = append(images, img)
	}
	m["images"] = orEmpty(images)
	m["add_to_cart"] = map[string]any{"text": "Add to cart", "description": "Add &ldquo;" + p.Name + "&rdquo; to your cart"}
	m["is_purchasable"] = p.Price != ""
	m["type"], m["parent"] = p.Type, p.ParentID
	var cats []any
	for _, c := range p.Categories {
		cats = append(cats, map[string]any{"id": c.ID, "name": c.Name, "slug": c.Slug, "link": "https://example.com/product-category/" + c.Slug + "/"})
	}
	m["categories"] = orEmpty(cats)
	var tags []any
	for _, c := range p.Tags {
		tags = append(tags, map[string]any{"id": c.ID, "name": c.Name, "slug": c.Slug, "link": "https://example.com/product-tag/" + c.Slug + "/"})
	}
	m["tags"] = orEmpty(tags)
	var attrs []any
	for _, a := range p.Attributes {
		var terms []any
		for _, t := range a.Terms {
			terms = append(terms, map[string]any{"id": t.ID, "name": t.Name, "slug": t.Slug, "default": false})
		}
		attrs = append(attrs, map[string]any{"id": a.ID, "name": a.Name, "taxonomy": a.Slug, "has_variations": false, "terms": orEmpty(terms)})
	}
	m["attributes"] = orEmpty(attrs)
	return m
}

// minor converts a decimal price to the Store API's integer minor units.
func (s *Server) minor(decimal string) string {
	if decimal == "" {
		return ""
	}
	f, err := strconv.ParseFloat(decimal, 64)
	if err != nil {
		return ""
	}
	return strconv.FormatInt(int64(math.Round(f*math.Pow10(s.MinorUnit))), 10)
}

func orEmpty(v []any) []any {
	if v == nil {
		return []any{}
	}
	return v
}

// SampleProducts is a small catalogue: the two REST fixture products (799 variable
// without price, 794 simple) and the Store fixture pennant, plus hoodies and a draft.
func SampleProducts() []Product {
	clothing := Category{ID: 9, Name: "Clothing", Slug: "clothing"}
	tshirts := Category{ID: 14, Name: "T-shirts", Slug: "t-shirts"}
	hoodies := Category{ID: 15, Name: "Hoodies", Slug: "hoodies"}
	decor := Category{ID: 20, Name: "Decor", Slug: "decor"}
	lorem := "<p>Pellentesque habitant morbi tristique senectus et netus et malesuada fames ac turpis egestas.</p>\n"
	return []Product{
		{ID: 799, Type: "variable", Name: "Ship Your Idea", Slug: "ship-your-idea-22", ShortDescription: lorem, Categories: []Category{clothing, tshirts},
			Images: []string{"https://example.com/wp-content/uploads/2017/03/T_4_front-11.jpg", "https://example.com/wp-content/uploads/2017/03/T_4_back-10.jpg"}},
		{ID: 794, Name: "Premium Quality", Slug: "premium-quality-19", Price: "21.99", ShortDescription: lorem, Categories: []Category{clothing, tshirts},
			Images: []string{"https://example.com/wp-content/uploads/2017/03/T_2_front-4.jpg"}},
		{ID: 34, Name: "WordPress Pennant", SKU: "wp-pennant", Price: "11.05", ShortDescription: "<p>This is an external product.</p>", Categories: []Category{decor},
			Images: []string{"https://local.wordpress.test/wp-content/uploads/2020/03/pennant-1.jpg"}},
		{ID: 801, Name: "Hoodie with Logo", SKU: "woo-hoodie-logo", Price: "45", Description: "<p>A warm <b>hoodie</b> &amp; a logo.</p>", Categories: []Category{clothing, hoodies},
			Images: []string{"https://example.com/hoodie-logo.jpg"}},
		{ID: 802, Name: "Hoodie with Zipper", SKU: "woo-hoodie-zip", Price: "40", SalePrice: "40", RegularPrice: "45", Categories: []Category{clothing, hoodies}},
		{ID: 803, Name: "Hoodie Blue", Type: "variation", ParentID: 801, Price: "42", Categories: []Category{clothing, hoodies}},
		{ID: 804, Name: "Secret Hoodie", Status: "draft", Price: "99", Categories: []Category{clothing, hoodies}},
		{ID: 805, Name: "Hidden Beanie", Visibility: "hidden", Price: "18", Categories: []Category{clothing}},
	}
}

// GardenProducts is a second shop with nothing in common with WooCommerce's sample
// store (a garden centre: tools, seeds with a child category, planters with an
// ampersand in the name, lighting; tags Organic and Eco; a Color attribute whose
// terms appear in no name or description), so that tests can show that nothing in Parley
// is specific to the demo catalog.
func GardenProducts() []Product {
	tools := Category{ID: 31, Name: "Garden Tools", Slug: "garden-tools"}
	seeds := Category{ID: 32, Name: "Seeds", Slug: "seeds"}
	herbs := Category{ID: 35, Name: "Herb Seeds", Slug: "herb-seeds", Parent: 32}
	planters := Category{ID: 33, Name: "Planters &amp; Pots", Slug: "planters-pots"}
	lighting := Category{ID: 34, Name: "Outdoor Lighting", Slug: "outdoor-lighting"}
	organic := Category{ID: 41, Name: "Organic", Slug: "organic"}
	eco := Category{ID: 42, Name: "Eco", Slug: "eco"}
	p := func(id int, name, price, desc string, cats ...Category) Product {
		return Product{ID: id, Name: name, Price: price, ShortDescription: "<p>" + desc + "</p>", Categories: cats}
	}
	tagged := func(p Product, tags ...Category) Product { p.Tags = tags; return p }
	color := func(p Product, name string, id int) Product {
		p.Attributes = []Attribute{{ID: 3, Name: "Color", Terms: []Category{{ID: id, Name: name}}}}
		return p
	}
	return []Product{
		p(501, "Steel Hand Trowel", "12.50", "A sturdy trowel for planting bulbs.", tools),
		p(502, "Pruning Shears", "24.00", "Bypass shears for clean cuts.", tools),
		tagged(p(503, "Basil Seed Packet", "3.20", "Sweet Genovese basil, 200 seeds.", seeds, herbs), organic),
		color(p(504, "Sunflower Seeds", "4.10", "Giant sunflowers.", seeds), "Yellow", 61),
		color(tagged(p(505, "Terracotta Planter", "18.00", "A classic clay planter.", planters), eco), "Red", 62),
		color(p(506, "Hanging Basket", "22.00", "A wire basket with a coco liner.", planters), "Green", 63),
		tagged(p(507, "Solar Path Light", "15.00", "Charges by day, glows all night.", lighting), eco),
		p(508, "String Lanterns", "29.00", "Ten warm white lanterns.", lighting),
		color(p(509, "Watering Can", "16.00", "A two-litre can.", tools), "Green", 63),
		tagged(p(510, "Mint Seed Packet", "3.20", "Spearmint, 150 seeds.", seeds, herbs), organic),
		color(p(511, "Ceramic Pot", "9.50", "A glazed pot.", planters), "Blue", 64),
		p(512, "Garden Kneeler", "31.00", "A padded kneeler that folds into a seat.", tools),
	}
}
