package parley

import (
	"go/parser"
	"go/token"
	"os"
	"strconv"
	"strings"
	"testing"
)

// TestRootImportsStandardLibraryOnly: package parley is the domain language every
// other package shares, so it imports the standard library only (a path whose
// first element has no dot, and not this module's); the stored form and the
// encoders of its types live in package turnlog. Test files may import test kits.
func TestRootImportsStandardLibraryOnly(t *testing.T) {
	entries, err := os.ReadDir(".")
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	files := 0
	for _, e := range entries {
		name := e.Name()
		if e.IsDir() || !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, parser.ImportsOnly)
		if err != nil {
			t.Fatal(err)
		}
		files++
		for _, imp := range f.Imports {
			path, _ := strconv.Unquote(imp.Path.Value)
			if !standard(path) {
				t.Errorf("%s imports %s: the root imports the standard library only", fset.Position(imp.Pos()), path)
			}
		}
	}
	if files == 0 {
		t.Fatal("no Go files read")
	}
}

// standard reports whether path names a standard library package: its first
// element has no dot (go/build's rule for GOROOT paths), and it is not unsafe,
// which the root does not need either.
func standard(path string) bool {
	first, _, _ := strings.Cut(path, "/")
	return !strings.Contains(first, ".") && path != "unsafe"
}
