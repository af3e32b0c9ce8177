package actor

import (
	"context"
	"strconv"
	"time"

	"github.com/parleyhq/parley"
)

// Intents: a turn that calls out (a flows action, a custom validator) commits the
// call's intent before the call (parley.Turn.Intent), then calls, then commits the
// turn. The intent is a version of its own: the engine's state as it would be if
// the call's outcome were never known (the flows engine keeps the call pending
// under its key), lifecycle running, stamped (UpdatedAt) with the server's clock.
// Turns without a call keep their one commit.
//
// The intent is also what keeps one decider per conversation across replicas (the
// version fence plus the recorded intent): a replica that decided from an older
// state cannot commit (its intent or its turn is ECONFLICT, and the turn is decided
// again from the fresh state), and a replica that reads a stored running head
// waits for the turn that holds it (awaitIntent) until the intent's lease
// (Options.IntentLease, counted from UpdatedAt) runs out. After that the holder is
// taken for dead (its server stopped during the call): the message is decided from
// the intent's state, which sends the call again under its key, and the engine
// records that attempt's intent first, so that of two replicas taking over one
// wins and the other waits.

// DefaultIntentLease is how long a recorded intent holds its conversation when
// Options.IntentLease is unset: longer than the longest call the flows engine
// allows (flows.MaxWebhookTime, 60 s).
const DefaultIntentLease = 65 * time.Second

// intentPoll is how often a turn waiting for another replica's intent reads the
// conversation's head again.
const intentPoll = 50 * time.Millisecond

// intentCall is an intent to commit on the actor's runner, from the decision's
// goroutine (decide).
type intentCall struct {
	in   parley.Intent
	done chan error
}

// immediateIntents returns the Turn.Intent of turn t for an immediate engine, which
// decides on the runner: it commits at once. It is bound once per actor and records
// the intents of the turn in a.run, which decide clears once the engine has
// decided; an intent after that fails. Once an intent fails, every later one of the
// turn fails alike: the engine must make no call after one it could not record.
func (a *actor) immediateIntents(t *turnRun) parley.IntentRecorder {
	a.run = t
	if a.intentFn == nil {
		a.intentFn = func(ctx context.Context, in parley.Intent) error {
			if a.run == nil {
				return parley.Errorf(parley.EINTERNAL, "an intent recorded after its turn was decided")
			}
			return a.commitIntent(ctx, a.run, in)
		}
	}
	return a.intentFn
}

// intentSender returns the Turn.Intent of a turn whose engine decides on a goroutine
// of its own: the runner, which keeps reading the urgent queue meanwhile, commits
// what it sends (decide), as commitIntent does for an immediate engine.
func (a *actor) intentSender(intents chan intentCall) parley.IntentRecorder {
	return func(ctx context.Context, in parley.Intent) error {
		call := intentCall{in: in, done: make(chan error, 1)}
		select {
		case intents <- call:
		case <-ctx.Done():
			return ctx.Err()
		}
		select {
		case err := <-call.done:
			return err
		case <-ctx.Done():
			return ctx.Err()
		}
	}
}

// commitIntent commits in as the conversation's next version: its state, lifecycle
// running, the lifecycle steps before running the turn took (published live, now
// stored; the turn's commit stores the rest). The actor takes the version as its
// own: the turn's commit follows it, and so does a pause or cancel that interrupts
// the turn (which keeps the intent's state: the call may have been made).
//
// The intent adds no turn record, so a read of its version unfolds it from the same
// records as the version before: it is stored folded when the engine says it folds
// as the turn's state did (parley.Intent.Folds) and that state was, else whole. The
// actor's fold base stays the state before the turn, which the turn's own commit is
// folded from; a turn that ends otherwise takes the intent's state as its base
// (intentEnded).
func (a *actor) commitIntent(ctx context.Context, t *turnRun, in parley.Intent) error {
	if t.intentErr != nil {
		return t.intentErr
	}
	err := a.storeIntent(ctx, t, in)
	if err != nil {
		t.intentErr = err
		return err
	}
	t.intents++
	return nil
}

func (a *actor) storeIntent(ctx context.Context, t *turnRun, in parley.Intent) error {
	state, err := encodeState(in.State)
	if err != nil {
		return parley.WrapError(parley.EINTERNAL, err, "encode the state of a call's intent")
	}
	next := a.nextVersion(t, parley.LifecycleRunning, state)
	next.UpdatedAt = a.now()
	pre := len(t.steps) - 1 // the steps before idle -> running
	c := &parley.Commit{Conversation: next, ExpectedVersion: a.conv.Version, Events: t.steps[t.stored:pre:pre]}
	if in.Folds && a.fold.Based() {
		c.Conversation.State = a.fold.Folded(state)
	}
	err = a.rt.store.Commit(ctx, c)
	c.Conversation.State = state
	if err != nil {
		return err
	}
	t.stored = pre
	t.intentState = in.State
	a.conv = c.Conversation
	a.ownIntent = next.Version
	a.rt.log.Debug("call intent recorded", "conversation", a.key.String(), "version", next.Version, "key", in.Key)
	return nil
}

// awaitIntent waits while the stored head is another turn's intent (running, not
// this actor's own, its lease not run out), reading the head again every
// intentPoll, until deadline: then the message is answered that the conversation's
// last request is still being worked on, and a retry with the same id is safe.
func (a *actor) awaitIntent(ctx context.Context, deadline time.Time) error {
	for a.heldElsewhere() {
		wait := min(intentPoll, time.Until(deadline))
		if wait <= 0 {
			return parley.Errorf(parley.EUNAVAILABLE,
				"the conversation's last request is still being worked on; retrying with the same message id is safe")
		}
		t := time.NewTimer(wait)
		select {
		case <-ctx.Done():
			t.Stop()
			return parley.WrapError(parley.EUNAVAILABLE, ctx.Err(), "the server is shutting down")
		case <-t.C:
		}
		a.invalidate()
		if err := a.hydrate(ctx); err != nil {
			return err
		}
	}
	if a.watched {
		a.rt.leases.forget(a.key)
		a.watched = false
	}
	return nil
}

// heldElsewhere reports whether the hydrated head is an intent another turn holds:
// stored running, not committed by this actor, within its lease.
func (a *actor) heldElsewhere() bool {
	if !a.intentHead || a.conv.Version == a.ownIntent {
		return false
	}
	return a.now().Before(a.conv.UpdatedAt.Add(a.rt.opts.IntentLease)) || a.heldByLease()
}

// intentEnded makes the state of the turn's last intent the actor's base before a
// commit that keeps it (a turn interrupted or failed after a call went out): that
// commit's state is the intent's, stored whole like it.
func (a *actor) intentEnded(t *turnRun) {
	if t.intents > 0 {
		a.state = t.intentState
		a.fold.Unbase()
	}
}

// resumeCall resumes the call of an intent whose lease ran out (cmdResume): a turn
// of the runtime's own, whose message (id "resume-<intent version>", meaning
// parley.MeaningResume, sent now) asks the engine to send the pending call again
// and say its outcome; it commits and publishes as any turn. A conversation that
// is no longer held by such an intent (a message took it over first) is left alone.
func (a *actor) resumeCall(ctx context.Context) (parley.Result, error) {
	if err := a.hydrate(ctx); err != nil {
		return parley.Result{}, err
	}
	if !a.intentHead || a.heldElsewhere() {
		return parley.Result{}, nil
	}
	msg := parley.Message{ID: "resume-" + strconv.FormatInt(a.conv.Version, 10), Meaning: parley.MeaningResume, SentAt: a.now()}
	a.rt.log.Info("resuming a call a stopped server left", "conversation", a.key.String(), "version", a.conv.Version)
	return a.turn(ctx, parley.TurnRequest{Key: a.key, Message: msg})
}
