package postgres

import (
	"context"
	"slices"

	"github.com/jackc/pgx/v5"
	"github.com/parleyhq/parley"
	"github.com/parleyhq/parley/turnlog"
)

// TurnRecords returns the turn records of the conversation's last n turns up to
// version, oldest first (parley.TurnReader): a backward range of the turns primary
// key.
func (s *Store) TurnRecords(ctx context.Context, key parley.ConversationKey, version int64, n int) ([]parley.TurnRecord, error) {
	if err := key.Check(); err != nil {
		return nil, err
	}
	if n <= 0 {
		return nil, nil
	}
	out, err := collect(ctx, s, "turn records", `
		SELECT version, turn FROM turns
		WHERE bot = $1 AND conversation_id = $2 AND version <= $3 AND turn IS NOT NULL
		ORDER BY version DESC LIMIT $4`,
		[]any{key.Bot, key.ID, version, n},
		func(rows pgx.Rows) (parley.TurnRecord, error) {
			var v int64
			var turn []byte
			if err := rows.Scan(&v, &turn); err != nil {
				return parley.TurnRecord{}, err
			}
			rec, err := turnlog.Decode(turn)
			if err != nil {
				return rec, parley.WrapError(parley.EINTERNAL, err, "postgres: damaged turn of %s version %d", key, v)
			}
			return rec, nil
		})
	if err != nil {
		return nil, err
	}
	slices.Reverse(out)
	return out, nil
}
