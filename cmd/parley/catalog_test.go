package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"regexp"
	"strings"
	"testing"

	"github.com/parleyhq/parley/woocommerce/wootest"
)

// TestScenariosOnAnotherCatalog plays testdata/scenarios-woocommerce through
// `parley test -config` against a fake WooCommerce garden centre whose categories
// and products share nothing with the demo's sample store: nothing in the shop
// engine may be specific to the demo catalog.
func TestScenariosOnAnotherCatalog(t *testing.T) {
	woo := wootest.NewServer(t, wootest.GardenProducts()...)
	cfg := fmt.Sprintf(`bots:
  - name: garden
    engine: shop
    shop:
      base_url: https://garden.example.com
      catalog: woocommerce
      woocommerce:
        url: %s
        api: store
`, woo.URL)
	path := configFile(t, cfg)
	var out bytes.Buffer
	err := run(context.Background(), []string{"test", "-config", path, "../../testdata/scenarios-woocommerce"}, &out, io.Discard)
	t.Log(out.String())
	if err != nil {
		t.Fatalf("parley test: %v\n%s", err, out.String())
	}
	if !regexp.MustCompile(`scenarios: [1-9]\d* passed, 0 failed`).MatchString(out.String()) {
		t.Fatalf("unexpected summary:\n%s", out.String())
	}
	// A query that is a category name filters by that category and is not also
	// sent as a search word (WooCommerce search matches titles and descriptions).
	for _, r := range woo.Requests() {
		if strings.HasSuffix(r.Path, "/products") && r.Query.Has("category") && r.Query.Has("search") {
			t.Errorf("product request with both a category and a search: %v", r.Query)
		}
	}
}

// TestFlowsUnderstandingScenarios plays testdata/flows-understanding/scenarios
// through `parley test -config` against flow files that are not the demo's (a
// travel agent, a pizzeria): triggers by meaning and slot roles hold for any
// flow file (issue 26 items 4 and 5).
func TestFlowsUnderstandingScenarios(t *testing.T) {
	var out bytes.Buffer
	err := run(context.Background(), []string{"test", "-config", "../../testdata/flows-understanding/parley.yaml",
		"../../testdata/flows-understanding/scenarios"}, &out, io.Discard)
	if err != nil {
		t.Fatalf("parley test: %v\n%s", err, out.String())
	}
	if !regexp.MustCompile(`scenarios: [1-9]\d* passed, 0 failed`).MatchString(out.String()) {
		t.Fatalf("unexpected summary:\n%s", out.String())
	}
}
