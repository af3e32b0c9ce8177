package actor

import (
	"sync"
	"time"

	"github.com/parleyhq/parley"
)

// leaseWatch counts another server's intent lease on this server's own clock.
//
// An intent is stamped with the clock of the server that recorded it
// (Conversation.UpdatedAt). Compared with another server's clock, its lease would
// run out early by as much as that clock is ahead, and a call still out could be
// sent again. So where other servers commit to the same store
// (Options.SharedStore), an intent is taken for dead only once both clocks agree:
// its stamp is a lease old, and this server has seen the same intent version, still
// the head, for a whole lease of its own time. A takeover can only come later than
// the stamp alone would allow, never earlier.
//
// The first time a server sees an intent it arms one resume (cmdResume) for the
// moment its own lease runs out, since the sweeper passes over a conversation only
// while its stamp is new.
type leaseWatch struct {
	mu   sync.Mutex
	seen map[parley.ConversationKey]seenIntent
}

// seenIntent is an intent version and when this server first saw it as the head.
type seenIntent struct {
	version int64
	at      time.Time
	timer   *time.Timer
}

// maxWatched bounds the intents a server remembers; past it the oldest are dropped
// (seen again, their lease is counted again from then: later, never earlier).
const maxWatched = 4096

// observed returns how long this server has seen key's intent version as the
// head, and whether this is its first sight of it.
func (w *leaseWatch) observed(key parley.ConversationKey, version int64, now time.Time) (time.Duration, bool) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if s, ok := w.seen[key]; ok && s.version == version {
		return now.Sub(s.at), false
	}
	if w.seen == nil {
		w.seen = make(map[parley.ConversationKey]seenIntent)
	}
	if old, ok := w.seen[key]; ok && old.timer != nil {
		old.timer.Stop()
	}
	if len(w.seen) >= maxWatched {
		w.dropOldestLocked()
	}
	w.seen[key] = seenIntent{version: version, at: now}
	return 0, true
}

// armed records the resume timer of key's intent version, stopping it at once
// when the entry is gone or newer.
func (w *leaseWatch) armed(key parley.ConversationKey, version int64, t *time.Timer) {
	w.mu.Lock()
	defer w.mu.Unlock()
	s, ok := w.seen[key]
	if !ok || s.version != version {
		t.Stop()
		return
	}
	s.timer = t
	w.seen[key] = s
}

// forget drops key's intent once it is no longer the head.
func (w *leaseWatch) forget(key parley.ConversationKey) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if s, ok := w.seen[key]; ok {
		if s.timer != nil {
			s.timer.Stop()
		}
		delete(w.seen, key)
	}
}

// stop stops every armed resume (Runtime.Close).
func (w *leaseWatch) stop() {
	w.mu.Lock()
	defer w.mu.Unlock()
	for k, s := range w.seen {
		if s.timer != nil {
			s.timer.Stop()
		}
		delete(w.seen, k)
	}
}

func (w *leaseWatch) dropOldestLocked() {
	var oldest parley.ConversationKey
	var at time.Time
	for k, s := range w.seen {
		if at.IsZero() || s.at.Before(at) {
			oldest, at = k, s.at
		}
	}
	if s := w.seen[oldest]; s.timer != nil {
		s.timer.Stop()
	}
	delete(w.seen, oldest)
}

// heldByLease reports whether the hydrated head, another server's intent whose
// stamp is a lease old, is still within the lease as this server counts it
// (leaseWatch). On first sight it arms a resume for when that lease runs out.
func (a *actor) heldByLease() bool {
	if !a.rt.opts.SharedStore {
		return false
	}
	lease := a.rt.opts.IntentLease
	a.watched = true
	seen, first := a.rt.leases.observed(a.key, a.conv.Version, a.now())
	if first && resumesCalls(a.bot.Engine) {
		key, version, rt := a.key, a.conv.Version, a.rt
		t := time.AfterFunc(lease, func() {
			if rt.ctx.Err() != nil {
				return
			}
			if _, err := rt.send(rt.ctx, key, command{kind: cmdResume}); err != nil && rt.ctx.Err() == nil {
				rt.log.Warn("resume after the intent's lease", "conversation", key.String(), "version", version, "err", err)
			}
		})
		a.rt.leases.armed(key, version, t)
	}
	return seen < lease
}

// resumesCalls reports whether engine e resumes the calls of intents
// (parley.CallResumer).
func resumesCalls(e parley.Engine) bool {
	cr, ok := parley.EngineAs[parley.CallResumer](e)
	return ok && cr.ResumesCalls()
}
