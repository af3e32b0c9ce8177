package postgres

import (
	"context"
	"encoding/json"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/parleyhq/parley"
)

var _ parley.ConversationLister = (*Store)(nil)

// ListConversations returns one page of q.Bot's conversations, most recently active
// first, with their current states (see parley.ConversationQuery). Like package
// sqlite it sorts the bot's rows rather than keep an index every turn would update.
func (s *Store) ListConversations(ctx context.Context, q parley.ConversationQuery) ([]parley.Conversation, error) {
	if q.Limit <= 0 {
		return nil, parley.Errorf(parley.EINVALID, "list conversations: limit must be positive, got %d", q.Limit)
	}
	var after *time.Time
	var afterID string
	if q.After != nil {
		t := q.After.UpdatedAt.UTC().Truncate(time.Microsecond)
		after, afterID = &t, q.After.ID
	}
	return collect(ctx, s, "list conversations", `
		SELECT c.conversation_id, c.engine, c.state, c.lifecycle, c.version, c.turns, c.last_seq, c.created_at, c.updated_at
		FROM conversations c
		WHERE c.bot = $1 AND starts_with(c.conversation_id COLLATE "C", $2)
		  AND ($3::timestamptz IS NULL OR (c.updated_at, c.conversation_id COLLATE "C") < ($3, $4 COLLATE "C"))
		ORDER BY c.updated_at DESC, c.conversation_id COLLATE "C" DESC
		LIMIT $5`,
		[]any{q.Bot, q.IDPrefix, after, afterID, q.Limit},
		func(rows pgx.Rows) (parley.Conversation, error) {
			c := parley.Conversation{Key: parley.ConversationKey{Bot: q.Bot}}
			var state []byte
			var lifecycle string
			err := rows.Scan(&c.Key.ID, &c.Engine, &state, &lifecycle, &c.Version, &c.Turns, &c.LastSeq, &c.CreatedAt, &c.UpdatedAt)
			c.State = json.RawMessage(state)
			c.Lifecycle = parley.Lifecycle(lifecycle)
			c.CreatedAt, c.UpdatedAt = utc(c.CreatedAt), utc(c.UpdatedAt)
			return c, err
		})
}
