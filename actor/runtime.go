// Package actor is Parley's turn runtime, the implementation of parley.Conversations:
// every conversation runs in an actor whose lifecycle is seed 004's machine
// (Lifecycle, in lifecycle.go: one table, moved by one function, move), whatever
// engine decides its turns.
//
// An actor has a bounded mailbox and no goroutine of its own while it waits: a command
// delivered to it starts a runner (a warm goroutine of the runtime's pool) that
// handles what is queued and lets the actor park again, so that ten thousand live
// actors cost no goroutine stacks. An actor serializes the conversation's turns and
// controls (pause, resume, cancel, reset, handback) in arrival order, while different
// conversations run in parallel; pause and cancel alone go through a second, urgent
// queue that the runner reads while a turn runs.
//
// A turn reads top to bottom in turn.go (turnOnce): admit -> replay check -> lifecycle
// steps (an inactivity timeout the message's sent_at proves, the spawn or resume) ->
// running -> decide (interruptible) -> one commit -> publish -> answer. Running lives
// in the actor, not in the store: GET answers it from the live actor
// (Runtime.Conversation) and subscribers get the steps that start the turn, idle ->
// running last, live before the decision. The turn's single version-checked commit
// stores those steps, idle -> running and how the turn ended (running -> idle with the
// turn event, the engine's events, the new state, the response and the outbox
// entries; or running -> error, paused or cancelled), so that the stored log alone is
// a path of the seed's table. A turn that does not commit (a crash, a store failure, a
// version conflict) stores nothing, and a retry with the same message id runs it.
//
// A message id already processed is answered with the stored response and changes
// nothing. The actor looks up the ids it committed recently (a redelivery) and, on the
// first turn of its life, any id (a retry after a restart or a terminal state, which
// must not run its turn again); the store refuses any other processed id at commit
// (EDUPLICATE), and the actor then answers from the record. The response is committed
// without the state it embeds (the store keeps each version's state once) and rebuilt
// byte for byte on replay.
//
// Interruption: the engine decides on another warm goroutine while the actor's runner
// waits for it or for an urgent command. A pause or cancel cancels the decision's context
// (webhook action, catalog call) and the turn commits running -> paused or running ->
// cancelled with the pre-turn state, stopped's partial_response, and an interrupted
// record under the message id, so the turn's caller and every retry get EINTERRUPTED
// (409). Pause semantics: the interrupted message is answered, not parked; resume does
// not run it again.
//
// Timers (timers.go, sweep.go): the inactivity timeout (Bot.InactivityTimeout, else
// Options.Inactivity, default 10 minutes) completes an idle or paused conversation: a
// live actor's timer, a message whose sent_at is past the stored deadline, a control
// by the server clock, and for conversations with no live actor the sweeper, which
// reads due conversations through the store's optional ListConversations.
//
// Idempotency: the processed-message record holds the response and a digest of the
// message it answered (record.go), so a message id reused for another message is
// EIDEMPOTENCY rather than a replay. Every store call has a deadline
// (Options.StoreTimeout); a commit that fails without proving that nothing was
// written is EUNAVAILABLE with a message saying a retry with the same id is safe. On a
// terminal state the actor persists it and leaves the live set; the hub keeps serving
// subscribers. A later interaction spawns a fresh actor
// hydrated from the store, the conversation's history preserved ("Respawning").
//
// Replicas: several runtimes on one database (package postgres) serialize a
// conversation's turns through the commit's version check: a turn that lost the race
// (ECONFLICT) is decided again on the fresh state. Another replica's GET shows the
// last committed version (never running) until the turn commits.
//
// Memory is bounded: at most Options.MaxActors actors live at once; the least
// recently used idle actor passivates (its goroutine ends; its state is already in the
// store, and its lifecycle stays as stored).
//
// Shutdown: the runtime has a context of its own, which commands (with their callers'
// values, not their cancellation), the sweeper and the inactivity timers run in.
// Close stops accepting commands, lets every actor finish what it has queued, then
// cancels that context and waits for every goroutine the runtime started.
package actor

import (
	"context"
	"encoding/json"
	"log/slog"
	"sync"
	"sync/atomic"
	"time"

	"github.com/parleyhq/parley"
	"github.com/parleyhq/parley/turnlog"
)

// Options configure a Runtime. Zero values take the defaults.
type Options struct {
	// MaxActors caps live actors (default 10,000).
	MaxActors int
	// MailboxSize bounds each actor's queue (default 64); a full mailbox refuses with
	// EOVERLOADED.
	MailboxSize int
	// Inactivity is seed 004's inactivity timeout (default 10 minutes).
	Inactivity time.Duration
	// Heartbeat is the period of the live actors' keep-alive Ping, counted by
	// Metrics (default 30 s; negative disables it).
	Heartbeat time.Duration
	// Now is the server clock, used only to fill a message's missing sent_at and to
	// stamp lifecycle events. Engines never see it.
	Now func() time.Time
	// Channels map an inbound channel name ("chatwoot") to what turns its replies into
	// outbox entries committed with the turn.
	Channels map[string]parley.ChannelOutbox
	// Watcher, when set, sees every decided turn whatever its channel: the outbox
	// entries it makes of the turn's effects are committed with it (a handoff
	// webhook), and it is told the turn's events once committed (logs, metrics).
	Watcher TurnWatcher
	Logger  *slog.Logger
	Metrics *Metrics
	// Hub receives every committed event; one is created when nil.
	Hub *Hub
	// StoreTimeout bounds every store call the runtime makes (default
	// DefaultStoreTimeout); a call that misses it is EUNAVAILABLE. WithStoreTimeout
	// gives the store's other consumers the same bound.
	StoreTimeout time.Duration
	// TurnTimeout bounds how long Turn and Control wait for the actor's answer when
	// the caller's context has no earlier deadline (default DefaultTurnTimeout). A
	// command still queued then is processed later; the caller gets EUNAVAILABLE and
	// may retry with the same message id.
	TurnTimeout time.Duration
	// IntentLease is how long a turn's recorded call intent holds its conversation
	// (intent.go): a message for it meanwhile, on any replica, waits for that turn
	// (up to its own deadline) rather than deciding; after the lease the holder is
	// taken for dead and the call is sent again under its key. It must exceed the
	// longest call a bot makes (default DefaultIntentLease).
	IntentLease time.Duration
	// SharedStore says that other servers commit to the same store: another
	// server's intent is then taken for dead only once this server has itself seen
	// it held for a whole lease, whatever the other's clock (leasewatch.go). New sets
	// it for a store that says it is shared (SharedStore: PostgreSQL). A store one
	// server owns (SQLite) counts the lease from the intent's stamp alone, so a
	// restarted server resumes an old intent at once.
	SharedStore bool
}

// SharedStore is the optional behaviour of a store that servers share (replicas on
// one database): SharedAmongServers reports whether they may.
type SharedStore interface {
	SharedAmongServers() bool
}

// DefaultTurnTimeout keeps a turn's answer well inside an HTTP server's write timeout
// (cmd/parley: 30 s) even when the store is slow for every call of the turn.
const DefaultTurnTimeout = 15 * time.Second

// Store is what the runtime needs of a parley.Store: the conversation log it reads
// and commits turns to, and the removal of a redelivered webhook's inbox entry.
type Store interface {
	Conversation(ctx context.Context, key parley.ConversationKey) (*parley.Conversation, error)
	Processed(ctx context.Context, key parley.ConversationKey, messageID string) (parley.Processed, bool, error)
	Commit(ctx context.Context, c *parley.Commit) error
	DropInbound(ctx context.Context, id int64) error
}

// Runtime routes turns to conversation actors.
type Runtime struct {
	store timedStore
	// reader reads the store with states whole (turnlog.Reader): every read of a
	// stored state the runtime makes, through the same deadlines; it reads turn
	// records only when the store can, and no state is folded otherwise.
	reader *turnlog.Reader
	bots   map[string]*parley.Bot
	opts   Options
	hub    *Hub
	log    *slog.Logger

	sweep *sweeper
	// workers are warm goroutines (workers.go): actors' runners and the engines'
	// decisions run on them.
	workers *workers

	// ctx is the runtime's own context: commands run in it (with their callers'
	// values), and so do the sweeper and the inactivity timers. Close cancels it
	// once the actors have drained.
	ctx    context.Context
	cancel context.CancelFunc
	// wg tracks every goroutine the runtime starts (actors, the sweeper, decisions)
	// for Close to wait for.
	wg sync.WaitGroup

	// immediate holds the bots whose engines decide without waiting on anything
	// (parley.Immediate): their turns run on one goroutine (send, actor.decide).
	immediate map[string]bool
	// leases counts other servers' intent leases on this server's clock.
	leases leaseWatch

	// reg holds the live actors, sharded by conversation (registry.go).
	reg registry
	// closed is set once Close starts; a command is delivered only under its
	// shard's lock with closed unset, so Close, which then takes every shard's
	// lock, finds every actor it has to wait for.
	closed atomic.Bool
}

// New returns a Runtime over store running bots.
func New(store Store, bots []*parley.Bot, opts Options) *Runtime {
	opts = opts.withDefaults()
	if sh, ok := store.(SharedStore); ok && sh.SharedAmongServers() {
		opts.SharedStore = true
	}
	hub := opts.Hub
	if hub == nil {
		hub = NewHub(0)
	}
	r := &Runtime{
		store:     timedStore{Store: store, timeout: callTimeout(store, opts.StoreTimeout)},
		bots:      make(map[string]*parley.Bot, len(bots)),
		immediate: map[string]bool{},
		opts:      opts,
		hub:       hub,
		log:       opts.Logger,
	}
	r.reg.init()
	for _, b := range bots {
		r.bots[b.Name] = b
		if parley.IsImmediate(b.Engine) {
			r.immediate[b.Name] = true
		}
	}
	r.reader = turnlog.NewReader(readLog(r.store, store), bots)
	r.ctx, r.cancel = context.WithCancel(context.Background())
	r.workers = newWorkers(&r.wg)
	if opts.Heartbeat > 0 && opts.Metrics != nil {
		r.wg.Go(r.heartbeat)
	}
	r.sweep = startSweeper(r)
	return r
}

// withDefaults fills the options left zero (or negative) with their defaults.
func (opts Options) withDefaults() Options {
	if opts.MaxActors <= 0 {
		opts.MaxActors = 10000
	}
	if opts.MailboxSize <= 0 {
		opts.MailboxSize = 64
	}
	if opts.Inactivity <= 0 {
		opts.Inactivity = 10 * time.Minute
	}
	if opts.Heartbeat == 0 {
		opts.Heartbeat = 30 * time.Second
	}
	if opts.Now == nil {
		opts.Now = time.Now
	}
	if opts.Logger == nil {
		opts.Logger = slog.New(slog.DiscardHandler)
	}
	if opts.StoreTimeout <= 0 {
		opts.StoreTimeout = DefaultStoreTimeout
	}
	if opts.TurnTimeout <= 0 {
		opts.TurnTimeout = DefaultTurnTimeout
	}
	if opts.IntentLease <= 0 {
		opts.IntentLease = DefaultIntentLease
	}
	return opts
}

// commandContext is what a command runs in: the runtime's context (its cancellation,
// Close) with its caller's values (the trace span), since a command, once queued,
// runs to its commit. It costs one small value per command: nothing is registered
// with a parent, and a context derived from it (the decision's, a store call's
// deadline) hangs off the runtime's context directly.
type commandContext struct {
	context.Context                 // the runtime's
	values          context.Context // the caller's, read for its values only; may be nil
}

// Value returns the runtime context's value for key, else the caller's. The
// runtime's context carries no value but the context package's own (its
// cancellation, which a context derived from this one must find and hang off); the
// caller's carries the rest (the trace span). The caller's context is read for its
// values only: Done, Err and Deadline are the runtime's, so its cancellation never
// reaches the command (context.WithoutCancel said the same, and boxed itself on
// every lookup: three allocations per turn).
func (c commandContext) Value(key any) any {
	if v := c.Context.Value(key); v != nil {
		return v
	}
	if c.values != nil {
		return c.values.Value(key)
	}
	return nil
}

// Hub returns the event fan-out the runtime publishes to.
func (r *Runtime) Hub() *Hub { return r.hub }

// Subscribe returns a subscription to key's events (Hub.Subscribe).
func (r *Runtime) Subscribe(key parley.ConversationKey) parley.Subscription {
	return r.hub.Subscribe(key)
}

var _ parley.Conversations = (*Runtime)(nil)

// Bot returns the named bot, ENOTFOUND, or EINVALID for a name parley.CheckID
// refuses (so that no route echoes an unbounded or malformed id back). A configured
// bot's name passes CheckID, so only an unknown name is checked.
func (r *Runtime) Bot(name string) (*parley.Bot, error) {
	if b, ok := r.bots[name]; ok {
		return b, nil
	}
	if err := parley.CheckID("bot id", name); err != nil {
		return nil, err
	}
	return nil, parley.Errorf(parley.ENOTFOUND, "unknown bot %q", name)
}

// Bots returns the bots the runtime runs.
func (r *Runtime) Bots() []*parley.Bot {
	out := make([]*parley.Bot, 0, len(r.bots))
	for _, b := range r.bots {
		out = append(out, b)
	}
	return out
}

// Turn processes one user message and returns the response body. This is where a
// turn's ids are checked, once: they must pass parley.CheckID, and the message must
// not be empty (parley.Message.Empty); either is EINVALID and no turn. A message id
// already processed returns the stored response (Result.Replayed) when the message
// is the same, EIDEMPOTENCY when it differs. Turns of one conversation are applied
// one at a time in call order.
func (r *Runtime) Turn(ctx context.Context, req parley.TurnRequest) (parley.Result, error) {
	if err := req.Key.Check(); err != nil {
		return parley.Result{}, err
	}
	if err := parley.CheckID("message id", req.Message.ID); err != nil {
		return parley.Result{}, err
	}
	if r.bots[req.Key.Bot] == nil {
		return parley.Result{}, parley.Errorf(parley.ENOTFOUND, "unknown bot %q", req.Key.Bot)
	}
	if req.Message.Empty() {
		return parley.Result{}, parley.Errorf(parley.EINVALID, "message has no text, meaning or nlu")
	}
	if req.Message.SentAt.IsZero() {
		req.Message.SentAt = r.opts.Now().UTC()
	}
	return r.send(ctx, req.Key, command{kind: cmdTurn, turn: req})
}

// Control applies pause, resume, cancel, reset or handback to a conversation and
// returns the conversation view (see Conversation).
func (r *Runtime) Control(ctx context.Context, req parley.ControlRequest) (parley.Result, error) {
	if err := req.Key.Check(); err != nil {
		return parley.Result{}, err
	}
	if r.bots[req.Key.Bot] == nil {
		return parley.Result{}, parley.Errorf(parley.ENOTFOUND, "unknown bot %q", req.Key.Bot)
	}
	switch req.Kind {
	case parley.ControlPause, parley.ControlResume, parley.ControlCancel, parley.ControlReset, parley.ControlHandback:
	default:
		return parley.Result{}, parley.Errorf(parley.EINVALID, "unknown control %q", req.Kind)
	}
	return r.send(ctx, req.Key, command{kind: cmdControl, control: req})
}

// MetricsReporter is implemented by engines that report per-conversation metrics
// (seed 002's "Track per conversation").
type MetricsReporter interface {
	Metrics(state any) any
}

// Conversation returns the view of a conversation: as stored, but with the
// lifecycle running while one of its turns is in flight on this runtime (seed 004's
// Running lives in the actor; another replica's view shows the stored lifecycle
// until the turn commits). A conversation whose first turn is in flight is shown at
// version 0 with no state.
func (r *Runtime) Conversation(ctx context.Context, key parley.ConversationKey) (*parley.ConversationView, error) {
	if err := key.Check(); err != nil {
		return nil, err
	}
	bot := r.bots[key.Bot]
	if bot == nil {
		return nil, parley.Errorf(parley.ENOTFOUND, "unknown bot %q", key.Bot)
	}
	sh := r.reg.shardOf(key)
	sh.mu.Lock()
	a := sh.actors[key]
	sh.mu.Unlock()
	running := a != nil && a.running.Load()
	c, err := r.reader.Conversation(ctx, key)
	switch {
	case parley.ErrorCode(err) == parley.ENOTFOUND && running:
		c = &parley.Conversation{Key: key, Engine: bot.Engine.Kind(), State: json.RawMessage("null")}
	case err != nil:
		return nil, err
	}
	v := &parley.ConversationView{ConversationSummary: parley.SummaryOf(key, *c), Live: a != nil}
	if running {
		v.Lifecycle = parley.LifecycleRunning
	}
	if mr, ok := parley.EngineAs[MetricsReporter](bot.Engine); ok {
		if st, err := bot.Engine.DecodeState(c.State); err == nil {
			v.Metrics = mr.Metrics(st)
		}
	}
	return v, nil
}

// ProcessedResponse returns the response a processed message got, byte for byte as the
// turn returned it (rebuilt from the stored response and the state of its version);
// ok is false when the message was never processed.
func (r *Runtime) ProcessedResponse(ctx context.Context, key parley.ConversationKey, messageID string) ([]byte, bool, error) {
	p, ok, err := r.reader.Processed(ctx, key, messageID)
	if err != nil || !ok {
		return nil, false, err
	}
	if p.Message != nil {
		return p.Response, true, nil
	}
	_, p.Response = turnlog.UnwrapRecord(p.Response)
	return turnlog.FullResponse(p), true, nil
}

// LiveActors returns the number of live actors.
func (r *Runtime) LiveActors() int {
	return int(r.reg.live.Load())
}

// send delivers cmd to the conversation's actor, spawning it if needed, and waits.
// An immediate bot's idle actor runs it on this goroutine, which reads its answer
// from the command; any other is queued, with a channel for its answer (made before
// the lock when the bot is not immediate, to keep the lock's hold short). Either way
// the command is a value of its own on the heap, never reused: its context
// (command.ctx) reaches goroutines that may outlive the command (database/sql's
// watcher of a query's context starts after the query).
func (r *Runtime) send(ctx context.Context, key parley.ConversationKey, cmd command) (parley.Result, error) {
	cmd.values = ctx
	if !r.immediate[key.Bot] {
		cmd.done = make(chan commandResult, 1)
	}
	sh := r.reg.shardOf(key)
	sh.mu.Lock()
	if r.closed.Load() {
		sh.mu.Unlock()
		return parley.Result{}, parley.Errorf(parley.EUNAVAILABLE, "server is shutting down")
	}
	a, spawned := sh.actors[key], false
	if a == nil {
		a, spawned = r.spawnLocked(sh, key), true
	} else {
		sh.used(a, r.reg.now())
	}
	if a.immediate && !a.active {
		// An idle actor of an immediate bot: its queues are empty (a runner runs
		// whenever something is queued), and this goroutine runs the command itself,
		// as the actor's runner, instead of handing it to one and waiting.
		a.active = true
		sh.mu.Unlock()
		if spawned {
			r.passivateExcess(a)
		}
		c := new(command)
		*c = cmd
		a.runHere(c)
		return c.result.result, c.result.err
	}
	if cmd.done == nil {
		cmd.done = make(chan commandResult, 1)
	}
	queued := new(command)
	*queued = cmd
	delivered := r.deliverLocked(a, queued)
	sh.mu.Unlock()
	if spawned {
		r.passivateExcess(a)
	}
	if !delivered {
		return parley.Result{}, parley.Errorf(parley.EOVERLOADED, "conversation %s has too many pending turns", key)
	}
	wait := time.NewTimer(r.opts.TurnTimeout)
	defer wait.Stop()
	select {
	case res := <-queued.done:
		return res.result, res.err
	case <-ctx.Done():
	case <-wait.C:
	}
	// The actor still processes the command (it was accepted); the caller stops
	// waiting. A retry with the same id gets the stored response.
	return parley.Result{}, parley.Errorf(parley.EUNAVAILABLE, "the turn is still in progress; retrying with the same message id is safe")
}

// spawnLocked makes key's actor in sh, whose lock the caller holds; the caller then
// brings the live count back under the cap (passivateExcess), without the lock.
func (r *Runtime) spawnLocked(sh *registryShard, key parley.ConversationKey) *actor {
	a := &actor{
		rt:        r,
		key:       key,
		bot:       r.bots[key.Bot],
		immediate: r.immediate[key.Bot],
		fold:      turnlog.NewFold(r.reader.Folder(key.Bot)),
		mailbox:   make(chan *command, r.opts.MailboxSize),
		urgent:    make(chan *command, r.opts.MailboxSize),
	}
	a.armedAt = time.Now()
	a.inactivity = time.AfterFunc(a.timeout(), a.inactivityFired)
	sh.add(a, r.reg.now())
	r.reg.live.Add(1)
	r.reg.staying.Add(1)
	r.reg.running.Add(1)
	r.opts.Metrics.actorSpawned()
	return a
}

// deliverLocked queues cmd for a (pause and cancel on its urgent queue) without
// waiting, and starts a runner when none runs the actor; false when the queue is full.
func (r *Runtime) deliverLocked(a *actor, cmd *command) bool {
	queue := a.mailbox
	if cmd.urgent() {
		queue = a.urgent
	}
	select {
	case queue <- cmd:
	default:
		return false
	}
	if !a.active {
		a.active = true
		r.workers.run(a)
	}
	return true
}

// passivateExcess asks the least recently used idle actors to stop until the live
// count is back under the cap, sparing spared (the actor just spawned, whose command
// is on its way). Each victim is the idle actor used least recently of all shards:
// each shard's oldest is read under its lock, one lock at a time, and the oldest of
// them asked under its shard's lock again, if it is still idle; a round that finds
// it busy looks again, a few times at most.
func (r *Runtime) passivateExcess(spared *actor) {
	for round := 0; round < 8 && r.reg.excess(r.opts.MaxActors) > 0; round++ {
		var victim *actor
		var usedAt int64
		for i := range r.reg.shards {
			sh := &r.reg.shards[i]
			sh.mu.Lock()
			if a := sh.idlest(spared); a != nil && (victim == nil || a.usedAt < usedAt) {
				victim, usedAt = a, a.usedAt
			}
			sh.mu.Unlock()
		}
		if victim == nil {
			return
		}
		sh := victim.shard
		sh.mu.Lock()
		over := true
		if idle(victim) && !victim.gone {
			over = r.askToPassivateLocked(victim)
		}
		sh.mu.Unlock()
		if !over {
			return
		}
	}
}

// askToPassivateLocked asks victim, idle, to passivate if the live count is still
// over the cap; false when it no longer is. The caller holds victim's shard's lock.
// The check and the count's decrement are one compare-and-swap: passivateExcess
// runs on several goroutines at once (a spawn, and runners that park), each of
// which read the count over the cap before scanning, and a plain check then
// decrement let two of them ask two victims for one actor too many, so that an
// actor used after the one that should have left was passivated too.
func (r *Runtime) askToPassivateLocked(victim *actor) bool {
	for {
		staying := r.reg.staying.Load()
		if staying <= int64(r.opts.MaxActors) {
			return false
		}
		if r.reg.staying.CompareAndSwap(staying, staying-1) {
			break
		}
	}
	if !r.deliverLocked(victim, &command{kind: cmdPassivate}) {
		r.reg.staying.Add(1) // its queue is full: it is busy, and stays
		return true
	}
	victim.passivating = true
	r.reg.passivating.Add(1)
	return true
}

// parked is told that an actor's runner parked: when the live count is still over
// the cap, the least recently used idle actors are asked to passivate now. A spawn
// asks only the actors idle at that moment, so those busy then (and so every actor,
// under enough concurrency) are asked once one of them parks; with the count under
// the cap, as it usually is, this is two atomic loads.
func (r *Runtime) parked() {
	if r.reg.excess(r.opts.MaxActors) > 0 {
		r.passivateExcess(nil)
	}
}

// exitLocked removes a from the live set if its queues are empty; it reports whether
// the actor may stop. The caller holds a's shard's lock, under which every delivery
// to a happens, so no command is lost.
func (r *Runtime) exitLocked(a *actor) bool {
	if len(a.mailbox) > 0 || len(a.urgent) > 0 {
		return false
	}
	a.active = false
	if a.gone {
		return true
	}
	a.gone = true
	a.inactivity.Stop()
	removed := a.shard.remove(a)
	if removed {
		r.reg.live.Add(-1)
	}
	switch {
	case a.passivating:
		r.reg.passivating.Add(-1)
	case removed:
		r.reg.staying.Add(-1)
	}
	r.opts.Metrics.actorStopped()
	r.reg.running.Done()
	return true
}

// heartbeat counts the live actors' keep-alive pings every Options.Heartbeat until
// the runtime closes.
func (r *Runtime) heartbeat() {
	t := time.NewTicker(r.opts.Heartbeat)
	defer t.Stop()
	for {
		select {
		case <-r.ctx.Done():
			return
		case <-t.C:
			r.opts.Metrics.heartbeats(r.LiveActors())
		}
	}
}

// Close stops accepting turns, lets every actor finish what it has queued, cancels
// the runtime's context and returns once every goroutine the runtime started has
// ended (a decision a pause or cancel abandoned included: its context is already
// cancelled, and its engine's call returns).
func (r *Runtime) Close() {
	if r.closed.Swap(true) {
		return
	}
	r.sweep.stop()
	r.leases.stop()
	// A parked actor leaves the live set now; one whose runner is at work leaves once
	// its queue is empty (park, with the runtime closed). No actor is spawned once
	// closed is set, so the registry's running count only goes down from here.
	for i := range r.reg.shards {
		sh := &r.reg.shards[i]
		sh.mu.Lock()
		for _, a := range sh.actors {
			if !a.active {
				r.exitLocked(a)
			}
		}
		sh.mu.Unlock()
	}
	r.reg.running.Wait()
	r.cancel()
	r.workers.close() // no actor is left to send them work
	r.wg.Wait()
}
