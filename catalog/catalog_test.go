package catalog

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/parleyhq/parley"
	"github.com/parleyhq/parley/shop"
)

func openTest(t testing.TB) *Catalog {
	t.Helper()
	c, err := OpenEmbedded(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	return c
}

func float(v float64) *float64 { return &v }

func ids(ps []shop.Product) []string {
	out := []string{}
	for _, p := range ps {
		out = append(out, p.ID)
	}
	return out
}

func TestLoadFoldsVariationsAndHidesHidden(t *testing.T) {
	c := openTest(t)
	all, err := c.Search(context.Background(), shop.Query{Limit: 100})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"44", "45", "46", "47", "48", "58", "60", "62", "66", "68", "70", "73", "75", "83", "85", "87", "89"}
	if diff := cmp.Diff(want, ids(all.Products)); diff != "" {
		t.Fatalf("listed products (-want +got):\n%s", diff)
	}
	if all.Total != len(want) {
		t.Fatalf("total %d", all.Total)
	}
	for _, tc := range []struct {
		id        string
		price     float64
		permalink string
	}{
		{"44", 15, "/product/v-neck-t-shirt/"}, // variable: lowest variation (Blue, 15)
		{"45", 42, "/product/hoodie/"},         // variable: lowest variation price is a sale price (42)
		{"48", 18, "/product/beanie/"},         // sale price over regular price
		{"87", 18, "/product/logo-collection/"},
		{"89", 11.05, "https://mercantile.wordpress.org/product/wordpress-pennant/"},
	} {
		p, err := c.Product(context.Background(), tc.id)
		if err != nil {
			t.Fatal(err)
		}
		if p.Price != tc.price || p.Permalink != tc.permalink || p.Currency != "USD" || p.ImageURL == "" {
			t.Errorf("product %s: price %v permalink %q currency %q image %q", tc.id, p.Price, p.Permalink, p.Currency, p.ImageURL)
		}
	}
	for _, id := range []string{"64", "76", "90", "nope"} { // hidden, variations, unknown
		if _, err := c.Product(context.Background(), id); parley.ErrorCode(err) != parley.ENOTFOUND {
			t.Errorf("product %s: %v, want not found", id, err)
		}
	}
}

func TestSearch(t *testing.T) {
	c := openTest(t)
	for _, tc := range []struct {
		name  string
		q     shop.Query
		want  []string
		total int
	}{
		{"plural finds the singular", shop.Query{Text: "hoodies"}, []string{"66", "45", "46"}, 3},
		{"singular", shop.Query{Terms: []string{"hoodie"}}, []string{"66", "45", "46"}, 3},
		{"belt", shop.Query{Text: "belt"}, []string{"58"}, 1},
		{"a top category", shop.Query{Terms: []string{"clothing"}, Category: "Clothing"}, []string{"87", "58", "62", "48", "60"}, 14},
		{"music", shop.Query{Text: "music"}, []string{"73", "75"}, 2},
		{"a synonym of a category", shop.Query{Text: "tee"}, []string{"68", "70", "47", "83", "44"}, 5},
		{"a price filter with an unknown word", shop.Query{Text: "dad", MaxPrice: float(20)}, []string{"44", "47", "48", "60", "70"}, 11},
		{"a price range in a category", shop.Query{Category: "hoodies", MinPrice: float(40), MaxPrice: float(44)}, []string{"45"}, 1},
		{"only unknown words", shop.Query{Text: "unicorn"}, []string{}, 0},
		{"FTS syntax is text", shop.Query{Text: `hoodie" OR NEAR(* -`}, []string{"66", "45", "46"}, 3},
		{"a color", shop.Query{Text: "blue", Category: "Hoodies"}, []string{"45", "46"}, 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tc.q.Limit = 5
			page, err := c.Search(context.Background(), tc.q)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tc.want, ids(page.Products)); diff != "" {
				t.Errorf("products (-want +got):\n%s", diff)
			}
			if page.Total != tc.total {
				t.Errorf("total %d, want %d", page.Total, tc.total)
			}
		})
	}
}

// TestPagesAreDeterministic walks every query's pages twice: the same products in
// the same order, no product on two pages, every match on some page.
func TestPagesAreDeterministic(t *testing.T) {
	c := openTest(t)
	for _, q := range []shop.Query{{Text: "clothing"}, {Text: "shirt logo hoodie"}, {MaxPrice: float(50)}, {}} {
		var first []string
		for run := 0; run < 2; run++ {
			var got []string
			total := -1
			for offset := 0; ; offset += 3 {
				q.Offset, q.Limit = offset, 3
				page, err := c.Search(context.Background(), q)
				if err != nil {
					t.Fatal(err)
				}
				total = page.Total
				if len(page.Products) == 0 {
					break
				}
				got = append(got, ids(page.Products)...)
			}
			seen := map[string]bool{}
			for _, id := range got {
				if seen[id] {
					t.Fatalf("%+v: %s on two pages", q, id)
				}
				seen[id] = true
			}
			if len(got) != total {
				t.Fatalf("%+v: pages hold %d of %d", q, len(got), total)
			}
			if run == 0 {
				first = got
			} else if diff := cmp.Diff(first, got); diff != "" {
				t.Fatalf("%+v: second walk differs (-first +second):\n%s", q, diff)
			}
		}
	}
}

func TestSearchRefusesNegativePage(t *testing.T) {
	c := openTest(t)
	if _, err := c.Search(context.Background(), shop.Query{Offset: -1, Limit: 5}); parley.ErrorCode(err) != parley.EINVALID {
		t.Fatalf("got %v", err)
	}
}

func TestParseRefusesBadCSV(t *testing.T) {
	for name, data := range map[string]string{
		"empty":          "",
		"missing column": "ID,Name\n1,Hat\n",
		"no product":     "ID,Type,SKU,Name,Published,Visibility in catalog,Sale price,Regular price,Categories,Parent\n1,simple,,Hat,0,visible,,5,,\n",
	} {
		t.Run(name, func(t *testing.T) {
			if _, err := parseWooCommerceCSV(strings.NewReader(data)); parley.ErrorCode(err) != parley.EINVALID {
				t.Fatalf("got %v", err)
			}
		})
	}
}

func TestDemo(t *testing.T) {
	e, err := Demo(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if e.Kind() != "shop" {
		t.Fatalf("kind %q", e.Kind())
	}
}

func FuzzParseWooCommerceCSV(f *testing.F) {
	f.Add(sampleProductsCSV)
	f.Add([]byte("ID,Type,SKU,Name,Published,Visibility in catalog,Sale price,Regular price,Categories,Parent,Grouped products\n1,variable,v,V,1,visible,,,A > B,,\n2,variation,,V - x,1,visible,,3,,v,\n3,grouped,,G,1,catalog,,,A,,\"v, id:2\"\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		entries, err := parseWooCommerceCSV(bytes.NewReader(data))
		if err != nil {
			if parley.ErrorCode(err) != parley.EINVALID {
				t.Fatalf("code %q: %v", parley.ErrorCode(err), err)
			}
			return
		}
		for _, e := range entries {
			if e.Price != e.Price { // NaN
				t.Fatalf("product %s without a price was listed", e.ID)
			}
		}
	})
}
