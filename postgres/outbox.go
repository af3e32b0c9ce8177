package postgres

import (
	"context"
	"encoding/json"
	"errors"
	"sort"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/parleyhq/parley"
)

// ClaimOutbox leases up to limit due entries until now+lease and counts one attempt
// for each. Rows locked by a concurrent claimer are skipped, not waited for, so
// replicas claiming at once get disjoint entries. Entries come in creation order.
func (s *Store) ClaimOutbox(ctx context.Context, now time.Time, lease time.Duration, limit int) ([]parley.OutboxEntry, error) {
	if lease <= 0 || limit <= 0 {
		return nil, parley.Errorf(parley.EINVALID, "claim outbox: lease %s and limit %d must be positive", lease, limit)
	}
	var entries []parley.OutboxEntry
	// Not a read: a claim whose outcome is unknown is left to its lease.
	err := s.run(ctx, "claim outbox", false, func(ctx context.Context) error {
		rows, err := s.pool.Query(ctx, `
			WITH due AS (
				SELECT id FROM outbox
				WHERE status = 'pending' AND next_attempt_at <= $1
					AND (leased_until IS NULL OR leased_until <= $1)
				ORDER BY id
				LIMIT $3
				FOR UPDATE SKIP LOCKED
			)
			UPDATE outbox o SET leased_until = $2, attempts = o.attempts + 1
			FROM due WHERE o.id = due.id
			RETURNING o.id, o.bot, o.conversation_id, o.kind, coalesce(o.idempotency_key, ''),
				o.payload, o.attempts, o.next_attempt_at, o.last_error`,
			now, now.Add(lease), limit)
		if err != nil {
			return err
		}
		entries, err = pgx.CollectRows(rows, func(row pgx.CollectableRow) (parley.OutboxEntry, error) {
			var e parley.OutboxEntry
			var payload []byte
			err := row.Scan(&e.ID, &e.Key.Bot, &e.Key.ID, &e.Kind, &e.IdempotencyKey, &payload, &e.Attempts, &e.NextAttemptAt, &e.LastError)
			e.Payload = json.RawMessage(payload)
			e.NextAttemptAt = utc(e.NextAttemptAt)
			return e, err
		})
		return err
	})
	if err != nil {
		return nil, err
	}
	sort.Slice(entries, func(i, j int) bool { return entries[i].ID < entries[j].ID })
	return entries, nil
}

// CompleteOutbox marks a delivered entry done; ENOTFOUND for an unknown id.
func (s *Store) CompleteOutbox(ctx context.Context, id int64) error {
	n, err := s.exec(ctx, "complete outbox",
		"UPDATE outbox SET status = 'done', leased_until = NULL WHERE id = $1", id)
	if err != nil {
		return err
	}
	if n == 0 {
		return parley.Errorf(parley.ENOTFOUND, "outbox entry %d not found", id)
	}
	return nil
}

// RetryOutbox releases a pending entry for another attempt at next, or marks it
// failed once its attempts reached Options.MaxAttempts. ENOTFOUND for an unknown id,
// ECONFLICT for an entry that is done or failed already (as package sqlite).
func (s *Store) RetryOutbox(ctx context.Context, id int64, next time.Time, lastError string) error {
	return s.updatePending(ctx, "retry outbox", id, `
			UPDATE outbox o SET
				status = CASE WHEN o.attempts >= $4 THEN 'failed' ELSE 'pending' END,
				next_attempt_at = $2, leased_until = NULL, last_error = $3`,
		next, lastError, s.maxAttempts)
}

// FailOutbox marks a pending entry failed, recording lastError; ENOTFOUND and
// ECONFLICT as RetryOutbox.
func (s *Store) FailOutbox(ctx context.Context, id int64, lastError string) error {
	return s.updatePending(ctx, "fail outbox", id, `
			UPDATE outbox o SET status = 'failed', leased_until = NULL, last_error = $2`,
		lastError)
}

// updatePending runs update (an UPDATE of outbox o, whose $1 is the id and whose
// other parameters are args) on entry id if it is pending, in one statement that
// also reads the entry's status: ENOTFOUND for an unknown id, ECONFLICT naming the
// status of an entry that is not pending.
func (s *Store) updatePending(ctx context.Context, op string, id int64, update string, args ...any) error {
	var status string
	var updated int64
	err := s.queryRow(ctx, op, false, `
		WITH target AS (SELECT id, status FROM outbox WHERE id = $1 FOR UPDATE),
		updated AS (`+update+`
			FROM target WHERE o.id = target.id AND target.status = 'pending'
			RETURNING o.id
		)
		SELECT target.status, (SELECT count(*) FROM updated) FROM target`,
		append([]any{id}, args...), &status, &updated)
	if errors.Is(err, pgx.ErrNoRows) {
		return parley.Errorf(parley.ENOTFOUND, "outbox entry %d not found", id)
	}
	if err != nil {
		return err
	}
	if updated == 0 {
		return parley.Errorf(parley.ECONFLICT, "outbox entry %d is %s", id, status)
	}
	return nil
}
