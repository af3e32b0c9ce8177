package actor_test

import (
	"context"
	"sync"
	"time"

	"github.com/parleyhq/parley"
)

// memStore is an in-memory parley.Store for tests that run inside a synctest bubble,
// where the SQLite store's pooled channels cannot cross the bubble's boundary. It
// implements the conversation, event and processed-message parts; the rest refuse.
type memStore struct {
	mu        sync.Mutex
	convs     map[parley.ConversationKey]parley.Conversation
	events    map[parley.ConversationKey][]parley.Event
	processed map[parley.ConversationKey]map[string][]byte
}

func newMemStore() *memStore {
	return &memStore{
		convs:     map[parley.ConversationKey]parley.Conversation{},
		events:    map[parley.ConversationKey][]parley.Event{},
		processed: map[parley.ConversationKey]map[string][]byte{},
	}
}

func (m *memStore) Conversation(_ context.Context, key parley.ConversationKey) (*parley.Conversation, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	c, ok := m.convs[key]
	if !ok {
		return nil, parley.Errorf(parley.ENOTFOUND, "conversation %s not found", key)
	}
	return &c, nil
}

func (m *memStore) ProcessedResponse(_ context.Context, key parley.ConversationKey, id string) ([]byte, bool, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	b, ok := m.processed[key][id]
	return b, ok, nil
}

func (m *memStore) Commit(_ context.Context, c *parley.Commit) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	key := c.Conversation.Key
	cur, exists := m.convs[key]
	if (c.ExpectedVersion == 0 && exists) || (c.ExpectedVersion > 0 && cur.Version != c.ExpectedVersion) {
		return parley.Errorf(parley.ECONFLICT, "version conflict")
	}
	if c.MessageID != "" {
		if _, dup := m.processed[key][c.MessageID]; dup {
			return parley.Errorf(parley.EDUPLICATE, "duplicate")
		}
		if m.processed[key] == nil {
			m.processed[key] = map[string][]byte{}
		}
		m.processed[key][c.MessageID] = c.Response
	}
	seq := cur.LastSeq
	for i := range c.Events {
		seq++
		c.Events[i].Seq = seq
		c.Events[i].Key = key
		m.events[key] = append(m.events[key], c.Events[i])
	}
	next := c.Conversation
	next.LastSeq = seq
	m.convs[key] = next
	return nil
}

func (m *memStore) Events(_ context.Context, key parley.ConversationKey, after int64, limit int) ([]parley.Event, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	var out []parley.Event
	for _, e := range m.events[key] {
		if e.Seq > after && len(out) < limit {
			out = append(out, e)
		}
	}
	return out, nil
}

var errUnsupported = parley.Errorf(parley.EINVALID, "not supported by memStore")

func (m *memStore) EnqueueInbound(context.Context, parley.Inbound) (bool, error) {
	return false, errUnsupported
}
func (m *memStore) PendingInbound(context.Context, int) ([]parley.Inbound, error) {
	return nil, errUnsupported
}
func (m *memStore) DropInbound(context.Context, int64) error { return errUnsupported }
func (m *memStore) ClaimOutbox(context.Context, time.Time, time.Duration, int) ([]parley.OutboxEntry, error) {
	return nil, errUnsupported
}
func (m *memStore) CompleteOutbox(context.Context, int64) error { return errUnsupported }
func (m *memStore) RetryOutbox(context.Context, int64, time.Time, string) error {
	return errUnsupported
}
func (m *memStore) PutFlow(context.Context, string, []byte) (int, error) { return 0, errUnsupported }
func (m *memStore) Flow(context.Context, string, int) ([]byte, int, error) {
	return nil, 0, errUnsupported
}
func (m *memStore) Ping(context.Context) error { return nil }
func (m *memStore) Close() error               { return nil }

var _ parley.Store = (*memStore)(nil)
