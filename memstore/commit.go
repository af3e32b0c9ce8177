package memstore

import (
	"context"
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
		if _, dup := cur.processedVersion(c.ProcessedID()); dup {
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
		cur = &conversation{}
		cur.versions = cur.firstVersions[:0]
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

// initialVersions is the room a new conversation gets for its versions, in its own
// value (conversation.firstVersions): a
// conversation of a few turns grows its slice once at most.
const initialVersions = 8

// append stores the version: its state, the events the commit stored (numbered,
// their times at microseconds, written back to c) and the processed message, their
// bytes copied into one buffer. What the log rebuilds is rebuilt on read
// (conversation.logEvents).
func (s *Store) append(c *parley.Commit, cur *conversation, first int64, now time.Time) {
	c.StoredSeqs(first, micro(now))
	buf := make([]byte, 0, commitBytes(c))
	v := version{first: first, last: c.Conversation.LastSeq, at: c.Conversation.UpdatedAt, lo: len(cur.events)}
	v.state, buf = keepJSON(buf, c.Conversation.State)
	for i := range c.Events {
		e := &c.Events[i]
		e.At = micro(e.At)
		kept := *e
		kept.Data, buf = keepJSON(buf, e.Data)
		cur.events = append(cur.events, kept)
	}
	v.hi = len(cur.events)
	v.messageID = c.ProcessedID()
	switch {
	case c.Turn != nil:
		v.turn, v.isTurn = *c.Turn, true
		v.turn.Replies, buf = keep(buf, c.Turn.Replies)
		v.turn.Transitions, _ = keep(buf, c.Turn.Transitions)
	case c.MessageID != "":
		v.response, _ = keep(buf, c.Response)
	}
	cur.versions = append(cur.versions, v)
	cur.remember(v.messageID, c.Conversation.Version)
}

// scanVersions is how many versions a conversation has before it indexes its
// processed message ids (conversation.processed): up to then a look-up scans the
// versions, and most conversations never need the map.
const scanVersions = 16

// remember records that version (the last one) processed message id; the index is
// built once the conversation has scanVersions versions.
func (c *conversation) remember(id string, version int64) {
	if c.processed == nil {
		if len(c.versions) < scanVersions {
			return
		}
		c.processed = make(map[string]int64, len(c.versions))
		for i := range c.versions {
			if v := &c.versions[i]; v.messageID != "" {
				c.processed[v.messageID] = int64(i + 1)
			}
		}
		return
	}
	if id != "" {
		c.processed[id] = version
	}
}

// processedVersion returns the version that processed message id; ok is false when
// none did (or id is empty).
func (c *conversation) processedVersion(id string) (version int64, ok bool) {
	if id == "" {
		return 0, false
	}
	if c.processed != nil {
		version, ok = c.processed[id]
		return version, ok
	}
	for i := len(c.versions) - 1; i >= 0; i-- {
		if c.versions[i].messageID == id {
			return int64(i + 1), true
		}
	}
	return 0, false
}

// commitBytes is how many bytes append keeps of c.
func commitBytes(c *parley.Commit) int {
	n := max(len(c.Conversation.State), len(null)) + len(c.Response)
	for i := range c.Events {
		n += max(len(c.Events[i].Data), len(null))
	}
	if c.Turn != nil {
		n += len(c.Turn.Replies) + len(c.Turn.Transitions)
	}
	return n
}

// null is what the store keeps of an empty state or event data, as the SQL stores do.
var null = []byte("null")

// keep appends b to buf and returns the copy (nil for nil), capped so that it never
// grows into what follows it, and buf.
func keep(buf, b []byte) (kept, grown []byte) {
	if b == nil {
		return nil, buf
	}
	n := len(buf)
	buf = append(buf, b...)
	return buf[n:len(buf):len(buf)], buf
}

// keepJSON is keep for JSON the store keeps as "null" when empty.
func keepJSON(buf, b []byte) (kept, grown []byte) {
	if len(b) == 0 {
		return null, buf
	}
	return keep(buf, b)
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
