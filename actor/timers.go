package actor

import (
	"context"
	"time"

	"github.com/parleyhq/parley"
)

// busyElsewhere reports whether the stored running mark is another replica's turn in
// flight: not this actor's own, newer than this runtime's start, and younger than
// TurnTimeout (a turn running longer has already answered its caller unavailable;
// recovering it makes its own commit conflict, and it is decided again). A turn
// waits for such a mark; a replay does not (it reads the processed record first).
func (a *actor) busyElsewhere() bool {
	own := a.ownMark != 0 && a.ownMark == a.conv.Version
	return a.conv.Lifecycle == parley.LifecycleRunning && !own &&
		!a.conv.UpdatedAt.Before(a.rt.started) && a.now().Sub(a.conv.UpdatedAt) < a.rt.opts.TurnTimeout
}

// errBusyElsewhere is the conflict a turn or control waits out.
func (a *actor) errBusyElsewhere() error {
	a.invalidate()
	return parley.Errorf(parley.ECONFLICT, "conversation %s is running a turn on another replica; retry", a.key)
}

// recoverRunning brings a conversation stored as running back to its last committed
// state: the running mark changed nothing else, so only the lifecycle goes back to
// idle, with a state_changed whose reason says why (seed 004 keeps "Any | Error" for
// real errors). idle -> running is stored first so that the stored log is a path of
// the seed's table. Another replica's turn in flight (busyElsewhere) is left alone.
func (a *actor) recoverRunning(ctx context.Context) error {
	if a.busyElsewhere() {
		return nil
	}
	own := a.ownMark != 0 && a.ownMark == a.conv.Version
	reason := "recovered after a restart: the turn running when the server stopped was not committed"
	if own {
		reason = "recovered: the turn's commit failed and nothing of it was committed"
	}
	back, err := lifecycle(parley.LifecycleRunning).completeSuccess(reason)
	if err != nil {
		return err
	}
	at := a.now()
	events := []parley.Event{a.stateChanged(runningStep(), a.conv.UpdatedAt), a.stateChanged(back, at)}
	if err := a.commitLifecycle(ctx, parley.LifecycleIdle, events, -1, at); err != nil {
		return err
	}
	a.ownMark = 0
	a.rt.opts.Metrics.lifecycle(a.key.Bot, back.from, back.to)
	a.rt.log.Warn("recovered a conversation left running", "conversation", a.key.String(), "own", own)
	return nil
}

// unmark puts back idle in place of this actor's running mark when the turn turned
// out to be a replay (the store refused its id as processed): nothing else changed
// and the mark stored no event, so none is stored. A failure leaves the mark to the
// next hydrate's recovery.
func (a *actor) unmark(ctx context.Context, at time.Time) {
	if a.conv.Lifecycle != parley.LifecycleRunning {
		return
	}
	if err := a.commitLifecycle(ctx, parley.LifecycleIdle, nil, -1, at); err != nil {
		a.rt.log.Warn("put back the running mark", "conversation", a.key.String(), "err", err)
	}
}

// deadline is when the stored conversation's inactivity timeout falls due: its last
// committed change plus the bot's timeout.
func (a *actor) deadline() time.Time { return a.conv.UpdatedAt.Add(a.timeout()) }

// expired reports whether an idle or paused conversation's timeout had fallen due
// at t.
func (a *actor) expired(t time.Time) bool {
	lc := a.conv.Lifecycle
	return a.conv.Version > 0 && (lc == parley.LifecycleIdle || lc == parley.LifecyclePaused) && t.After(a.deadline())
}

// completionEvents are InactivityTimeout's events: idle or paused -> completed and
// the stopped event.
func (a *actor) completionEvents(reason string, at time.Time) ([]parley.Event, error) {
	st, err := lifecycle(a.conv.Lifecycle).inactivityTimeout(reason)
	if err != nil {
		return nil, err
	}
	a.rt.opts.Metrics.lifecycle(a.key.Bot, st.from, st.to)
	events := []parley.Event{a.stateChanged(st, at)}
	if st.stops() {
		events = append(events, a.event(parley.EventStopped, parley.StoppedEvent{Reason: "inactivity_timeout"}, at))
	}
	return events, nil
}

// complete commits InactivityTimeout and publishes it; the actor then shuts down.
func (a *actor) complete(ctx context.Context, reason string, at time.Time) error {
	events, err := a.completionEvents(reason, at)
	if err != nil {
		return err
	}
	if err := a.commitLifecycle(ctx, parley.LifecycleCompleted, events, -1, at); err != nil {
		return err
	}
	a.stopping = true
	return nil
}

// expire applies what the store says is due (cmdExpire, from the sweeper): hydrate
// recovers a conversation left running, and an idle or paused one past its deadline
// is completed, stamped with the deadline. An actor spawned only for this stops.
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
