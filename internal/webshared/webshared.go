// Package webshared is what the inspector (package inspect) and the chat widget
// (package widget) share of serving their browser files: the ES modules both import
// (shared/element.js builds elements, shared/stream.js reads and follows an event
// stream), served by each beside its own files at its own prefix, and the handler
// that serves them (read-only, a path below the prefix naming a file), which each
// package configures with its own headers (a Site).
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

// Site is what a package's files answer with besides themselves.
type Site struct {
	// Headers are set on every response, an error's too.
	Headers map[string]string
	// HTMLHeaders are set besides on the response of an .html file: a page, which
	// the browser runs, rather than a module or style sheet a page loads.
	HTMLHeaders map[string]string
	// Index is the file the prefix itself serves, at prefix+"/" (prefix alone
	// redirects there, so that the page's relative URLs resolve against the
	// directory); "" for none (404).
	Index string
}

// Handler serves a tree of files under a URL prefix ("/inspect", "/widget"):
// prefix+"/x" is the file x (or Index for x ""); anything else, or a file that is
// not there, is 404, and a method other than GET or HEAD 405.
type Handler struct {
	Prefix string
	Files  *assets.Files
	Site
}

// NewHandler reads the files of the directory static in fsys, with the shared
// modules, to serve under prefix as site says.
func NewHandler(fsys fs.FS, prefix string, site Site) (*Handler, error) {
	files, err := Files(fsys, "static")
	if err != nil {
		return nil, err
	}
	return &Handler{Prefix: strings.TrimSuffix(prefix, "/"), Files: files, Site: site}, nil
}

func (h *Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	hdr := w.Header()
	for k, v := range h.Headers {
		hdr.Set(k, v)
	}
	if !ReadOnly(w, r) {
		return
	}
	rest, ok := strings.CutPrefix(r.URL.Path, h.Prefix)
	if ok && rest == "" && h.Index != "" {
		http.Redirect(w, r, h.Prefix+"/", http.StatusMovedPermanently)
		return
	}
	name, below := strings.CutPrefix(rest, "/")
	if name == "" {
		name = h.Index
	}
	if !ok || !below || name == "" {
		http.NotFound(w, r)
		return
	}
	if strings.HasSuffix(name, ".html") {
		for k, v := range h.HTMLHeaders {
			hdr.Set(k, v)
		}
	}
	if !h.Files.Serve(w, r, name) {
		http.NotFound(w, r)
	}
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
