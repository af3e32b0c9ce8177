package actor

import (
	"context"
	"sync"
	"time"
)

// callContext is a store call's context: its caller's, with a deadline a timeout
// after the call starts. context.WithTimeout made a timer and a channel for every
// call, four allocations of which a memory store, which never waits, uses none; a
// callContext is one small value, and makes them (context.WithDeadline) only when
// the store first asks for Done, as a driver that waits on the network does. Err
// reports the deadline from the clock until then, so a store that only polls Err
// sees it as well.
type callContext struct {
	parent   context.Context
	deadline time.Time

	mu sync.Mutex
	// timed is the deadline's context once Done was asked for, cancel its cancel;
	// ended is set once the call returned (end).
	timed  context.Context
	cancel context.CancelFunc
	ended  bool
}

// newCallContext returns the context of a call of at most timeout within parent; the
// caller calls end once the call returns.
func newCallContext(parent context.Context, timeout time.Duration) *callContext {
	return &callContext{parent: parent, deadline: time.Now().Add(timeout)}
}

// Deadline is the earlier of the call's deadline and its parent's.
func (c *callContext) Deadline() (time.Time, bool) {
	if d, ok := c.parent.Deadline(); ok && d.Before(c.deadline) {
		return d, true
	}
	return c.deadline, true
}

// Done makes the deadline's context, once, and returns its channel. After end it is
// a cancelled one, as WithTimeout's cancel leaves it.
func (c *callContext) Done() <-chan struct{} {
	return c.timedContext().Done()
}

func (c *callContext) timedContext() context.Context {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.timed == nil {
		c.timed, c.cancel = context.WithDeadline(c.parent, c.deadline)
		if c.ended {
			c.cancel()
		}
	}
	return c.timed
}

// Err is the deadline's context's error once made; until then the parent's, else
// Canceled after end, else DeadlineExceeded once the deadline has passed.
func (c *callContext) Err() error {
	c.mu.Lock()
	timed, ended := c.timed, c.ended
	c.mu.Unlock()
	switch {
	case timed != nil:
		return timed.Err()
	case c.parent.Err() != nil:
		return c.parent.Err()
	case ended:
		return context.Canceled
	case !time.Now().Before(c.deadline):
		return context.DeadlineExceeded
	}
	return nil
}

// Value is the deadline's context's once made (so that a context derived from this
// one hangs off it, and context.Cause finds its cause), the parent's until then.
func (c *callContext) Value(key any) any {
	c.mu.Lock()
	timed := c.timed
	c.mu.Unlock()
	if timed != nil {
		return timed.Value(key)
	}
	return c.parent.Value(key)
}

// end releases the deadline's timer, if one was made: the call has returned.
func (c *callContext) end() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.ended = true
	if c.cancel != nil {
		c.cancel()
	}
}
