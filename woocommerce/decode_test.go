package woocommerce

import (
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/parleyhq/parley"
	"github.com/parleyhq/parley/shop"
)

// readFixture reads a verbatim WooCommerce fixture: the ones the fake in wootest
// embeds, so that the decoders and the fake are held to the same payloads.
func readFixture(t testing.TB, name string) []byte {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("wootest", "fixtures", name))
	if err != nil {
		t.Fatal(err)
	}
	return data
}

const lorem = "Pellentesque habitant morbi tristique senectus et netus et malesuada fames ac turpis egestas."

func TestDecodeRESTFixture(t *testing.T) {
	got, err := decodeRESTProducts(readFixture(t, "woocommerce_rest_v3_products_list.json"), "USD")
	if err != nil {
		t.Fatal(err)
	}
	want := []shop.Product{
		{
			// Variable product with price "" and no variation prices in the list.
			ID: "799", Name: "Ship Your Idea", Description: lorem, Price: 0, Currency: "USD",
			ImageURL:   "https://example.com/wp-content/uploads/2017/03/T_4_front-11.jpg",
			Permalink:  "https://example.com/product/ship-your-idea-22/",
			Categories: []string{"Clothing", "T-shirts"},
		},
		{
			ID: "794", Name: "Premium Quality", Description: lorem, Price: 21.99, Currency: "USD",
			ImageURL:   "https://example.com/wp-content/uploads/2017/03/T_2_front-4.jpg",
			Permalink:  "https://example.com/product/premium-quality-19/",
			Categories: []string{"Clothing", "T-shirts"},
		},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("decoded REST fixture (-want +got):\n%s", diff)
	}
}

func TestDecodeStoreFixture(t *testing.T) {
	got, unit, err := decodeStoreProducts(readFixture(t, "woocommerce_store_api_v1_products_list.json"))
	if err != nil {
		t.Fatal(err)
	}
	want := []shop.Product{{
		ID: "34", Name: "WordPress Pennant", Description: "This is an external product.", Price: 11.05, Currency: "GBP",
		ImageURL:  "https://local.wordpress.test/wp-content/uploads/2020/03/pennant-1.jpg",
		Permalink: "https://local.wordpress.test/product/wordpress-pennant/",
	}}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("decoded Store fixture (-want +got):\n%s", diff)
	}
	if unit != 2 {
		t.Errorf("minor unit %d, want 2", unit)
	}
}

func TestDecodeVariationsAndPrices(t *testing.T) {
	rest := `[
		{"id": 10, "type": "variable", "name": "Tee", "price": "", "variations": [{"id": 11, "price": "9.50"}, {"id": 12, "price": "8.25"}, 13]},
		{"id": 11, "type": "variation", "parent_id": 10, "name": "Tee - Red", "price": "9.50"},
		{"id": 20, "type": "simple", "name": "Mug", "price": 7.5},
		{"id": 21, "type": "simple", "name": "Cap &amp; Co", "price": null, "regular_price": "12.00"}
	]`
	got, err := decodeRESTProducts([]byte(rest), "EUR")
	if err != nil {
		t.Fatal(err)
	}
	want := []shop.Product{
		{ID: "10", Name: "Tee", Price: 8.25, Currency: "EUR"},
		{ID: "20", Name: "Mug", Price: 7.5, Currency: "EUR"},
		{ID: "21", Name: "Cap & Co", Price: 12, Currency: "EUR"},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("REST (-want +got):\n%s", diff)
	}

	store := `[
		{"id": 30, "type": "variable", "name": "Hoodie", "prices": {"currency_code": "JPY", "currency_minor_unit": 0, "price": "", "price_range": {"min_amount": "4500", "max_amount": "5000"}}},
		{"id": 31, "type": "variation", "parent": 30, "name": "Hoodie - Blue", "prices": {"currency_code": "JPY", "currency_minor_unit": 0, "price": "4500"}},
		{"id": 32, "type": "simple", "name": "Dinar thing", "prices": {"currency_code": "KWD", "currency_minor_unit": 3, "price": "1005"}},
		{"id": 33, "type": "simple", "name": "Odd pennant", "prices": {"currency_code": "KWD", "currency_minor_unit": 3, "price": "-105", "regular_price": "1105"}},
		{"id": 34, "type": "simple", "name": "Broken flag", "prices": {"currency_code": "KWD", "currency_minor_unit": 3, "price": "-5"}}
	]`
	gotStore, unit, err := decodeStoreProducts([]byte(store))
	if err != nil {
		t.Fatal(err)
	}
	wantStore := []shop.Product{
		{ID: "30", Name: "Hoodie", Price: 4500, Currency: "JPY"},
		{ID: "32", Name: "Dinar thing", Price: 1.005, Currency: "KWD"},
		{ID: "33", Name: "Odd pennant", Price: 1.105, Currency: "KWD"}, // a negative price is none: the regular price
		{ID: "34", Name: "Broken flag", Price: 0, Currency: "KWD"},     // no price at all
	}
	if diff := cmp.Diff(wantStore, gotStore); diff != "" {
		t.Errorf("Store (-want +got):\n%s", diff)
	}
	if unit != 3 {
		t.Errorf("minor unit %d, want the last one seen (3)", unit)
	}
}

// TestDecodeKeepsOnlyLinksThatCanBeWebLinks: a permalink or image that could run in
// a page (javascript:, data:) is dropped where the catalog is read, by both APIs'
// decoders, so no state, event or answer of the API ever holds it; a relative
// permalink is kept for the shop to resolve.
func TestDecodeKeepsOnlyLinksThatCanBeWebLinks(t *testing.T) {
	rest := `[
		{"id": 1, "type": "simple", "name": "Trap", "price": "1", "permalink": "javascript:alert(document.cookie)",
		 "images": [{"src": "data:image/svg+xml,<svg onload=alert(1)>"}, {"src": "https://cdn.example/t.png"}]},
		{"id": 2, "type": "simple", "name": "Plain", "price": "2", "permalink": "/product/plain/", "images": [{"src": " JaVaScRiPt:x"}]}
	]`
	got, err := decodeRESTProducts([]byte(rest), "USD")
	if err != nil {
		t.Fatal(err)
	}
	want := []shop.Product{
		{ID: "1", Name: "Trap", Price: 1, Currency: "USD", ImageURL: "https://cdn.example/t.png"},
		{ID: "2", Name: "Plain", Price: 2, Currency: "USD", Permalink: "/product/plain/"},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("REST (-want +got):\n%s", diff)
	}
	store := `[{"id": 3, "type": "simple", "name": "Trap", "permalink": "vbscript:msgbox", "images": [{"src": "javascript:alert(1)"}],
		"prices": {"currency_code": "USD", "currency_minor_unit": 2, "price": "300"}}]`
	gotStore, _, err := decodeStoreProducts([]byte(store))
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]shop.Product{{ID: "3", Name: "Trap", Price: 3, Currency: "USD"}}, gotStore); diff != "" {
		t.Errorf("Store (-want +got):\n%s", diff)
	}
}

func TestDecodeMalformedIsUnavailable(t *testing.T) {
	for _, body := range []string{``, `{`, `{"id":1}`, `[{"id":"x"}]`, `[{"id":1,"prices":{"price":"12.5","currency_minor_unit":2}}]`} {
		_, err := decodeRESTProducts([]byte(body), "")
		_, _, errStore := decodeStoreProducts([]byte(body))
		if parley.ErrorCode(errStore) != parley.EUNAVAILABLE {
			t.Errorf("Store %q: code %q, want unavailable", body, parley.ErrorCode(errStore))
		}
		if body != `[{"id":1,"prices":{"price":"12.5","currency_minor_unit":2}}]` && parley.ErrorCode(err) != parley.EUNAVAILABLE {
			t.Errorf("REST %q: code %q, want unavailable", body, parley.ErrorCode(err))
		}
	}
}

func TestMinorToDecimal(t *testing.T) {
	tests := []struct {
		amount string
		unit   int
		want   string
		ok     bool
	}{
		{"1105", 2, "11.05", true},
		{"5", 2, "0.05", true},
		{"50", 2, "0.50", true},
		{"0", 2, "0.00", true},
		{"1105", 0, "1105", true},
		{"1005", 3, "1.005", true},
		{"-250", 2, "-2.50", true},
		{"999999999999999999", 2, "9999999999999999.99", true},
		{"12.5", 2, "", false},
		{"", 2, "", false},
		{"-", 2, "", false},
		{"1e3", 2, "", false},
		{"100", -1, "", false},
		{"100", 9, "", false},
	}
	for _, tt := range tests {
		got, err := minorToDecimal(tt.amount, tt.unit)
		if (err == nil) != tt.ok || got != tt.want {
			t.Errorf("minorToDecimal(%q, %d) = %q, %v; want %q, ok=%v", tt.amount, tt.unit, got, err, tt.want, tt.ok)
		}
	}
}

func TestDecimalToMinor(t *testing.T) {
	tests := []struct {
		value float64
		unit  int
		want  string
	}{
		{11.05, 2, "1105"}, {0.29, 2, "29"}, {50, 2, "5000"}, {4500, 0, "4500"}, {1.005, 3, "1005"}, {19.999, 2, "2000"},
	}
	for _, tt := range tests {
		if got := decimalToMinor(tt.value, tt.unit); got != tt.want {
			t.Errorf("decimalToMinor(%v, %d) = %s, want %s", tt.value, tt.unit, got, tt.want)
		}
	}
}

func TestStripHTML(t *testing.T) {
	tests := []struct{ in, want string }{
		{"<p>Hello <b>world</b></p>\n", "Hello world"},
		{"Fish &amp; chips &#8211; &ldquo;hot&rdquo;", "Fish & chips – “hot”"},
		{"line<br/>break<li>item</li>", "line break item"},
		{"<script>alert(1)</script>safe<style>p{}</style> text", "safe text"},
		{"price < 10 and > 5", "price < 10 and > 5"},
		{"<p unclosed", "<p unclosed"},
		{"", ""},
	}
	for _, tt := range tests {
		if got := stripHTML(tt.in); got != tt.want {
			t.Errorf("stripHTML(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func FuzzDecodeRESTProducts(f *testing.F) {
	f.Add(readFixture(f, "woocommerce_rest_v3_products_list.json"))
	f.Add([]byte(`[{"id":1,"type":"variation","parent_id":2,"price":3,"variations":[{"price":"x"},1]}]`))
	f.Fuzz(func(t *testing.T, data []byte) {
		products, err := decodeRESTProducts(data, "USD")
		if err != nil {
			if parley.ErrorCode(err) != parley.EUNAVAILABLE {
				t.Fatalf("code %q, want unavailable", parley.ErrorCode(err))
			}
			return
		}
		checkProducts(t, products)
	})
}

func FuzzDecodeStoreProducts(f *testing.F) {
	f.Add(readFixture(f, "woocommerce_store_api_v1_products_list.json"))
	f.Add([]byte(`[{"id":1,"type":"variation","parent":2,"prices":{"price":"","price_range":{"min_amount":"007"},"currency_minor_unit":3}}]`))
	f.Fuzz(func(t *testing.T, data []byte) {
		products, _, err := decodeStoreProducts(data)
		if err != nil {
			if parley.ErrorCode(err) != parley.EUNAVAILABLE {
				t.Fatalf("code %q, want unavailable", parley.ErrorCode(err))
			}
			return
		}
		checkProducts(t, products)
	})
}

func FuzzMinorToDecimal(f *testing.F) {
	f.Add("1105", 2)
	f.Add("5", 3)
	f.Fuzz(func(t *testing.T, amount string, unit int) {
		got, err := minorToDecimal(amount, unit)
		if err != nil {
			return
		}
		// Moving the point back must give the digits we started from.
		back := strings.TrimLeft(strings.ReplaceAll(strings.TrimPrefix(got, "-"), ".", ""), "0")
		orig := strings.TrimLeft(strings.TrimPrefix(strings.TrimSpace(amount), "-"), "0")
		if back != orig {
			t.Fatalf("minorToDecimal(%q, %d) = %q loses digits", amount, unit, got)
		}
	})
}

func checkProducts(t *testing.T, products []shop.Product) {
	t.Helper()
	seen := map[string]bool{}
	for _, p := range products {
		if _, err := strconv.ParseInt(p.ID, 10, 64); err != nil {
			t.Fatalf("product id %q is not an integer", p.ID)
		}
		if seen[p.ID] {
			t.Fatalf("product %s listed twice", p.ID)
		}
		seen[p.ID] = true
		if p.Price < 0 || math.IsNaN(p.Price) {
			t.Fatalf("product %s has price %v", p.ID, p.Price)
		}
	}
}

func FuzzDecodeCategoryTerms(f *testing.F) {
	f.Add([]byte(`[{"id":16,"name":"Clothing","slug":"clothing","description":"","parent":0,"count":11,"image":null,"review_count":2,"permalink":"https://store.local/product-category/clothing/"}]`))
	f.Add([]byte(`[{"id":33,"name":"Planters &amp; Pots","slug":"planters-pots","parent":0},{"id":1,"name":"  "}]`))
	f.Add([]byte(`{"code":"rest_forbidden"}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		terms, n, err := decodeCategoryTerms(data)
		if err != nil {
			if parley.ErrorCode(err) != parley.EUNAVAILABLE {
				t.Fatalf("code %q, want unavailable", parley.ErrorCode(err))
			}
			return
		}
		if len(terms) > n {
			t.Fatalf("%d terms from a page of %d", len(terms), n)
		}
		for _, term := range terms {
			if term.Name == "" {
				t.Fatal("a category without a name")
			}
		}
	})
}

func FuzzDecodeAttributes(f *testing.F) {
	f.Add([]byte(`[{"id":3,"name":"Color","slug":"pa_color","type":"select","order_by":"menu_order","has_archives":false}]`))
	f.Add([]byte(`[{"id":3,"name":"Color","taxonomy":"pa_color","type":"select","order":"menu_order","has_archives":false,"count":4},{"id":0,"taxonomy":"x"}]`))
	f.Fuzz(func(t *testing.T, data []byte) {
		attrs, err := decodeAttributes(data)
		if err != nil {
			if parley.ErrorCode(err) != parley.EUNAVAILABLE {
				t.Fatalf("code %q, want unavailable", parley.ErrorCode(err))
			}
			return
		}
		for _, a := range attrs {
			if a.ID <= 0 || a.Taxonomy == "" {
				t.Fatalf("unusable attribute %+v", a)
			}
		}
	})
}
