package statelog

import (
	"container/list"
	"sync"

	"github.com/parleyhq/parley"
)

// Cache remembers the last state a store committed or read for each
// conversation, with its version, so that the next commit can compute its patch
// (Back) before it reaches the database, on the committer's goroutine. A version
// names one state for ever (versions only grow and are never committed twice), so
// a remembered (version, state) is the stored one; a commit whose expected version
// is not remembered keeps the previous state whole instead (the store reads it
// from the head). It holds at most its budget of state bytes, dropping the least
// recently used. Safe for concurrent use.
type Cache struct {
	mu      sync.Mutex
	budget  int
	size    int
	order   *list.List // front: most recently used
	entries map[parley.ConversationKey]*list.Element
}

type cached struct {
	key     parley.ConversationKey
	version int64
	state   []byte
}

// DefaultCacheBytes is the budget of a store's cache: the states of some
// thousands of live conversations.
const DefaultCacheBytes = 8 << 20

// NewCache returns a cache holding at most budget bytes of states.
func NewCache(budget int) *Cache {
	return &Cache{budget: budget, order: list.New(), entries: map[parley.ConversationKey]*list.Element{}}
}

// Get returns the state of key at version, or nil when the cache does not hold it.
func (c *Cache) Get(key parley.ConversationKey, version int64) []byte {
	c.mu.Lock()
	defer c.mu.Unlock()
	el := c.entries[key]
	if el == nil {
		return nil
	}
	e := el.Value.(*cached)
	if e.version != version {
		return nil
	}
	c.order.MoveToFront(el)
	return e.state
}

// Put remembers state (copied) as key's state at version, unless the cache holds a
// later version of key.
func (c *Cache) Put(key parley.ConversationKey, version int64, state []byte) {
	if len(state) > c.budget/4 {
		c.Drop(key)
		return
	}
	own := append([]byte(nil), state...)
	c.mu.Lock()
	defer c.mu.Unlock()
	if el := c.entries[key]; el != nil {
		e := el.Value.(*cached)
		if e.version > version {
			return
		}
		c.size += len(own) - len(e.state)
		e.version, e.state = version, own
		c.order.MoveToFront(el)
	} else {
		c.entries[key] = c.order.PushFront(&cached{key: key, version: version, state: own})
		c.size += len(own)
	}
	for c.size > c.budget {
		el := c.order.Back()
		e := el.Value.(*cached)
		c.order.Remove(el)
		delete(c.entries, e.key)
		c.size -= len(e.state)
	}
}

// Drop forgets key.
func (c *Cache) Drop(key parley.ConversationKey) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if el := c.entries[key]; el != nil {
		c.order.Remove(el)
		delete(c.entries, key)
		c.size -= len(el.Value.(*cached).state)
	}
}
