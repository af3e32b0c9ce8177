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
		err = filepath.WalkDir(p, func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if !d.IsDir() && (strings.HasSuffix(path, ".yaml") || strings.HasSuffix(path, ".yml")) {
				out = append(out, path)
			}
			return nil
		})
		if err != nil {
			return nil, err
		}
	}
	sort.Strings(out)
	return out, nil
}
