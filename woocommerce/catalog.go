package woocommerce

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"io"
	"net/http"
	"net/url"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/parleyhq/parley"
	"github.com/parleyhq/parley/internal/transport"
	"github.com/parleyhq/parley/shop"
)

// APIs a Catalog can use.
const (
	// APIREST is the REST API v3 (/wp-json/wc/v3), which needs a consumer key.
	APIREST = "rest"
	// APIStore is the public Store API (/wp-json/wc/store/v1), without keys.
	APIStore = "store"
)

// Defaults.
const (
	DefaultTimeout   = 4 * time.Second
	DefaultCacheTTL  = 60 * time.Second
	DefaultCacheSize = 512
	defaultPerPage   = 10
	maxPerPage       = 100
	maxBody          = 8 << 20
)

// Config configures a Catalog.
type Config struct {
	// URL is the WordPress site, e.g. https://shop.example.com.
	URL string
	// API is "rest" or "store"; empty means rest when a consumer key is given, else
	// store.
	API string
	// ConsumerKey and ConsumerSecret are a REST API key pair (ck_..., cs_...); Read
	// access is enough.
	ConsumerKey, ConsumerSecret string
	// Currency is the shop's currency code for the REST API, whose products carry
	// none; empty means ask WooCommerce once.
	Currency string
	// Timeout bounds one request; zero means DefaultTimeout.
	Timeout time.Duration
	// CacheTTL is how long a search or product stays cached; zero means
	// DefaultCacheTTL, negative disables the cache.
	CacheTTL time.Duration
	// CacheSize bounds the cached entries; zero means DefaultCacheSize.
	CacheSize int
	// HTTPClient defaults to a client without its own timeout (Timeout applies).
	HTTPClient *http.Client
	// Now is the clock of the cache; it defaults to time.Now.
	Now func() time.Time
}

// Catalog is a shop.Catalog over a WooCommerce store.
type Catalog struct {
	base     *url.URL
	api      string
	key      string
	secret   string
	timeout  time.Duration
	http     *http.Client
	now      func() time.Time
	cache    *cache
	currency string

	mu        sync.Mutex
	minorUnit int // Store API currency minor unit; -1 until seen
}

var _ shop.Catalog = (*Catalog)(nil)

// New validates cfg and returns a Catalog; a bad configuration is an error with code
// parley.EINVALID. It makes no request.
func New(cfg Config) (*Catalog, error) {
	base, err := parseStoreURL(cfg.URL)
	if err != nil {
		return nil, err
	}
	c := &Catalog{
		base: base, api: strings.ToLower(strings.TrimSpace(cfg.API)),
		key: strings.TrimSpace(cfg.ConsumerKey), secret: strings.TrimSpace(cfg.ConsumerSecret),
		timeout: cfg.Timeout, http: cfg.HTTPClient, now: cfg.Now, currency: strings.TrimSpace(cfg.Currency),
		minorUnit: -1,
	}
	if err := c.chooseAPI(cfg.API); err != nil {
		return nil, err
	}
	if c.timeout < 0 || cfg.CacheSize < 0 {
		return nil, parley.Errorf(parley.EINVALID, "woocommerce: timeout and cache size must not be negative")
	}
	c.timeout = orDefault(c.timeout, DefaultTimeout)
	c.cache = newCache(orDefault(cfg.CacheTTL, DefaultCacheTTL), orDefault(cfg.CacheSize, DefaultCacheSize))
	if c.http == nil {
		c.http = &http.Client{}
	}
	if c.now == nil {
		c.now = time.Now
	}
	return c, nil
}

// orDefault is v, or def when v is zero (not configured).
func orDefault[T comparable](v, def T) T {
	var zero T
	if v == zero {
		return def
	}
	return v
}

// defaultAPI is the REST API when a consumer key is given, else the Store API.
func defaultAPI(key string) string {
	if key != "" {
		return APIREST
	}
	return APIStore
}

// failIf is an EINVALID configuration error when broken holds, else nil.
func failIf(broken bool, msg string) error {
	if !broken {
		return nil
	}
	return parley.Errorf(parley.EINVALID, "woocommerce: %s", msg)
}

// parseStoreURL parses the store's base URL (EINVALID unless absolute http(s)
// without query, fragment or user info, which would leak into every request).
func parseStoreURL(raw string) (*url.URL, error) {
	base, err := url.Parse(strings.TrimRight(strings.TrimSpace(raw), "/"))
	if err != nil || (base.Scheme != "http" && base.Scheme != "https") || base.Host == "" {
		return nil, parley.Errorf(parley.EINVALID, "woocommerce: URL %q must be an absolute http(s) URL", raw)
	}
	if base.RawQuery != "" || base.Fragment != "" || base.User != nil {
		return nil, parley.Errorf(parley.EINVALID, "woocommerce: URL %q must not carry a query, fragment or user info", base.Redacted())
	}
	return base, nil
}

// chooseAPI settles which API the catalog reads: the one configured, else the REST
// API when a consumer key is given and the Store API otherwise. The REST API needs
// the key and the secret.
func (c *Catalog) chooseAPI(configured string) error {
	if c.api == "" {
		c.api = defaultAPI(c.key)
	}
	switch c.api {
	case APIREST:
		return failIf(c.key == "" || c.secret == "", "the REST API needs a consumer key and secret (or use api: store)")
	case APIStore:
		return nil
	}
	return parley.Errorf(parley.EINVALID, "woocommerce: api %q is neither rest nor store", configured)
}

// Search runs one catalog search.
func (c *Catalog) Search(ctx context.Context, q shop.Query) (shop.Page, error) {
	offset := max(q.Offset, 0)
	params := pageParams(q.Limit, offset)
	q = c.termFilters(q, params)
	if text := searchText(q, c.api); text != "" {
		params.Set("search", text)
	}
	path, none := "wc/store/v1/products", false
	var err error
	if c.api == APIREST {
		path = "wc/v3/products"
		none, err = c.restFilters(ctx, q, params)
	} else {
		err = c.storeFilters(ctx, q, params)
	}
	if err != nil || none {
		return shop.Page{}, err
	}
	return c.productPage(ctx, path, params, offset)
}

// pageParams ask for the page of limit products (defaultPerPage when not
// positive, at most maxPerPage) at offset: by page number when offset falls on
// a page boundary.
func pageParams(limit, offset int) url.Values {
	perPage := positiveOr(limit, defaultPerPage)
	perPage = min(perPage, maxPerPage)
	params := url.Values{}
	params.Set("per_page", strconv.Itoa(perPage))
	if offset%perPage == 0 {
		params.Set("page", strconv.Itoa(offset/perPage+1))
	} else {
		params.Set("offset", strconv.Itoa(offset))
	}
	return params
}

// positiveOr is v when positive, else def.
func positiveOr(v, def int) int {
	if v <= 0 {
		return def
	}
	return v
}

// termFilters turns the words of q that name one of the shop's tags or attribute
// terms into filters, and returns q without them: WooCommerce's search reads
// neither tags nor attributes.
func (c *Catalog) termFilters(q shop.Query, params url.Values) shop.Query {
	if tagIDs, rest := c.cachedTagIDs(q.Terms); len(tagIDs) > 0 {
		params.Set("tag", strings.Join(tagIDs, ","))
		q.Terms, q.Text = rest, strings.Join(rest, " ")
	}
	// Likewise a word naming an attribute term ("blue" of pa_color).
	if filter, rest := c.cachedAttributeFilter(q.Terms); filter != nil {
		for k, v := range filter {
			params[k] = v
		}
		q.Terms, q.Text = rest, strings.Join(rest, " ")
	}
	return q
}

// restFilters sets the REST API's status, category and price filters; none is true
// when the category names no category of the shop, so nothing can match.
func (c *Catalog) restFilters(ctx context.Context, q shop.Query, params url.Values) (none bool, err error) {
	params.Set("status", "publish")
	category := lastSegment(q.Category)
	if id, ok := c.cachedCategoryID(category); ok {
		params.Set("category", id)
	} else if category != "" {
		ids, err := c.categoryIDs(ctx, category)
		if err != nil {
			return false, err
		}
		if len(ids) == 0 {
			return true, nil
		}
		params.Set("category", strings.Join(ids, ","))
	}
	setPrices(params, q, func(v float64) string { return strconv.FormatFloat(v, 'f', -1, 64) })
	return false, nil
}

// storeFilters sets the Store API's visibility, category and price filters (prices
// in the store's minor units).
func (c *Catalog) storeFilters(ctx context.Context, q shop.Query, params url.Values) error {
	params.Set("catalog_visibility", "catalog")
	category := lastSegment(q.Category)
	if id, ok := c.cachedCategoryID(category); ok {
		params.Set("category", id)
	} else if category != "" {
		params.Set("category", categorySlug(category))
	}
	if q.MinPrice == nil && q.MaxPrice == nil {
		return nil
	}
	unit, err := c.storeMinorUnit(ctx)
	if err != nil {
		return err
	}
	setPrices(params, q, func(v float64) string { return decimalToMinor(v, unit) })
	return nil
}

// setPrices sets the min_price and max_price filters of the query's bounds, as
// format writes a price.
func setPrices(params url.Values, q shop.Query, format func(float64) string) {
	if q.MinPrice != nil {
		params.Set("min_price", format(*q.MinPrice))
	}
	if q.MaxPrice != nil {
		params.Set("max_price", format(*q.MaxPrice))
	}
}

// productPage gets one page of products, through the cache.
func (c *Catalog) productPage(ctx context.Context, path string, params url.Values, offset int) (shop.Page, error) {
	cacheKey := "search:" + hashKey(path, params)
	now := c.now()
	if v, ok := c.cache.get(cacheKey, now); ok {
		return clonePage(v.(shop.Page)), nil
	}
	body, header, err := c.get(ctx, path, params, "product list", false)
	if err != nil {
		return shop.Page{}, err
	}
	products, err := c.decodeProducts(ctx, body)
	if err != nil {
		return shop.Page{}, err
	}
	total := len(products) + offset
	if n, err := strconv.Atoi(header.Get("X-WP-Total")); err == nil && n >= 0 {
		total = n
	}
	page := shop.Page{Products: products, Total: total}
	c.cache.put(cacheKey, clonePage(page), now)
	return page, nil
}

// decodeProducts reads a product list of the API in use (noting the Store API's
// currency minor unit).
func (c *Catalog) decodeProducts(ctx context.Context, body []byte) ([]shop.Product, error) {
	if c.api == APIREST {
		return decodeRESTProducts(body, c.shopCurrency(ctx))
	}
	products, unit, err := decodeStoreProducts(body)
	if unit >= 0 {
		c.setMinorUnit(unit)
	}
	return products, err
}

// Product returns one product by id; a variation id returns its parent.
func (c *Catalog) Product(ctx context.Context, id string) (shop.Product, error) {
	n, err := strconv.ParseInt(strings.TrimSpace(id), 10, 64)
	if err != nil || n <= 0 {
		return shop.Product{}, parley.Errorf(parley.ENOTFOUND, "woocommerce: no product %q", id)
	}
	cacheKey := "product:" + strconv.FormatInt(n, 10)
	now := c.now()
	if v, ok := c.cache.get(cacheKey, now); ok {
		return cloneProduct(v.(shop.Product)), nil
	}
	p, err := c.fetchProduct(ctx, n, true)
	if err != nil {
		return shop.Product{}, err
	}
	c.cache.put(cacheKey, cloneProduct(p), now)
	return p, nil
}

func (c *Catalog) fetchProduct(ctx context.Context, id int64, followParent bool) (shop.Product, error) {
	if c.api == APIREST {
		return c.fetchRESTProduct(ctx, id, followParent)
	}
	return c.fetchStoreProduct(ctx, id, followParent)
}

// fetchRESTProduct reads a published product from the REST API; a variation is
// read as its parent when followParent.
func (c *Catalog) fetchRESTProduct(ctx context.Context, id int64, followParent bool) (shop.Product, error) {
	what := "product " + strconv.FormatInt(id, 10)
	body, _, err := c.get(ctx, "wc/v3/products/"+strconv.FormatInt(id, 10), nil, what, true)
	if err != nil {
		return shop.Product{}, err
	}
	p, err := decodeRESTProduct(body)
	if err != nil {
		return shop.Product{}, err
	}
	if p.Status != "" && p.Status != "publish" {
		// The REST API shows drafts and private products to the key's user;
		// customers must not see them.
		return shop.Product{}, parley.Errorf(parley.ENOTFOUND, "woocommerce: no published %s", what)
	}
	if p.Type == "variation" && p.ParentID > 0 && followParent {
		return c.fetchProduct(ctx, p.ParentID, false)
	}
	return p.product(c.shopCurrency(ctx)), nil
}

// fetchStoreProduct reads a product from the Store API; a variation is read as
// its parent when followParent.
func (c *Catalog) fetchStoreProduct(ctx context.Context, id int64, followParent bool) (shop.Product, error) {
	what := "product " + strconv.FormatInt(id, 10)
	body, _, err := c.get(ctx, "wc/store/v1/products/"+strconv.FormatInt(id, 10), nil, what, true)
	if err != nil {
		return shop.Product{}, err
	}
	var sp storeProduct
	if err := json.Unmarshal(body, &sp); err != nil {
		return shop.Product{}, parley.WrapError(parley.EUNAVAILABLE, err, "woocommerce: malformed Store API product")
	}
	if sp.Type == "variation" && sp.Parent > 0 && followParent {
		return c.fetchProduct(ctx, sp.Parent, false)
	}
	c.setMinorUnit(sp.Prices.CurrencyMinorUnit)
	return sp.product()
}

// matchingTermIDs are the ids of the terms named name (or its slug), else of
// all the terms, sorted, without repeats.
func matchingTermIDs(terms []term, name string) []string {
	var exact, all []string
	for _, t := range terms {
		id := strconv.FormatInt(t.ID, 10)
		all = append(all, id)
		if strings.EqualFold(strings.TrimSpace(t.Name), name) || strings.EqualFold(t.Slug, categorySlug(name)) {
			exact = append(exact, id)
		}
	}
	ids := all
	if len(exact) > 0 {
		ids = exact
	}
	slices.Sort(ids)
	return slices.Compact(ids)
}

// categoryIDs resolves a category name to REST term ids (cached).
func (c *Catalog) categoryIDs(ctx context.Context, name string) ([]string, error) {
	cacheKey := "category:" + strings.ToLower(name)
	now := c.now()
	if v, ok := c.cache.get(cacheKey, now); ok {
		return v.([]string), nil
	}
	params := url.Values{"search": {name}, "per_page": {strconv.Itoa(maxPerPage)}}
	body, _, err := c.get(ctx, "wc/v3/products/categories", params, "category list", false)
	if err != nil {
		return nil, err
	}
	var terms []term
	if err := json.Unmarshal(body, &terms); err != nil {
		return nil, parley.WrapError(parley.EUNAVAILABLE, err, "woocommerce: malformed category list")
	}
	ids := matchingTermIDs(terms, name)
	c.cache.put(cacheKey, ids, now)
	return ids, nil
}

// shopCurrency returns the REST shop's currency: configured, cached, or asked once
// per cache period; "" when WooCommerce will not say.
func (c *Catalog) shopCurrency(ctx context.Context) string {
	if c.currency != "" {
		return c.currency
	}
	now := c.now()
	if v, ok := c.cache.get("currency", now); ok {
		return v.(string)
	}
	var cur struct {
		Code string `json:"code"`
	}
	body, _, err := c.get(ctx, "wc/v3/data/currencies/current", nil, "shop currency", false)
	if err == nil && json.Unmarshal(body, &cur) != nil {
		cur.Code = ""
	}
	// A failure is remembered too, so that a key that may not read the currency does
	// not cost a request per search.
	c.cache.put("currency", cur.Code, now)
	return cur.Code
}

func (c *Catalog) setMinorUnit(unit int) {
	if unit < 0 || unit > 8 {
		return
	}
	c.mu.Lock()
	c.minorUnit = unit
	c.mu.Unlock()
}

// storeMinorUnit returns the Store API's currency minor unit, asking for one product
// when no answer has shown it yet.
func (c *Catalog) storeMinorUnit(ctx context.Context) (int, error) {
	c.mu.Lock()
	unit := c.minorUnit
	c.mu.Unlock()
	if unit >= 0 {
		return unit, nil
	}
	body, _, err := c.get(ctx, "wc/store/v1/products", url.Values{"per_page": {"1"}}, "currency probe", false)
	if err != nil {
		return 0, err
	}
	_, unit, err = decodeStoreProducts(body)
	if err != nil {
		return 0, err
	}
	if unit < 0 {
		// An empty shop: no price filter can match anything anyway; assume cents.
		return 2, nil
	}
	c.setMinorUnit(unit)
	return unit, nil
}

// get makes one GET under /wp-json/ and returns the body of a 2xx answer.
// A 404 is ENOTFOUND when lookup is set (one product by id), else EINVALID (no API
// at the URL).
func (c *Catalog) get(ctx context.Context, path string, params url.Values, what string, lookup bool) ([]byte, http.Header, error) {
	ctx, cancel := context.WithTimeout(ctx, c.timeout)
	defer cancel()
	req, err := c.request(ctx, path, params)
	if err != nil {
		return nil, nil, parley.Errorf(parley.EINVALID, "woocommerce: cannot build the %s request", what)
	}
	resp, err := c.http.Do(req)
	if err != nil {
		// Never show the URL: over http it holds the consumer secret.
		if ctx.Err() == context.DeadlineExceeded {
			return nil, nil, parley.Errorf(parley.EUNAVAILABLE, "woocommerce: no answer to the %s request within %s", what, c.timeout)
		}
		return nil, nil, parley.WrapError(parley.EUNAVAILABLE, transport.Cause(err), "woocommerce: %s request failed", what)
	}
	defer resp.Body.Close()
	body, err := c.readBody(ctx, resp, what)
	if err != nil {
		return nil, nil, err
	}
	if err := c.statusError(resp.StatusCode, body, what, lookup); err != nil {
		return nil, nil, err
	}
	return body, resp.Header, nil
}

// readBody reads an answer's body, up to maxBody bytes.
func (c *Catalog) readBody(ctx context.Context, resp *http.Response, what string) ([]byte, error) {
	body, err := io.ReadAll(io.LimitReader(resp.Body, maxBody+1))
	if err != nil {
		if ctx.Err() == context.DeadlineExceeded {
			return nil, parley.Errorf(parley.EUNAVAILABLE, "woocommerce: no complete answer to the %s request within %s", what, c.timeout)
		}
		return nil, parley.Errorf(parley.EUNAVAILABLE, "woocommerce: reading the %s answer failed", what)
	}
	if len(body) > maxBody {
		return nil, parley.Errorf(parley.EUNAVAILABLE, "woocommerce: the %s answer is over %d bytes", what, maxBody)
	}
	return body, nil
}

// request builds the GET of path with params, authenticated for the REST API: as
// query parameters over http, with Basic auth over https.
func (c *Catalog) request(ctx context.Context, path string, params url.Values) (*http.Request, error) {
	u := c.base.JoinPath("wp-json", path)
	query := url.Values{}
	for k, v := range params {
		query[k] = v
	}
	rest := strings.HasPrefix(path, "wc/v3/")
	if rest && c.base.Scheme == "http" {
		query.Set("consumer_key", c.key)
		query.Set("consumer_secret", c.secret)
	}
	u.RawQuery = query.Encode()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u.String(), nil)
	if err != nil {
		return nil, err
	}
	req.Header.Set("Accept", "application/json")
	if rest && c.base.Scheme == "https" {
		req.SetBasicAuth(c.key, c.secret)
	}
	return req, nil
}

// statusError is the error an answer's status stands for, nil for a 2xx: a 404 of
// a lookup is ENOTFOUND, refused credentials, rate limits and server errors are
// EUNAVAILABLE, any other refusal EINVALID.
func (c *Catalog) statusError(status int, body []byte, what string, lookup bool) error {
	switch {
	case status >= 200 && status < 300:
		return nil
	case status == http.StatusNotFound && lookup:
		return parley.Errorf(parley.ENOTFOUND, "woocommerce: no %s (%s)", what, decodeWPError(body))
	case status == http.StatusUnauthorized || status == http.StatusForbidden:
		return parley.Errorf(parley.EUNAVAILABLE, "woocommerce: the shop refused the credentials for the %s (%d %s)", what, status, decodeWPError(body))
	case status == http.StatusTooManyRequests || status >= 500:
		return parley.Errorf(parley.EUNAVAILABLE, "woocommerce: the shop failed the %s request (%d %s)", what, status, decodeWPError(body))
	case status == http.StatusNotFound:
		return parley.Errorf(parley.EINVALID, "woocommerce: no %s API at %s (%d %s)", c.api, c.base.Redacted(), status, decodeWPError(body))
	default:
		return parley.Errorf(parley.EINVALID, "woocommerce: the shop refused the %s request (%d %s)", what, status, decodeWPError(body))
	}
}

// longest is the first of the longest words, in runes.
func longest(words []string) string {
	out := words[0]
	for _, w := range words[1:] {
		if len([]rune(w)) > len([]rune(out)) {
			out = w
		}
	}
	return out
}

// searchText is what the search parameter carries: the terms when given, else the
// words of the text, lowercased and reduced to substring stems.
//
// Both APIs search with SQL LIKE '%word%': the REST API (WP_Query) ANDs each word
// over title, excerpt and content; the Store API matches the whole string against
// the title or SKU. So "hoodies" must be sent as "hoodi" to find "Hoodie" and
// "Hoodies" alike, and the Store API gets only the longest word, since several
// words rarely stand together in a product title.
func searchText(q shop.Query, api string) string {
	words := q.Terms
	if len(words) == 0 {
		words = strings.Fields(q.Text)
	}
	var stems []string
	for _, w := range words {
		for _, f := range strings.Fields(strings.ToLower(w)) {
			stems = append(stems, likeStem(f))
		}
	}
	if len(stems) == 0 {
		return ""
	}
	if api == APIStore {
		return longest(stems)
	}
	return strings.Join(stems, " ")
}

// likeStem strips an English plural ending so that a LIKE '%stem%' search finds the
// singular and the plural: hoodies -> hoodi, accessories -> accessori, dresses ->
// dress, boxes -> box, belts -> belt. Short words and "ss", "us", "is" endings stay.
func likeStem(w string) string {
	if len(w) <= 3 {
		return w
	}
	switch {
	case strings.HasSuffix(w, "ies"):
		return strings.TrimSuffix(w, "es")
	case strings.HasSuffix(w, "sses"), strings.HasSuffix(w, "xes"), strings.HasSuffix(w, "ches"), strings.HasSuffix(w, "shes"), strings.HasSuffix(w, "zes"):
		return strings.TrimSuffix(w, "es")
	case strings.HasSuffix(w, "ss"), strings.HasSuffix(w, "us"), strings.HasSuffix(w, "is"):
		return w
	case strings.HasSuffix(w, "s"):
		return strings.TrimSuffix(w, "s")
	}
	return w
}

func lastSegment(category string) string {
	parts := strings.Split(category, ">")
	return strings.TrimSpace(parts[len(parts)-1])
}

var nonSlug = regexp.MustCompile(`[^a-z0-9]+`)

// categorySlug is WordPress's slug of a plain category name ("T-shirts" ->
// "t-shirts"); a numeric id is kept as is.
func categorySlug(name string) string {
	if _, err := strconv.ParseUint(name, 10, 64); err == nil {
		return name
	}
	return strings.Trim(nonSlug.ReplaceAllString(strings.ToLower(name), "-"), "-")
}

// hashKey names a request for the cache: the path and the sorted, encoded
// parameters (credentials are never among them).
func hashKey(path string, params url.Values) string {
	sum := sha256.Sum256([]byte(path + "?" + params.Encode()))
	return hex.EncodeToString(sum[:16])
}

func clonePage(p shop.Page) shop.Page {
	out := shop.Page{Total: p.Total, Products: make([]shop.Product, len(p.Products))}
	for i, product := range p.Products {
		out.Products[i] = cloneProduct(product)
	}
	return out
}

func cloneProduct(p shop.Product) shop.Product {
	p.Categories = slices.Clone(p.Categories)
	return p
}
