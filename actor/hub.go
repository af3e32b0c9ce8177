package actor

import (
	"sync"
	"sync/atomic"

	"github.com/parleyhq/parley"
)

// Hub fans events out to the subscribers of each conversation. A subscriber that does
// not keep up is dropped (its channel closed) instead of blocking a turn; it
// reconnects with Last-Event-ID and reads what it missed from the stored log.
type Hub struct {
	buffer int

	mu   sync.RWMutex
	subs map[parley.ConversationKey]map[*Subscription]struct{}
	// subscribers counts the subscriptions of all conversations, so that a turn
	// of a runtime nobody watches publishes without touching mu: a read lock is a
	// write to mu's reader count, which every turn on every core shared.
	subscribers atomic.Int64
}

// Subscription receives a conversation's events. Stored events have Seq > 0; live
// ones (a turn's idle -> running -> idle) have Seq 0.
type Subscription struct {
	C <-chan parley.Event

	c       chan parley.Event
	hub     *Hub
	key     parley.ConversationKey
	dropped bool
}

// NewHub returns a hub whose subscribers buffer up to buffer events (default 256).
func NewHub(buffer int) *Hub {
	if buffer <= 0 {
		buffer = 256
	}
	return &Hub{buffer: buffer, subs: make(map[parley.ConversationKey]map[*Subscription]struct{})}
}

// Subscribe returns a subscription to key's events; Close it when done.
func (h *Hub) Subscribe(key parley.ConversationKey) *Subscription {
	c := make(chan parley.Event, h.buffer)
	s := &Subscription{C: c, c: c, hub: h, key: key}
	h.mu.Lock()
	m := h.subs[key]
	if m == nil {
		m = make(map[*Subscription]struct{})
		h.subs[key] = m
	}
	m[s] = struct{}{}
	h.subscribers.Add(1)
	h.mu.Unlock()
	return s
}

var _ parley.Subscription = (*Subscription)(nil)

// Events returns the channel the events arrive on (C).
func (s *Subscription) Events() <-chan parley.Event { return s.C }

// Close ends the subscription. It is safe to call more than once.
func (s *Subscription) Close() {
	h := s.hub
	h.mu.Lock()
	defer h.mu.Unlock()
	h.removeLocked(s)
}

// Dropped reports whether the hub dropped this subscriber for being slow.
func (s *Subscription) Dropped() bool {
	s.hub.mu.RLock()
	defer s.hub.mu.RUnlock()
	return s.dropped
}

func (h *Hub) removeLocked(s *Subscription) {
	m := h.subs[s.key]
	if _, ok := m[s]; !ok {
		return
	}
	delete(m, s)
	if len(m) == 0 {
		delete(h.subs, s.key)
	}
	h.subscribers.Add(-1)
	close(s.c)
}

// Watched reports whether key has subscribers: a committer that finds none need not
// build the events it would publish. One who subscribes just after reads what it
// missed from the stored log, as a reconnecting subscriber does (the events were
// stored before they are published).
func (h *Hub) Watched(key parley.ConversationKey) bool {
	if h.subscribers.Load() == 0 {
		return false
	}
	h.mu.RLock()
	defer h.mu.RUnlock()
	return len(h.subs[key]) > 0
}

// Publish delivers a stored event.
func (h *Hub) Publish(e parley.Event) { h.publish(e.Key, e) }

// PublishLive delivers an event that is not stored (Seq 0).
func (h *Hub) PublishLive(key parley.ConversationKey, e parley.Event) {
	e.Seq = 0
	h.publish(key, e)
}

func (h *Hub) publish(key parley.ConversationKey, e parley.Event) {
	if h.subscribers.Load() == 0 {
		return
	}
	h.mu.RLock()
	m := h.subs[key]
	if len(m) == 0 {
		h.mu.RUnlock()
		return
	}
	var slow []*Subscription
	for s := range m {
		select {
		case s.c <- e:
		default:
			slow = append(slow, s)
		}
	}
	h.mu.RUnlock()
	if len(slow) == 0 {
		return
	}
	h.mu.Lock()
	for _, s := range slow {
		s.dropped = true
		h.removeLocked(s)
	}
	h.mu.Unlock()
}

// Nudge tells key's subscribers that events were committed elsewhere (another
// replica); they read them from the stored log. It costs nothing without subscribers.
func (h *Hub) Nudge(key parley.ConversationKey) {
	h.publish(key, parley.Event{Key: key, Type: parley.EventNudge})
}

// NudgeAll nudges the subscribers of every conversation: after the notifications of
// other replicas' commits were interrupted, any of them may have missed some.
func (h *Hub) NudgeAll() {
	h.mu.RLock()
	keys := make([]parley.ConversationKey, 0, len(h.subs))
	for k := range h.subs {
		keys = append(keys, k)
	}
	h.mu.RUnlock()
	for _, k := range keys {
		h.Nudge(k)
	}
}

// Subscribers returns the number of subscribers of key.
func (h *Hub) Subscribers(key parley.ConversationKey) int {
	h.mu.RLock()
	defer h.mu.RUnlock()
	return len(h.subs[key])
}
