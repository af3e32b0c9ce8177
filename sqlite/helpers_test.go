package sqlite

import (
	"io/fs"
	"os"
	"testing"
)

func mustSubFS(t *testing.T) fs.FS {
	t.Helper()
	sub, err := fs.Sub(migrationFiles, "migrations")
	if err != nil {
		t.Fatal(err)
	}
	return sub
}

func mkdir(dir string) error { return os.MkdirAll(dir, 0o755) }

func fileExists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}
