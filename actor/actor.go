package actor

import (
	"context"
	"encoding/json"
	"sync/atomic"
	"time"

	"github.com/parleyhq/parley"
	"github.com/parleyhq/parley/turnlog"
)

type commandKind int

const (
	cmdTurn commandKind = iota
	cmdControl
	cmdPassivate
	// cmdExpire asks the actor to apply the inactivity timeout the store says is due
	// (the sweeper, sweep.go).
	cmdExpire
	// cmdInactive is the live inactivity timer's: the actor checks that no turn
	// re-armed it meanwhile and completes the conversation (actor.inactive).
	cmdInactive
	// cmdAgent is a person's message into a conversation handed off (agent.go).
	cmdAgent
	// cmdResume asks the actor to resume the call intent the store says a stopped
	// server left (the sweeper, sweep.go; intent.go).
	cmdResume
)

type command struct {
	kind    commandKind
	turn    parley.TurnRequest
	control parley.ControlRequest
	agent   parley.AgentMessageRequest
	// done carries the answer of a command delivered to the actor's queue; it is nil
	// for one its caller runs (Runtime.send, runHere), answered in result, and for
	// the runtime's own commands (passivate, inactive), which answer nothing.
	done   chan commandResult
	result commandResult
	// values is the caller's context, for its values (its trace span) and not its
	// cancellation: a turn, once queued, runs to its commit (commandContext).
	values context.Context
	// ctx is what the command runs in (handle), kept here so that handing it out as
	// a context.Context costs no allocation of its own.
	ctx commandContext
}

// answer answers the command: on done when it was delivered, in result when its
// caller runs it.
func (c *command) answer(res commandResult) {
	if c.done != nil {
		c.done <- res
		return
	}
	c.result = res
}

type commandResult struct {
	result parley.Result
	err    error
}

// urgent reports whether a command overtakes a running turn: pause and cancel do
// (seed 004: Running --Pause--> Paused, Running --Cancel--> Cancelled).
func (c *command) urgent() bool {
	return c.kind == cmdControl && (c.control.Kind == parley.ControlPause || c.control.Kind == parley.ControlCancel)
}

// actor owns one conversation while it is live. It has no goroutine of its own: a
// delivered command starts a runner (a warm goroutine of the runtime's pool, drain)
// when none runs the actor, and the runner handles queued commands one at a time
// until both queues are empty; the actor then parks, costing no goroutine stack,
// until the next command. Only the runner touches its fields, except shard, newer,
// older, usedAt, passivating, active and gone (guarded by its registry shard's mu).
type actor struct {
	rt  *Runtime
	key parley.ConversationKey
	bot *parley.Bot
	// immediate says the bot's engine decides without waiting on anything
	// (parley.Immediate): its turns decide on the runner's goroutine, and an idle
	// actor's command runs on its caller's (Runtime.send, runHere).
	immediate bool
	mailbox   chan *command
	// urgent carries pause and cancel, which the actor reads while a turn runs.
	urgent chan *command
	// intentFn records the intents of the turn in run (an immediate engine's,
	// decide), bound on the first.
	intentFn parley.IntentRecorder
	run      *turnRun

	// shard is the registry shard the actor lives in; newer and older link its
	// recency list (registry.go).
	shard        *registryShard
	newer, older *actor
	usedAt       int64 // when a command last came (registry.now)
	passivating  bool
	// active is set while a runner runs the actor's commands; gone once it left the
	// live set.
	active, gone bool

	hydrated bool
	conv     parley.Conversation // as stored, its state unfolded; Version 0 = not stored yet
	state    any                 // decoded engine state
	// fold is the fold bookkeeping of the conversation's states
	// (turnlog.Fold): the actor, their only committer, stores them folded when
	// the turn log rebuilds them.
	fold     turnlog.Fold
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
	// running is set while a turn of the conversation is in flight: seed 004's
	// Running lives here, not in the store, and GET reads it (Runtime.Conversation).
	running atomic.Bool
	// intentHead says the hydrated head is stored running: a turn's recorded call
	// intent (intent.go), this actor's own when its version is ownIntent.
	intentHead bool
	ownIntent  int64
	// watched is set once this actor has counted another server's intent on the
	// runtime's leaseWatch, which it forgets once the intent no longer holds.
	watched bool

	// inactivity is the live inactivity timer, armed at armedAt: when it fires it
	// delivers cmdInactive, which completes the conversation unless a turn re-armed
	// the timer since.
	inactivity *time.Timer
	armedAt    time.Time
}

// drain runs the actor's queued commands, pause and cancel first, until none is
// left: then the actor parks without a goroutine, or leaves the live set when it is
// stopping (a terminal state, a passivation, the runtime closing).
func (a *actor) drain() {
	for {
		cmd := a.nextCommand()
		if cmd == nil {
			if a.park() {
				a.rt.parked()
				return
			}
			continue
		}
		a.handle(cmd)
		if a.stopping && a.tryExit() {
			return
		}
	}
}

// runHere runs cmd on the caller's goroutine, which Runtime.send made the actor's
// runner: the command, then the exit of a stopping actor, then either the park or,
// when commands came meanwhile, a runner of the pool for them, so that the caller
// answers as soon as its own command is done.
func (a *actor) runHere(cmd *command) {
	a.handle(cmd)
	if a.stopping && a.tryExit() {
		return
	}
	if !a.park() {
		a.rt.workers.run(a)
		return
	}
	a.rt.parked()
}

// nextCommand returns the next queued command, urgent ones first, or nil.
func (a *actor) nextCommand() *command {
	select {
	case cmd := <-a.urgent:
		return cmd
	default:
	}
	select {
	case cmd := <-a.urgent:
		return cmd
	case cmd := <-a.mailbox:
		return cmd
	default:
		return nil
	}
}

// park ends the runner once both queues are empty, checked under its registry
// shard's lock, which every delivery holds, so no command is left without a runner.
// A stopping actor, or any once the runtime is closing, leaves the live set.
func (a *actor) park() bool {
	r := a.rt
	a.shard.mu.Lock()
	defer a.shard.mu.Unlock()
	if len(a.mailbox) > 0 || len(a.urgent) > 0 {
		return false
	}
	a.active = false
	if a.stopping || r.closed.Load() {
		r.exitLocked(a)
	}
	return true
}

func (a *actor) tryExit() bool {
	a.shard.mu.Lock()
	defer a.shard.mu.Unlock()
	return a.rt.exitLocked(a)
}

// armInactivity (re)starts the live inactivity timer.
func (a *actor) armInactivity() {
	a.armedAt = time.Now()
	a.inactivity.Reset(a.timeout())
}

// inactivityFired delivers cmdInactive to a live actor (the timer's function).
func (a *actor) inactivityFired() {
	r := a.rt
	a.shard.mu.Lock()
	defer a.shard.mu.Unlock()
	if !a.gone && !r.closed.Load() {
		// A full mailbox means turns are coming, and each re-arms the timer.
		r.deliverLocked(a, &command{kind: cmdInactive})
	}
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
	case cmdPassivate:
		a.stopping = true
		return
	case cmdInactive:
		// A timer that fired as a turn re-armed it is stale.
		if time.Since(a.armedAt) >= a.timeout() {
			a.inactive()
		}
		return
	}
	cmd.ctx = commandContext{Context: a.rt.ctx, values: cmd.values}
	ctx := &cmd.ctx
	var res parley.Result
	var err error
	switch cmd.kind {
	case cmdTurn:
		res, err = a.turn(ctx, cmd.turn)
	case cmdControl:
		res, err = a.controlCmd(ctx, cmd.control)
	case cmdExpire:
		res, err = a.expire(ctx)
	case cmdResume:
		res, err = a.resumeCall(ctx)
	case cmdAgent:
		res, err = a.agentCmd(ctx, cmd.agent)
	}
	cmd.answer(commandResult{res, err})
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
		a.intentHead = false
		a.conv = parley.Conversation{Key: a.key, Engine: a.bot.Engine.Kind(), Lifecycle: parley.LifecycleCreated}
		a.state = a.bot.Engine.NewState(a.key)
		a.fold.Start()
		// Nothing is stored under a conversation the store does not have, so no id
		// needs looking up: a second read per new conversation saved. Another replica
		// that creates it meanwhile makes this actor's commit ECONFLICT (or, for the
		// same message id, EDUPLICATE), and the retry hydrates and looks up again.
		a.lookedUp = true
	case err != nil:
		return err
	default:
		if err := a.fold.Hydrate(ctx, a.rt.reader, a.key, c); err != nil {
			return err
		}
		st, err := a.bot.Engine.DecodeState(c.State)
		if err != nil {
			return parley.WrapError(parley.EINVALIDSTATE, err, "stored state of %s does not decode", a.key)
		}
		a.conv = *c
		a.state = st
		a.intentHead = a.conv.Lifecycle == parley.LifecycleRunning
		if a.intentHead {
			// A turn's call intent (intent.go), or a running mark a server before
			// one-commit turns left behind: either way the turn that stored it
			// committed nothing of itself yet, and the log's last lifecycle step is
			// to idle, which the next turn starts from once the intent is not held.
			a.conv.Lifecycle = parley.LifecycleIdle
		}
	}
	a.hydrated = true
	a.rt.opts.Metrics.hydrated(time.Since(started))
	return nil
}

// invalidate drops cached state so the next command reloads it from the store.
func (a *actor) invalidate() {
	a.hydrated = false
	a.state = nil
	a.fold.Reset()
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
	data, ok := everyTurnSteps[st]
	if !ok {
		data = turnlog.StateChangedData(st.from, st.to, st.reason)
	}
	return parley.Event{Key: a.key, Type: parley.EventStateChanged, Data: data, At: at}
}

// everyTurnSteps holds the data of the lifecycle steps turns take with the same
// reason every time (a spawn, idle -> running), encoded once: the bytes are the same
// for every turn, and nobody writes to an event's data (the stores copy it, the
// subscribers read it).
var everyTurnSteps = func() map[step]json.RawMessage {
	m := map[step]json.RawMessage{}
	for _, st := range []step{
		{from: parley.LifecycleCreated, to: parley.LifecycleIdle, reason: reasonSpawned},
		{from: parley.LifecycleIdle, to: parley.LifecycleRunning, reason: turnlog.ReasonTurnStarts},
		{from: parley.LifecycleRunning, to: parley.LifecycleIdle, reason: turnlog.ReasonTurnEnds},
	} {
		m[st] = turnlog.StateChangedData(st.from, st.to, st.reason)
	}
	return m
}()

func (a *actor) event(typ parley.EventType, data any, at time.Time) parley.Event {
	b, err := json.Marshal(data)
	if err != nil {
		b = []byte(`null`)
	}
	return parley.Event{Key: a.key, Type: typ, Data: b, At: at}
}

// commitPublish commits a change that is not a turn (a control, an inactivity
// timeout) and then, the store having it, takes its conversation as the actor's and
// publishes its events (with their seqs) to the subscribers. A failed commit drops
// the cached state: what the store holds is for the next hydrate to read.
func (a *actor) commitPublish(ctx context.Context, c *parley.Commit) error {
	if err := a.commit(ctx, c, nil); err != nil {
		a.invalidate()
		return err
	}
	a.conv = c.Conversation
	if a.rt.hub.Watched(a.key) {
		for _, e := range turnlog.LogEvents(c) {
			a.rt.hub.Publish(e)
		}
	}
	return nil
}

// view is the conversation as GET shows it.
func (a *actor) view() parley.ConversationView {
	return parley.ConversationView{ConversationSummary: parley.SummaryOf(a.key, a.conv), Live: !a.stopping}
}

// inactive fires InactivityTimeout on the live timer: idle or paused -> completed,
// then shutdown.
func (a *actor) inactive() {
	if !a.hydrated || a.conv.Version == 0 || a.conv.Lifecycle.Terminal() {
		a.stopping = true
		return
	}
	if err := a.complete(a.rt.ctx, "inactivity timeout", a.now()); err != nil {
		a.rt.log.Error("record inactivity", "conversation", a.key.String(), "err", err)
	}
	a.stopping = true
}
