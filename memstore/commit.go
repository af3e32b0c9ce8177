package memstore

import (
	"context"
	"slices"
	"time"

	"github.com/parleyhq/parley"
	"github.com/parleyhq/parley/turnlog"
)

// Commit applies c atomically, in the steps every store names alike (head, append,
// outbox, inbound): everything is checked before anything changes. Like package
// sqlite, it writes back each stored event's Seq and At, the conversation's LastSeq,
// CreatedAt and UpdatedAt, and each outbox entry's ID (0 when its idempotency key was
// taken).
func (s *Store) Commit(_ context.Context, c *parley.Commit) error {
	if err := c.Validate(); err != nil {
		return err
	}
	sh, err := s.lockShard(c.Conversation.Key)
	if err != nil {
		return err
	}
	defer sh.mu.Unlock()
	if len(c.Outbox) > 0 || c.InboundID != 0 {
		s.mu.Lock() // after the shard's: see the package doc
		defer s.mu.Unlock()
	}
	cur := sh.convs[c.Conversation.Key]
	var head *parley.Conversation
	if cur != nil {
		head = &cur.head
		if _, dup := cur.processed[c.ProcessedID()]; dup && c.ProcessedID() != "" {
			return parley.Errorf(parley.EDUPLICATE, "commit %s: message %q was already processed", c.Conversation.Key, c.ProcessedID())
		}
	}
	first, err := c.Check(head)
	if err != nil {
		return err
	}
	now := s.clock()
	cur = s.head(c, sh, cur, first, now)
	s.append(c, cur, first, now)
	s.outbox(c)
	s.inbound(c)
	return nil
}

// head stores the conversation's new head (creating the conversation).
func (s *Store) head(c *parley.Commit, sh *shard, cur *conversation, first int64, now time.Time) *conversation {
	conv := &c.Conversation
	if cur == nil {
		cur = &conversation{processed: map[string]processed{}}
		sh.convs[conv.Key] = cur
		conv.CreatedAt = micro(orNow(conv.CreatedAt, now))
	} else {
		conv.CreatedAt = cur.head.CreatedAt
	}
	conv.UpdatedAt = micro(orNow(conv.UpdatedAt, now))
	if !conv.ActiveAt.IsZero() {
		conv.ActiveAt = micro(conv.ActiveAt)
	}
	conv.LastSeq = first - 1 + int64(turnlog.EventCount(c))
	cur.head = *conv
	cur.head.State = nil
	return cur
}

// append stores the version: its state, its events and the processed message.
func (s *Store) append(c *parley.Commit, cur *conversation, first int64, now time.Time) {
	c.StoredSeqs(first, micro(now))
	for i := range c.Events {
		c.Events[i].At = micro(c.Events[i].At)
	}
	for _, e := range turnlog.LogEvents(c) {
		e.Data = clone(e.Data)
		if len(e.Data) == 0 {
			e.Data = []byte("null")
		}
		cur.events = append(cur.events, e)
	}
	state := clone(c.Conversation.State)
	if len(state) == 0 {
		state = []byte("null")
	}
	cur.states = append(cur.states, state)
	cur.turns = append(cur.turns, nil)
	version := c.Conversation.Version
	switch {
	case c.Turn != nil:
		turn := *c.Turn
		turn.Replies, turn.Transitions = clone(turn.Replies), clone(turn.Transitions)
		engine := slices.Clone(turnlog.EngineEvents(&turn, c.Events))
		cur.processed[turn.Message.ID] = processed{version: version, turn: &turn, engine: engine}
		cur.turns[version-1] = &turn
	case c.MessageID != "":
		cur.processed[c.MessageID] = processed{version: version, response: clone(c.Response)}
	}
}

// outbox enqueues the commit's outbox entries whose idempotency keys are new.
func (s *Store) outbox(c *parley.Commit) {
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
		s.entries = append(s.entries, e)
	}
}

// inbound removes the inbox entry the commit's turn came from, if any.
func (s *Store) inbound(c *parley.Commit) {
	if c.InboundID != 0 {
		s.removeInbound(c.InboundID)
	}
}

func orNow(t, now time.Time) time.Time {
	if t.IsZero() {
		return now
	}
	return t
}
