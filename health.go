package parley

import (
	"sync"
	"time"
)

// WriteHealthWindow is how long a write that failed for want of the store keeps the
// store's Ping failing when no write has landed since: long enough that a load
// balancer polling readiness sees it, short enough that a store that recovers
// while no traffic comes is tried again.
const WriteHealthWindow = 30 * time.Second

// WriteHealth remembers whether a store's writes fail for want of the store (a full
// disk, a read-only or failing file, a database that refuses writes): a store that
// still answers reads but cannot commit is not ready. Stores note every failed write
// and every commit's outcome, and add Err to their Ping; a small write that lands
// does not clear a failure (it may fit where a turn's commit does not), a commit
// does. The zero value is healthy.
type WriteHealth struct {
	mu       sync.Mutex
	failedAt time.Time
	cause    error
}

// Note records a write's outcome at now: nil (a commit that landed) clears the
// failure; an error with
// code EUNAVAILABLE or EINTERNAL (the store's, not the caller's: a version
// conflict or an invalid commit says nothing of the store) records it.
func (h *WriteHealth) Note(err error, now time.Time) {
	switch ErrorCode(err) {
	case "":
		h.mu.Lock()
		h.failedAt, h.cause = time.Time{}, nil
		h.mu.Unlock()
	case EUNAVAILABLE, EINTERNAL:
		h.mu.Lock()
		h.failedAt, h.cause = now, err
		h.mu.Unlock()
	}
}

// Err is an EUNAVAILABLE error while the last write failed less than
// WriteHealthWindow before now, nil otherwise.
func (h *WriteHealth) Err(now time.Time) error {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.cause == nil || now.Sub(h.failedAt) >= WriteHealthWindow {
		return nil
	}
	return WrapError(EUNAVAILABLE, h.cause, "the store's last write failed %s ago and none has landed since", now.Sub(h.failedAt).Round(time.Second))
}
