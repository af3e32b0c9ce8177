package woocommerce

import (
	"container/list"
	"sync"
	"time"
)

// cache is a bounded TTL cache: entries expire after ttl and the least recently used
// entry is evicted when size is reached. Values are treated as immutable.
type cache struct {
	ttl  time.Duration
	size int

	mu      sync.Mutex
	entries map[string]*list.Element
	order   *list.List // front = most recently used
}

type cacheEntry struct {
	key     string
	value   any
	expires time.Time
}

func newCache(ttl time.Duration, size int) *cache {
	return &cache{ttl: ttl, size: size, entries: map[string]*list.Element{}, order: list.New()}
}

func (c *cache) get(key string, now time.Time) (any, bool) {
	if c.ttl <= 0 {
		return nil, false
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	el, ok := c.entries[key]
	if !ok {
		return nil, false
	}
	e := el.Value.(*cacheEntry)
	if !now.Before(e.expires) {
		c.order.Remove(el)
		delete(c.entries, key)
		return nil, false
	}
	c.order.MoveToFront(el)
	return e.value, true
}

func (c *cache) put(key string, value any, now time.Time) {
	if c.ttl <= 0 {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if el, ok := c.entries[key]; ok {
		e := el.Value.(*cacheEntry)
		e.value, e.expires = value, now.Add(c.ttl)
		c.order.MoveToFront(el)
		return
	}
	for c.order.Len() >= c.size {
		oldest := c.order.Back()
		c.order.Remove(oldest)
		delete(c.entries, oldest.Value.(*cacheEntry).key)
	}
	c.entries[key] = c.order.PushFront(&cacheEntry{key: key, value: value, expires: now.Add(c.ttl)})
}
