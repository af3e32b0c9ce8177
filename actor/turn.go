package actor

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/parleyhq/parley"
)

// spawnSteps brings a new or terminal conversation to idle: created
// --ProcessInteraction--> idle ("Spawn"), a fresh actor for a terminal one
// ("Respawning", history preserved), and paused --ProcessInteraction--> idle.
func (a *actor) spawnSteps(from parley.Lifecycle, at time.Time) ([]parley.Event, error) {
	reason := "spawned"
	switch {
	case from.Terminal():
		reason, from = "respawned after "+string(from), parley.LifecycleCreated
	case from == parley.LifecyclePaused:
		reason = "message while paused"
	case from == parley.LifecycleIdle:
		return nil, nil
	case from != parley.LifecycleCreated:
		return nil, parley.Errorf(parley.EINVALIDSTATE, "stored lifecycle %q of %s", from, a.key)
	}
	st, err := lifecycle(from).processInteraction(reason)
	if err != nil {
		return nil, err
	}
	return []parley.Event{a.stateChanged(st, at)}, nil
}

// maxCommitAttempts bounds retries after a version conflict: another replica
// committed to the same conversation between this actor's read and its commit. The
// turn is decided again on the fresh state; engines are deterministic, so this is
// the same as having waited for the other replica's turn.
const maxCommitAttempts = 10

// turn runs a turn, deciding it again after a version conflict (another replica
// committed, or is running a turn of the conversation) until it lands or
// TurnTimeout has passed since it started.
func (a *actor) turn(ctx context.Context, req parley.TurnRequest) (parley.Result, error) {
	started := time.Now()
	for attempt := 1; ; attempt++ {
		res, err := a.turnOnce(ctx, req)
		if parley.ErrorCode(err) == parley.ECONFLICT && (attempt < maxCommitAttempts || time.Since(started) < a.rt.opts.TurnTimeout) &&
			a.backoff(ctx, attempt) {
			continue
		}
		a.rt.opts.Metrics.turn(a.key.Bot, err, res.Replayed, time.Since(started))
		return res, err
	}
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

// turnOnce takes one turn: replay check, the durable steps that start it (an
// inactivity timeout the message's sent_at proves, the spawn or resume), the running
// mark, the decision (which a pause or cancel may interrupt), the commit.
func (a *actor) turnOnce(ctx context.Context, req parley.TurnRequest) (parley.Result, error) {
	if res, answered, err := a.turnAnswered(ctx, req); answered {
		return res, err
	}
	at := a.now()
	events, err := a.startSteps(req.Message.SentAt, at)
	if err != nil {
		return parley.Result{}, err
	}
	running := runningStep()
	if err := a.markRunning(ctx, events, at); err != nil {
		return parley.Result{}, err
	}
	// Subscribers get the stored steps that led here, then idle -> running live.
	a.rt.hub.PublishLive(a.key, a.stateChanged(running, at))
	a.rt.opts.Metrics.lifecycle(a.key.Bot, running.from, running.to)

	index := a.conv.Turns + 1
	decision, stop, streamed, err := a.decide(ctx, parley.Turn{Conversation: a.key, Index: index, State: a.state, Message: req.Message}, at)
	switch {
	case stop != nil:
		return a.interrupted(ctx, req, stop, streamed, running, at)
	case err != nil:
		return a.decideFailed(ctx, req, err, running, at)
	}
	return a.commitTurn(ctx, req, decision, index, at)
}

// turnAnswered hydrates and answers what is not to run (answered): a message already
// processed (from its record), a conversation whose turn runs on another replica.
func (a *actor) turnAnswered(ctx context.Context, req parley.TurnRequest) (res parley.Result, answered bool, err error) {
	if err := a.hydrate(ctx); err != nil {
		return parley.Result{}, true, err
	}
	if a.seen(req.Message.ID) || !a.lookedUp {
		if res, ok, err := a.replay(ctx, req); err != nil || ok {
			return res, true, err
		}
		a.lookedUp = true
	}
	if a.conv.Lifecycle == parley.LifecycleRunning {
		return parley.Result{}, true, a.errBusyElsewhere()
	}
	return parley.Result{}, false, nil
}

// decideFailed ends a turn whose engine failed: the conversation fails into the
// error lifecycle, unless the message is a redelivery of one processed before this
// actor hydrated, which must not fail it (the engine saw it against today's state)
// and is answered from its record.
func (a *actor) decideFailed(ctx context.Context, req parley.TurnRequest, cause error, running step, at time.Time) (parley.Result, error) {
	if res, ok, rerr := a.replay(ctx, req); ok {
		a.rt.hub.PublishLive(a.key, a.stateChanged(step{from: parley.LifecycleRunning, to: parley.LifecycleIdle, reason: "message already processed"}, at))
		a.unmark(ctx, at)
		return res, rerr
	}
	return parley.Result{}, a.failTurn(ctx, cause, running, at)
}

// startSteps are the stored steps before a turn's running mark: the inactivity
// timeout when the message was sent after the conversation's deadline (seed 004:
// Idle/Paused --InactivityTimeout--> Completed, then "Respawning"), and the spawn steps.
func (a *actor) startSteps(sentAt, at time.Time) ([]parley.Event, error) {
	from := a.conv.Lifecycle
	var events []parley.Event
	if a.expired(sentAt) {
		var err error
		if events, err = a.completionEvents("inactivity timeout: the message was sent after the conversation's inactivity timeout", a.deadline()); err != nil {
			return nil, err
		}
		from = parley.LifecycleCompleted
	}
	spawn, err := a.spawnSteps(from, at)
	return append(events, spawn...), err
}

// markRunning stores the running lifecycle (seed 004's Running, seen by GET while
// the turn is in flight) with the steps that led to it, and publishes those steps. A
// commit whose outcome is unknown leaves a mark that the next hydrate recovers.
func (a *actor) markRunning(ctx context.Context, events []parley.Event, at time.Time) error {
	next := a.conv
	next.Lifecycle = parley.LifecycleRunning
	next.Version++
	if next.CreatedAt.IsZero() {
		next.CreatedAt = at
	}
	if next.State == nil {
		// A new conversation is stored with the engine's initial state, which an
		// interrupted or failed first turn leaves it in.
		st, err := encodeState(a.state)
		if err != nil {
			return err
		}
		next.State = st
	}
	next.UpdatedAt = at
	c := &parley.Commit{Conversation: next, ExpectedVersion: a.conv.Version, Events: events}
	if err := a.commitPublish(ctx, c, -1); err != nil {
		switch parley.ErrorCode(err) {
		case parley.ECONFLICT, parley.EDUPLICATE:
			return err
		}
		a.ownMark = next.Version
		return parley.WrapError(parley.EUNAVAILABLE, err,
			"the store did not confirm the start of the turn, which did not run; retrying with the same message id is safe")
	}
	return nil
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
	id := "a-" + strconv.FormatInt(p.index, 10) + "-" + strconv.Itoa(reply+1)
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
func (a *actor) decide(ctx context.Context, t parley.Turn, at time.Time) (d parley.Decision, stop *command, streamed string, err error) {
	dctx, cancel := context.WithCancel(ctx)
	defer cancel()
	p := &partial{a: a, index: t.Index, at: at}
	dctx = parley.WithReplyStream(dctx, p.delta)
	done := make(chan decided, 1)
	// Tracked by the runtime: an abandoned decision may outlive the turn, not Close.
	a.rt.wg.Go(func() {
		d, err := a.engineDecide(dctx, t)
		done <- decided{d, err}
	})
	select {
	case r := <-done:
		p.close()
		return r.d, nil, "", r.err
	case cmd := <-a.urgent:
		return parley.Decision{}, cmd, p.close(), nil
	}
}

// commitTurn commits a decided turn and answers it.
func (a *actor) commitTurn(ctx context.Context, req parley.TurnRequest, decision parley.Decision, index int64, at time.Time) (parley.Result, error) {
	idle, err := lifecycle(parley.LifecycleRunning).completeSuccess("interaction complete")
	if err != nil {
		return parley.Result{}, err
	}
	stateJSON, err := encodeState(decision.State)
	if err != nil {
		return parley.Result{}, a.failTurn(ctx, fmt.Errorf("encode state: %w", err), runningStep(), at)
	}
	c, body, err := a.turnCommit(req, decision, index, stateJSON, at)
	if err != nil {
		return parley.Result{}, err
	}
	if err := a.commitPublish(ctx, c, -1); err != nil {
		return a.commitFailed(ctx, req, err, at)
	}
	a.state = decision.State
	a.remember(req.Message.ID)
	a.rt.hub.PublishLive(a.key, a.stateChanged(idle, at))
	a.rt.opts.Metrics.lifecycle(a.key.Bot, idle.from, idle.to)
	a.armInactivity()
	return parley.Result{Body: body}, nil
}

// turnCommit is what a decided turn commits: the new state, idle, the turn event and
// the engine's events, the processed-message record and the channel's outbox
// entries; body is the response the turn answers.
func (a *actor) turnCommit(req parley.TurnRequest, decision parley.Decision, index int64, state []byte, at time.Time) (c *parley.Commit, body []byte, err error) {
	msg := req.Message
	for i := range decision.Replies {
		if decision.Replies[i].ID == "" {
			decision.Replies[i].ID = "a-" + strconv.FormatInt(index, 10) + "-" + strconv.Itoa(i+1)
		}
	}
	turnData := parley.TurnEvent{MessageID: msg.ID, Text: msg.Text, Meaning: msg.Meaning, Transitions: nonNil(decision.Transitions)}
	events := []parley.Event{a.event(parley.EventTurn, turnData, at)}
	var extra []string
	for _, e := range decision.Events {
		events = append(events, a.event(e.Type, e.Data, at))
		extra = append(extra, string(e.Type))
	}
	stored, body, err := a.turnResponse(parley.TurnResponse{
		ConversationID: a.key.ID, MessageID: msg.ID, Replies: decision.Replies,
		Lifecycle: parley.LifecycleIdle, Version: a.conv.Version + 1,
		Transitions: turnData.Transitions, Events: extra,
	}, state)
	if err != nil {
		return nil, nil, err
	}
	var outbox []parley.OutboxEntry
	if ch := a.rt.opts.Channels[req.Channel]; ch != nil && req.Channel != "" {
		if outbox, err = ch.Outbox(a.key, msg.ID, decision.Replies, decision.Effects); err != nil {
			return nil, nil, err
		}
	}
	next := a.conv
	next.State = state
	next.Lifecycle = parley.LifecycleIdle
	next.Version++
	next.Turns = index
	next.UpdatedAt = at
	return &parley.Commit{
		Conversation: next, ExpectedVersion: a.conv.Version, Events: events,
		MessageID: msg.ID, Response: wrapRecord(messageDigest(msg), stored), Outbox: outbox, InboundID: req.InboundID,
	}, body, nil
}

// turnResponse encodes a turn's response twice: stored, without its state (the
// processed-message record; the state is stored once, with the version), and body,
// with it (the answer).
func (a *actor) turnResponse(resp parley.TurnResponse, state []byte) (stored, body []byte, err error) {
	if resp.Replies == nil {
		resp.Replies = []parley.Reply{}
	}
	if stored, err = json.Marshal(resp); err != nil { // "state":null
		return nil, nil, err
	}
	body, ok := spliceState(stored, state)
	if !ok {
		return nil, nil, parley.Errorf(parley.EINTERNAL, "response of %s has no state to fill", a.key)
	}
	return stored, body, nil
}

// replay answers a message whose id is already recorded (see replayRecord) and drops
// the inbox entry that carried it, which will never become a turn; ok is false when
// the id is not recorded.
func (a *actor) replay(ctx context.Context, req parley.TurnRequest) (res parley.Result, ok bool, err error) {
	p, ok, err := a.rt.store.Processed(ctx, a.key, req.Message.ID)
	if err != nil || !ok {
		return parley.Result{}, false, err
	}
	if req.InboundID != 0 {
		_ = a.rt.store.DropInbound(ctx, req.InboundID)
	}
	res, err = replayRecord(a.key, req.Message, p)
	return res, true, err
}

// commitFailed answers a turn whose commit failed. Only a duplicate or a version
// conflict proves that nothing was written; any other failure (a deadline, a lost
// connection) may have come after the store committed, so the turn's outcome is
// unknown and the client is told that a retry with the same id is safe: it gets the
// stored response if the turn landed and is processed if it did not. Either way the
// stored running mark is this actor's own: the next hydrate recovers it if the turn
// did not land.
func (a *actor) commitFailed(ctx context.Context, req parley.TurnRequest, err error, at time.Time) (parley.Result, error) {
	a.rt.hub.PublishLive(a.key, a.stateChanged(step{from: parley.LifecycleRunning, to: parley.LifecycleIdle, reason: "commit failed"}, at))
	if parley.ErrorCode(err) == parley.EDUPLICATE {
		// Nothing was written, the mark stands: put back the lifecycle it replaced.
		a.unmark(ctx, at)
	}
	a.ownMark = a.conv.Version
	a.invalidate()
	switch parley.ErrorCode(err) {
	case parley.EDUPLICATE:
		// Processed before this actor hydrated (it looks up only the ids it committed
		// itself), or meanwhile by another replica: answer with its record.
		if res, ok, rerr := a.replay(ctx, req); rerr == nil && ok {
			return res, nil
		} else if ok {
			return res, rerr
		}
		return parley.Result{}, err
	case parley.ECONFLICT:
		return parley.Result{}, err
	case parley.EUNAVAILABLE, parley.EINTERNAL:
		return parley.Result{}, parley.WrapError(parley.EUNAVAILABLE, err,
			"the store did not confirm the turn, which may or may not have been committed; retrying with the same message id is safe")
	default:
		return parley.Result{}, err
	}
}

// runningStep is a turn's idle -> running, a row of the table that cannot fail.
func runningStep() step {
	st, _ := lifecycle(parley.LifecycleIdle).processInteraction("processing user interaction")
	return st
}

// failTurn records InteractionComplete(error): running -> error, terminal, with the
// error in the stopped event. idle -> running, which subscribers had live, is stored
// before it so that the stored log alone is a path of seed 004's table. The message
// is not recorded as processed, so a retry after the respawn runs it again.
func (a *actor) failTurn(ctx context.Context, cause error, running step, at time.Time) error {
	st, err := lifecycle(parley.LifecycleRunning).completeError("interaction failed: " + parley.ErrorMessage(cause))
	if err != nil {
		return err
	}
	a.rt.log.Error("turn failed", "conversation", a.key.String(), "err", cause)
	events := []parley.Event{a.stateChanged(running, at), a.stateChanged(st, at),
		a.event(parley.EventStopped, parley.StoppedEvent{Reason: "error: " + parley.ErrorMessage(cause)}, at)}
	// Subscribers had idle -> running live.
	if cerr := a.commitLifecycle(ctx, parley.LifecycleError, events, 0, at); cerr != nil {
		a.ownMark = a.conv.Version
		a.rt.log.Error("record error lifecycle", "conversation", a.key.String(), "err", cerr)
	}
	a.rt.opts.Metrics.lifecycle(a.key.Bot, st.from, st.to)
	a.stopping = true
	code := parley.ErrorCode(cause)
	if code == parley.EINTERNAL {
		return parley.WrapError(parley.EINTERNAL, cause, "the bot failed to process the message")
	}
	return cause
}
