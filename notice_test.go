package parley_test

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestLicenceAndNotice: the repository is Apache-2.0 (LICENSE, the full text), and
// NOTICE names every piece of third-party material it carries under another licence:
// each folder with a licence file of its own, each vendored file, and each folder of
// fixtures whose README states a licence.
func TestLicenceAndNotice(t *testing.T) {
	licence, err := os.ReadFile("LICENSE")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"Apache License", "Version 2.0, January 2004", "TERMS AND CONDITIONS FOR USE, REPRODUCTION, AND DISTRIBUTION", "END OF TERMS AND CONDITIONS"} {
		if !strings.Contains(string(licence), want) {
			t.Errorf("LICENSE does not contain %q: it must be the full Apache-2.0 text", want)
		}
	}
	notice, err := os.ReadFile("NOTICE")
	if err != nil {
		t.Fatal(err)
	}
	statesLicence := regexp.MustCompile(`(?i)\blicen[cs]e\b[^\n]*:|\| *licen[cs]e *\|`)
	var thirdParty []string
	err = filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		name := d.Name()
		if d.IsDir() {
			switch {
			case path != "." && strings.HasPrefix(name, "."), name == "node_modules", name == "artifacts":
				return filepath.SkipDir
			case name == "vendor":
				thirdParty = append(thirdParty, path)
				return filepath.SkipDir
			}
			return nil
		}
		upper := strings.ToUpper(name)
		switch {
		case path == "LICENSE" || path == "NOTICE":
		case strings.HasPrefix(upper, "LICENSE") || strings.HasPrefix(upper, "LICENCE") || strings.HasPrefix(upper, "COPYING"):
			thirdParty = append(thirdParty, filepath.Dir(path))
		case upper == "README.MD" && strings.Contains(path, "testdata") || strings.Contains(path, "fixtures"):
			if data, err := os.ReadFile(path); err == nil && statesLicence.Match(data) {
				thirdParty = append(thirdParty, filepath.Dir(path))
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("third-party material: %v", thirdParty)
	if len(thirdParty) < 4 {
		t.Fatalf("found only %v: the walk is broken", thirdParty)
	}
	for _, dir := range thirdParty {
		if !strings.Contains(string(notice), filepath.ToSlash(dir)+"/") {
			t.Errorf("NOTICE does not name %s/, which carries material under its own licence", dir)
		}
	}
}
