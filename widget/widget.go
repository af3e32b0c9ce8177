// Package widget owns Parley's chat widget: the files a web page loads with one tag,
//
//	<script src="https://PARLEY/widget/parley.js" data-bot="shop" defer></script>
//
// to show a chat launcher and panel that talk to a bot as a visitor (package visitor,
// the session routes of package httpapi). parley.js is a small classic script (a
// script tag without type=module has document.currentScript, which says where
// Parley is and which bot to talk to); it imports the ES modules beside it (chat.js,
// client.js, render.js, and element.js and stream.js, which the inspector shares:
// package internal/webshared), which draw the panel in a shadow root with parley.css. No
// build step, no inline script or style: a page whose Content-Security-Policy allows
// scripts, styles and connections from Parley's origin can embed it.
//
// The files are public and carry no credentials, so every response allows any
// origin to read it (Access-Control-Allow-Origin: *, which ES modules loaded from
// another origin need) and to embed it (Cross-Origin-Resource-Policy: cross-origin).
// demo.html is a page of Parley's own that embeds the widget, for trying it out; it
// has a strict Content-Security-Policy of its own.
package widget

import (
	"embed"

	"github.com/parleyhq/parley/internal/webshared"
)

//go:embed static
var static embed.FS

// DemoContentSecurityPolicy is sent with demo.html: what a strict host page allows.
const DemoContentSecurityPolicy = "default-src 'none'; script-src 'self'; style-src 'self'; " +
	"img-src 'self' https: data:; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

// Handler serves the widget's files under a prefix ("/widget"): prefix+"/x" is the
// embedded file static/x; anything else is 404.
type Handler = webshared.Handler

// New returns the widget handler mounted at prefix.
func New(prefix string) (*Handler, error) {
	return webshared.NewHandler(static, prefix, webshared.Site{
		Headers: map[string]string{
			"X-Content-Type-Options":       "nosniff",
			"Access-Control-Allow-Origin":  "*",
			"Cross-Origin-Resource-Policy": "cross-origin",
		},
		// demo.html is the one page: it gets a page's protections.
		HTMLHeaders: map[string]string{
			"Content-Security-Policy": DemoContentSecurityPolicy,
			"Referrer-Policy":         "no-referrer",
		},
	})
}
