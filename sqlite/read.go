package sqlite

import (
	"context"
	"database/sql"
	"errors"

	"github.com/parleyhq/parley"
)

// readStatements are prepared once on the read pool.
type readStatements struct {
	ping, conversation, processed, events, pendingInbound, latestFlow, flow *sql.Stmt
}

func (r *readStatements) prepare(ctx context.Context, db *sql.DB) error {
	for _, p := range []struct {
		dst   **sql.Stmt
		query string
	}{
		{&r.ping, `SELECT 1`},
		{&r.conversation, `SELECT engine, state, lifecycle, version, turns, last_seq, created_at, updated_at
			FROM conversations WHERE bot = ? AND id = ?`},
		{&r.processed, `SELECT response FROM processed_messages WHERE bot = ? AND conversation = ? AND message_id = ?`},
		{&r.events, `SELECT seq, type, data, at FROM events
			WHERE bot = ? AND conversation = ? AND seq > ? ORDER BY seq LIMIT ?`},
		{&r.pendingInbound, `SELECT id, bot, conversation, message_id, channel, payload, received_at
			FROM inbound ORDER BY id LIMIT ?`},
		{&r.latestFlow, `SELECT definition, version FROM flows WHERE id = ? ORDER BY version DESC LIMIT 1`},
		{&r.flow, `SELECT definition, version FROM flows WHERE id = ? AND version = ?`},
	} {
		st, err := db.PrepareContext(ctx, p.query)
		if err != nil {
			_ = r.close()
			return err
		}
		*p.dst = st
	}
	return nil
}

func (r *readStatements) close() error {
	var errs []error
	for _, st := range []*sql.Stmt{r.ping, r.conversation, r.processed, r.events, r.pendingInbound, r.latestFlow, r.flow} {
		if st != nil {
			errs = append(errs, st.Close())
		}
	}
	return errors.Join(errs...)
}

// sqlLimit maps the interface's "limit <= 0 means all" to SQLite's LIMIT -1.
func sqlLimit(limit int) int64 {
	if limit <= 0 {
		return -1
	}
	return int64(limit)
}

// Conversation returns the stored conversation. Its state is returned as stored, even
// when it is not JSON; a lifecycle outside the seven is EINVALIDSTATE.
func (s *Store) Conversation(ctx context.Context, key parley.ConversationKey) (*parley.Conversation, error) {
	if s.isClosed.Load() {
		return nil, errClosed()
	}
	c := &parley.Conversation{Key: key}
	var state []byte
	var lifecycle string
	var created, updated int64
	err := s.reads.conversation.QueryRowContext(ctx, key.Bot, key.ID).
		Scan(&c.Engine, &state, &lifecycle, &c.Version, &c.Turns, &c.LastSeq, &created, &updated)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, parley.Errorf(parley.ENOTFOUND, "conversation %s not found", key)
	}
	if err != nil {
		return nil, s.wrap(err, "read conversation %s", key)
	}
	c.Lifecycle = parley.Lifecycle(lifecycle)
	if !validLifecycle(c.Lifecycle) {
		return nil, parley.Errorf(parley.EINVALIDSTATE, "conversation %s: stored lifecycle %q is unknown", key, lifecycle)
	}
	c.State = state
	c.CreatedAt, c.UpdatedAt = fromMicros(created), fromMicros(updated)
	return c, nil
}

// ProcessedResponse returns the exact bytes recorded for messageID.
func (s *Store) ProcessedResponse(ctx context.Context, key parley.ConversationKey, messageID string) ([]byte, bool, error) {
	if s.isClosed.Load() {
		return nil, false, errClosed()
	}
	var response []byte
	err := s.reads.processed.QueryRowContext(ctx, key.Bot, key.ID, messageID).Scan(&response)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, false, nil
	}
	if err != nil {
		return nil, false, s.wrap(err, "read processed message %s %q", key, messageID)
	}
	if response == nil {
		response = []byte{}
	}
	return response, true, nil
}

// Events returns up to limit events with Seq > afterSeq, in order; limit <= 0 means
// all of them.
func (s *Store) Events(ctx context.Context, key parley.ConversationKey, afterSeq int64, limit int) ([]parley.Event, error) {
	if s.isClosed.Load() {
		return nil, errClosed()
	}
	rows, err := s.reads.events.QueryContext(ctx, key.Bot, key.ID, afterSeq, sqlLimit(limit))
	if err != nil {
		return nil, s.wrap(err, "read events of %s", key)
	}
	defer rows.Close()
	var events []parley.Event
	for rows.Next() {
		e := parley.Event{Key: key}
		var data []byte
		var at int64
		if err := rows.Scan(&e.Seq, &e.Type, &data, &at); err != nil {
			return nil, s.wrap(err, "read events of %s", key)
		}
		e.Data, e.At = data, fromMicros(at)
		events = append(events, e)
	}
	if err := rows.Err(); err != nil {
		return nil, s.wrap(err, "read events of %s", key)
	}
	return events, nil
}

// PendingInbound lists queued inbound messages in the order they were accepted;
// limit <= 0 means all of them.
func (s *Store) PendingInbound(ctx context.Context, limit int) ([]parley.Inbound, error) {
	if s.isClosed.Load() {
		return nil, errClosed()
	}
	rows, err := s.reads.pendingInbound.QueryContext(ctx, sqlLimit(limit))
	if err != nil {
		return nil, s.wrap(err, "read inbound")
	}
	defer rows.Close()
	var pending []parley.Inbound
	for rows.Next() {
		var in parley.Inbound
		var payload []byte
		var received int64
		if err := rows.Scan(&in.ID, &in.Key.Bot, &in.Key.ID, &in.MessageID, &in.Channel, &payload, &received); err != nil {
			return nil, s.wrap(err, "read inbound")
		}
		in.Payload, in.ReceivedAt = payload, fromMicros(received)
		pending = append(pending, in)
	}
	if err := rows.Err(); err != nil {
		return nil, s.wrap(err, "read inbound")
	}
	return pending, nil
}

// Flow returns a flow definition; version 0 means the latest.
func (s *Store) Flow(ctx context.Context, id string, version int) ([]byte, int, error) {
	if s.isClosed.Load() {
		return nil, 0, errClosed()
	}
	if version < 0 {
		return nil, 0, parley.Errorf(parley.EINVALID, "flow %q: version %d", id, version)
	}
	var row *sql.Row
	if version == 0 {
		row = s.reads.latestFlow.QueryRowContext(ctx, id)
	} else {
		row = s.reads.flow.QueryRowContext(ctx, id, version)
	}
	var definition []byte
	var actual int
	err := row.Scan(&definition, &actual)
	if errors.Is(err, sql.ErrNoRows) {
		if version == 0 {
			return nil, 0, parley.Errorf(parley.ENOTFOUND, "flow %q not found", id)
		}
		return nil, 0, parley.Errorf(parley.ENOTFOUND, "flow %q version %d not found", id, version)
	}
	if err != nil {
		return nil, 0, s.wrap(err, "read flow %q", id)
	}
	return definition, actual, nil
}
