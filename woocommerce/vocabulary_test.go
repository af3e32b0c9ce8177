package woocommerce_test

import (
	"context"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/parleyhq/parley/shop"
	"github.com/parleyhq/parley/woocommerce"
	"github.com/parleyhq/parley/woocommerce/wootest"
)

// TestVocabularyIsTheShopsOwn: categories and known words come from the shop in
// use (a garden centre here), through either API, with names unescaped and
// parents resolved, and are cached.
func TestVocabularyIsTheShopsOwn(t *testing.T) {
	for _, api := range []string{woocommerce.APIREST, woocommerce.APIStore} {
		t.Run(api, func(t *testing.T) {
			fake := wootest.NewServer(t, wootest.GardenProducts()...)
			c := newCatalog(t, fake, api, func(cfg *woocommerce.Config) { cfg.CacheTTL = 0 })
			ctx := context.Background()
			cats, err := c.Categories(ctx)
			if err != nil {
				t.Fatal(err)
			}
			want := []shop.Category{
				{Name: "Garden Tools"}, {Name: "Herb Seeds", Parent: "Seeds"}, {Name: "Outdoor Lighting"},
				{Name: "Planters & Pots"}, {Name: "Seeds"},
			}
			if diff := cmp.Diff(want, cats); diff != "" {
				t.Fatalf("categories (-want +got):\n%s", diff)
			}
			known, err := c.Known(ctx, []string{"idk", "trowel", "seeds", "planter", "lol", "lanterns", "organic", "smth", "blue"})
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff([]string{"trowel", "seeds", "planter", "lanterns", "organic", "blue"}, known); diff != "" {
				t.Fatalf("known words (-want +got):\n%s", diff)
			}
			before := len(fake.Requests())
			if _, err := c.Categories(ctx); err != nil {
				t.Fatal(err)
			}
			if n := len(fake.Requests()) - before; n != 0 {
				t.Fatalf("%d requests for cached categories", n)
			}
		})
	}
}

// TestCategoryQueryFiltersWithoutSearch: a query that is only a category filters
// by the shop's category and sends no search word (WooCommerce's search matches
// titles and descriptions, so the category's name would find almost nothing).
func TestCategoryQueryFiltersWithoutSearch(t *testing.T) {
	for _, api := range []string{woocommerce.APIREST, woocommerce.APIStore} {
		t.Run(api, func(t *testing.T) {
			fake := wootest.NewServer(t, wootest.GardenProducts()...)
			c := newCatalog(t, fake, api, func(cfg *woocommerce.Config) { cfg.CacheTTL = 0 })
			ctx := context.Background()
			if _, err := c.Categories(ctx); err != nil {
				t.Fatal(err)
			}
			page, err := c.Search(ctx, shop.Query{Category: "Planters & Pots", Limit: 5})
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff([]string{"511", "506", "505"}, ids(page)); diff != "" {
				t.Fatalf("products (-want +got):\n%s", diff)
			}
			var last wootest.Request
			for _, r := range fake.Requests() {
				if strings.HasSuffix(r.Path, "/products") {
					last = r
				}
			}
			if last.Query.Has("search") || last.Query.Get("category") != "33" {
				t.Fatalf("product request %v, want category=33 and no search", last.Query)
			}
		})
	}
}

// TestTagWordFiltersByTag: a word naming one of the shop's tags (which neither
// API's search reads) filters by the tag and is not sent as a search word.
func TestTagWordFiltersByTag(t *testing.T) {
	for _, api := range []string{woocommerce.APIREST, woocommerce.APIStore} {
		t.Run(api, func(t *testing.T) {
			fake := wootest.NewServer(t, wootest.GardenProducts()...)
			c := newCatalog(t, fake, api, func(cfg *woocommerce.Config) { cfg.CacheTTL = 0 })
			ctx := context.Background()
			if _, err := c.Known(ctx, []string{"organic"}); err != nil {
				t.Fatal(err)
			}
			page, err := c.Search(ctx, shop.Query{Text: "organic seeds", Terms: []string{"organic"}, Category: "Seeds", Limit: 5})
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff([]string{"510", "503"}, ids(page)); diff != "" {
				t.Fatalf("products (-want +got):\n%s", diff)
			}
			var last wootest.Request
			for _, r := range fake.Requests() {
				if strings.HasSuffix(r.Path, "/products") {
					last = r
				}
			}
			if last.Query.Has("search") || last.Query.Get("tag") != "41" {
				t.Fatalf("product request %v, want tag=41 and no search", last.Query)
			}
		})
	}
}

// TestAttributeWordFiltersByTerm: a word naming a term of one of the shop's
// attributes (in no product name or description) filters by that term.
func TestAttributeWordFiltersByTerm(t *testing.T) {
	for api, param := range map[string]string{woocommerce.APIREST: "attribute_term", woocommerce.APIStore: "attributes[0][term_id]"} {
		t.Run(api, func(t *testing.T) {
			fake := wootest.NewServer(t, wootest.GardenProducts()...)
			c := newCatalog(t, fake, api, func(cfg *woocommerce.Config) { cfg.CacheTTL = 0 })
			ctx := context.Background()
			if _, err := c.Known(ctx, []string{"green"}); err != nil {
				t.Fatal(err)
			}
			page, err := c.Search(ctx, shop.Query{Text: "green", Terms: []string{"greens"}, Limit: 5})
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff([]string{"509", "506"}, ids(page)); diff != "" {
				t.Fatalf("products (-want +got):\n%s", diff)
			}
			var last wootest.Request
			for _, r := range fake.Requests() {
				if strings.HasSuffix(r.Path, "/products") {
					last = r
				}
			}
			if last.Query.Has("search") || last.Query.Get(param) != "63" {
				t.Fatalf("product request %v, want %s=63 and no search", last.Query, param)
			}
		})
	}
}
