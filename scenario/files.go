package scenario

import (
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/parleyhq/parley"
)

// Files expands folders into their .yaml and .yml files, sorted (files named
// stay as they are).
func Files(paths []string) ([]string, error) {
	var out []string
	for _, p := range paths {
		info, err := os.Stat(p)
		if err != nil {
			return nil, parley.WrapError(parley.EINVALID, err, "scenario path")
		}
		if !info.IsDir() {
			out = append(out, p)
			continue
		}
		if out, err = appendYAMLFiles(out, p); err != nil {
			return nil, err
		}
	}
	sort.Strings(out)
	return out, nil
}

// appendYAMLFiles appends the .yaml and .yml files under dir.
func appendYAMLFiles(out []string, dir string) ([]string, error) {
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() && (strings.HasSuffix(path, ".yaml") || strings.HasSuffix(path, ".yml")) {
			out = append(out, path)
		}
		return nil
	})
	return out, err
}
