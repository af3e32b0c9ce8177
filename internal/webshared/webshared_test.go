package webshared

import (
	"net/http"
	"net/http/httptest"
	"testing"
	"testing/fstest"
)

// TestFilesServesTheSharedModulesBesideItsOwn: the shared modules are served with
// the tree's own files, and a file of the tree's own wins over a shared one.
func TestFilesServesTheSharedModulesBesideItsOwn(t *testing.T) {
	own := fstest.MapFS{
		"static/app.js":     {Data: []byte("app")},
		"static/stream.js":  {Data: []byte("own stream")},
		"static/other.html": {Data: []byte("<p>")},
	}
	files, err := Files(own, "static")
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"app.js", "element.js", "stream.js", "other.html"} {
		if !files.Has(name) {
			t.Errorf("no %s", name)
		}
	}
	rec := httptest.NewRecorder()
	files.Serve(rec, httptest.NewRequest("GET", "/stream.js", nil), "stream.js")
	if rec.Body.String() != "own stream" {
		t.Errorf("stream.js = %q, want the tree's own", rec.Body.String())
	}
}

func TestReadOnly(t *testing.T) {
	for method, want := range map[string]bool{"GET": true, "HEAD": true, "POST": false, "DELETE": false} {
		rec := httptest.NewRecorder()
		if got := ReadOnly(rec, httptest.NewRequest(method, "/", nil)); got != want {
			t.Errorf("%s: %v", method, got)
		}
		if !want && (rec.Code != http.StatusMethodNotAllowed || rec.Header().Get("Allow") != "GET, HEAD") {
			t.Errorf("%s: %d Allow %q", method, rec.Code, rec.Header().Get("Allow"))
		}
	}
}
