package woocommerce_test

import (
	"context"
	"encoding/json"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/parleyhq/parley"
	"github.com/parleyhq/parley/shop"
	"github.com/parleyhq/parley/woocommerce"
	"github.com/parleyhq/parley/woocommerce/wootest"
)

func price(v float64) *float64 { return &v }

// clock is a settable clock for the cache.
type clock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *clock) Now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.now }
func (c *clock) Advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = c.now.Add(d)
}

func newCatalog(t *testing.T, fake *wootest.Server, api string, edit func(*woocommerce.Config)) *woocommerce.Catalog {
	t.Helper()
	cfg := woocommerce.Config{URL: fake.URL, API: api, HTTPClient: fake.Client(), CacheTTL: -1}
	if api == woocommerce.APIREST {
		cfg.ConsumerKey, cfg.ConsumerSecret = fake.ConsumerKey, fake.ConsumerSecret
	}
	if edit != nil {
		edit(&cfg)
	}
	c, err := woocommerce.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func ids(p shop.Page) []string {
	var out []string
	for _, product := range p.Products {
		out = append(out, product.ID)
	}
	return out
}

func TestFixturesMatchShared(t *testing.T) {
	shared := filepath.Join("..", "..", "shared", "fixtures")
	for _, name := range []string{"woocommerce_rest_v3_products_list.json", "woocommerce_store_api_v1_products_list.json"} {
		want, err := os.ReadFile(filepath.Join(shared, name))
		if err != nil {
			t.Skip("../shared/fixtures not present")
		}
		got, err := os.ReadFile(filepath.Join("wootest", "fixtures", name))
		if err != nil || string(got) != string(want) {
			t.Errorf("wootest/fixtures/%s is not a byte-identical copy of the shared fixture (%v)", name, err)
		}
	}
}

func TestNewValidatesConfig(t *testing.T) {
	tests := []struct {
		name string
		cfg  woocommerce.Config
		ok   bool
	}{
		{"store without keys", woocommerce.Config{URL: "https://shop.example.com", API: "store"}, true},
		{"api defaults to store without keys", woocommerce.Config{URL: "https://shop.example.com"}, true},
		{"api defaults to rest with keys", woocommerce.Config{URL: "https://shop.example.com", ConsumerKey: "ck", ConsumerSecret: "cs"}, true},
		{"rest without secret", woocommerce.Config{URL: "https://shop.example.com", API: "rest", ConsumerKey: "ck"}, false},
		{"unknown api", woocommerce.Config{URL: "https://shop.example.com", API: "graphql"}, false},
		{"relative URL", woocommerce.Config{URL: "shop.example.com", API: "store"}, false},
		{"URL with query", woocommerce.Config{URL: "https://shop.example.com/?x=1", API: "store"}, false},
		{"negative timeout", woocommerce.Config{URL: "https://shop.example.com", API: "store", Timeout: -1}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := woocommerce.New(tt.cfg)
			if tt.ok && err != nil {
				t.Fatalf("New: %v", err)
			}
			if !tt.ok && parley.ErrorCode(err) != parley.EINVALID {
				t.Fatalf("code %q (%v), want invalid", parley.ErrorCode(err), err)
			}
		})
	}
}

func TestFakeServesFixtureShapes(t *testing.T) {
	fake := wootest.NewServer(t, wootest.SampleProducts()...)
	keysOf := func(m map[string]any) []string {
		var out []string
		for k := range m {
			out = append(out, k)
		}
		slices.Sort(out)
		return out
	}
	fixtureKeys := func(name string) []string {
		var list []map[string]any
		data, err := os.ReadFile(filepath.Join("wootest", "fixtures", name))
		if err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal(data, &list); err != nil {
			t.Fatal(err)
		}
		return keysOf(list[0])
	}
	get := func(path string) []map[string]any {
		resp, err := http.Get(fake.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		var list []map[string]any
		if err := json.NewDecoder(resp.Body).Decode(&list); err != nil {
			t.Fatal(err)
		}
		if len(list) == 0 {
			t.Fatalf("%s: empty list", path)
		}
		return list
	}
	restWant := fixtureKeys("woocommerce_rest_v3_products_list.json")
	for _, p := range get("/wp-json/wc/v3/products?consumer_key=ck_test&consumer_secret=cs_test") {
		if diff := cmp.Diff(restWant, keysOf(p)); diff != "" {
			t.Fatalf("REST product %v keys differ from the fixture (-fixture +fake):\n%s", p["id"], diff)
		}
	}
	storeWant := append(fixtureKeys("woocommerce_store_api_v1_products_list.json"), "attributes", "categories", "parent", "tags", "type")
	slices.Sort(storeWant)
	for _, p := range get("/wp-json/wc/store/v1/products") {
		if diff := cmp.Diff(storeWant, keysOf(p)); diff != "" {
			t.Fatalf("Store product %v keys differ from the fixture (-fixture +fake):\n%s", p["id"], diff)
		}
	}
}

func TestSearch(t *testing.T) {
	tests := []struct {
		name      string
		api       string
		q         shop.Query
		wantIDs   []string
		wantTotal int
	}{
		{"rest: everything published, newest first", "rest", shop.Query{Limit: 10}, []string{"805", "802", "801", "799", "794", "34"}, 6},
		{"rest: word search over descriptions too", "rest", shop.Query{Text: "warm logo"}, []string{"801"}, 1},
		{"rest: terms win over text", "rest", shop.Query{Text: "show me hoodies", Terms: []string{"hoodie"}}, []string{"802", "801"}, 2},
		{"rest: category name resolved to term ids", "rest", shop.Query{Category: "T-shirts"}, []string{"799", "794"}, 2},
		{"rest: category path uses its last segment", "rest", shop.Query{Category: "Clothing > Hoodies"}, []string{"802", "801"}, 2},
		{"rest: unknown category gives nothing", "rest", shop.Query{Category: "Boats"}, nil, 0},
		{"rest: price range", "rest", shop.Query{MinPrice: price(20), MaxPrice: price(42.5)}, []string{"802", "794"}, 2},
		{"rest: second page by page number", "rest", shop.Query{Offset: 2, Limit: 2}, []string{"801", "799"}, 6},
		{"rest: odd offset", "rest", shop.Query{Offset: 3, Limit: 2}, []string{"799", "794"}, 6},
		{"store: catalog visibility hides hidden products", "store", shop.Query{}, []string{"802", "801", "799", "794", "34"}, 5},
		{"store: search is a substring of name or SKU", "store", shop.Query{Text: "WP-PENNANT"}, []string{"34"}, 1},
		{"store: search does not read descriptions", "store", shop.Query{Text: "warm"}, nil, 0},
		{"store: category by slug", "store", shop.Query{Category: "Hoodies"}, []string{"802", "801"}, 2},
		{"store: category by id", "store", shop.Query{Category: "20"}, []string{"34"}, 1},
		{"store: price range in minor units", "store", shop.Query{MinPrice: price(11.05), MaxPrice: price(21.99)}, []string{"794", "34"}, 2},
		{"store: limit above 100 is capped", "store", shop.Query{Limit: 500}, []string{"802", "801", "799", "794", "34"}, 5},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fake := wootest.NewServer(t, wootest.SampleProducts()...)
			c := newCatalog(t, fake, tt.api, nil)
			page, err := c.Search(context.Background(), tt.q)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.wantIDs, ids(page)); diff != "" {
				t.Errorf("ids (-want +got):\n%s", diff)
			}
			if page.Total != tt.wantTotal {
				t.Errorf("total %d, want %d", page.Total, tt.wantTotal)
			}
		})
	}
}

func TestSearchRequestParameters(t *testing.T) {
	fake := wootest.NewServer(t, wootest.SampleProducts()...)
	c := newCatalog(t, fake, "rest", nil)
	if _, err := c.Search(context.Background(), shop.Query{Terms: []string{"Hoodie"}, MinPrice: price(10), MaxPrice: price(49.5), Offset: 5, Limit: 5}); err != nil {
		t.Fatal(err)
	}
	var list *wootest.Request
	for _, r := range fake.Requests() {
		if r.Path == "/wp-json/wc/v3/products" {
			list = &r
		}
	}
	if list == nil {
		t.Fatal("no product list request")
	}
	got := map[string]string{}
	for k := range list.Query {
		got[k] = list.Query.Get(k)
	}
	want := map[string]string{
		"search": "hoodie", "per_page": "5", "page": "2", "status": "publish", "min_price": "10", "max_price": "49.5",
		// Plain http: the keys travel as query parameters.
		"consumer_key": wootest.ConsumerKey, "consumer_secret": wootest.ConsumerSecret,
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("REST query (-want +got):\n%s", diff)
	}

	storeFake := wootest.NewServer(t, wootest.SampleProducts()...)
	store := newCatalog(t, storeFake, "store", nil)
	if _, err := store.Search(context.Background(), shop.Query{Text: "hoodie", MaxPrice: price(42), Category: "Hoodies"}); err != nil {
		t.Fatal(err)
	}
	reqs := storeFake.Requests()
	// The first request learns the currency minor unit, the second searches.
	if len(reqs) != 2 || reqs[0].Query.Get("per_page") != "1" {
		t.Fatalf("requests %+v, want a one-product probe then the search", reqs)
	}
	got = map[string]string{}
	for k := range reqs[1].Query {
		got[k] = reqs[1].Query.Get(k)
	}
	want = map[string]string{"search": "hoodie", "per_page": "10", "page": "1", "catalog_visibility": "catalog", "category": "hoodies", "max_price": "4200"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Store query (-want +got):\n%s", diff)
	}
}

func TestRESTBasicAuthOverHTTPS(t *testing.T) {
	fake := wootest.NewTLSServer(t, wootest.SampleProducts()...)
	c := newCatalog(t, fake, "rest", func(cfg *woocommerce.Config) { cfg.Currency = "USD" })
	page, err := c.Search(context.Background(), shop.Query{Text: "premium"})
	if err != nil {
		t.Fatal(err)
	}
	want := []shop.Product{{
		ID: "794", Name: "Premium Quality", Price: 21.99, Currency: "USD",
		Description: "Pellentesque habitant morbi tristique senectus et netus et malesuada fames ac turpis egestas.",
		ImageURL:    "https://example.com/wp-content/uploads/2017/03/T_2_front-4.jpg",
		Permalink:   "https://example.com/product/premium-quality-19/", Categories: []string{"Clothing", "T-shirts"},
	}}
	if diff := cmp.Diff(want, page.Products); diff != "" {
		t.Errorf("products (-want +got):\n%s", diff)
	}
	for _, r := range fake.Requests() {
		if r.Query.Has("consumer_secret") {
			t.Errorf("secret sent in the query over https: %s", r.Path)
		}
		if !strings.HasPrefix(r.Header.Get("Authorization"), "Basic ") {
			t.Errorf("no Basic auth on %s", r.Path)
		}
	}
}

func TestRESTCurrencyIsAskedOnce(t *testing.T) {
	fake := wootest.NewServer(t, wootest.SampleProducts()...)
	fake.Currency = "MAD"
	c := newCatalog(t, fake, "rest", func(cfg *woocommerce.Config) { cfg.CacheTTL = time.Minute })
	for _, text := range []string{"premium", "hoodie"} {
		page, err := c.Search(context.Background(), shop.Query{Text: text})
		if err != nil {
			t.Fatal(err)
		}
		if page.Products[0].Currency != "MAD" {
			t.Errorf("currency %q, want MAD", page.Products[0].Currency)
		}
	}
	n := 0
	for _, r := range fake.Requests() {
		if strings.HasSuffix(r.Path, "/data/currencies/current") {
			n++
		}
	}
	if n != 1 {
		t.Errorf("currency asked %d times, want 1", n)
	}
}

func TestProduct(t *testing.T) {
	for _, api := range []string{"rest", "store"} {
		t.Run(api, func(t *testing.T) {
			fake := wootest.NewServer(t, wootest.SampleProducts()...)
			c := newCatalog(t, fake, api, nil)
			p, err := c.Product(context.Background(), "801")
			if err != nil {
				t.Fatal(err)
			}
			want := shop.Product{ID: "801", Name: "Hoodie with Logo", Description: "A warm hoodie & a logo.", Price: 45, Currency: "USD",
				ImageURL: "https://example.com/hoodie-logo.jpg", Permalink: "https://example.com/product/hoodie-with-logo/", Categories: []string{"Clothing", "Hoodies"}}
			if diff := cmp.Diff(want, p); diff != "" {
				t.Errorf("product (-want +got):\n%s", diff)
			}
			// A variation id stands for its parent.
			v, err := c.Product(context.Background(), "803")
			if err != nil {
				t.Fatal(err)
			}
			if v.ID != "801" || v.Name != "Hoodie with Logo" {
				t.Errorf("variation 803 gave %s %q, want its parent 801", v.ID, v.Name)
			}
			// 804 is a draft: the REST API would show it to the key's user.
			for _, id := range []string{"9999", "abc", "-1", "", "804"} {
				if _, err := c.Product(context.Background(), id); parley.ErrorCode(err) != parley.ENOTFOUND {
					t.Errorf("Product(%q) code %q (%v), want not_found", id, parley.ErrorCode(err), err)
				}
			}
		})
	}
}

func TestErrors(t *testing.T) {
	tests := []struct {
		name string
		api  string
		edit func(*woocommerce.Config)
		fail wootest.Failure
		code string
		text string
	}{
		{"wrong key", "rest", func(c *woocommerce.Config) { c.ConsumerKey = "ck_wrong" }, 0, parley.EUNAVAILABLE, "Consumer key is invalid."},
		{"wrong secret", "rest", func(c *woocommerce.Config) { c.ConsumerSecret = "cs_wrong" }, 0, parley.EUNAVAILABLE, "Consumer secret is invalid."},
		{"server error", "rest", nil, wootest.FailServerError, parley.EUNAVAILABLE, "500"},
		{"timeout", "store", func(c *woocommerce.Config) { c.Timeout = 50 * time.Millisecond }, wootest.FailTimeout, parley.EUNAVAILABLE, "within 50ms"},
		{"malformed JSON", "store", nil, wootest.FailMalformed, parley.EUNAVAILABLE, "malformed"},
		{"no API at the URL", "store", func(c *woocommerce.Config) { c.URL += "/blog" }, 0, parley.EINVALID, "rest_no_route"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fake := wootest.NewServer(t, wootest.SampleProducts()...)
			if tt.fail != 0 {
				fake.Fail(tt.fail, 1)
			}
			c := newCatalog(t, fake, tt.api, tt.edit)
			_, err := c.Search(context.Background(), shop.Query{Text: "hoodie", Category: "Hoodies"})
			if got := parley.ErrorCode(err); got != tt.code {
				t.Fatalf("code %q (%v), want %q", got, err, tt.code)
			}
			if !strings.Contains(err.Error(), tt.text) {
				t.Errorf("error %q does not mention %q", err, tt.text)
			}
			if strings.Contains(err.Error(), "cs_") {
				t.Errorf("error leaks the consumer secret: %v", err)
			}
		})
	}
}

func TestTransportErrorHidesSecret(t *testing.T) {
	c, err := woocommerce.New(woocommerce.Config{URL: "http://127.0.0.1:1", API: "rest", ConsumerKey: "ck_x", ConsumerSecret: "cs_secret", CacheTTL: -1})
	if err != nil {
		t.Fatal(err)
	}
	_, err = c.Search(context.Background(), shop.Query{Text: "x"})
	if parley.ErrorCode(err) != parley.EUNAVAILABLE || strings.Contains(err.Error(), "cs_secret") {
		t.Errorf("error %v: want unavailable without the secret", err)
	}
}

func TestCache(t *testing.T) {
	fake := wootest.NewServer(t, wootest.SampleProducts()...)
	clk := &clock{now: time.Date(2026, 1, 1, 10, 0, 0, 0, time.UTC)}
	c := newCatalog(t, fake, "store", func(cfg *woocommerce.Config) { cfg.CacheTTL = time.Minute; cfg.Now = clk.Now; cfg.CacheSize = 2 })
	ctx := context.Background()
	search := func(q shop.Query) shop.Page {
		t.Helper()
		p, err := c.Search(ctx, q)
		if err != nil {
			t.Fatal(err)
		}
		return p
	}
	count := func() int { return len(fake.Requests()) }

	first := search(shop.Query{Text: "Hoodie"})
	first.Products[0].Categories[0] = "mutated by the caller"
	// Same query up to case and spacing: served from the cache, unmutated.
	again := search(shop.Query{Text: "  hoodie "})
	if count() != 1 {
		t.Fatalf("%d requests, want 1 (second search cached)", count())
	}
	if again.Products[0].Categories[0] != "Clothing" {
		t.Errorf("cache returned a caller's mutation: %v", again.Products[0].Categories)
	}
	clk.Advance(59 * time.Second)
	search(shop.Query{Text: "hoodie"})
	if count() != 1 {
		t.Errorf("%d requests before expiry, want 1", count())
	}
	clk.Advance(time.Second)
	search(shop.Query{Text: "hoodie"})
	if count() != 2 {
		t.Errorf("%d requests after expiry, want 2", count())
	}
	// Errors are not cached.
	fake.Fail(wootest.FailServerError, 1)
	if _, err := c.Search(ctx, shop.Query{Text: "pennant"}); err == nil {
		t.Fatal("want the injected failure")
	}
	search(shop.Query{Text: "pennant"})
	if count() != 4 {
		t.Errorf("%d requests, want 4 (failure not cached)", count())
	}
	// Size 2: a third query evicts the least recently used ("hoodie").
	search(shop.Query{Text: "premium"})
	search(shop.Query{Text: "hoodie"})
	if count() != 6 {
		t.Errorf("%d requests, want 6 (evicted entry fetched again)", count())
	}
}

func TestConcurrentSearches(t *testing.T) {
	fake := wootest.NewServer(t, wootest.SampleProducts()...)
	c := newCatalog(t, fake, "store", func(cfg *woocommerce.Config) { cfg.CacheTTL = time.Minute })
	var wg sync.WaitGroup
	for i := range 16 {
		wg.Go(func() {
			q := shop.Query{Text: []string{"hoodie", "premium"}[i%2], MaxPrice: price(100)}
			if _, err := c.Search(context.Background(), q); err != nil {
				t.Error(err)
			}
		})
	}
	wg.Wait()
}

func TestFakePagingHeadersAndAuth(t *testing.T) {
	fake := wootest.NewServer(t, wootest.SampleProducts()...)
	get := func(path string) (*http.Response, map[string]any) {
		t.Helper()
		resp, err := http.Get(fake.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		var body map[string]any
		_ = json.NewDecoder(resp.Body).Decode(&body)
		return resp, body
	}
	resp, _ := get("/wp-json/wc/store/v1/products?per_page=2&page=2")
	if resp.Header.Get("X-WP-Total") != "6" || resp.Header.Get("X-WP-TotalPages") != "3" {
		t.Errorf("paging headers %q/%q, want 6/3", resp.Header.Get("X-WP-Total"), resp.Header.Get("X-WP-TotalPages"))
	}
	link := resp.Header.Get("Link")
	if !strings.Contains(link, `page=1`) || !strings.Contains(link, `rel="prev"`) || !strings.Contains(link, `page=3`) || !strings.Contains(link, `rel="next"`) {
		t.Errorf("Link %q, want prev page 1 and next page 3", link)
	}
	tests := []struct {
		path, code string
		status     int
	}{
		{"/wp-json/wc/v3/products", "woocommerce_rest_cannot_view", 401},
		{"/wp-json/wc/v3/products?consumer_key=ck_no&consumer_secret=cs_test", "woocommerce_rest_authentication_error", 401},
		{"/wp-json/wc/v3/products?consumer_key=ck_test&consumer_secret=cs_no", "woocommerce_rest_authentication_error", 401},
		{"/wp-json/wc/v3/products?consumer_key=ck_test&consumer_secret=cs_test&per_page=101", "rest_invalid_param", 400},
		{"/wp-json/wc/store/v1/products/804", "woocommerce_rest_product_invalid_id", 404},
	}
	for _, tt := range tests {
		resp, body := get(tt.path)
		data, _ := body["data"].(map[string]any)
		if resp.StatusCode != tt.status || body["code"] != tt.code || data["status"] != float64(tt.status) {
			t.Errorf("%s: %d %v, want %d with code %s", tt.path, resp.StatusCode, body, tt.status, tt.code)
		}
	}
}

func BenchmarkSearchCached(b *testing.B) {
	fake := wootest.NewServer(b, wootest.SampleProducts()...)
	c, err := woocommerce.New(woocommerce.Config{URL: fake.URL, API: "store", HTTPClient: fake.Client()})
	if err != nil {
		b.Fatal(err)
	}
	q := shop.Query{Text: "hoodie", MaxPrice: price(100), Limit: 5}
	if _, err := c.Search(context.Background(), q); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := c.Search(context.Background(), q); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkSearchUncached(b *testing.B) {
	fake := wootest.NewServer(b, wootest.SampleProducts()...)
	c, err := woocommerce.New(woocommerce.Config{URL: fake.URL, API: "store", HTTPClient: fake.Client(), CacheTTL: -1})
	if err != nil {
		b.Fatal(err)
	}
	q := shop.Query{Text: "hoodie", Limit: 5}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := c.Search(context.Background(), q); err != nil {
			b.Fatal(err)
		}
	}
}
