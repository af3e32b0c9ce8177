package llm

import (
	"sync"
	"time"
)

// breaker is a consecutive-failure circuit breaker: after `failures` calls in a
// row found the server down, it refuses calls for `cooldown`; then one call is let
// through (half-open), and its outcome closes or reopens it. It reads the wall
// clock: it guards a server, it is no part of any conversation's state.
type breaker struct {
	failures int
	cooldown time.Duration

	mu        sync.Mutex
	count     int
	openUntil time.Time
	probing   bool
}

func newBreaker(failures int, cooldown time.Duration) *breaker {
	return &breaker{failures: failures, cooldown: cooldown}
}

// allow reports whether a call may go to the server now.
func (b *breaker) allow(now time.Time) bool {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.openUntil.IsZero() {
		return true
	}
	if now.Before(b.openUntil) || b.probing {
		return false
	}
	b.probing = true
	return true
}

func (b *breaker) success() {
	b.mu.Lock()
	b.count, b.openUntil, b.probing = 0, time.Time{}, false
	b.mu.Unlock()
}

// failure records a call that found the server down and reports whether the
// breaker opened because of it.
func (b *breaker) failure(now time.Time) bool {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.count++
	if b.probing || (b.openUntil.IsZero() && b.count >= b.failures) {
		b.openUntil, b.probing = now.Add(b.cooldown), false
		return true
	}
	return false
}
