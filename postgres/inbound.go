package postgres

import (
	"context"
	"encoding/json"
	"errors"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/parleyhq/parley"
)

// EnqueueInbound records an accepted inbound message. duplicate is true, and nothing
// is written, when the conversation already has that message id queued or processed.
// A zero ReceivedAt is stamped with the wall clock.
func (s *Store) EnqueueInbound(ctx context.Context, in parley.Inbound) (bool, error) {
	if err := parley.CheckMessageKey(in.Key, in.MessageID); err != nil {
		return false, err
	}
	if in.ReceivedAt.IsZero() {
		in.ReceivedAt = time.Now()
	}
	var id int64
	err := s.queryRow(ctx, "enqueue inbound", false, `
		INSERT INTO inbound (bot, conversation_id, message_id, channel, payload, received_at)
		SELECT $1, $2, $3, $4, $5, $6
		WHERE NOT EXISTS (SELECT 1 FROM turns
			WHERE bot = $1 AND conversation_id = $2 AND message_id = $3)
		  AND NOT EXISTS (SELECT 1 FROM processed_messages
			WHERE bot = $1 AND conversation_id = $2 AND message_id = $3)
		ON CONFLICT (bot, conversation_id, message_id) DO NOTHING
		RETURNING id`,
		[]any{in.Key.Bot, in.Key.ID, in.MessageID, in.Channel, nullBytes(in.Payload), in.ReceivedAt}, &id)
	if errors.Is(err, pgx.ErrNoRows) {
		return true, nil
	}
	if err != nil {
		return false, err
	}
	return false, nil
}

// PendingInbound lists up to limit queued inbound messages, oldest (first accepted)
// first. A limit of 0 or less means no limit.
func (s *Store) PendingInbound(ctx context.Context, limit int) ([]parley.Inbound, error) {
	var max *int
	if limit > 0 {
		max = &limit
	}
	return collect(ctx, s, "pending inbound", `
		SELECT id, bot, conversation_id, message_id, channel, payload, received_at
		FROM inbound ORDER BY id LIMIT $1`,
		[]any{max},
		func(rows pgx.Rows) (parley.Inbound, error) {
			var in parley.Inbound
			var payload []byte
			err := rows.Scan(&in.ID, &in.Key.Bot, &in.Key.ID, &in.MessageID, &in.Channel, &payload, &in.ReceivedAt)
			in.Payload = json.RawMessage(payload)
			in.ReceivedAt = utc(in.ReceivedAt)
			return in, err
		})
}

// DropInbound removes a queued inbound message; ENOTFOUND when there is none with id
// (another replica may have dropped or processed it).
func (s *Store) DropInbound(ctx context.Context, id int64) error {
	n, err := s.exec(ctx, "drop inbound", "DELETE FROM inbound WHERE id = $1", id)
	if err != nil {
		return err
	}
	if n == 0 {
		return parley.Errorf(parley.ENOTFOUND, "inbound message %d not found", id)
	}
	return nil
}
