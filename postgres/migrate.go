package postgres

import (
	"context"
	"embed"
	"fmt"
	"io/fs"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/parleyhq/parley"
)

//go:embed migrations/*.sql
var migrationFiles embed.FS

// migration is one embedded SQL file, NNNN_name.sql, applied once in version order.
type migration struct {
	version int
	name    string
	sql     string
}

// migrationLockClass is the first key of the two-key advisory lock that serializes
// migrations; the second is a hash of the schema, so installations in different
// schemas of one database migrate independently.
const migrationLockClass = 0x7061726c // "parl"

func migrations() ([]migration, error) {
	entries, err := fs.Glob(migrationFiles, "migrations/*.sql")
	if err != nil {
		return nil, err
	}
	var out []migration
	for _, path := range entries {
		base := strings.TrimPrefix(path, "migrations/")
		number, name, ok := strings.Cut(strings.TrimSuffix(base, ".sql"), "_")
		version, err := strconv.Atoi(number)
		if !ok || err != nil || version <= 0 {
			return nil, fmt.Errorf("migration file %s: want NNNN_name.sql", base)
		}
		body, err := migrationFiles.ReadFile(path)
		if err != nil {
			return nil, err
		}
		out = append(out, migration{version: version, name: name, sql: string(body)})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].version < out[j].version })
	for i := 1; i < len(out); i++ {
		if out[i].version == out[i-1].version {
			return nil, fmt.Errorf("two migrations numbered %d", out[i].version)
		}
	}
	return out, nil
}

// migrate creates the schema when one is named and applies the migrations not yet
// recorded in parley_migrations, each in its own transaction, holding a session
// advisory lock so that replicas opening the store at the same time migrate once.
func (s *Store) migrate(ctx context.Context, schema string) error {
	all, err := migrations()
	if err != nil {
		return parley.WrapError(parley.EINTERNAL, err, "postgres: embedded migrations")
	}
	conn, err := s.pool.Acquire(ctx)
	if err != nil {
		return wrapError(err, "postgres: connect")
	}
	defer conn.Release()

	lockSchema := schema
	if lockSchema == "" {
		if err := conn.QueryRow(ctx, "SELECT coalesce(current_schema(), '')").Scan(&lockSchema); err != nil {
			return wrapError(err, "postgres: migrate")
		}
	}
	if _, err := conn.Exec(ctx, "SELECT pg_advisory_lock($1, hashtext($2))", migrationLockClass, lockSchema); err != nil {
		return wrapError(err, "postgres: migrate: lock")
	}
	defer func() {
		// A lost connection has released the lock already; a dead one must not be
		// reused with the lock held by accident.
		unlockCtx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		if _, err := conn.Exec(unlockCtx, "SELECT pg_advisory_unlock($1, hashtext($2))", migrationLockClass, lockSchema); err != nil {
			_ = conn.Conn().Close(unlockCtx)
		}
	}()

	if schema != "" {
		if _, err := conn.Exec(ctx, "CREATE SCHEMA IF NOT EXISTS "+pgx.Identifier{schema}.Sanitize()); err != nil {
			return wrapError(err, "postgres: create schema %q", schema)
		}
	}
	applied, err := appliedMigrations(ctx, conn.Conn())
	if err != nil {
		return err
	}
	for _, m := range all {
		if applied[m.version] {
			continue
		}
		err := pgx.BeginFunc(ctx, conn, func(tx pgx.Tx) error {
			if _, err := tx.Exec(ctx, m.sql); err != nil {
				return err
			}
			_, err := tx.Exec(ctx, "INSERT INTO parley_migrations (version, name) VALUES ($1, $2)", m.version, m.name)
			return err
		})
		if err != nil {
			return wrapError(err, "postgres: migration %04d_%s", m.version, m.name)
		}
	}
	return nil
}

// appliedMigrations creates the parley_migrations ledger if it is missing and
// returns the versions it records.
func appliedMigrations(ctx context.Context, conn *pgx.Conn) (map[int]bool, error) {
	const ledger = `CREATE TABLE IF NOT EXISTS parley_migrations (
	version    integer     PRIMARY KEY,
	name       text        NOT NULL,
	applied_at timestamptz NOT NULL DEFAULT now())`
	if _, err := conn.Exec(ctx, ledger); err != nil {
		return nil, wrapError(err, "postgres: migrate")
	}
	applied := map[int]bool{}
	rows, err := conn.Query(ctx, "SELECT version FROM parley_migrations")
	if err != nil {
		return nil, wrapError(err, "postgres: migrate")
	}
	versions, err := pgx.CollectRows(rows, pgx.RowTo[int32])
	if err != nil {
		return nil, wrapError(err, "postgres: migrate")
	}
	for _, v := range versions {
		applied[int(v)] = true
	}
	return applied, nil
}
