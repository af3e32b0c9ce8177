package docs_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/parleyhq/parley/docs"
)

// markdownFiles are README.md and every page under docs/.
func markdownFiles(t *testing.T) []string {
	t.Helper()
	files := []string{"../README.md"}
	err := filepath.WalkDir(".", func(path string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(path, ".md") {
			files = append(files, path)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

var (
	mdLink  = regexp.MustCompile(`\]\(([^)\s]+)\)`)
	heading = regexp.MustCompile(`(?m)^#{1,6} +(.+)$`)
)

// anchor is GitHub's id of a heading: lower case, punctuation dropped, spaces as -.
func anchor(h string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(strings.TrimSpace(h)) {
		switch {
		case r == ' ' || r == '-':
			b.WriteRune('-')
		case r == '_' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r > 127:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// TestDocumentationLinksResolve: every relative link of the README and the docs
// pages names a file or folder of the repository, and an #anchor names a heading
// of its page, so a newcomer following the README never hits a dead link.
func TestDocumentationLinksResolve(t *testing.T) {
	for _, file := range markdownFiles(t) {
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range mdLink.FindAllStringSubmatch(string(data), -1) {
			link := m[1]
			if strings.Contains(link, "://") || strings.HasPrefix(link, "mailto:") {
				continue
			}
			target, frag, _ := strings.Cut(link, "#")
			path := file
			if target != "" {
				path = filepath.Join(filepath.Dir(file), target)
				if _, err := os.Stat(path); err != nil {
					t.Errorf("%s: link %q: no such file or folder", file, link)
					continue
				}
			}
			if frag == "" || !strings.HasSuffix(path, ".md") {
				continue
			}
			page, _ := os.ReadFile(path)
			found := false
			for _, h := range heading.FindAllStringSubmatch(string(page), -1) {
				if anchor(h[1]) == frag {
					found = true
				}
			}
			if !found {
				t.Errorf("%s: link %q: %s has no heading #%s", file, link, path, frag)
			}
		}
	}
}

// TestReadmeLeads: the README stays a short entry point (at most 16 KiB), its
// first command runs the demo from a clone, it links the table of contents, and its
// test command (the first command after a heading naming "test") is what CI runs.
func TestReadmeLeads(t *testing.T) {
	data, err := os.ReadFile("../README.md")
	if err != nil {
		t.Fatal(err)
	}
	readme := string(data)
	if len(data) > 16<<10 {
		t.Errorf("README.md is %d bytes, over 16 KiB: move the detail under docs/", len(data))
	}
	first := regexp.MustCompile("(?s)```[a-z]*\n(.*?)\n```").FindStringSubmatch(readme)
	if first == nil || strings.TrimSpace(first[1]) != "go run ./cmd/parley serve" {
		t.Errorf("README's first command is %q, want the demo: go run ./cmd/parley serve", first)
	}
	if !strings.Contains(readme, "(docs/README.md)") {
		t.Error("README does not link docs/README.md, the table of contents")
	}
	test := regexp.MustCompile("(?m)^#+ [^\n]*[Tt]est[^\n]*\n+`([^`]+)`").FindStringSubmatch(readme)
	if test == nil {
		t.Fatal("README has no test heading followed by its command in backquotes")
	}
	ci, err := os.ReadFile("../.ci/run")
	if err != nil {
		t.Fatal(err)
	}
	if !regexp.MustCompile(`(?m)^\s*(bash\s+)?` + regexp.QuoteMeta(test[1]) + `\s*$`).Match(ci) {
		t.Errorf(".ci/run does not run README's test command %q", test[1])
	}
}

// TestOpenAPIDocument: the served description is OpenAPI 3.1 and names the error
// body and the event shapes.
func TestOpenAPIDocument(t *testing.T) {
	var doc struct {
		OpenAPI    string `json:"openapi"`
		Components struct {
			Schemas map[string]json.RawMessage `json:"schemas"`
		} `json:"components"`
	}
	if err := json.Unmarshal(docs.OpenAPI(), &doc); err != nil {
		t.Fatal(err)
	}
	if doc.OpenAPI != "3.1.0" {
		t.Errorf("openapi = %q, want 3.1.0", doc.OpenAPI)
	}
	for _, name := range []string{"Error", "Event", "StateChangedEvent", "StoppedEvent", "TurnEvent", "ReplyDeltaEvent", "TurnRequest", "TurnResponse"} {
		if doc.Components.Schemas[name] == nil {
			t.Errorf("components.schemas has no %s", name)
		}
	}
}
