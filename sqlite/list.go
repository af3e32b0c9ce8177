package sqlite

import (
	"context"
	"database/sql/driver"

	"github.com/parleyhq/parley"
)

var _ parley.ConversationLister = (*Store)(nil)

// listQuery walks a bot's conversations newest first. There is no index on
// updated_at: listing is an operator's read (the inspector), and an index would cost
// every turn a second B-tree write, so a listing sorts the bot's head rows, which hold
// the current states. (Measured: an index on (bot, updated_at) costs a sequential
// turn one WAL page in seven; docs/performance.md.) The columns after conversation
// are headRow's, in its order.
const listQuery = `SELECT conversation, engine, state, lifecycle, version, turns, last_seq, created_at, updated_at
	FROM conversations
	WHERE bot = ?1 AND conversation >= ?2 AND substr(conversation, 1, length(?2)) = ?2
	  AND (?3 IS NULL OR updated_at < ?3 OR (updated_at = ?3 AND conversation < ?4))
	ORDER BY updated_at DESC, conversation DESC
	LIMIT ?5`

// ListConversations returns one page of q.Bot's conversations, most recently active
// first, with their current states (see parley.ConversationQuery).
func (s *Store) ListConversations(ctx context.Context, q parley.ConversationQuery) ([]parley.Conversation, error) {
	if q.Limit <= 0 {
		return nil, parley.Errorf(parley.EINVALID, "list conversations: limit must be positive, got %d", q.Limit)
	}
	var after, afterID any
	if q.After != nil {
		after, afterID = micros(q.After.UpdatedAt), q.After.ID
	}
	var out []parley.Conversation
	err := s.read(ctx, func(w *writer) error {
		ds, err := w.conn.PrepareContext(ctx, listQuery)
		if err != nil {
			return err
		}
		st := &stmt{s: ds}
		defer ds.Close()
		return st.query(func(row []driver.Value) error {
			out = append(out, headRow(parley.ConversationKey{Bot: q.Bot, ID: asString(row[0])}, row[1:]))
			return nil
		}, q.Bot, q.IDPrefix, after, afterID, int64(q.Limit))
	})
	if err != nil {
		return nil, s.wrap(err, "list conversations of %s", q.Bot)
	}
	return out, nil
}
