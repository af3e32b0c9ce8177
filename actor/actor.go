package actor

import (
	"bytes"
	"container/list"
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

type commandKind int

const (
	cmdTurn commandKind = iota
	cmdControl
	cmdPassivate
	cmdShutdown
	// cmdExpire asks the actor to apply a timer the store says is due: the inactivity
	// timeout of an idle or paused conversation, or the recovery of a turn left
	// running by a stopped server (the sweeper, sweep.go).
	cmdExpire
)

type command struct {
	kind    commandKind
	turn    Request
	control ControlRequest
	done    chan commandResult
	// values carries the caller's context values (its trace span) without its
	// cancellation: a turn, once queued, runs to its commit.
	values context.Context
}

func (c *command) ctx() context.Context {
	if c.values == nil {
		return context.Background()
	}
	return c.values
}

type commandResult struct {
	result Result
	err    error
}

// urgent reports whether a command overtakes a running turn: pause and cancel do
// (seed 004: Running --Pause--> Paused, Running --Cancel--> Cancelled).
func (c *command) urgent() bool {
	return c.kind == cmdControl && (c.control.Kind == ControlPause || c.control.Kind == ControlCancel)
}

// actor owns one conversation while it is live. Only its goroutine touches its
// fields, except elem and passivating (guarded by Runtime.mu).
type actor struct {
	rt      *Runtime
	key     parley.ConversationKey
	bot     *parley.Bot
	mailbox chan *command
	// urgent carries pause and cancel, which the actor reads while a turn runs.
	urgent chan *command
	exited chan struct{}

	elem        *list.Element
	passivating bool

	hydrated bool
	conv     parley.Conversation // as stored; Version 0 = not stored yet
	state    any                 // decoded engine state
	stopping bool
	// recent holds hashes of the ids of the last messages this actor committed since
	// it hydrated (a ring, next is where the next one goes): a redelivery of one of
	// them is answered from the store; any other id goes straight to the engine, and
	// the store's EDUPLICATE catches an older one. A hash collision costs one read of
	// the store that finds nothing.
	recent [recentIDs]uint64
	next   uint8
	// lookedUp is set once the first turn since hydrating has looked its id up in
	// the store: a retry after a restart or a terminal state (an interrupted message,
	// a turn whose answer was lost) must be answered before its turn runs again.
	lookedUp bool
	// ownMark is the version of a running mark this actor committed for a turn
	// that then ended without committing (a failed commit): the stored running is
	// this actor's own, not another replica's turn in flight, and is recovered.
	ownMark int64

	inactivity *time.Timer
}

// maxCommitAttempts bounds retries after a version conflict: another replica
// committed to the same conversation between this actor's read and its commit. The
// turn is decided again on the fresh state; engines are deterministic, so this is the same as
// having waited for the other replica's turn.
const maxCommitAttempts = 10

func (a *actor) run() {
	defer a.rt.wg.Done()
	defer close(a.exited)
	a.inactivity = time.NewTimer(a.timeout())
	defer a.inactivity.Stop()
	var heartbeat <-chan time.Time
	if a.rt.opts.Heartbeat > 0 {
		t := time.NewTicker(a.rt.opts.Heartbeat)
		defer t.Stop()
		heartbeat = t.C
	}
	for {
		select {
		case cmd := <-a.urgent:
			a.handle(cmd)
		case cmd := <-a.mailbox:
			a.handle(cmd)
		case <-heartbeat:
			// Ping: keep-alive with no transition (seed 004 has no row for it).
			a.rt.opts.Metrics.heartbeat()
		case <-a.inactivity.C:
			a.inactive()
		}
		if a.stopping && a.tryExit() {
			return
		}
	}
}

func (a *actor) tryExit() bool {
	a.rt.mu.Lock()
	defer a.rt.mu.Unlock()
	return a.rt.exitLocked(a)
}

func (a *actor) armInactivity() {
	if !a.inactivity.Stop() {
		select {
		case <-a.inactivity.C:
		default:
		}
	}
	a.inactivity.Reset(a.timeout())
}

// timeout is the bot's inactivity timeout (parley.Bot.InactivityTimeout), else the
// runtime's.
func (a *actor) timeout() time.Duration {
	if a.bot.InactivityTimeout > 0 {
		return a.bot.InactivityTimeout
	}
	return a.rt.opts.Inactivity
}

func (a *actor) handle(cmd *command) {
	switch cmd.kind {
	case cmdTurn:
		res, err := a.turn(cmd.ctx(), cmd.turn)
		cmd.done <- commandResult{res, err}
	case cmdControl:
		res, err := a.controlCmd(cmd.ctx(), cmd.control)
		cmd.done <- commandResult{res, err}
	case cmdExpire:
		res, err := a.expire()
		cmd.done <- commandResult{res, err}
	case cmdPassivate, cmdShutdown:
		a.stopping = true
	}
}

// hydrate loads the conversation once per actor life. A conversation stored as
// running belongs to no turn of this actor: its turn was cut short (a crash, or a
// commit that failed) and it is recovered to its last committed state (timers.go).
func (a *actor) hydrate(ctx context.Context) error {
	if a.hydrated {
		return nil
	}
	started := time.Now()
	c, err := a.rt.store.Conversation(ctx, a.key)
	switch {
	case parley.ErrorCode(err) == parley.ENOTFOUND:
		a.conv = parley.Conversation{Key: a.key, Engine: a.bot.Engine.Kind(), Lifecycle: parley.LifecycleCreated}
		a.state = a.bot.Engine.NewState(a.key)
	case err != nil:
		return err
	default:
		st, err := a.bot.Engine.DecodeState(c.State)
		if err != nil {
			return parley.WrapError(parley.EINVALIDSTATE, err, "stored state of %s does not decode", a.key)
		}
		a.conv = *c
		a.state = st
	}
	a.hydrated = true
	a.rt.opts.Metrics.hydrated(time.Since(started))
	if a.conv.Lifecycle != parley.LifecycleRunning {
		a.ownMark = 0
		return nil
	}
	if err := a.recoverRunning(ctx); err != nil {
		a.invalidate()
		return err
	}
	return nil
}

// invalidate drops cached state so the next command reloads it from the store.
func (a *actor) invalidate() {
	a.hydrated = false
	a.state = nil
	a.recent, a.next = [recentIDs]uint64{}, 0
	a.lookedUp = false
}

// recentIDs bounds the message ids an actor remembers: redeliveries come soon after
// the first delivery, and ten thousand live actors keep them in 640 KB.
const recentIDs = 8

// idHash hashes a message id (FNV-1a); 0 is kept for "no id".
func idHash(id string) uint64 {
	h := uint64(14695981039346656037)
	for i := 0; i < len(id); i++ {
		h = (h ^ uint64(id[i])) * 1099511628211
	}
	return h | 1
}

// remember records a committed message id.
func (a *actor) remember(id string) {
	a.recent[a.next] = idHash(id)
	a.next = (a.next + 1) % recentIDs
}

func (a *actor) seen(id string) bool {
	h := idHash(id)
	for _, r := range a.recent {
		if r == h {
			return true
		}
	}
	return false
}

func (a *actor) now() time.Time { return a.rt.opts.Now().UTC() }

func (a *actor) stateChanged(st step, at time.Time) parley.Event {
	return a.event(parley.EventStateChanged, parley.StateChangedEvent{FromState: st.from, ToState: st.to, Reason: st.reason}, at)
}

func (a *actor) event(typ parley.EventType, data any, at time.Time) parley.Event {
	b, err := json.Marshal(data)
	if err != nil {
		b = []byte(`null`)
	}
	return parley.Event{Key: a.key, Type: typ, Data: b, At: at}
}

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

// turn runs a turn, deciding it again after a version conflict (another replica
// committed, or is running a turn of the conversation) until it lands or
// TurnTimeout has passed since it started.
func (a *actor) turn(ctx context.Context, req Request) (Result, error) {
	started := time.Now()
	for attempt := 1; ; attempt++ {
		res, err := a.turnOnce(ctx, req)
		if parley.ErrorCode(err) == parley.ECONFLICT && (attempt < maxCommitAttempts || time.Since(started) < a.rt.opts.TurnTimeout) {
			a.invalidate()
			// Jittered backoff so that replicas racing on one conversation take turns.
			time.Sleep(time.Duration(rand.Int64N(int64(min(attempt, 20)) * int64(time.Millisecond))))
			continue
		}
		a.rt.opts.Metrics.turn(a.key.Bot, err, res.Replayed, time.Since(started))
		return res, err
	}
}

// turnOnce takes one turn: replay check, the durable steps that start it (an
// inactivity timeout the message's sent_at proves, the spawn or resume), the running
// mark, the decision (which a pause or cancel may interrupt), the commit.
func (a *actor) turnOnce(ctx context.Context, req Request) (Result, error) {
	if err := a.hydrate(ctx); err != nil {
		return Result{}, err
	}
	msg := req.Message
	if a.seen(msg.ID) || !a.lookedUp {
		if res, ok, err := a.replay(ctx, req); err != nil || ok {
			return res, err
		}
		a.lookedUp = true
	}
	if a.conv.Lifecycle == parley.LifecycleRunning {
		return Result{}, a.errBusyElsewhere()
	}
	at := a.now()
	events, err := a.startSteps(msg.SentAt, at)
	if err != nil {
		return Result{}, err
	}
	running := runningStep()
	if err := a.markRunning(ctx, events, at); err != nil {
		return Result{}, err
	}
	// Subscribers get the stored steps that led here, then idle -> running live.
	a.rt.hub.PublishLive(a.key, a.stateChanged(running, at))
	a.rt.opts.Metrics.lifecycle(a.key.Bot, running.from, running.to)

	index := a.conv.Turns + 1
	decision, stop, streamed, derr := a.decide(ctx, parley.Turn{Conversation: a.key, Index: index, State: a.state, Message: msg}, at)
	if stop != nil {
		return a.interrupted(ctx, req, stop, streamed, running, at)
	}
	if derr != nil {
		// A redelivery of a message processed before this actor hydrated must not
		// fail the conversation: the engine saw it against today's state.
		if res, ok, rerr := a.replay(ctx, req); ok {
			a.rt.hub.PublishLive(a.key, a.stateChanged(step{from: parley.LifecycleRunning, to: parley.LifecycleIdle, reason: "message already processed"}, at))
			a.unmark(ctx, at)
			return res, rerr
		}
		return Result{}, a.failTurn(ctx, derr, running, at)
	}
	if derr != nil {
		return Result{}, a.failTurn(ctx, derr, running, at)
	}
	return a.commitTurn(ctx, req, decision, index, at)
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
	go func() {
		d, err := a.engineDecide(dctx, t)
		done <- decided{d, err}
	}()
	select {
	case r := <-done:
		p.close()
		return r.d, nil, "", r.err
	case cmd := <-a.urgent:
		return parley.Decision{}, cmd, p.close(), nil
	}
}

// commitTurn commits a decided turn and answers it.
func (a *actor) commitTurn(ctx context.Context, req Request, decision parley.Decision, index int64, at time.Time) (Result, error) {
	msg := req.Message
	idle, err := lifecycle(parley.LifecycleRunning).completeSuccess("interaction complete")
	if err != nil {
		return Result{}, err
	}
	stateJSON, err := encodeState(decision.State)
	if err != nil {
		return Result{}, a.failTurn(ctx, fmt.Errorf("encode state: %w", err), runningStep(), at)
	}
	for i := range decision.Replies {
		if decision.Replies[i].ID == "" {
			decision.Replies[i].ID = "a-" + strconv.FormatInt(index, 10) + "-" + strconv.Itoa(i+1)
		}
	}
	turnData := parley.TurnEvent{MessageID: msg.ID, Text: msg.Text, Meaning: msg.Meaning, Transitions: decision.Transitions}
	if turnData.Transitions == nil {
		turnData.Transitions = []parley.Transition{}
	}
	events := []parley.Event{a.event(parley.EventTurn, turnData, at)}
	var extra []string
	for _, e := range decision.Events {
		events = append(events, a.event(e.Type, e.Data, at))
		extra = append(extra, string(e.Type))
	}
	resp := Response{
		ConversationID: a.key.ID, MessageID: msg.ID, Replies: decision.Replies,
		Lifecycle: parley.LifecycleIdle, Version: a.conv.Version + 1,
		Transitions: turnData.Transitions, Events: extra,
	}
	if resp.Replies == nil {
		resp.Replies = []parley.Reply{}
	}
	stored, err := json.Marshal(resp) // "state":null: the state is stored once, with the version
	if err != nil {
		return Result{}, err
	}
	body, ok := spliceState(stored, stateJSON)
	if !ok {
		return Result{}, parley.Errorf(parley.EINTERNAL, "response of %s has no state to fill", a.key)
	}
	var outbox []parley.OutboxEntry
	if ch := a.rt.opts.Channels[req.Channel]; ch != nil && req.Channel != "" {
		outbox, err = ch.Outbox(a.key, msg.ID, decision.Replies, decision.Effects)
		if err != nil {
			return Result{}, err
		}
	}
	next := a.conv
	next.State = stateJSON
	next.Lifecycle = parley.LifecycleIdle
	next.Version++
	next.Turns = index
	next.UpdatedAt = at
	c := &parley.Commit{
		Conversation: next, ExpectedVersion: a.conv.Version, Events: events,
		MessageID: msg.ID, Response: wrapRecord(messageDigest(msg), stored), Outbox: outbox, InboundID: req.InboundID,
	}
	if err := a.commitPublish(ctx, c, -1); err != nil {
		return a.commitFailed(ctx, req, err, at)
	}
	a.state = decision.State
	a.remember(msg.ID)
	a.rt.hub.PublishLive(a.key, a.stateChanged(idle, at))
	a.rt.opts.Metrics.lifecycle(a.key.Bot, idle.from, idle.to)
	a.armInactivity()
	return Result{Body: body}, nil
}

// replay answers a message whose id is already recorded (see replayRecord) and drops
// the inbox entry that carried it, which will never become a turn; ok is false when
// the id is not recorded.
func (a *actor) replay(ctx context.Context, req Request) (res Result, ok bool, err error) {
	p, ok, err := a.rt.store.Processed(ctx, a.key, req.Message.ID)
	if err != nil || !ok {
		return Result{}, false, err
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
func (a *actor) commitFailed(ctx context.Context, req Request, err error, at time.Time) (Result, error) {
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
		return Result{}, err
	case parley.ECONFLICT:
		return Result{}, err
	case parley.EUNAVAILABLE, parley.EINTERNAL:
		return Result{}, parley.WrapError(parley.EUNAVAILABLE, err,
			"the store did not confirm the turn, which may or may not have been committed; retrying with the same message id is safe")
	default:
		return Result{}, err
	}
}

// commitPublish commits c and then, the store having it, takes its conversation as the
// actor's and publishes its events (with their seqs) to the subscribers, except
// c.Events[skip] (skip < 0: none), which they already had live. A failed commit drops
// the cached state: what the store holds is for the next hydrate to read.
func (a *actor) commitPublish(ctx context.Context, c *parley.Commit, skip int) error {
	if err := a.commit(ctx, c); err != nil {
		a.invalidate()
		return err
	}
	a.conv = c.Conversation
	if n := len(c.Events); n > 0 {
		a.conv.LastSeq = c.Events[n-1].Seq
	}
	a.publish(c.Events, skip)
	return nil
}

// publish sends committed events to the subscribers in order, except events[skip]
// (skip < 0: none), which they already had live.
func (a *actor) publish(events []parley.Event, skip int) {
	for i, e := range events {
		if i != skip {
			a.rt.hub.Publish(e)
		}
	}
}

// statePlaceholder is where the state sits in a Response encoded without one: the
// fields after it (lifecycle, version, transitions, events) hold no raw JSON, so its
// last occurrence is the response's own state field.
var statePlaceholder = []byte(`"state":null,"lifecycle":`)

// spliceState returns the response encoded without its state (stored) with state put
// back in its place; ok is false when stored has no state placeholder.
func spliceState(stored, state []byte) ([]byte, bool) {
	i := bytes.LastIndex(stored, statePlaceholder)
	if i < 0 {
		return nil, false
	}
	at := i + len(`"state":`)
	out := make([]byte, 0, len(stored)+len(state))
	out = append(out, stored[:at]...)
	out = append(out, state...)
	return append(out, stored[at+len("null"):]...), true
}

// fullResponse rebuilds a processed message's response: the stored one with the state
// of the version that processed it, byte for byte what the first processing returned.
// A record without a version (migrated whole from an older layout) is returned as is.
func fullResponse(p parley.Processed) []byte {
	if p.Version == 0 {
		return p.Response
	}
	if body, ok := spliceState(p.Response, p.State); ok {
		return body
	}
	return p.Response
}

// jsonAppender is implemented by engine states that encode themselves without
// reflection (the same bytes as json.Marshal, fewer allocations).
type jsonAppender interface {
	AppendJSON(b []byte) []byte
}

func encodeState(st any) ([]byte, error) {
	if a, ok := st.(jsonAppender); ok {
		return a.AppendJSON(make([]byte, 0, 2048)), nil
	}
	return json.Marshal(st)
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

// commitLifecycle commits a lifecycle change with its events and publishes them, but
// events[skip] (skip < 0: none).
func (a *actor) commitLifecycle(ctx context.Context, lc parley.Lifecycle, events []parley.Event, skip int, at time.Time) error {
	next := a.conv
	next.Lifecycle = lc
	next.Version++
	next.UpdatedAt = at
	return a.commitPublish(ctx, &parley.Commit{Conversation: next, ExpectedVersion: a.conv.Version, Events: events}, skip)
}

// inactive fires InactivityTimeout on the live timer: idle or paused -> completed,
// then shutdown.
func (a *actor) inactive() {
	if !a.hydrated || a.conv.Version == 0 || a.conv.Lifecycle.Terminal() {
		a.stopping = true
		return
	}
	if err := a.complete(context.Background(), "inactivity timeout", a.now()); err != nil {
		a.rt.log.Error("record inactivity", "conversation", a.key.String(), "err", err)
	}
	a.stopping = true
}

// Handbacker is implemented by engines with a handoff state that a human can hand
// back (seed 000: handoff -> idle "only after explicit human resolution").
type Handbacker interface {
	Handback(state any, reason string, at time.Time) (parley.Decision, error)
}

func (a *actor) controlCmd(ctx context.Context, req ControlRequest) (Result, error) {
	if err := a.hydrate(ctx); err != nil {
		return Result{}, err
	}
	if a.conv.Version == 0 {
		a.stopping = true
		return Result{}, parley.Errorf(parley.ENOTFOUND, "conversation %s not found", a.key)
	}
	if a.conv.Lifecycle == parley.LifecycleRunning {
		return Result{}, a.errBusyElsewhere()
	}
	if a.expired(a.now()) {
		// The timeout fell due while no actor was live (a restart, a passivation):
		// it is applied first, and the control acts on the completed conversation.
		if err := a.complete(ctx, "inactivity timeout", a.deadline()); err != nil {
			return Result{}, err
		}
		a.stopping = false
	}
	at := a.now()
	var (
		events []parley.Event
		lc     = a.conv.Lifecycle
		err    error
	)
	lifecycleEvent := func(move func(lifecycle, string) (step, error), reason string) error {
		st, err := move(lifecycle(lc), reason)
		if err != nil {
			return parley.WrapError(parley.ECONFLICT, err, "cannot %s a conversation that is %s", req.Kind, lc)
		}
		events = append(events, a.stateChanged(st, at))
		if st.stops() {
			events = append(events, a.event(parley.EventStopped, parley.StoppedEvent{Reason: reason}, at))
			a.stopping = true
		}
		a.rt.opts.Metrics.lifecycle(a.key.Bot, st.from, st.to)
		lc = st.to
		return nil
	}
	reason := req.Reason
	next := a.conv
	switch req.Kind {
	case ControlPause:
		if reason == "" {
			reason = "paused"
		}
		err = lifecycleEvent(lifecycle.pause, reason)
	case ControlResume:
		if lc != parley.LifecyclePaused {
			return Result{}, parley.Errorf(parley.ECONFLICT, "conversation %s is %s, not paused", a.key, lc)
		}
		if reason == "" {
			reason = "resumed"
		}
		err = lifecycleEvent(lifecycle.processInteraction, reason)
	case ControlCancel:
		if reason == "" {
			reason = "user_cancelled"
		}
		err = lifecycleEvent(lifecycle.cancel, reason)
	case ControlReset, ControlHandback:
		if lc.Terminal() || lc == parley.LifecycleCreated || lc == parley.LifecyclePaused {
			var sp []parley.Event
			sp, err = a.spawnSteps(lc, at)
			events = append(events, sp...)
			lc = parley.LifecycleIdle
		}
		if err != nil {
			break
		}
		if req.Kind == ControlReset {
			st := a.bot.Engine.NewState(a.key)
			next.State, err = encodeState(st)
			if err != nil {
				break
			}
			events = append(events, a.event("reset", map[string]string{"reason": reason}, at))
			a.state = st
			break
		}
		hb, ok := a.bot.Engine.(Handbacker)
		if !ok {
			return Result{}, parley.Errorf(parley.EINVALID, "bot %s (engine %s) has no handoff to hand back", a.key.Bot, a.bot.Engine.Kind())
		}
		var d parley.Decision
		d, err = hb.Handback(a.state, reason, at)
		if err != nil {
			break
		}
		next.State, err = encodeState(d.State)
		if err != nil {
			break
		}
		events = append(events, a.event(parley.EventTurn, parley.TurnEvent{MessageID: "", Transitions: nonNil(d.Transitions)}, at))
		for _, e := range d.Events {
			events = append(events, a.event(e.Type, e.Data, at))
		}
		a.state = d.State
	}
	if err != nil {
		a.invalidate()
		return Result{}, err
	}
	next.Lifecycle = lc
	next.Version++
	next.UpdatedAt = at
	c := &parley.Commit{Conversation: next, ExpectedVersion: a.conv.Version, Events: events, InboundID: req.InboundID}
	if req.MessageID != "" {
		c.MessageID, c.Response = req.MessageID, []byte(`{"control":"`+req.Kind+`"}`)
	}
	if err := a.commitPublish(ctx, c, -1); err != nil {
		a.stopping = false
		return Result{}, err
	}
	if !a.stopping {
		a.armInactivity()
	}
	body, err := json.Marshal(a.view())
	return Result{Body: body}, err
}

func nonNil(t []parley.Transition) []parley.Transition {
	if t == nil {
		return []parley.Transition{}
	}
	return t
}
