// Package webshared is what the inspector (package inspect) and the chat widget
// (package widget) share of serving their browser files: the ES modules both import
// (shared/element.js builds elements, shared/stream.js reads an event stream),
// served by each beside its own files at its own prefix, and the answer to a method
// other than GET or HEAD.
package webshared

import (
	"embed"
	"io/fs"
	"net/http"
	"strings"

	"github.com/parleyhq/parley/assets"
)

//go:embed shared
var shared embed.FS

// Mount is a tree of files served under a URL prefix ("/inspect", "/widget").
type Mount struct {
	Prefix string
	Files  *assets.Files
}

// NewMount reads the files of dir in static, with the shared modules, to serve
// under prefix.
func NewMount(static fs.FS, dir, prefix string) (Mount, error) {
	files, err := Files(static, dir)
	return Mount{Prefix: strings.TrimSuffix(prefix, "/"), Files: files}, err
}

// Files reads the files of dir in static with the shared modules beside them (a
// file of static's own wins over a shared one of the same name).
func Files(static fs.FS, dir string) (*assets.Files, error) {
	own, err := fs.Sub(static, dir)
	if err != nil {
		return nil, err
	}
	common, err := fs.Sub(shared, "shared")
	if err != nil {
		return nil, err
	}
	return assets.New(common, own)
}

// ReadOnly answers a request whose method is not GET or HEAD with 405 (and Allow)
// and reports whether the request may go on.
func ReadOnly(w http.ResponseWriter, r *http.Request) bool {
	if r.Method == http.MethodGet || r.Method == http.MethodHead {
		return true
	}
	w.Header().Set("Allow", "GET, HEAD")
	http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
	return false
}
