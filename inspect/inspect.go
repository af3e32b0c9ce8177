// Package inspect owns Parley's inspector: the browser UI served at /inspect that
// lists a bot's conversations, shows one live (transcript, state tree, event log,
// version), draws the bot's machine with the conversation's place on it, drives it
// (messages, quick replies, card actions, lifecycle controls) and travels through its
// versions. It is plain HTML, CSS and ES modules embedded in the binary (two of
// them, element.js and stream.js, shared with the chat widget: package
// internal/webshared); it talks only to the public HTTP API (package httpapi), with
// the API token the user types, kept in the tab's sessionStorage.
//
// The one third-party file, static/vendor/viz-<version>.js (Graphviz compiled to
// WebAssembly, npm package @viz-js/viz), is committed as built and gzipped (.js.gz:
// the plain module is over 1 MiB), served as is to browsers that accept gzip and
// decompressed once for the rest; npm/ holds its package.json and lockfile, and
// `npm --prefix inspect/npm run vendor` rebuilds it (scripts/test.sh checks that
// the committed file decompresses to what the lockfile gives). After
// a version bump, static/diagram.js imports the new file name and the old file goes.
//
// Every response carries a strict Content-Security-Policy: scripts, styles and
// connections from this origin only (no inline script or style), WebAssembly
// compilation for Graphviz ('wasm-unsafe-eval', which allows no JavaScript eval),
// images also from https: (product cards show the shop's images), no framing. Files
// are revalidated by a content-hash ETag; the vendored file, whose name carries its
// version, is cached for a year.
package inspect

import (
	"embed"

	"github.com/parleyhq/parley/internal/webshared"
)

//go:embed static
var static embed.FS

// ContentSecurityPolicy is sent with every inspector response.
const ContentSecurityPolicy = "default-src 'none'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; " +
	"img-src 'self' https: data:; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

// Handler serves the inspector under prefix (e.g. "/inspect"): prefix and prefix+"/"
// answer index.html (the first by a redirect to the second), prefix+"/x" the
// embedded file static/x. Anything else is 404.
type Handler = webshared.Handler

// New returns the inspector handler mounted at prefix.
func New(prefix string) (*Handler, error) {
	return webshared.NewHandler(static, prefix, webshared.Site{
		Headers: map[string]string{
			"Content-Security-Policy":    ContentSecurityPolicy,
			"X-Content-Type-Options":     "nosniff",
			"Referrer-Policy":            "no-referrer",
			"Cross-Origin-Opener-Policy": "same-origin",
		},
		Index: "index.html",
	})
}
