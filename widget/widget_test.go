package widget

import (
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"testing"
)

func TestHandler(t *testing.T) {
	h, err := New("/widget")
	if err != nil {
		t.Fatal(err)
	}
	loader, err := os.ReadFile("static/parley.js")
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name, method, path string
		code               int
		contentType, csp   string
	}{
		{"the loader", "GET", "/widget/parley.js", 200, "text/javascript; charset=utf-8", ""},
		{"a module", "GET", "/widget/chat.js", 200, "text/javascript; charset=utf-8", ""},
		{"the style", "GET", "/widget/parley.css", 200, "text/css; charset=utf-8", ""},
		{"the demo page", "GET", "/widget/demo.html", 200, "text/html; charset=utf-8", DemoContentSecurityPolicy},
		{"head", "HEAD", "/widget/parley.js", 200, "text/javascript; charset=utf-8", ""},
		{"the folder", "GET", "/widget/", 404, "", ""},
		{"missing", "GET", "/widget/nope.js", 404, "", ""},
		{"escape", "GET", "/widget/../go.mod", 404, "", ""},
		{"post", "POST", "/widget/parley.js", 405, "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, httptest.NewRequest(tt.method, tt.path, nil))
			if rec.Code != tt.code {
				t.Fatalf("status %d, want %d", rec.Code, tt.code)
			}
			hdr := rec.Header()
			// Any page may load the files: ES modules from another origin need CORS.
			if hdr.Get("Access-Control-Allow-Origin") != "*" || hdr.Get("Cross-Origin-Resource-Policy") != "cross-origin" || hdr.Get("X-Content-Type-Options") != "nosniff" {
				t.Errorf("headers %v", hdr)
			}
			if tt.code != 200 {
				return
			}
			if hdr.Get("Content-Type") != tt.contentType || hdr.Get("Content-Security-Policy") != tt.csp || hdr.Get("ETag") == "" {
				t.Errorf("headers %v", hdr)
			}
			if tt.path == "/widget/parley.js" && tt.method == "GET" && rec.Body.String() != string(loader) {
				t.Error("the loader is not the file")
			}
		})
	}
}

// TestNoInlineScriptOrStyle checks the files against what a strict CSP refuses: no
// inline script or event handler attribute, no style attribute or element, and no
// HTML built from strings.
func TestNoInlineScriptOrStyle(t *testing.T) {
	entries, err := static.ReadDir("static")
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		b, err := static.ReadFile("static/" + e.Name())
		if err != nil {
			t.Fatal(err)
		}
		text := string(b)
		for _, bad := range []string{"innerHTML", "outerHTML", "insertAdjacentHTML", "document.write", "eval(", "new Function", ".style.", "setAttribute(\"style\"", "<style", " style=", " onclick=", " onload="} {
			if strings.Contains(text, bad) {
				t.Errorf("%s contains %q", e.Name(), bad)
			}
		}
		if strings.HasSuffix(e.Name(), ".html") && strings.Contains(text, "<script>") {
			t.Errorf("%s has an inline script", e.Name())
		}
	}
}

var _ http.Handler = (*Handler)(nil)
