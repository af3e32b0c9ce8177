package main

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"strings"
	"sync"
	"time"

	"github.com/parleyhq/parley"
	"github.com/parleyhq/parley/actor"
	"github.com/parleyhq/parley/chatwoot"
	"github.com/parleyhq/parley/httpapi"
	"github.com/parleyhq/parley/inspect"
	"github.com/parleyhq/parley/memstore"
	"github.com/parleyhq/parley/postgres"
	"github.com/parleyhq/parley/relay"
	"github.com/parleyhq/parley/sqlite"
	"github.com/parleyhq/parley/visitor"
	"github.com/parleyhq/parley/widget"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
)

// storeFlags are the flags every command that opens a store shares.
type storeFlags struct {
	db    string
	store string
	sync  string
	// flowVersions is runtime.flow_versions: the flow versions the store keeps.
	flowVersions int
}

func (s *storeFlags) register(fsFlag interface {
	StringVar(p *string, name, value, usage string)
}) {
	fsFlag.StringVar(&s.db, "db", "", "SQLite database file (default parley.db in the working directory)")
	fsFlag.StringVar(&s.store, "store", "", "store URL: sqlite:PATH, postgres://... or mem: (in memory, nothing kept) (default $PARLEY_DATABASE_URL, else store: in the config, else sqlite:parley.db)")
	fsFlag.StringVar(&s.sync, "sync", "normal", "SQLite synchronous mode: normal or full")
}

// openStore opens the store named by the flags, the environment and the file, in
// that order of precedence (storeURL).
func openStore(ctx context.Context, f storeFlags, cfgStore string) (parley.Store, error) {
	url, _ := storeURL(f, cfgStore)
	switch {
	case strings.HasPrefix(url, "postgres://"), strings.HasPrefix(url, "postgresql://"):
		return postgres.Open(ctx, url, postgres.Options{FlowVersions: f.flowVersions})
	case strings.HasPrefix(url, "sqlite:"):
		if f.sync != "normal" && f.sync != "full" {
			return nil, parley.Errorf(parley.EINVALID, "-sync must be normal or full, got %q", f.sync)
		}
		return sqlite.Open(ctx, strings.TrimPrefix(url, "sqlite:"), sqlite.Options{Synchronous: f.sync, FlowVersions: f.flowVersions})
	case url == "mem:":
		return memstore.NewWithOptions(memstore.Options{FlowVersions: f.flowVersions}), nil
	default:
		return nil, parley.Errorf(parley.EINVALID, "store URL must be sqlite:PATH, postgres://... or mem:, got %q", url)
	}
}

// server is a Parley instance: store, runtime, channels and HTTP API. newServer
// builds it; start starts its goroutines (the Chatwoot relay, the store's
// notification listener); close stops them and finishes in-flight turns.
type server struct {
	store   parley.Store
	runtime *actor.Runtime
	relay   *relay.Relay
	handler http.Handler
	done    chan struct{}
	log     *slog.Logger
	// visitors is whether some bot takes the chat widget's visitors.
	visitors bool

	// stopRelay stops the Chatwoot relay and waits for it (nil before start).
	stopRelay  func()
	stopListen context.CancelFunc
	listening  sync.WaitGroup // the store's notification listener, waited for by close
}

// security is what guards the HTTP API of a served instance (httpapi.Options); the
// zero value (in-process runs: parley test, bench) guards nothing.
type security struct {
	auth     *httpapi.Auth
	hosts    []string
	visitors *visitor.Policy
}

// newServer builds a server from cfg over store: the bots, the runtime, the relay
// and the HTTP handler. It starts no goroutine of its own (start does).
func newServer(ctx context.Context, cfg *Config, store parley.Store, logger *slog.Logger, sec security) (*server, error) {
	reg := prometheus.NewRegistry()
	reg.MustRegister(collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	w, err := buildBots(ctx, cfg, store, reg, logger)
	if err != nil {
		return nil, err
	}
	channels, err := chatwootChannels(w.chatwoot)
	if err != nil {
		return nil, err
	}
	opts := runtimeOptions(cfg, logger, reg)
	// The runtime bounds its own store calls; the API and the relay get the same
	// bound through one wrapped store, each taking the parts it uses.
	timed := actor.WithStoreTimeout(store, opts.StoreTimeout)
	rt := actor.New(store, w.bots, opts)
	rl := relay.New(relay.Options{Store: timed, Runtime: rt, Channels: channels, Logger: logger, Metrics: relay.NewMetrics(reg)})
	srv := &server{store: store, runtime: rt, relay: rl, done: make(chan struct{}), log: logger, visitors: sec.visitors != nil}
	api := httpapi.New(rt, timed, httpapi.Options{
		MaxBody:     cfg.Runtime.MaxBodyBytes,
		Gatherer:    reg,
		Registerer:  reg,
		Flows:       &flowStore{store: timed},
		Chatwoot:    rl,
		Logger:      logger,
		Done:        srv.done,
		Auth:        sec.auth,
		Hosts:       sec.hosts,
		CORSOrigins: cfg.Server.CORSOrigins,
		Visitors:    sec.visitors,
		Lifecycle:   actor.Lifecycle,
	})
	if srv.handler, err = siteHandler(api); err != nil {
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

// start runs the server's goroutines: the Chatwoot relay and, for a store that
// notifies commits made by other processes, its listener. They outlive ctx (close
// stops them).
func (s *server) start(ctx context.Context) {
	s.stopRelay = runRelay(ctx, s.relay)
	l, ok := s.store.(eventListener)
	if !ok {
		return
	}
	// Several replicas on one database: events committed by another replica
	// reach this replica's SSE subscribers through the store's notifications.
	lctx, cancel := context.WithCancel(context.WithoutCancel(ctx))
	s.stopListen = cancel
	hub := s.runtime.Hub()
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

// close finishes in-flight turns and stops everything.
func (s *server) close() {
	select {
	case <-s.done:
	default:
		close(s.done)
	}
	if s.stopRelay != nil {
		s.stopRelay()
	}
	s.runtime.Close()
	if s.stopListen != nil {
		s.stopListen()
		s.listening.Wait()
	}
}

func runServe(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("serve", stderr, "[-addr 127.0.0.1:8080] [-db PATH | -store URL] [-config parley.yaml] [-insecure]")
	addr := fs.String("addr", "", "listen address (default $PARLEY_LISTEN, else listen: in the config, else 127.0.0.1:8080)")
	configFlag := fs.String("config", "", "parley.yaml (default: $PARLEY_CONFIG, else ./parley.yaml if present, else the built-in demo bots shop, booking, hotel, coach)")
	insecure := fs.Bool("insecure", false, "allow a non-loopback address without an API token or with an unsigned Chatwoot webhook")
	var sf storeFlags
	sf.register(fs)
	if _, err := parseArgs(fs, args, 0, 0); err != nil {
		return err
	}
	cfgFile, cfgFrom := configPath(*configFlag)
	cfg, err := loadConfig(*configFlag)
	if err != nil {
		return err
	}
	logger := slog.New(slog.NewTextHandler(stderr, &slog.HandlerOptions{Level: slog.LevelInfo}))
	logger.Info("configuration", "file", cmp.Or(cfgFile, "none: the demo bots"), "from", cfgFrom)
	auth, err := apiAuth(cfg)
	if err != nil {
		return err
	}
	listen, listenFrom := listenAddress(*addr, cfg.Listen)
	ln, err := net.Listen("tcp", listen)
	if err != nil {
		return parley.WrapError(parley.EUNAVAILABLE, err, "listen on %s", listen)
	}
	defer ln.Close()
	if err := exposurePolicy(cfg, auth, ln.Addr(), *insecure, logger); err != nil {
		return err
	}
	visitors, err := visitorPolicy(cfg, cfgFile == "", ln.Addr(), logger)
	if err != nil {
		return err
	}
	shutdownTracing, tracing, err := setupTracing(ctx)
	if err != nil {
		return err
	}
	defer func() {
		sctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 5*time.Second)
		defer cancel()
		_ = shutdownTracing(sctx)
	}()
	if tracing {
		logger.Info("OpenTelemetry tracing on: spans go to the OTLP endpoint")
	}
	sf.flowVersions = cfg.Runtime.FlowVersions
	store, err := openStore(ctx, sf, cfg.Store)
	if err != nil {
		return err
	}
	defer store.Close()
	storeAt, storeFrom := storeURL(sf, cfg.Store)
	logger.Info("store opened", "kind", storeKind(storeAt), "location", storeLocation(storeAt), "from", storeFrom)
	logger.Info("listening", "addr", ln.Addr().String(), "from", listenFrom)
	srv, err := newServer(ctx, cfg, store, logger, security{auth: auth, hosts: httpapi.ListenHosts(ln.Addr(), cfg.Server.Hosts), visitors: visitors})
	if err != nil {
		return err
	}
	srv.start(ctx)
	return serveHTTP(ctx, srv, ln, stdout, logger)
}

// serveHTTP serves srv on ln until ctx ends, then finishes in-flight turns.
func serveHTTP(ctx context.Context, srv *server, ln net.Listener, stdout io.Writer, logger *slog.Logger) error {
	hs := &http.Server{
		Handler:           srv.handler,
		ReadHeaderTimeout: 5 * time.Second,
		ReadTimeout:       15 * time.Second,
		WriteTimeout:      30 * time.Second,
		IdleTimeout:       120 * time.Second,
		ErrorLog:          slog.NewLogLogger(logger.Handler(), slog.LevelWarn),
	}
	var names []string
	for _, b := range srv.runtime.Bots() {
		names = append(names, b.Name)
	}
	fmt.Fprintf(stdout, "parley %s listening on http://%s (bots: %s)\n", version, ln.Addr(), strings.Join(names, ", "))
	fmt.Fprintf(stdout, "inspector: http://%s/inspect/\n", ln.Addr())
	if srv.visitors {
		fmt.Fprintf(stdout, "chat widget: http://%s/widget/parley.js (try it: http://%s/widget/demo.html)\n", ln.Addr(), ln.Addr())
	}
	errc := make(chan error, 1)
	go func() { errc <- hs.Serve(ln) }()
	select {
	case err := <-errc:
		srv.close()
		return err
	case <-ctx.Done():
	}
	logger.Info("shutting down: finishing in-flight turns")
	close(srv.done) // ends SSE streams so Shutdown does not wait for them
	sctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	err := hs.Shutdown(sctx)
	<-errc // Serve returned once Shutdown closed the listener
	srv.close()
	if err != nil && !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}

// apiAuth builds the API's tokens: PARLEY_API_TOKEN (every scope) and auth.tokens.
func apiAuth(cfg *Config) (*httpapi.Auth, error) {
	var tokens []httpapi.Token
	if t := os.Getenv("PARLEY_API_TOKEN"); t != "" {
		tokens = append(tokens, httpapi.Token{Name: "PARLEY_API_TOKEN", Secret: t, Scopes: []httpapi.Scope{httpapi.ScopeClient, httpapi.ScopeAdmin}})
	}
	return httpapi.NewAuth(append(tokens, cfg.tokens()...))
}

// exposurePolicy is secure by default: with no API token, or with a Chatwoot bot
// whose webhooks are unsigned, serve stays on loopback unless -insecure.
func exposurePolicy(cfg *Config, auth *httpapi.Auth, addr net.Addr, insecure bool, logger *slog.Logger) error {
	tcp, _ := addr.(*net.TCPAddr)
	loopback := tcp != nil && tcp.IP.IsLoopback()
	var unsigned []string
	for _, b := range cfg.Bots {
		if b.Chatwoot != nil && b.Chatwoot.WebhookSecret == "" {
			unsigned = append(unsigned, b.Name)
			logger.Warn("Chatwoot webhook without webhook_secret: anyone who can reach it can speak for Chatwoot", "bot", b.Name)
		}
	}
	if !auth.Enabled() {
		if !loopback && !insecure {
			return parley.Errorf(parley.EINVALID, "refusing to listen on %s with no API token: set PARLEY_API_TOKEN or auth.tokens in parley.yaml, listen on 127.0.0.1, or pass -insecure", addr)
		}
		if loopback {
			logger.Info("no API token configured: listening on loopback only, every route open to local clients", "addr", addr.String())
		} else {
			logger.Warn("no API token configured and -insecure: every route is open to anyone who can reach it", "addr", addr.String())
		}
	}
	if len(unsigned) > 0 && !loopback && !insecure {
		return parley.Errorf(parley.EINVALID, "refusing to listen on %s: Chatwoot bot(s) %s have no webhook_secret; set it or pass -insecure", addr, strings.Join(unsigned, ", "))
	}
	return nil
}

// flowStore validates gates flows before storing them (seed 002: "Flow should be
// validated before storage").
type flowStore struct{ store parley.Store }

func (f *flowStore) PutFlow(ctx context.Context, id string, def []byte) (int, error) {
	if err := validateGatesFlow(def, id); err != nil {
		return 0, err
	}
	return f.store.PutFlow(ctx, id, def)
}

func (f *flowStore) Flow(ctx context.Context, id string, version int) ([]byte, int, error) {
	return f.store.Flow(ctx, id, version)
}
