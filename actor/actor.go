package actor

import (
	"bytes"
	"container/list"
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"strconv"
	"time"

	"github.com/parleyhq/parley"
	"github.com/parleyhq/parley/fsm"
)

type commandKind int

const (
	cmdTurn commandKind = iota
	cmdControl
	cmdPassivate
	cmdShutdown
)

type command struct {
	kind    commandKind
	turn    Request
	control ControlRequest
	done    chan commandResult
}

type commandResult struct {
	result Result
	err    error
}

// actor owns one conversation while it is live. Only its goroutine touches its
// fields, except elem and passivating (guarded by Runtime.mu).
type actor struct {
	rt      *Runtime
	key     parley.ConversationKey
	bot     *parley.Bot
	mailbox chan *command
	exited  chan struct{}

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
	a.inactivity = time.NewTimer(a.rt.opts.Inactivity)
	defer a.inactivity.Stop()
	var heartbeat <-chan time.Time
	if a.rt.opts.Heartbeat > 0 {
		t := time.NewTicker(a.rt.opts.Heartbeat)
		defer t.Stop()
		heartbeat = t.C
	}
	for {
		select {
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
	a.inactivity.Reset(a.rt.opts.Inactivity)
}

func (a *actor) handle(cmd *command) {
	switch cmd.kind {
	case cmdTurn:
		res, err := a.turn(cmd.turn)
		cmd.done <- commandResult{res, err}
	case cmdControl:
		res, err := a.controlCmd(cmd.control)
		cmd.done <- commandResult{res, err}
	case cmdPassivate, cmdShutdown:
		a.stopping = true
	}
}

// hydrate loads the conversation once per actor life.
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
	return nil
}

// invalidate drops cached state so the next command reloads it from the store.
func (a *actor) invalidate() {
	a.hydrated = false
	a.state = nil
	a.recent, a.next = [recentIDs]uint64{}, 0
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

func (a *actor) event(typ string, data any, at time.Time) parley.Event {
	b, err := json.Marshal(data)
	if err != nil {
		b = []byte(`null`)
	}
	return parley.Event{Key: a.key, Type: typ, Data: b, At: at}
}

// spawnSteps brings a new or terminal conversation to idle: created
// --ProcessInteraction--> idle ("Spawn"), a fresh actor for a terminal one
// ("Respawning", history preserved), and paused --ProcessInteraction--> idle.
func (a *actor) spawnSteps(at time.Time) ([]parley.Event, error) {
	var events []parley.Event
	from := a.conv.Lifecycle
	reason := "spawned"
	if from.Terminal() {
		reason = "respawned after " + string(from)
		from = parley.LifecycleCreated
	}
	switch from {
	case parley.LifecycleCreated:
		st, err := lifecycleStep(a.key, parley.LifecycleCreated, fsm.LifecycleEventProcessInteraction, reason)
		if err != nil {
			return nil, err
		}
		events = append(events, a.stateChanged(st, at))
	case parley.LifecyclePaused:
		st, err := lifecycleStep(a.key, parley.LifecyclePaused, fsm.LifecycleEventProcessInteraction, "message while paused")
		if err != nil {
			return nil, err
		}
		events = append(events, a.stateChanged(st, at))
	case parley.LifecycleIdle:
	default:
		return nil, parley.Errorf(parley.EINVALIDSTATE, "stored lifecycle %q of %s", from, a.key)
	}
	return events, nil
}

func (a *actor) turn(req Request) (Result, error) {
	ctx := context.Background()
	started := time.Now()
	for attempt := 1; ; attempt++ {
		res, err := a.turnOnce(ctx, req)
		if parley.ErrorCode(err) == parley.ECONFLICT && attempt < maxCommitAttempts {
			a.invalidate()
			// Jittered backoff so that replicas racing on one conversation take turns.
			time.Sleep(time.Duration(rand.Int64N(int64(attempt) * int64(time.Millisecond))))
			continue
		}
		a.rt.opts.Metrics.turn(a.key.Bot, err, res.Replayed, time.Since(started))
		return res, err
	}
}

func (a *actor) turnOnce(ctx context.Context, req Request) (Result, error) {
	if err := a.hydrate(ctx); err != nil {
		return Result{}, err
	}
	msg := req.Message
	if a.seen(msg.ID) {
		if res, ok, err := a.replay(ctx, req); err != nil || ok {
			return res, err
		}
	}
	at := a.now()
	events, err := a.spawnSteps(at)
	if err != nil {
		return Result{}, err
	}
	running, err := lifecycleStep(a.key, parley.LifecycleIdle, fsm.LifecycleEventProcessInteraction, "processing user interaction")
	if err != nil {
		return Result{}, err
	}
	// Subscribers must see a path of seed 004's table. The spawn steps (created ->
	// idle, paused -> idle) are stored with the turn and reach them only after the
	// commit, so idle -> running, which is live only, goes out before the decision
	// only when no spawn step precedes it; otherwise right after them.
	early := len(events) == 0
	if early {
		a.rt.hub.PublishLive(a.key, a.stateChanged(running, at))
	}
	a.rt.opts.Metrics.lifecycle(a.key.Bot, running.from, running.to)

	index := a.conv.Turns + 1
	decision, derr := a.bot.Engine.Decide(ctx, parley.Turn{Conversation: a.key, Index: index, State: a.state, Message: msg})
	if derr != nil {
		// A redelivery of a message processed before this actor hydrated must not
		// fail the conversation: the engine saw it against today's state.
		if res, ok, rerr := a.replay(ctx, req); ok {
			if early {
				a.rt.hub.PublishLive(a.key, a.stateChanged(step{from: parley.LifecycleRunning, to: parley.LifecycleIdle, reason: "message already processed"}, at))
			}
			return res, rerr
		}
		return Result{}, a.failTurn(ctx, derr, events, running, early, at)
	}
	idle, err := lifecycleStep(a.key, parley.LifecycleRunning, fsm.LifecycleEventInteractionCompleteSuccess, "interaction complete")
	if err != nil {
		return Result{}, err
	}
	stateJSON, err := encodeState(decision.State)
	if err != nil {
		return Result{}, a.failTurn(ctx, fmt.Errorf("encode state: %w", err), events, running, early, at)
	}
	for i := range decision.Replies {
		if decision.Replies[i].ID == "" {
			decision.Replies[i].ID = "a-" + strconv.FormatInt(index, 10) + "-" + strconv.Itoa(i+1)
		}
	}
	spawned := len(events)
	turnData := parley.TurnEvent{MessageID: msg.ID, Text: msg.Text, Meaning: msg.Meaning, Transitions: decision.Transitions}
	if turnData.Transitions == nil {
		turnData.Transitions = []parley.Transition{}
	}
	events = append(events, a.event(parley.EventTurn, turnData, at))
	var extra []string
	for _, e := range decision.Events {
		events = append(events, a.event(e.Type, e.Data, at))
		extra = append(extra, e.Type)
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
	if next.CreatedAt.IsZero() {
		next.CreatedAt = at
	}
	next.UpdatedAt = at
	c := &parley.Commit{
		Conversation: next, ExpectedVersion: a.conv.Version, Events: events,
		MessageID: msg.ID, Response: wrapRecord(messageDigest(msg), stored), Outbox: outbox, InboundID: req.InboundID,
	}
	if err := a.rt.store.Commit(ctx, c); err != nil {
		return a.commitFailed(ctx, req, err, early, at)
	}
	a.conv = c.Conversation
	if n := len(c.Events); n > 0 {
		a.conv.LastSeq = c.Events[n-1].Seq
	}
	a.state = decision.State
	a.remember(msg.ID)
	a.publish(c.Events[:spawned], -1)
	if !early {
		a.rt.hub.PublishLive(a.key, a.stateChanged(running, at))
	}
	a.publish(c.Events[spawned:], -1)
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
// stored response if the turn landed and is processed if it did not.
func (a *actor) commitFailed(ctx context.Context, req Request, err error, early bool, at time.Time) (Result, error) {
	if early {
		a.rt.hub.PublishLive(a.key, a.stateChanged(step{from: parley.LifecycleRunning, to: parley.LifecycleIdle, reason: "commit failed"}, at))
	}
	switch parley.ErrorCode(err) {
	case parley.EDUPLICATE:
		// Processed before this actor hydrated (it looks up only the ids it committed
		// itself), or meanwhile by another replica: answer with its record.
		a.invalidate()
		if res, ok, rerr := a.replay(ctx, req); rerr == nil && ok {
			return res, nil
		} else if ok {
			return res, rerr
		}
		return Result{}, err
	case parley.ECONFLICT:
		return Result{}, err
	case parley.EUNAVAILABLE, parley.EINTERNAL:
		a.invalidate()
		return Result{}, parley.WrapError(parley.EUNAVAILABLE, err,
			"the store did not confirm the turn, which may or may not have been committed; retrying with the same message id is safe")
	default:
		a.invalidate()
		return Result{}, err
	}
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

// failTurn records InteractionComplete(error): running -> error, terminal, with the
// error in the stopped event. idle -> running is stored before it so that the stored
// log alone is a path of seed 004's table; subscribers that had it live (early) are
// not sent it twice. The message is not recorded as processed, so a retry after the
// respawn runs it again.
func (a *actor) failTurn(ctx context.Context, cause error, events []parley.Event, running step, early bool, at time.Time) error {
	st, err := lifecycleStep(a.key, parley.LifecycleRunning, fsm.LifecycleEventInteractionCompleteError, "interaction failed: "+parley.ErrorMessage(cause))
	if err != nil {
		return err
	}
	a.rt.log.Error("turn failed", "conversation", a.key.String(), "err", cause)
	skip := -1
	if early {
		skip = len(events)
	}
	events = append(events, a.stateChanged(running, at), a.stateChanged(st, at),
		a.event(parley.EventStopped, parley.StoppedEvent{Reason: "error: " + parley.ErrorMessage(cause)}, at))
	if a.conv.Version > 0 {
		committed, cerr := a.commitLifecycle(ctx, parley.LifecycleError, events, 0, at)
		if cerr != nil {
			a.rt.log.Error("record error lifecycle", "conversation", a.key.String(), "err", cerr)
		}
		a.publish(committed, skip)
	}
	a.rt.opts.Metrics.lifecycle(a.key.Bot, st.from, st.to)
	a.stopping = true
	code := parley.ErrorCode(cause)
	if code == parley.EINTERNAL {
		return parley.WrapError(parley.EINTERNAL, cause, "the bot failed to process the message")
	}
	return cause
}

// commitLifecycle commits a lifecycle change with its events and returns them as
// stored (with their seqs) for the caller to publish.
func (a *actor) commitLifecycle(ctx context.Context, lc parley.Lifecycle, events []parley.Event, inboundID int64, at time.Time) ([]parley.Event, error) {
	next := a.conv
	next.Lifecycle = lc
	next.Version++
	next.UpdatedAt = at
	c := &parley.Commit{Conversation: next, ExpectedVersion: a.conv.Version, Events: events, InboundID: inboundID}
	if err := a.rt.store.Commit(ctx, c); err != nil {
		a.invalidate()
		return nil, err
	}
	a.conv = c.Conversation
	if n := len(c.Events); n > 0 {
		a.conv.LastSeq = c.Events[n-1].Seq
	}
	return c.Events, nil
}

// inactive fires InactivityTimeout: idle or paused -> completed, then shutdown.
func (a *actor) inactive() {
	if !a.hydrated || a.conv.Version == 0 || a.conv.Lifecycle.Terminal() {
		a.stopping = true
		return
	}
	at := a.now()
	st, err := lifecycleStep(a.key, a.conv.Lifecycle, fsm.LifecycleEventInactivityTimeout, "inactivity timeout")
	if err != nil {
		a.stopping = true
		return
	}
	events := []parley.Event{a.stateChanged(st, at)}
	if st.has(ActionEmitStopped) {
		events = append(events, a.event(parley.EventStopped, parley.StoppedEvent{Reason: "inactivity_timeout"}, at))
	}
	committed, err := a.commitLifecycle(context.Background(), st.to, events, 0, at)
	if err != nil {
		a.rt.log.Error("record inactivity", "conversation", a.key.String(), "err", err)
	}
	a.publish(committed, -1)
	a.rt.opts.Metrics.lifecycle(a.key.Bot, st.from, st.to)
	a.stopping = true
}

// Handbacker is implemented by engines with a handoff state that a human can hand
// back (seed 000: handoff -> idle "only after explicit human resolution").
type Handbacker interface {
	Handback(state any, reason string, at time.Time) (parley.Decision, error)
}

func (a *actor) controlCmd(req ControlRequest) (Result, error) {
	ctx := context.Background()
	if err := a.hydrate(ctx); err != nil {
		return Result{}, err
	}
	if a.conv.Version == 0 {
		a.stopping = true
		return Result{}, parley.Errorf(parley.ENOTFOUND, "conversation %s not found", a.key)
	}
	at := a.now()
	var (
		events []parley.Event
		lc     = a.conv.Lifecycle
		err    error
	)
	lifecycleEvent := func(ev fsm.LifecycleEvent, reason string) error {
		st, err := lifecycleStep(a.key, lc, ev, reason)
		if err != nil {
			return parley.WrapError(parley.ECONFLICT, err, "cannot %s a conversation that is %s", req.Kind, lc)
		}
		events = append(events, a.stateChanged(st, at))
		if st.has(ActionEmitStopped) {
			events = append(events, a.event(parley.EventStopped, parley.StoppedEvent{Reason: reason}, at))
		}
		if st.has(ActionShutdown) {
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
		err = lifecycleEvent(fsm.LifecycleEventPause, reason)
	case ControlResume:
		if lc != parley.LifecyclePaused {
			return Result{}, parley.Errorf(parley.ECONFLICT, "conversation %s is %s, not paused", a.key, lc)
		}
		if reason == "" {
			reason = "resumed"
		}
		err = lifecycleEvent(fsm.LifecycleEventProcessInteraction, reason)
	case ControlCancel:
		if reason == "" {
			reason = "user_cancelled"
		}
		err = lifecycleEvent(fsm.LifecycleEventCancel, reason)
	case ControlReset, ControlHandback:
		if lc.Terminal() || lc == parley.LifecycleCreated || lc == parley.LifecyclePaused {
			var sp []parley.Event
			sp, err = a.spawnSteps(at)
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
	if err := a.rt.store.Commit(ctx, c); err != nil {
		a.invalidate()
		a.stopping = false
		return Result{}, err
	}
	a.conv = c.Conversation
	if n := len(c.Events); n > 0 {
		a.conv.LastSeq = c.Events[n-1].Seq
	}
	a.publish(c.Events, -1)
	if !a.stopping {
		a.armInactivity()
	}
	view := ConversationView{
		Bot: a.key.Bot, ConversationID: a.key.ID, Engine: a.conv.Engine, State: a.conv.State,
		Lifecycle: a.conv.Lifecycle, Version: a.conv.Version, Turns: a.conv.Turns, LastEventID: a.conv.LastSeq,
		CreatedAt: a.conv.CreatedAt, UpdatedAt: a.conv.UpdatedAt, Live: !a.stopping,
	}
	body, err := json.Marshal(view)
	return Result{Body: body}, err
}

func nonNil(t []parley.Transition) []parley.Transition {
	if t == nil {
		return []parley.Transition{}
	}
	return t
}
