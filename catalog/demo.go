package catalog

import (
	"context"

	"github.com/parleyhq/parley/shop"
)

// Demo returns the demo shop bot's engine: seed 000 on the embedded WooCommerce
// sample catalog, with add-to-cart links on DemoBaseURL and shop.DefaultConfig.
// It lives here rather than in package shop because this package depends on shop.
func Demo(ctx context.Context) (*shop.Engine, error) {
	cat, err := OpenEmbedded(ctx)
	if err != nil {
		return nil, err
	}
	cfg := shop.DefaultConfig()
	cfg.BaseURL = DemoBaseURL
	e, err := shop.New(cfg, cat)
	if err != nil {
		cat.Close()
		return nil, err
	}
	return e, nil
}
