package app

import (
	"context"
	"log/slog"
	"net/http"
	"sync"
	"time"

	"github.com/parleyhq/parley"
	"github.com/parleyhq/parley/actor"
	"github.com/parleyhq/parley/chatwoot"
	"github.com/parleyhq/parley/handoff"
	"github.com/parleyhq/parley/httpapi"
	"github.com/parleyhq/parley/inspect"
	"github.com/parleyhq/parley/relay"
	"github.com/parleyhq/parley/turnlog"
	"github.com/parleyhq/parley/visitor"
	"github.com/parleyhq/parley/widget"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
)

// Server is a Parley instance: store, runtime, channels and HTTP API. NewServer
// builds it; Start starts its goroutines (the Chatwoot relay, the store's
// notification listener); close stops them and finishes in-flight turns.
type Server struct {
	Store   parley.Store
	Runtime *actor.Runtime
	Relay   *relay.Relay
	Handler http.Handler
	// Done, closed, ends the API's SSE streams (a graceful shutdown closes it
	// before the HTTP server's Shutdown, which would otherwise wait for them).
	Done chan struct{}
	log  *slog.Logger
	// Visitors is whether some bot takes the chat widget's visitors.
	Visitors bool
	// Metrics gathers the server's Prometheus series (GET /metrics serves them).
	Metrics prometheus.Gatherer

	// stopRelay stops the Chatwoot relay and waits for it (nil before start).
	stopRelay  func()
	stopListen context.CancelFunc
	listening  sync.WaitGroup // the store's notification listener, waited for by close
}

// Security is what guards the HTTP API of a served instance (httpapi.Options); the
// zero value (in-process runs: parley test, bench) guards nothing.
type Security struct {
	Auth     *httpapi.Auth
	Hosts    []string
	Visitors *visitor.Policy
}

// NewServer builds a server from cfg over store: the bots, the runtime, the relay
// and the HTTP handler. It starts no goroutine of its own (Start does).
func NewServer(ctx context.Context, cfg *Config, store parley.Store, logger *slog.Logger, sec Security) (*Server, error) {
	reg := prometheus.NewRegistry()
	reg.MustRegister(collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	w, err := buildBots(ctx, cfg, store, reg, logger, serving{served: sec.Auth != nil, people: sec.Auth.Answers()})
	if err != nil {
		return nil, err
	}
	channels, err := chatwootChannels(w.Chatwoot)
	if err != nil {
		return nil, err
	}
	opts := runtimeOptions(cfg, logger, reg)
	notifier := handoffNotifier(cfg, logger, reg)
	opts.Watcher = notifier
	// The runtime bounds its own store calls; the API and the relay get the same
	// bound through one wrapped store, each taking the parts it uses. What reads
	// conversations (the API, the waiting gauge) reads them through one
	// turnlog.Reader, which gives the bots' folded states whole as the runtime's
	// own reader does; the relay and the flow store read no state.
	timed := actor.WithStoreTimeout(store, opts.StoreTimeout)
	reader := turnlog.NewReader(timed, w.Bots)
	rt := actor.New(store, w.Bots, opts)
	ro := relay.Options{Store: timed, Runtime: rt, Channels: channels, Logger: logger, Metrics: relay.NewMetrics(reg)}
	if notifier.Delivers() {
		ro.Deliverers = map[string]relay.Deliverer{handoff.Kind: notifier}
	}
	rl := relay.New(ro)
	reg.MustRegister(waitingGauge(reader, w.Bots))
	srv := &Server{Store: store, Runtime: rt, Relay: rl, Done: make(chan struct{}), log: logger, Visitors: sec.Visitors != nil, Metrics: reg}
	api := httpapi.New(rt, reader, httpapi.Options{
		MaxBody:     cfg.Runtime.MaxBodyBytes,
		Gatherer:    reg,
		Registerer:  reg,
		Flows:       &flowStore{store: timed},
		Chatwoot:    rl,
		Logger:      logger,
		Done:        srv.Done,
		Auth:        sec.Auth,
		Hosts:       sec.Hosts,
		CORSOrigins: cfg.Server.CORSOrigins,
		Visitors:    sec.Visitors,
		Lifecycle:   actor.Lifecycle,
	})
	if srv.Handler, err = siteHandler(api); err != nil {
		rt.Close()
		return nil, err
	}
	return srv, nil
}

// runtimeOptions are the actor runtime's options from cfg's runtime block.
func runtimeOptions(cfg *Config, logger *slog.Logger, reg prometheus.Registerer) actor.Options {
	return actor.Options{
		MaxActors:    cfg.Runtime.MaxActors,
		MailboxSize:  cfg.Runtime.MailboxSize,
		Inactivity:   time.Duration(cfg.Runtime.InactivityTimeout),
		Heartbeat:    time.Duration(cfg.Runtime.Heartbeat),
		StoreTimeout: time.Duration(cfg.Runtime.StoreTimeout),
		IntentLease:  time.Duration(cfg.Runtime.IntentLease),
		Logger:       logger,
		Metrics:      actor.NewMetrics(reg),
		Channels:     relay.ChannelOutboxes(),
	}
}

// siteHandler serves the API with the inspector's and the chat widget's files
// beside it.
func siteHandler(api http.Handler) (http.Handler, error) {
	insp, err := inspect.New("/inspect")
	if err != nil {
		return nil, err
	}
	// The inspector's static files are public (they hold no data); what it shows comes
	// from the /v1 API with the token its user types.
	mux := http.NewServeMux()
	mux.Handle("/inspect", insp)
	mux.Handle("/inspect/", insp)
	// The chat widget's files are public too: what it shows comes from the /v1 API
	// with the visitor token of its session.
	wid, err := widget.New("/widget")
	if err != nil {
		return nil, err
	}
	mux.Handle("/widget/", wid)
	mux.Handle("/", api)
	// A browser pointed at the server's address lands in the inspector.
	mux.Handle("GET /{$}", http.RedirectHandler("/inspect/", http.StatusFound))
	return mux, nil
}

// Start runs the server's goroutines: the Chatwoot relay and, for a store that
// notifies commits made by other processes, its listener. They outlive ctx (close
// stops them).
func (s *Server) Start(ctx context.Context) {
	s.stopRelay = runRelay(ctx, s.Relay)
	l, ok := s.Store.(eventListener)
	if !ok {
		return
	}
	// Several replicas on one database: events committed by another replica
	// reach this replica's SSE subscribers through the store's notifications.
	lctx, cancel := context.WithCancel(context.WithoutCancel(ctx))
	s.stopListen = cancel
	hub := s.Runtime.Hub()
	s.listening.Go(func() {
		// After a reconnect every subscriber re-reads the stored log: the
		// notifications sent while the listener was away are lost.
		nudge := func(key parley.ConversationKey, _ int64) { hub.Nudge(key) }
		if err := l.Listen(lctx, nudge, hub.NudgeAll); err != nil {
			s.log.Error("event notifications stopped", "err", err)
		}
	})
}

// chatwootChannels builds the relay's channel of each bot with a chatwoot block.
func chatwootChannels(configs map[string]*ChatwootConfig) (map[string]relay.Channel, error) {
	channels := make(map[string]relay.Channel, len(configs))
	for bot, c := range configs {
		client, err := chatwoot.NewClient(chatwoot.ClientConfig{BaseURL: c.URL, AccountID: c.AccountID, BotToken: c.BotToken, HTTPClient: tracedHTTPClient(0)})
		if err != nil {
			return nil, parley.WrapError(parley.EINVALID, err, "bot %s: chatwoot", bot)
		}
		channels[bot] = relay.Channel{Client: client, WebhookSecret: c.WebhookSecret}
	}
	return channels, nil
}

// runRelay runs rl until the returned stop is called, which waits for it. The relay
// outlives ctx: during a graceful shutdown the webhooks still being answered enqueue
// work, and the server stops the relay after the HTTP server.
func runRelay(ctx context.Context, rl *relay.Relay) (stop func()) {
	rctx, cancel := context.WithCancel(context.WithoutCancel(ctx))
	done := make(chan struct{})
	go func() {
		defer close(done)
		rl.Run(rctx)
	}()
	return func() {
		cancel()
		<-done
	}
}

// eventListener is implemented by stores that notify commits made by other processes;
// subscribed runs each time notifications start (again).
type eventListener interface {
	Listen(ctx context.Context, fn func(key parley.ConversationKey, lastSeq int64), subscribed func()) error
}

// Close finishes in-flight turns and stops everything.
func (s *Server) Close() {
	select {
	case <-s.Done:
	default:
		close(s.Done)
	}
	if s.stopRelay != nil {
		s.stopRelay()
	}
	s.Runtime.Close()
	if s.stopListen != nil {
		s.stopListen()
		s.listening.Wait()
	}
}

// flowStore validates gates flows before storing them (seed 002: "Flow should be
// validated before storage").
type flowStore struct{ store parley.Store }

func (f *flowStore) PutFlow(ctx context.Context, id string, def []byte) (int, error) {
	if err := ValidateGatesFlow(def, id); err != nil {
		return 0, err
	}
	return f.store.PutFlow(ctx, id, def)
}

func (f *flowStore) Flow(ctx context.Context, id string, version int) ([]byte, int, error) {
	return f.store.Flow(ctx, id, version)
}
