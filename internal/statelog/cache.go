package statelog

import (
	"bytes"
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
// from the head). It holds at most its budget of bytes (states and their entries),
// dropping the least recently used. Safe for concurrent use.
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
	valid   validity // what is known of state (Cache.Back checks it once)
	head    Head     // the head row at version, when known (hasHead)
	hasHead bool
	// next is what Cache.Back found of the state it was given for version+1, for
	// Put to keep when it is given that same state.
	next struct {
		version int64
		state   *byte
		size    int
		valid   validity
	}
}

// entryBytes is what an entry costs besides its state (its cached, list element and
// map slot), counted in the budget: small folded states would otherwise make many
// entries whose bookkeeping outweighs their states.
const entryBytes = 256

// DefaultCacheBytes is the budget of a store's cache: the states of some
// thousands of live conversations.
const DefaultCacheBytes = 8 << 20

// Head is what a store knows of a conversation's head row at a version besides
// its state: the row's id, its last event seq and its creation time, in the store's
// own units. Like the state, they are the stored ones for as long as the version is
// (versions are never committed twice), so that a store holding them can update the
// row without reading it back.
type Head struct {
	ID, LastSeq, CreatedAt int64
}

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

// Back is Back for the commit of key's version, whose state is state, from the
// state c holds of version-1, which it has checked to be JSON once (Back checks
// both states of every commit): held is false when c does not hold version-1
// (the commit then keeps the previous state whole, read from the head, as when
// Get returns nil). Version 1 has no state before it and is always held. What it
// finds of state is kept for Put, when Put is then given the same bytes for
// version: the next commit's Back does not check them again. The caller must not
// modify state in between.
func (c *Cache) Back(key parley.ConversationKey, version int64, state []byte) (kind Kind, data []byte, held bool) {
	if version <= 1 {
		kind, data = Back(version, nil, state)
		return kind, data, true
	}
	c.mu.Lock()
	el := c.entries[key]
	if el == nil || el.Value.(*cached).version != version-1 {
		c.mu.Unlock()
		return Own, nil, false
	}
	e := el.Value.(*cached)
	prev, pv := e.state, e.valid
	c.order.MoveToFront(el)
	c.mu.Unlock()
	if pv == unchecked && version%SnapshotEvery != 0 {
		pv = validityOf(prev)
	}
	var sv validity
	if pv == notJSON {
		kind, data = Previous, prev
	} else {
		kind, data, sv = back(version, prev, pv == validJSON, state)
	}
	c.mu.Lock()
	if c.entries[key] == el && e.version == version-1 && len(e.state) == len(prev) && (len(prev) == 0 || &e.state[0] == &prev[0]) {
		e.valid = pv
		e.next.version, e.next.valid, e.next.size = version, sv, len(state)
		e.next.state = nil
		if len(state) > 0 {
			e.next.state = &state[0]
		}
	}
	c.mu.Unlock()
	return kind, data, true
}

// Put remembers state (copied) as key's state at version, unless the cache holds a
// later version of key.
func (c *Cache) Put(key parley.ConversationKey, version int64, state []byte) {
	c.put(key, version, state, true, nil)
}

// PutHead is Put that also remembers the head row at version (HeadAt).
func (c *Cache) PutHead(key parley.ConversationKey, version int64, state []byte, head Head) {
	c.put(key, version, state, true, &head)
}

// HeadAt returns what PutHead remembered of key's head at version; ok is false
// when the cache holds another version of key, or this one without its head.
func (c *Cache) HeadAt(key parley.ConversationKey, version int64) (head Head, ok bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if el := c.entries[key]; el != nil {
		if e := el.Value.(*cached); e.version == version && e.hasHead {
			return e.head, true
		}
	}
	return Head{}, false
}

// PutOwned is Put without the copy: the cache keeps state itself, which no one
// may modify afterwards (a store that hands the same bytes to its caller, who
// may, uses Put).
func (c *Cache) PutOwned(key parley.ConversationKey, version int64, state []byte) {
	c.put(key, version, state, false, nil)
}

// put remembers state and, when head is not nil, the head; a version put without
// its head keeps the head only if the cache held that version already.
func (c *Cache) put(key parley.ConversationKey, version int64, state []byte, copied bool, head *Head) {
	if len(state) > c.budget/4 {
		c.Drop(key)
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if el := c.entries[key]; el != nil {
		c.update(el, version, state, copied, head)
	} else {
		own := owned(state, copied)
		e := &cached{key: key, version: version, state: own}
		e.setHead(head)
		c.entries[key] = c.order.PushFront(e)
		c.size += entryBytes + len(own)
	}
	c.evict()
}

// update puts version's state (and head) in the entry el, unless it holds a later
// version or this one already (a read after the commit).
func (c *Cache) update(el *list.Element, version int64, state []byte, copied bool, head *Head) {
	e := el.Value.(*cached)
	if e.version > version || (e.version == version && bytes.Equal(e.state, state)) {
		if e.version == version {
			e.setHead(head)
		}
		return
	}
	if e.version != version {
		e.hasHead = false
	}
	e.setHead(head)
	valid := unchecked
	if n := &e.next; n.version == version && n.size == len(state) && (len(state) == 0 || n.state == &state[0]) {
		valid = n.valid
	}
	own := owned(state, copied)
	c.size += len(own) - len(e.state)
	e.version, e.state, e.valid = version, own, valid
	e.next.version, e.next.state = 0, nil
	c.order.MoveToFront(el)
}

// setHead remembers head, when there is one.
func (e *cached) setHead(head *Head) {
	if head != nil {
		e.head, e.hasHead = *head, true
	}
}

// evict drops the least recently used entries until the cache is within budget.
func (c *Cache) evict() {
	for c.size > c.budget {
		el := c.order.Back()
		e := el.Value.(*cached)
		c.order.Remove(el)
		delete(c.entries, e.key)
		c.size -= entryBytes + len(e.state)
	}
}

// Drop forgets key.
func (c *Cache) Drop(key parley.ConversationKey) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if el := c.entries[key]; el != nil {
		c.order.Remove(el)
		delete(c.entries, key)
		c.size -= entryBytes + len(el.Value.(*cached).state)
	}
}

func owned(state []byte, copied bool) []byte {
	if copied {
		return append([]byte(nil), state...)
	}
	return state
}
