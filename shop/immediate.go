package shop

import "github.com/parleyhq/parley"

// Immediate reports whether the engine's decisions wait on nothing outside the
// process (parley.Immediate): no model writes its texts, and its catalog says its
// own calls wait on nothing either (the embedded catalog, an in-process database;
// a live WooCommerce catalog is an HTTP API and does not say so).
func (e *Engine) Immediate() bool {
	if e.cfg.Writer != nil {
		return false
	}
	c, ok := e.catalog.(parley.Immediate)
	return ok && c.Immediate()
}
