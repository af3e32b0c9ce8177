package sqlite

import (
	"context"
	"database/sql"
	"embed"
	"fmt"
	"io/fs"
	"path"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/parleyhq/parley"
)

// migrationFiles holds the schema, one NNNN_name.sql file per version, applied in
// version order and each exactly once.
//
//go:embed migrations/*.sql
var migrationFiles embed.FS

// migration is one versioned schema change.
type migration struct {
	Version int
	Name    string
	SQL     string
}

// loadMigrations reads NNNN_name.sql files from the root of fsys, sorted by version.
// Two files with one version, or a name without a version, are a bug in the build.
func loadMigrations(fsys fs.FS) ([]migration, error) {
	names, err := fs.Glob(fsys, "*.sql")
	if err != nil {
		return nil, err
	}
	var ms []migration
	seen := map[int]string{}
	for _, name := range names {
		prefix, rest, ok := strings.Cut(path.Base(name), "_")
		version, err := strconv.Atoi(prefix)
		if !ok || err != nil || version <= 0 {
			return nil, parley.Errorf(parley.EINTERNAL, "migration %q: name must be NNNN_name.sql", name)
		}
		if other, dup := seen[version]; dup {
			return nil, parley.Errorf(parley.EINTERNAL, "migrations %q and %q share version %d", other, name, version)
		}
		seen[version] = name
		body, err := fs.ReadFile(fsys, name)
		if err != nil {
			return nil, err
		}
		ms = append(ms, migration{Version: version, Name: strings.TrimSuffix(rest, ".sql"), SQL: string(body)})
	}
	sort.Slice(ms, func(i, j int) bool { return ms[i].Version < ms[j].Version })
	return ms, nil
}

// migrate applies the migrations not yet recorded in schema_migrations, each in its
// own transaction together with its record, so that a crash leaves either both or
// neither and a restart (or a second process) picks up where it stopped. It returns
// how many it applied.
func migrate(ctx context.Context, db *sql.DB, ms []migration) (int, error) {
	const create = `CREATE TABLE IF NOT EXISTS schema_migrations (
    version    INTEGER PRIMARY KEY,
    name       TEXT    NOT NULL,
    applied_at INTEGER NOT NULL
) STRICT`
	if _, err := db.ExecContext(ctx, create); err != nil {
		return 0, fmt.Errorf("create schema_migrations: %w", err)
	}
	applied := 0
	for _, m := range ms {
		done, err := applyMigration(ctx, db, m)
		if err != nil {
			return applied, fmt.Errorf("migration %04d_%s: %w", m.Version, m.Name, err)
		}
		if done {
			applied++
		}
	}
	return applied, nil
}

// applyMigration applies m unless it is already recorded; the check runs inside the
// write transaction so that two processes opening one file never both apply it.
func applyMigration(ctx context.Context, db *sql.DB, m migration) (applied bool, err error) {
	tx, err := db.BeginTx(ctx, nil) // BEGIN IMMEDIATE: the DSN sets _txlock
	if err != nil {
		return false, err
	}
	defer func() {
		if err != nil {
			_ = tx.Rollback()
		}
	}()
	var n int
	if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM schema_migrations WHERE version = ?`, m.Version).Scan(&n); err != nil {
		return false, err
	}
	if n > 0 {
		return false, tx.Rollback()
	}
	if err := execMigration(ctx, tx, m.SQL); err != nil {
		return false, err
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)`,
		m.Version, m.Name, time.Now().UnixMicro()); err != nil {
		return false, err
	}
	return true, tx.Commit()
}

// goStepPrefix marks a line of a migration where a step written in Go runs, between
// the statements before and after it: data conversions that SQL cannot express.
const goStepPrefix = "-- go:"

// goSteps are the Go steps migrations may name.
var goSteps = map[string]func(ctx context.Context, tx *sql.Tx) error{
	"convert-log": convertLog,
}

// execMigration runs a migration's statements and Go steps in order inside tx.
func execMigration(ctx context.Context, tx *sql.Tx, body string) error {
	var chunk strings.Builder
	flush := func() error {
		if strings.TrimSpace(chunk.String()) == "" {
			return nil
		}
		_, err := tx.ExecContext(ctx, chunk.String())
		chunk.Reset()
		return err
	}
	for _, line := range strings.SplitAfter(body, "\n") {
		name, ok := strings.CutPrefix(strings.TrimSpace(line), goStepPrefix)
		if !ok {
			chunk.WriteString(line)
			continue
		}
		step := goSteps[name]
		if step == nil {
			return fmt.Errorf("unknown Go step %q", name)
		}
		if err := flush(); err != nil {
			return err
		}
		if err := step(ctx, tx); err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
	}
	return flush()
}
