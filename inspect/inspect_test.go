package inspect

import (
	"bytes"
	"compress/gzip"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"testing"
)

func serve(t *testing.T, h http.Handler, method, path string, header map[string]string) *httptest.ResponseRecorder {
	t.Helper()
	req := httptest.NewRequest(method, path, nil)
	for k, v := range header {
		req.Header.Set(k, v)
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return rec
}

func TestHandler(t *testing.T) {
	h, err := New("/inspect")
	if err != nil {
		t.Fatal(err)
	}
	index, err := os.ReadFile("static/index.html")
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name, method, path string
		header             map[string]string
		code               int
		contentType, cache string
		body               []byte
	}{
		{"index", "GET", "/inspect/", nil, 200, "text/html; charset=utf-8", "no-cache", index},
		{"module", "GET", "/inspect/app.js", nil, 200, "text/javascript; charset=utf-8", "no-cache", nil},
		{"style", "GET", "/inspect/app.css", nil, 200, "text/css; charset=utf-8", "no-cache", nil},
		{"vendored file cached for a year", "GET", "/inspect/vendor/viz-3.31.0.js", nil, 200, "text/javascript; charset=utf-8", "public, max-age=31536000, immutable", nil},
		{"head", "HEAD", "/inspect/", nil, 200, "text/html; charset=utf-8", "no-cache", []byte{}},
		{"no slash redirects", "GET", "/inspect", nil, 301, "", "", nil},
		{"missing", "GET", "/inspect/nope.js", nil, 404, "", "", nil},
		{"escape", "GET", "/inspect/../go.mod", nil, 404, "", "", nil},
		{"outside prefix", "GET", "/other", nil, 404, "", "", nil},
		{"prefix without its slash", "GET", "/inspectapp.js", nil, 404, "", "", nil},
		{"post", "POST", "/inspect/", nil, 405, "", "", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rec := serve(t, h, tt.method, tt.path, tt.header)
			if rec.Code != tt.code {
				t.Fatalf("status %d, want %d", rec.Code, tt.code)
			}
			if got := rec.Header().Get("Content-Security-Policy"); got != ContentSecurityPolicy {
				t.Errorf("CSP %q", got)
			}
			if got := rec.Header().Get("X-Content-Type-Options"); got != "nosniff" {
				t.Errorf("X-Content-Type-Options %q", got)
			}
			if tt.code != 200 {
				return
			}
			if got := rec.Header().Get("Content-Type"); got != tt.contentType {
				t.Errorf("Content-Type %q, want %q", got, tt.contentType)
			}
			if got := rec.Header().Get("Cache-Control"); got != tt.cache {
				t.Errorf("Cache-Control %q, want %q", got, tt.cache)
			}
			if rec.Header().Get("ETag") == "" {
				t.Error("no ETag")
			}
			if tt.body != nil && !bytes.Equal(rec.Body.Bytes(), tt.body) {
				t.Errorf("body %d bytes, want %d", rec.Body.Len(), len(tt.body))
			}
		})
	}
}

// TestHandlerRevalidatesAndCompresses checks the ETag answers 304 and that a gzip
// client gets the same bytes compressed, under its own validator.
func TestHandlerRevalidatesAndCompresses(t *testing.T) {
	h, err := New("/inspect/")
	if err != nil {
		t.Fatal(err)
	}
	plain := serve(t, h, "GET", "/inspect/app.js", nil)
	etag := plain.Header().Get("ETag")
	if again := serve(t, h, "GET", "/inspect/app.js", map[string]string{"If-None-Match": etag}); again.Code != 304 || again.Body.Len() != 0 {
		t.Errorf("revalidation: %d with %d bytes, want 304 and none", again.Code, again.Body.Len())
	}
	gz := serve(t, h, "GET", "/inspect/vendor/viz-3.31.0.js", map[string]string{"Accept-Encoding": "br, gzip;q=0.8"})
	if gz.Header().Get("Content-Encoding") != "gzip" || strings.Contains(gz.Header().Get("ETag"), etag) {
		t.Fatalf("gzip response headers %v", gz.Header())
	}
	zr, err := gzip.NewReader(gz.Body)
	if err != nil {
		t.Fatal(err)
	}
	got, err := io.ReadAll(zr)
	if err != nil {
		t.Fatal(err)
	}
	want := serve(t, h, "GET", "/inspect/vendor/viz-3.31.0.js", nil).Body.Bytes()
	if !bytes.Equal(got, want) || len(gz.Body.Bytes()) >= len(want) {
		t.Errorf("gzip body: %d bytes decoding to %d; plain %d", gz.Body.Len(), len(got), len(want))
	}
}

// TestStaticUsesNoInlineCode keeps the files compatible with the CSP: no inline
// scripts, styles or event handlers in the HTML, no eval in the modules.
func TestStaticUsesNoInlineCode(t *testing.T) {
	index, err := os.ReadFile("static/index.html")
	if err != nil {
		t.Fatal(err)
	}
	for _, bad := range []string{"<style", " style=", " onclick=", " onload=", "<script>"} {
		if bytes.Contains(index, []byte(bad)) {
			t.Errorf("index.html contains %q", bad)
		}
	}
	entries, err := os.ReadDir("static")
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if !strings.HasSuffix(e.Name(), ".js") {
			continue
		}
		b, err := os.ReadFile("static/" + e.Name())
		if err != nil {
			t.Fatal(err)
		}
		for _, bad := range []string{"eval(", "new Function", "innerHTML", ".style."} {
			if bytes.Contains(b, []byte(bad)) {
				t.Errorf("%s contains %q", e.Name(), bad)
			}
		}
	}
}
