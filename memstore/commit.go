package memstore

import (
	"context"
	"time"

	"github.com/parleyhq/parley"
)

// Commit applies c atomically: everything is checked before anything changes. Like
// package sqlite, it writes back each event's Seq and At, the conversation's LastSeq,
// CreatedAt and UpdatedAt, and each outbox entry's ID (0 when its idempotency key was
// taken).
func (s *Store) Commit(_ context.Context, c *parley.Commit) error {
	if err := c.Validate(); err != nil {
		return err
	}
	if err := s.lock(); err != nil {
		return err
	}
	defer s.mu.Unlock()
	conv := &c.Conversation
	key := conv.Key
	cur := s.convs[key]
	switch {
	case c.ExpectedVersion == 0 && cur != nil:
		return parley.Errorf(parley.ECONFLICT, "commit %s: conversation already exists", key)
	case c.ExpectedVersion > 0 && (cur == nil || cur.head.Version != c.ExpectedVersion):
		return parley.Errorf(parley.ECONFLICT, "commit %s: conversation is not at version %d", key, c.ExpectedVersion)
	}
	var lastSeq int64
	if cur != nil {
		lastSeq = cur.head.LastSeq
		if _, dup := cur.processed[c.MessageID]; dup && c.MessageID != "" {
			return parley.Errorf(parley.EDUPLICATE, "commit %s: message %q was already processed", key, c.MessageID)
		}
	}
	for i := range c.Events {
		if seq := lastSeq + 1 + int64(i); c.Events[i].Seq != 0 && c.Events[i].Seq != seq {
			return parley.Errorf(parley.EINVALID, "commit %s: event %d carries seq %d, the log is at %d", key, i, c.Events[i].Seq, seq)
		}
	}

	now := s.clock()
	if cur == nil {
		cur = &conversation{processed: map[string]processed{}}
		s.convs[key] = cur
		conv.CreatedAt = micro(orNow(conv.CreatedAt, now))
	} else {
		conv.CreatedAt = cur.head.CreatedAt
	}
	conv.UpdatedAt = micro(orNow(conv.UpdatedAt, now))
	for i := range c.Events {
		e := &c.Events[i]
		e.Key, e.Seq, e.At = key, lastSeq+1+int64(i), micro(orNow(e.At, now))
		stored := *e
		stored.Data = clone(e.Data)
		if len(stored.Data) == 0 {
			stored.Data = []byte("null")
		}
		cur.events = append(cur.events, stored)
	}
	conv.LastSeq = lastSeq + int64(len(c.Events))
	state := clone(conv.State)
	if len(state) == 0 {
		state = []byte("null")
	}
	cur.states = append(cur.states, state)
	cur.head = *conv
	cur.head.State = nil
	if c.MessageID != "" {
		cur.processed[c.MessageID] = processed{version: conv.Version, response: clone(c.Response)}
	}
	s.enqueueOutbox(c)
	if c.InboundID != 0 {
		s.removeInbound(c.InboundID)
	}
	return nil
}

func (s *Store) enqueueOutbox(c *parley.Commit) {
	for i := range c.Outbox {
		o := &c.Outbox[i]
		if s.keys[o.IdempotencyKey] {
			o.ID = 0
			continue
		}
		s.keys[o.IdempotencyKey] = true
		s.nextID++
		e := &outboxEntry{OutboxEntry: *o, status: "pending"}
		e.ID, o.ID = s.nextID, s.nextID
		if e.Key == (parley.ConversationKey{}) {
			e.Key = c.Conversation.Key
		}
		e.Payload = clone(o.Payload)
		if !e.NextAttemptAt.IsZero() {
			e.NextAttemptAt = micro(e.NextAttemptAt)
		}
		s.outbox = append(s.outbox, e)
	}
}

func orNow(t, now time.Time) time.Time {
	if t.IsZero() {
		return now
	}
	return t
}
