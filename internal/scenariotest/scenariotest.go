// Package scenariotest plays scenario files (docs/spec/contracts.md section 5) in the
// tests of an engine package: each file matched is read with scenario.Load, strictly
// as parley test reads it, and handed to the package's own player as a subtest.
package scenariotest

import (
	"path/filepath"
	"testing"

	"github.com/parleyhq/parley/scenario"
)

// Play runs play on each file matching pattern, one subtest per file named by its
// base name. It fails the test when fewer than atLeast files match, and a subtest
// whose file does not parse.
func Play(t *testing.T, pattern string, atLeast int, play func(t *testing.T, f *scenario.File)) {
	t.Helper()
	paths, err := filepath.Glob(pattern)
	if err != nil || len(paths) < atLeast {
		t.Fatalf("scenarios %s: %d files, want at least %d (%v)", pattern, len(paths), atLeast, err)
	}
	for _, path := range paths {
		t.Run(filepath.Base(path), func(t *testing.T) {
			f, err := scenario.Load(path)
			if err != nil {
				t.Fatal(err)
			}
			play(t, f)
		})
	}
}
