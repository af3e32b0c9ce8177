// Package assets serves a tree of embedded static files, as the inspector (package
// inspect) and the chat widget (package widget) ship theirs: each with its content
// type, a content-hash ETag (so a browser revalidates and gets 304), gzip for clients
// that accept it (files committed gzipped as NAME.gz are served as NAME), and a year
// of caching for files under vendor/, whose names carry their versions. The packages
// that mount a tree add their own headers (a Content-Security-Policy, CORS).
package assets

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"io"
	"io/fs"
	"mime"
	"net/http"
	"path"
	"strings"
	"time"
)

// Files is a tree of files ready to serve.
type Files struct {
	files map[string]*file
}

// file is one embedded asset, ready to serve.
type file struct {
	name, contentType, etag, cacheControl string
	body, gzipped                         []byte
}

// New reads every file of each tree; a name in a later tree replaces the same name
// in an earlier one.
func New(trees ...fs.FS) (*Files, error) {
	fl := &Files{files: map[string]*file{}}
	for _, fsys := range trees {
		if err := fl.read(fsys); err != nil {
			return nil, err
		}
	}
	return fl, nil
}

// read adds every file of fsys.
func (fl *Files) read(fsys fs.FS) error {
	return fs.WalkDir(fsys, ".", func(name string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		body, err := fs.ReadFile(fsys, name)
		if err != nil {
			return err
		}
		if plain, ok := strings.CutSuffix(name, ".gz"); ok {
			f, err := gzippedFile(plain, body)
			if err != nil {
				return err
			}
			fl.files[plain] = f
			return nil
		}
		fl.files[name] = newFile(name, body)
		return nil
	})
}

// Has reports whether name is a file of the tree.
func (fl *Files) Has(name string) bool { return fl.files[name] != nil }

// Serve answers r with the file name ("app.js", "vendor/x.js"); false, with nothing
// written, when there is no such file.
func (fl *Files) Serve(w http.ResponseWriter, r *http.Request, name string) bool {
	f := fl.files[name]
	if f == nil {
		return false
	}
	hdr := w.Header()
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
	return true
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

func acceptsGzip(r *http.Request) bool {
	for _, part := range strings.Split(r.Header.Get("Accept-Encoding"), ",") {
		enc, _, _ := strings.Cut(strings.TrimSpace(part), ";")
		if enc == "gzip" {
			return true
		}
	}
	return false
}
