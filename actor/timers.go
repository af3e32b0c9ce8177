package actor

import (
	"context"
	"time"

	"github.com/parleyhq/parley"
)

// deadline is when the stored conversation's inactivity timeout falls due by the
// server's clock (the live timer, the sweeper, a control): its last committed change
// plus the bot's timeout.
func (a *actor) deadline() time.Time { return a.conv.UpdatedAt.Add(a.timeout()) }

// messageDeadline is when it falls due for a message, in the messages' own time
// (seed 004's timeout computed from sent_at, as every time an engine reads): the
// sent_at of the last message a turn processed plus the bot's timeout; a conversation
// no message has reached yet (a reset one) counts from its last change.
func (a *actor) messageDeadline() time.Time {
	if a.conv.ActiveAt.IsZero() {
		return a.deadline()
	}
	return a.conv.ActiveAt.Add(a.timeout())
}

// expired reports whether an idle or paused conversation's timeout had fallen due
// at t, by deadline.
func (a *actor) expired(t, deadline time.Time) bool {
	lc := a.conv.Lifecycle
	return a.conv.Version > 0 && (lc == parley.LifecycleIdle || lc == parley.LifecyclePaused) && t.After(deadline)
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
	if a.expired(a.now(), a.deadline()) {
		if err := a.complete(ctx, "inactivity timeout", a.deadline()); err != nil {
			return parley.Result{}, err
		}
	}
	if fresh {
		a.stopping = true
	}
	return parley.Result{}, nil
}
