// Package inspect owns Parley's inspector: the browser UI served at /inspect that
// lists a bot's conversations, shows one live (transcript, state tree, event log,
// version), draws the bot's machine with the conversation's place on it, drives it
// (messages, quick replies, card actions, lifecycle controls) and travels through its
// versions. It is plain HTML, CSS and ES modules embedded in the binary; it talks
// only to the public HTTP API (package httpapi), with the API token the user types,
// kept in the tab's sessionStorage.
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
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"io"
	"io/fs"
	"mime"
	"net/http"
	"path"
	"strings"
	"time"
)

//go:embed static
var static embed.FS

// ContentSecurityPolicy is sent with every inspector response.
const ContentSecurityPolicy = "default-src 'none'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; " +
	"img-src 'self' https: data:; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

// file is one embedded asset, ready to serve.
type file struct {
	name, contentType, etag, cacheControl string
	body, gzipped                         []byte
}

// Handler serves the inspector under prefix (e.g. "/inspect"): prefix and prefix+"/"
// answer index.html, prefix+"/x" the embedded file static/x. Anything else is 404.
type Handler struct {
	prefix string
	files  map[string]*file
}

// New returns the inspector handler mounted at prefix.
func New(prefix string) (*Handler, error) {
	h := &Handler{prefix: strings.TrimSuffix(prefix, "/"), files: map[string]*file{}}
	sub, err := fs.Sub(static, "static")
	if err != nil {
		return nil, err
	}
	err = fs.WalkDir(sub, ".", func(name string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		body, err := fs.ReadFile(sub, name)
		if err != nil {
			return err
		}
		if plain, ok := strings.CutSuffix(name, ".gz"); ok {
			f, err := gzippedFile(plain, body)
			if err != nil {
				return err
			}
			h.files[plain] = f
			return nil
		}
		h.files[name] = newFile(name, body)
		return nil
	})
	return h, err
}

// gzippedFile serves a file committed gzipped: the stored bytes to browsers that
// accept gzip, the decompressed ones to the rest.
func gzippedFile(name string, gz []byte) (*file, error) {
	zr, err := gzip.NewReader(bytes.NewReader(gz))
	if err != nil {
		return nil, err
	}
	body, err := io.ReadAll(zr)
	if err != nil {
		return nil, err
	}
	f := describeFile(name, body)
	f.gzipped = gz
	return f, nil
}

func newFile(name string, body []byte) *file {
	f := describeFile(name, body)
	var gz bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&gz, gzip.BestCompression)
	_, _ = zw.Write(body)
	if zw.Close() == nil && gz.Len() < len(body)*9/10 {
		f.gzipped = gz.Bytes()
	}
	return f
}

// describeFile sets what every representation of a file shares.
func describeFile(name string, body []byte) *file {
	sum := sha256.Sum256(body)
	f := &file{name: name, body: body, etag: `"` + hex.EncodeToString(sum[:16]) + `"`, cacheControl: "no-cache"}
	f.contentType = mime.TypeByExtension(path.Ext(name))
	if strings.HasSuffix(name, ".js") {
		f.contentType = "text/javascript; charset=utf-8"
	}
	if strings.HasPrefix(name, "vendor/") {
		// Vendored files are named by version: a new version is a new URL.
		f.cacheControl = "public, max-age=31536000, immutable"
	}
	return f
}

func (h *Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	hdr := w.Header()
	hdr.Set("Content-Security-Policy", ContentSecurityPolicy)
	hdr.Set("X-Content-Type-Options", "nosniff")
	hdr.Set("Referrer-Policy", "no-referrer")
	hdr.Set("Cross-Origin-Opener-Policy", "same-origin")
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		hdr.Set("Allow", "GET, HEAD")
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
		return
	}
	name, ok := strings.CutPrefix(r.URL.Path, h.prefix)
	if !ok {
		http.NotFound(w, r)
		return
	}
	name = strings.TrimPrefix(name, "/")
	if name == "" {
		if !strings.HasSuffix(r.URL.Path, "/") {
			// Relative asset URLs in index.html resolve against the directory.
			http.Redirect(w, r, h.prefix+"/", http.StatusMovedPermanently)
			return
		}
		name = "index.html"
	}
	f := h.files[name]
	if f == nil {
		http.NotFound(w, r)
		return
	}
	hdr.Set("Content-Type", f.contentType)
	hdr.Set("Cache-Control", f.cacheControl)
	hdr.Add("Vary", "Accept-Encoding")
	body, etag := f.body, f.etag
	if f.gzipped != nil && acceptsGzip(r) {
		// Each representation has its own validator.
		hdr.Set("Content-Encoding", "gzip")
		body, etag = f.gzipped, strings.TrimSuffix(f.etag, `"`)+`-gz"`
	}
	hdr.Set("ETag", etag)
	// ServeContent answers If-None-Match with 304 and HEAD without a body.
	http.ServeContent(w, r, f.name, time.Time{}, bytes.NewReader(body))
}

func acceptsGzip(r *http.Request) bool {
	for _, part := range strings.Split(r.Header.Get("Accept-Encoding"), ",") {
		enc, _, _ := strings.Cut(strings.TrimSpace(part), ";")
		if enc == "gzip" {
			return true
		}
	}
	return false
}
