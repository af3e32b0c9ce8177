package actor

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"strings"
	"sync"
	"time"

	"github.com/parleyhq/parley"
	"github.com/parleyhq/parley/turnlog"
)

// A turn, top to bottom (turnOnce): admit (hydrate the conversation) -> replay check
// (a message id already processed is answered from its record) -> lifecycle steps
// (an inactivity timeout the message's sent_at proves, the spawn or resume to idle,
// then idle -> running, published live: running lives in the actor, never in the
// store) -> decide (interruptible by pause and cancel) -> one commit (the steps, idle
// -> running, how the turn ended and its events, in one version-checked transaction)
// -> publish (the committed events subscribers did not have live) -> answer.
//
// A turn that does not commit leaves nothing stored: a crash, a store failure or a
// version conflict mid-turn changes no stored lifecycle, and a retry with the same
// message id runs the turn (an action already sent keeps its idempotency key, which
// names the message).

// maxCommitAttempts bounds retries after a version conflict: another replica
// committed to the same conversation between this actor's read and its commit. The
// turn is decided again on the fresh state; engines are deterministic, so this is
// the same as having waited for the other replica's turn.
const maxCommitAttempts = 10

// turn runs a turn, deciding it again after a version conflict until it lands or
// TurnTimeout has passed since it started. Its attempts take their turnRun from
// the pool (turnRuns).
func (a *actor) turn(ctx context.Context, req parley.TurnRequest) (parley.Result, error) {
	t := turnRuns.Get().(*turnRun)
	defer putTurnRun(t)
	started := time.Now()
	for attempt := 1; ; attempt++ {
		res, err := a.turnOnce(ctx, t, req, started.Add(a.rt.opts.TurnTimeout*9/10))
		if parley.ErrorCode(err) == parley.ECONFLICT && (attempt < maxCommitAttempts || time.Since(started) < a.rt.opts.TurnTimeout) &&
			a.backoff(ctx, attempt) {
			continue
		}
		a.rt.opts.Metrics.turn(a.key.Bot, err, res.Replayed, time.Since(started))
		return res, err
	}
}

// turnOnce is one attempt at a turn, in the order of the package doc; a turn
// whose conversation another turn holds (a call out, intent.go) waits for it until
// deadline.
func (a *actor) turnOnce(ctx context.Context, t *turnRun, req parley.TurnRequest, deadline time.Time) (parley.Result, error) {
	// Admit.
	if err := a.hydrate(ctx); err != nil {
		return parley.Result{}, err
	}
	if err := a.awaitIntent(ctx, deadline); err != nil {
		return parley.Result{}, err
	}
	// Replay check: the ids this actor committed lately (a redelivery) and, once per
	// actor life, any id (a retry after a restart or a terminal state).
	if a.seen(req.Message.ID) || !a.lookedUp {
		if res, ok, err := a.replay(ctx, req); ok || err != nil {
			return res, err
		}
		a.lookedUp = true
	}
	// Lifecycle steps, then running, live.
	if err := a.start(t, req); err != nil {
		return parley.Result{}, err
	}
	// Decide.
	decision, stop, streamed, err := a.decide(ctx, t, parley.Turn{Conversation: a.key, Index: t.index, State: a.state, Message: req.Message})
	// One commit (after the intents of its calls), whichever way the turn ended.
	var end turnEnd
	switch {
	case stop != nil:
		a.intentEnded(t)
		end, err = a.interruptedEnd(t, stop, streamed)
	case t.intentErr != nil:
		// A call's intent was not recorded, so the call was not made: a version
		// conflict is decided again from the fresh state (turn), a store failure
		// answered.
		end, err = turnEnd{}, t.intentErr
	case err != nil:
		if res, ok, rerr := a.replay(ctx, req); ok {
			// Processed before this actor hydrated: a redelivery whose engine fails
			// now (it saw it against today's state) is answered from its record.
			a.notRunning(t, "message already processed")
			return res, rerr
		}
		a.intentEnded(t)
		end, err = a.failedEnd(t, err)
	default:
		end, err = a.decidedEnd(t, decision)
	}
	if err != nil {
		a.notRunning(t, "the turn was not committed")
		a.invalidate()
		return parley.Result{}, err
	}
	if err := a.commit(ctx, end.commit, end.state); err != nil {
		return a.commitFailed(ctx, t, end, err)
	}
	// Publish, then answer.
	a.committed(t, end)
	return end.answer()
}

// commit is the turn's one commit (and a control's, actor.go): Store.Commit of c,
// in a "store.commit" span. The store gets the state as stored (folded when the
// turn log rebuilds it, turnlog.Fold); the caller keeps it whole, and the actor
// keeps the fold once it is stored.
func (a *actor) commit(ctx context.Context, c *parley.Commit, next any) (err error) {
	ctx, end := a.commitSpan(ctx, c)
	if end != nil {
		defer func() { end(err) }()
	}
	full := c.Conversation.State
	fold := a.fold.Stored(ctx, a.rt.reader, c, turnlog.Base{Version: a.conv.Version, State: a.conv.State, Engine: a.state}, next)
	c.Conversation.State = fold.State
	err = a.rt.store.Commit(ctx, c)
	c.Conversation.State = full
	if err == nil {
		a.fold.Keep(fold)
	}
	return err
}

// turnRun is a turn in flight: what start decided and published live.
type turnRun struct {
	req   parley.TurnRequest
	at    time.Time // the server clock when the turn started: the events' time
	index int64     // the turn's 1-based number (parley.Turn.Index)
	// steps are the lifecycle steps before running (expiry, spawn or resume), then
	// idle -> running; published live, committed with the turn.
	steps []parley.Event
	// moves are the lifecycle moves of steps, for the metrics once committed.
	moves []step
	// stored counts the steps a call's intent committed (intent.go); the turn's
	// commit stores the others. intents counts the turn's recorded intents,
	// intentErr is the first intent that failed.
	stored      int
	intents     int
	intentErr   error
	intentState any

	// Room in the turn's one value for what a turn builds: its steps and moves (an
	// expiry and its stopped event, a spawn, running) and, once decided, its record,
	// its commit and its last move (decidedEnd), which turnEnd points into.
	stepRoom [4]parley.Event
	moveRoom [3]step
	rec      parley.TurnRecord
	commit   parley.Commit
	endMove  [1]step
}

// turnRuns keeps the turnRuns of turns that ended: a turn's run is its own from
// its start to its answer, and nothing holds it after (the stores copy or encode
// what the commit points into it, the hub and the watcher take its events by
// value), so a turn costs none of these values.
var turnRuns = sync.Pool{New: func() any { return new(turnRun) }}

// putTurnRun returns an ended turn's run to the pool, emptied so that it holds on
// to nothing of the turn.
func putTurnRun(t *turnRun) {
	*t = turnRun{}
	turnRuns.Put(t)
}

// reasonSpawned is the reason of a new conversation's created -> idle.
const reasonSpawned = "spawned"

// start takes the lifecycle steps that lead to running: the inactivity timeout when
// the message was sent after the conversation's deadline (seed 004: Idle/Paused
// --InactivityTimeout--> Completed, then "Respawning"), the spawn or resume to idle,
// then idle -> running. They are published live (running lives in the actor: GET
// answers it from here) and stored with the turn's commit.
func (a *actor) start(t *turnRun, req parley.TurnRequest) error {
	*t = turnRun{req: req, at: a.now(), index: a.conv.Turns + 1}
	t.steps, t.moves = t.stepRoom[:0], t.moveRoom[:0]
	from := a.conv.Lifecycle
	if deadline := a.messageDeadline(); a.expired(req.Message.SentAt, deadline) {
		st, err := move(from, LifecycleEventInactivityTimeout, "inactivity timeout: the message was sent after the conversation's inactivity timeout")
		if err != nil {
			return err
		}
		t.add(a, st, deadline)
		t.steps = append(t.steps, a.event(parley.EventStopped, parley.StoppedEvent{Reason: "inactivity_timeout"}, deadline))
		from = st.to
	}
	if err := a.spawn(t, from); err != nil {
		return err
	}
	running, err := move(parley.LifecycleIdle, LifecycleEventProcessInteraction, "processing user interaction")
	if err != nil {
		return err
	}
	t.add(a, running, t.at)
	a.running.Store(true)
	for _, e := range t.steps {
		a.rt.hub.PublishLive(a.key, e)
	}
	return nil
}

// add appends a lifecycle step at time at.
func (t *turnRun) add(a *actor, st step, at time.Time) {
	t.steps = append(t.steps, a.stateChanged(st, at))
	t.moves = append(t.moves, st)
}

// spawn brings a new, terminal or paused conversation to idle: created
// --ProcessInteraction--> idle ("Spawn"), a fresh actor for a terminal one
// ("Respawning", history preserved), and paused --ProcessInteraction--> idle.
func (a *actor) spawn(t *turnRun, from parley.Lifecycle) error {
	reason := reasonSpawned
	switch {
	case from == parley.LifecycleIdle:
		return nil
	case from.Terminal():
		reason, from = "respawned after "+string(from), parley.LifecycleCreated
	case from == parley.LifecyclePaused:
		reason = "message while paused"
	}
	st, err := move(from, LifecycleEventProcessInteraction, reason)
	if err != nil {
		return err
	}
	t.add(a, st, t.at)
	return nil
}

// notRunning ends a turn that commits nothing: the live running goes back, with a
// live running -> idle saying why (the stored lifecycle is unchanged).
func (a *actor) notRunning(t *turnRun, reason string) {
	a.running.Store(false)
	a.rt.hub.PublishLive(a.key, a.stateChanged(step{from: parley.LifecycleRunning, to: parley.LifecycleIdle, reason: reason}, t.at))
}

// turnEnd is how a turn ended: the commit that stores it and what it answers.
type turnEnd struct {
	commit *parley.Commit
	// moves are the lifecycle moves after running, for the metrics.
	moves []step
	// state is the engine state once committed (nil: unchanged).
	state any
	body  []byte
	err   error // the answer when the turn failed or was interrupted
	// stop is the control that interrupted the turn, answered once committed.
	stop *command
	// stops is set when the turn ends the conversation (error, cancelled).
	stops bool
}

func (e *turnEnd) answer() (parley.Result, error) {
	return parley.Result{Body: e.body}, e.err
}

// nextVersion returns the conversation the turn's commit stores, in lifecycle lc,
// with state (nil: the state it has). A new conversation that gets no state of the
// turn is stored with the engine's initial state, which a failed or interrupted first
// turn leaves it in.
func (a *actor) nextVersion(t *turnRun, lc parley.Lifecycle, state []byte) parley.Conversation {
	next := a.conv
	next.Lifecycle = lc
	next.Version++
	next.UpdatedAt = t.at
	if next.CreatedAt.IsZero() {
		next.CreatedAt = t.at
	}
	switch {
	case state != nil:
		next.State = state
	case next.State == nil:
		next.State, _ = encodeState(a.state)
	}
	next.ActiveAt = t.req.Message.SentAt
	return next
}

// decidedEnd is a decided turn's commit: the new state, running -> idle after the
// turn event and the engine's events, the processed-message record and the channel's
// outbox entries; its body is the response.
//
// A decision that left the engine in its error state (Decision.Failed) completes
// with an error instead (seed 004: Running --InteractionComplete (error)--> Error):
// the same commit, its record rebuilding running -> error and stopped, the
// conversation terminal until its next message respawns it.
func (a *actor) decidedEnd(t *turnRun, d parley.Decision) (turnEnd, error) {
	end, err := move(parley.LifecycleRunning, LifecycleEventInteractionCompleteSuccess, turnlog.ReasonTurnEnds)
	if d.Failed != "" {
		end, err = move(parley.LifecycleRunning, LifecycleEventInteractionCompleteError, turnlog.ReasonTurnFailed+": "+d.Failed)
	}
	if err != nil {
		return turnEnd{}, err
	}
	state, err := encodeState(d.State)
	if err != nil {
		return a.failedEnd(t, fmt.Errorf("encode state: %w", err))
	}
	msg := t.req.Message
	for i := range d.Replies {
		if d.Replies[i].ID == "" {
			d.Replies[i].ID = parley.ReplyID(t.index, i+1)
		}
	}
	replies, transitions := encodeAnswer(d.Replies, d.Transitions)
	// The log keeps the steps before running, the message, the answer and the
	// engine's events; it rebuilds idle -> running, the turn event, running -> idle
	// and the response (parley.TurnRecord), which are built here the same way.
	before := len(t.steps) - 1
	t.rec = parley.TurnRecord{Message: msg, Replies: replies, Transitions: transitions, Before: before - t.stored, Error: d.Failed}
	rec := &t.rec
	events := t.steps[t.stored:before:before]
	for _, e := range d.Events {
		events = append(events, a.event(e.Type, e.Data, t.at))
	}
	next := a.nextVersion(t, end.to, state)
	next.Turns = t.index
	body := turnlog.Response(rec, a.key, next.Version, state, turnlog.EngineEvents(rec, events))
	var outbox []parley.OutboxEntry
	if ch := a.rt.opts.Channels[t.req.Channel]; ch != nil && t.req.Channel != "" {
		if outbox, err = ch.Outbox(a.key, msg.ID, d.Replies, d.Effects); err != nil {
			return turnEnd{}, err
		}
	}
	if w := a.rt.opts.Watcher; w != nil && len(d.Effects) > 0 {
		watched, err := w.TurnOutbox(a.key, msg, d.Effects)
		if err != nil {
			return turnEnd{}, err
		}
		outbox = append(outbox, watched...)
	}
	t.commit = parley.Commit{
		Conversation: next, ExpectedVersion: a.conv.Version, Events: events, Turn: rec,
		Outbox: outbox, InboundID: t.req.InboundID,
	}
	t.endMove[0] = end
	return turnEnd{commit: &t.commit, moves: t.endMove[:], state: d.State, body: body, stops: end.stops()}, nil
}

// encodeAnswer encodes a turn's replies and transitions as json.Marshal does, into
// one buffer: the record and the response keep both for as long as the turn.
func encodeAnswer(replies []parley.Reply, transitions []parley.Transition) (json.RawMessage, json.RawMessage) {
	size := 4
	for i := range replies {
		r := &replies[i]
		size += 32 + len(r.ID) + len(r.Type) + len(r.Text) + 160*len(r.Cards) + 48*len(r.Options)
	}
	for _, t := range transitions {
		size += 32 + len(t.From) + len(t.To) + len(t.Trigger)
	}
	b := make([]byte, 0, size)
	b = turnlog.AppendReplies(b, replies)
	n := len(b)
	b = turnlog.AppendTransitions(b, transitions)
	return b[:n:n], b[n:]
}

// failedEnd records InteractionComplete(error): running -> error, terminal, with the
// error in the stopped event. The message is not recorded as processed, so a retry
// after the respawn runs it again.
func (a *actor) failedEnd(t *turnRun, cause error) (turnEnd, error) {
	st, err := move(parley.LifecycleRunning, LifecycleEventInteractionCompleteError, "interaction failed: "+parley.ErrorMessage(cause))
	if err != nil {
		return turnEnd{}, err
	}
	a.rt.log.Error("turn failed", "conversation", a.key.String(), "err", cause)
	events := append(t.steps[t.stored:], a.stateChanged(st, t.at),
		a.event(parley.EventStopped, parley.StoppedEvent{Reason: "error: " + parley.ErrorMessage(cause)}, t.at))
	answer := cause
	if parley.ErrorCode(cause) == parley.EINTERNAL {
		answer = parley.WrapError(parley.EINTERNAL, cause, "the bot failed to process the message")
	}
	return turnEnd{
		commit: &parley.Commit{Conversation: a.nextVersion(t, parley.LifecycleError, nil), ExpectedVersion: a.conv.Version, Events: events},
		moves:  []step{st}, err: answer, stops: true,
	}, nil
}

// interruptedEnd applies a pause or cancel that arrived while the turn was deciding
// (seed 004: Running --Pause--> Paused, Running --Cancel--> Cancelled). The decision
// is dropped: the conversation keeps the state it had before the turn. The commit
// stores the lifecycle change, the stopped event for a cancel (with
// partial_response, the reply text streamed so far) and, under the interrupted
// message's id, an interrupted record: the turn's caller gets EINTERRUPTED and so
// does every retry of that message, which therefore never runs its turn (or its
// webhook action) again.
//
// Pause semantics: the interrupted message is answered, not parked. Resume does
// not run it again; the user's next message (a new id) is processed from the
// pre-turn state. Its webhook action, if one was sent, keeps its idempotency key
// (flows.ActionRequest: the key names the execution, from the turn that first
// sends it, and the interrupted turn committed none), so the next message that
// runs the action again sends the same key and a receiver that honours it books
// once.
func (a *actor) interruptedEnd(t *turnRun, stop *command, streamed string) (turnEnd, error) {
	ctl := stop.control
	ev := LifecycleEventPause
	if ctl.Kind == parley.ControlCancel {
		ev = LifecycleEventCancel
	}
	st, err := move(parley.LifecycleRunning, ev, controlReason(ctl))
	if err != nil {
		return turnEnd{}, err
	}
	at := a.now()
	in := &parley.Interruption{Lifecycle: st.to, Reason: st.reason, PartialResponse: streamed}
	events := append(t.steps[t.stored:], a.stateChanged(st, at))
	if st.stops() {
		events = append(events, a.event(parley.EventStopped, parley.StoppedEvent{Reason: in.Reason, PartialResponse: in.PartialResponse}, at))
	}
	rec, err := json.Marshal(interruptedRecord{Interrupted: *in})
	if err != nil {
		return turnEnd{}, err
	}
	next := a.nextVersion(t, st.to, nil)
	next.UpdatedAt = at
	return turnEnd{
		commit: &parley.Commit{
			Conversation: next, ExpectedVersion: a.conv.Version, Events: events,
			MessageID: t.req.Message.ID, Response: turnlog.WrapRecord(turnlog.MessageDigest(t.req.Message), rec), InboundID: t.req.InboundID,
		},
		moves: []step{st}, err: interruptedError(t.req.Message.ID, in), stop: stop, stops: st.stops(),
	}, nil
}

// committed takes the committed conversation as the actor's, publishes the events
// subscribers did not have live (those after the steps start published) and answers
// a control that interrupted the turn.
func (a *actor) committed(t *turnRun, end turnEnd) {
	c := end.commit
	a.conv = c.Conversation
	if end.state != nil {
		a.state = end.state
	}
	a.running.Store(false)
	if a.rt.hub.Watched(a.key) {
		for _, e := range turnlog.LogEvents(c)[len(t.steps)-t.stored:] {
			a.rt.hub.Publish(e)
		}
	}
	for _, moves := range [2][]step{t.moves, end.moves} {
		for _, st := range moves {
			a.rt.opts.Metrics.lifecycle(a.key.Bot, st.from, st.to)
		}
	}
	if w := a.rt.opts.Watcher; w != nil {
		w.TurnCommitted(a.key, c.Events)
	}
	if id := c.ProcessedID(); id != "" {
		a.remember(id)
	}
	switch {
	case end.stops:
		a.stopping = true
	default:
		a.armInactivity()
	}
	if end.stop != nil {
		body, err := json.Marshal(a.view())
		end.stop.answer(commandResult{parley.Result{Body: body}, err})
		if id := end.stop.control.InboundID; id != 0 {
			_ = a.rt.store.DropInbound(a.rt.ctx, id)
		}
	}
}

// commitFailed answers a turn whose commit failed: nothing of it is stored. Only a
// duplicate or a version conflict proves that nothing was written; any other failure
// (a deadline, a lost connection) may have come after the store committed, so the
// turn's outcome is unknown and the client is told that a retry with the same id is
// safe: it gets the stored response if the turn landed and is processed if it did
// not. A control that interrupted the turn gets the same answer.
func (a *actor) commitFailed(ctx context.Context, t *turnRun, end turnEnd, err error) (parley.Result, error) {
	a.notRunning(t, "the turn was not committed")
	a.invalidate()
	var res parley.Result
	switch parley.ErrorCode(err) {
	case parley.EDUPLICATE:
		// Processed before this actor hydrated (it looks up only the ids it committed
		// itself), or meanwhile by another replica: answer with its record.
		if r, ok, rerr := a.replay(ctx, t.req); ok {
			res, err = r, rerr
		}
	case parley.ECONFLICT:
	case parley.EUNAVAILABLE, parley.EINTERNAL:
		err = parley.WrapError(parley.EUNAVAILABLE, err,
			"the store did not confirm the turn, which may or may not have been committed; retrying with the same message id is safe")
	}
	if end.stop != nil {
		end.stop.answer(commandResult{err: parley.WrapError(parley.EUNAVAILABLE, err, "the store did not confirm the %s; retrying is safe", end.stop.control.Kind)})
	}
	return res, err
}

// backoff drops the cached state after a version conflict and waits a jittered
// while, so that replicas racing on one conversation take turns; false when ctx
// ended first (the runtime closed), and the conflict is the turn's answer.
func (a *actor) backoff(ctx context.Context, attempt int) bool {
	a.invalidate()
	t := time.NewTimer(time.Duration(rand.Int64N(int64(min(attempt, 20)) * int64(time.Millisecond))))
	defer t.Stop()
	select {
	case <-ctx.Done():
		return false
	case <-t.C:
		return true
	}
}

// replay answers a message whose id is already recorded (see replayRecord) and drops
// the inbox entry that carried it, which will never become a turn; ok is false when
// the id is not recorded.
func (a *actor) replay(ctx context.Context, req parley.TurnRequest) (res parley.Result, ok bool, err error) {
	p, ok, err := a.rt.reader.Processed(ctx, a.key, req.Message.ID)
	if err != nil || !ok {
		return parley.Result{}, false, err
	}
	if req.InboundID != 0 {
		_ = a.rt.store.DropInbound(ctx, req.InboundID)
	}
	res, err = replayRecord(a.key, req.Message, p)
	return res, true, err
}

type decided struct {
	d   parley.Decision
	err error
}

// partial collects the reply text a model streams during a turn, publishing each
// chunk as a live reply_delta event until the turn is interrupted.
type partial struct {
	a     *actor
	index int64
	at    time.Time

	mu     sync.Mutex
	text   strings.Builder
	closed bool
}

func (p *partial) delta(reply int, d string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.closed || d == "" {
		return
	}
	p.text.WriteString(d)
	id := parley.ReplyID(p.index, reply+1)
	p.a.rt.hub.PublishLive(p.a.key, p.a.event(parley.EventReplyDelta, parley.ReplyDeltaEvent{ReplyID: id, Delta: d}, p.at))
}

// close stops publishing and returns the text streamed so far.
func (p *partial) close() string {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.closed = true
	return p.text.String()
}

// decide runs the engine in a goroutine of its own so that the actor keeps reading
// its urgent channel: a pause or cancel cancels the decision's context (a model
// stream, a webhook action, a catalog call) and is returned instead, with the reply
// text streamed so far. The abandoned decision is never applied; engines do not
// modify the state they are given.
//
// An immediate engine (parley.Immediate) decides on the runner's goroutine: its
// decision is CPU alone, over in microseconds, and a pause or cancel queued meanwhile
// is the runner's next command, applied to the committed turn.
//
// The engine records a call's intent through t.Intent (intent.go): the decision's
// goroutine hands it to the runner, which commits it between the commands it
// waits for.
func (a *actor) decide(ctx context.Context, run *turnRun, t parley.Turn) (d parley.Decision, stop *command, streamed string, err error) {
	if a.immediate {
		t.Intent = a.immediateIntents(run)
		d, err = a.engineDecide(ctx, t)
		a.run = nil
		return d, nil, "", err
	}
	return a.decideAside(ctx, run, t)
}

// decideAside is decide for an engine that is not immediate, on a goroutine of its
// own; a function of its own so that the turn it hands that goroutine is moved to
// the heap for these engines only.
func (a *actor) decideAside(ctx context.Context, run *turnRun, t parley.Turn) (d parley.Decision, stop *command, streamed string, err error) {
	intents := make(chan intentCall)
	t.Intent = a.intentSender(intents)
	dctx, cancel := context.WithCancel(ctx)
	defer cancel()
	p := &partial{a: a, index: t.Index, at: run.at}
	t.Stream = p.delta
	done := make(chan decided, 1)
	// On a warm goroutine the runtime tracks: an abandoned decision may outlive the
	// turn, not Close.
	a.rt.workers.run(jobFunc(func() {
		d, err := a.engineDecide(dctx, t)
		done <- decided{d, err}
	}))
	for {
		select {
		case r := <-done:
			p.close()
			return r.d, nil, "", r.err
		case call := <-intents:
			call.done <- a.commitIntent(ctx, run, call.in)
		case cmd := <-a.urgent:
			return parley.Decision{}, cmd, p.close(), nil
		}
	}
}
