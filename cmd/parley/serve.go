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
	"time"

	"github.com/parleyhq/parley"
	"github.com/parleyhq/parley/actor"
	"github.com/parleyhq/parley/httpapi"
	"github.com/parleyhq/parley/internal/app"
	"github.com/parleyhq/parley/memstore"
	"github.com/parleyhq/parley/postgres"
	"github.com/parleyhq/parley/sqlite"
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
// Replicas share a PostgreSQL store: the runtime counts another replica's call
// intent on its own clock (actor.SharedStore).
var _ actor.SharedStore = (*postgres.Store)(nil)

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
	cfgFile, cfgFrom := app.ConfigPath(*configFlag)
	cfg, err := app.ResolveConfig(*configFlag)
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
	sec, err := serveSecurity(cfg, auth, ln.Addr(), cfgFile == "", *insecure, logger)
	if err != nil {
		return err
	}
	if unreachable := cfg.Unreachable(auth.Answers()); len(unreachable) > 0 {
		logger.Warn(app.UnreachableWarning(unreachable), "bots", strings.Join(unreachable, ","))
	}
	stopTracing, err := startTracing(ctx, logger)
	if err != nil {
		return err
	}
	defer stopTracing()
	store, err := openServeStore(ctx, sf, cfg, logger)
	if err != nil {
		return err
	}
	defer store.Close()
	// Every bot is built (its flows validated, its functions and webhooks resolved)
	// before the server says it listens: a bot that cannot run stops it here.
	srv, err := app.NewServer(ctx, cfg, store, logger, sec)
	if err != nil {
		return err
	}
	logger.Info("listening", "addr", ln.Addr().String(), "from", listenFrom)
	srv.Start(ctx)
	return serveHTTP(ctx, srv, ln, stdout, logger)
}

// serveSecurity is what guards the served API on addr: the exposure policy
// checked, the API's tokens, the hosts it answers and the widget's visitors.
func serveSecurity(cfg *app.Config, auth *httpapi.Auth, addr net.Addr, demo, insecure bool, logger *slog.Logger) (app.Security, error) {
	if err := exposurePolicy(cfg, auth, addr, insecure, logger); err != nil {
		return app.Security{}, err
	}
	visitors, err := visitorPolicy(cfg, demo, addr, logger)
	if err != nil {
		return app.Security{}, err
	}
	return app.Security{Auth: auth, Hosts: httpapi.ListenHosts(addr, cfg.Server.Hosts), Visitors: visitors}, nil
}

// startTracing starts OpenTelemetry tracing when the environment asks for it
// (setupTracing); stop flushes pending spans, within five seconds.
func startTracing(ctx context.Context, logger *slog.Logger) (stop func(), err error) {
	shutdownTracing, tracing, err := setupTracing(ctx)
	if err != nil {
		return nil, err
	}
	if tracing {
		logger.Info("OpenTelemetry tracing on: spans go to the OTLP endpoint")
	}
	return func() {
		sctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 5*time.Second)
		defer cancel()
		_ = shutdownTracing(sctx)
	}, nil
}

// openServeStore opens the store serve runs on, keeping the configuration's flow
// versions, and logs which one it opened and why.
func openServeStore(ctx context.Context, sf storeFlags, cfg *app.Config, logger *slog.Logger) (parley.Store, error) {
	sf.flowVersions = cfg.Runtime.FlowVersions
	store, err := openStore(ctx, sf, cfg.Store)
	if err != nil {
		return nil, err
	}
	storeAt, storeFrom := storeURL(sf, cfg.Store)
	logger.Info("store opened", "kind", storeKind(storeAt), "location", storeLocation(storeAt), "from", storeFrom)
	return store, nil
}

// serveHTTP serves srv on ln until ctx ends, then finishes in-flight turns.
func serveHTTP(ctx context.Context, srv *app.Server, ln net.Listener, stdout io.Writer, logger *slog.Logger) error {
	hs := &http.Server{
		Handler:           srv.Handler,
		ReadHeaderTimeout: 5 * time.Second,
		ReadTimeout:       15 * time.Second,
		WriteTimeout:      30 * time.Second,
		IdleTimeout:       120 * time.Second,
		ErrorLog:          slog.NewLogLogger(logger.Handler(), slog.LevelWarn),
	}
	var names []string
	for _, b := range srv.Runtime.Bots() {
		names = append(names, b.Name)
	}
	fmt.Fprintf(stdout, "parley %s listening on http://%s (bots: %s)\n", version, ln.Addr(), strings.Join(names, ", "))
	fmt.Fprintf(stdout, "inspector: http://%s/inspect/\n", ln.Addr())
	if srv.Visitors {
		fmt.Fprintf(stdout, "chat widget: http://%s/widget/parley.js (try it: http://%s/widget/demo.html)\n", ln.Addr(), ln.Addr())
	}
	errc := make(chan error, 1)
	go func() { errc <- hs.Serve(ln) }()
	select {
	case err := <-errc:
		srv.Close()
		return err
	case <-ctx.Done():
	}
	logger.Info("shutting down: finishing in-flight turns")
	close(srv.Done) // ends SSE streams so Shutdown does not wait for them
	sctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	err := hs.Shutdown(sctx)
	<-errc // Serve returned once Shutdown closed the listener
	srv.Close()
	if err != nil && !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}

// apiAuth builds the API's tokens: PARLEY_API_TOKEN (every scope) and auth.tokens.
func apiAuth(cfg *app.Config) (*httpapi.Auth, error) {
	var tokens []httpapi.Token
	if t := os.Getenv("PARLEY_API_TOKEN"); t != "" {
		tokens = append(tokens, httpapi.Token{Name: "PARLEY_API_TOKEN", Secret: t, Scopes: []httpapi.Scope{httpapi.ScopeClient, httpapi.ScopeAdmin}})
	}
	return httpapi.NewAuth(append(tokens, cfg.Tokens()...))
}

// exposurePolicy is secure by default: with no API token, or with a Chatwoot bot
// whose webhooks are unsigned, serve stays on loopback unless -insecure.
func exposurePolicy(cfg *app.Config, auth *httpapi.Auth, addr net.Addr, insecure bool, logger *slog.Logger) error {
	tcp, _ := addr.(*net.TCPAddr)
	loopback := tcp != nil && tcp.IP.IsLoopback()
	unsigned := unsignedWebhooks(cfg, logger)
	if !auth.Enabled() {
		if err := noTokenPolicy(addr, loopback, insecure, logger); err != nil {
			return err
		}
	}
	if len(unsigned) > 0 && !loopback && !insecure {
		return parley.Errorf(parley.EINVALID, "refusing to listen on %s: Chatwoot bot(s) %s have no webhook_secret; set it or pass -insecure", addr, strings.Join(unsigned, ", "))
	}
	return nil
}

// unsignedWebhooks are the Chatwoot bots without a webhook_secret, each warned of.
func unsignedWebhooks(cfg *app.Config, logger *slog.Logger) []string {
	var unsigned []string
	for _, b := range cfg.Bots {
		if b.Chatwoot != nil && b.Chatwoot.WebhookSecret == "" {
			unsigned = append(unsigned, b.Name)
			logger.Warn("Chatwoot webhook without webhook_secret: anyone who can reach it can speak for Chatwoot", "bot", b.Name)
		}
	}
	return unsigned
}

// noTokenPolicy is serve without an API token: loopback only, unless -insecure.
func noTokenPolicy(addr net.Addr, loopback, insecure bool, logger *slog.Logger) error {
	switch {
	case !loopback && !insecure:
		return parley.Errorf(parley.EINVALID, "refusing to listen on %s with no API token: set PARLEY_API_TOKEN or auth.tokens in parley.yaml, listen on 127.0.0.1, or pass -insecure", addr)
	case loopback:
		logger.Info("no API token configured: listening on loopback only, every route open to local clients", "addr", addr.String())
	default:
		logger.Warn("no API token configured and -insecure: every route is open to anyone who can reach it", "addr", addr.String())
	}
	return nil
}
