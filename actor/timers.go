package actor

import (
	"context"
	"time"

	"github.com/parleyhq/parley"
)

// deadline is when the stored conversation's inactivity timeout falls due: its last
// committed change plus the bot's timeout.
func (a *actor) deadline() time.Time { return a.conv.UpdatedAt.Add(a.timeout()) }

// expired reports whether an idle or paused conversation's timeout had fallen due
// at t.
func (a *actor) expired(t time.Time) bool {
	lc := a.conv.Lifecycle
	return a.conv.Version > 0 && (lc == parley.LifecycleIdle || lc == parley.LifecyclePaused) && t.After(a.deadline())
}

// complete commits InactivityTimeout (idle or paused -> completed, and the stopped
// event) stamped at, and publishes it; the actor then shuts down.
func (a *actor) complete(ctx context.Context, reason string, at time.Time) error {
	st, err := move(a.conv.Lifecycle, LifecycleEventInactivityTimeout, reason)
	if err != nil {
		return err
	}
	events := []parley.Event{a.stateChanged(st, at), a.event(parley.EventStopped, parley.StoppedEvent{Reason: "inactivity_timeout"}, at)}
	next := a.conv
	next.Lifecycle = st.to
	next.Version++
	next.UpdatedAt = at
	if err := a.commitPublish(ctx, &parley.Commit{Conversation: next, ExpectedVersion: a.conv.Version, Events: events}); err != nil {
		return err
	}
	a.rt.opts.Metrics.lifecycle(a.key.Bot, st.from, st.to)
	a.stopping = true
	return nil
}

// expire applies an inactivity timeout the store says is due (cmdExpire, from the
// sweeper): an idle or paused conversation past its deadline is completed, stamped
// with the deadline. An actor spawned only for this stops.
func (a *actor) expire(ctx context.Context) (parley.Result, error) {
	fresh := !a.hydrated
	if err := a.hydrate(ctx); err != nil {
		a.stopping = a.stopping || fresh
		return parley.Result{}, err
	}
	if a.expired(a.now()) {
		if err := a.complete(ctx, "inactivity timeout", a.deadline()); err != nil {
			return parley.Result{}, err
		}
	}
	if fresh {
		a.stopping = true
	}
	return parley.Result{}, nil
}
