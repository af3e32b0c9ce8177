package postgres

import (
	"context"
	"errors"

	"github.com/jackc/pgx/v5"
	"github.com/parleyhq/parley"
)

// PutFlow stores definition as the next version of flow id (1 for a new flow).
// Replicas storing the same flow at once get distinct versions: the loser of a race
// for a version number tries the next one.
func (s *Store) PutFlow(ctx context.Context, id string, definition []byte) (int, error) {
	if err := parley.CheckID("flow id", id); err != nil {
		return 0, err
	}
	if definition == nil {
		definition = []byte{}
	}
	// Each lost race means another version got stored; a bound keeps a bug from
	// spinning forever.
	for range 100 {
		var version int
		// One statement: the new version and the removal of those beyond the
		// newest FlowVersions.
		err := s.queryRow(ctx, "put flow", false, `
			WITH added AS (
				INSERT INTO flows (id, version, definition)
				SELECT $1, coalesce(max(version), 0) + 1, $2 FROM flows WHERE id = $1
				RETURNING version
			), removed AS (
				DELETE FROM flows WHERE id = $1 AND version <= (SELECT version FROM added) - $3
			)
			SELECT version FROM added`,
			[]any{id, definition, s.flowVersions}, &version)
		if parley.ErrorCode(err) == parley.ECONFLICT && ctx.Err() == nil {
			continue
		}
		if err != nil {
			return 0, err
		}
		return version, nil
	}
	return 0, parley.Errorf(parley.ECONFLICT, "put flow %q: too many concurrent writers", id)
}

// Flow returns version of flow id, the latest when version is 0; ENOTFOUND if absent.
func (s *Store) Flow(ctx context.Context, id string, version int) ([]byte, int, error) {
	if err := parley.CheckID("flow id", id); err != nil {
		return nil, 0, err
	}
	var definition []byte
	var actual int
	err := s.queryRow(ctx, "flow", true, `
		SELECT definition, version FROM flows
		WHERE id = $1 AND ($2 = 0 OR version = $2)
		ORDER BY version DESC LIMIT 1`,
		[]any{id, version}, &definition, &actual)
	if errors.Is(err, pgx.ErrNoRows) {
		if version == 0 {
			return nil, 0, parley.Errorf(parley.ENOTFOUND, "flow %q not found", id)
		}
		return nil, 0, parley.Errorf(parley.ENOTFOUND, "flow %q version %d not found", id, version)
	}
	if err != nil {
		return nil, 0, err
	}
	return definition, actual, nil
}
