// Command server is a Go program in a module of its own that serves a Parley bot over
// HTTP: the API (httpapi), the browser inspector (inspect) and Prometheus' /metrics
// on one mux of the program, over a SQLite file. It is what a service that embeds
// Parley instead of running `parley serve` writes; its go.mod points at Parley with a
// replace directive until a release is tagged (`go get github.com/parleyhq/parley`
// then).
//
//	cd examples/server && go run . -addr 127.0.0.1:8090 -db tables.db
//
// Guide: docs/guides/embedding.md.
package main

import (
	"context"
	_ "embed"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/signal"
	"syscall"

	"github.com/parleyhq/parley"
	"github.com/parleyhq/parley/actor"
	"github.com/parleyhq/parley/flows"
	"github.com/parleyhq/parley/httpapi"
	"github.com/parleyhq/parley/inspect"
	"github.com/parleyhq/parley/sqlite"
	"github.com/prometheus/client_golang/prometheus"
)

//go:embed tables.yaml
var tables []byte

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := run(ctx, os.Args[1:], os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "server:", parley.ErrorDetail(err))
		os.Exit(1)
	}
}

// run serves until ctx ends; it prints the address it listens on once it does.
func run(ctx context.Context, args []string, stdout io.Writer) error {
	fs := flag.NewFlagSet("server", flag.ContinueOnError)
	addr := fs.String("addr", "127.0.0.1:8090", "address to listen on (port 0: any free port)")
	db := fs.String("db", "tables.db", "SQLite file of the conversations")
	if err := fs.Parse(args); err != nil {
		return err
	}
	engine, err := tablesEngine()
	if err != nil {
		return err
	}
	store, err := sqlite.Open(ctx, *db, sqlite.Options{})
	if err != nil {
		return err
	}
	defer store.Close()
	reg := prometheus.NewRegistry()
	runtime := actor.New(store, []*parley.Bot{{Name: "tables", Engine: engine}}, actor.Options{Metrics: actor.NewMetrics(reg)})
	defer runtime.Close()
	handler, err := mux(runtime, store, reg)
	if err != nil {
		return err
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "listening on http://%s (inspector: /inspect/, metrics: /metrics)\n", ln.Addr())
	srv := &http.Server{Handler: handler}
	go func() {
		<-ctx.Done()
		srv.Shutdown(context.Background())
	}()
	if err := srv.Serve(ln); !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}

// mux mounts the API, which serves Prometheus' /metrics from reg (the runtime's and
// the HTTP series), and the inspector under /inspect/ on the program's own mux, where
// the service's other routes would go too.
func mux(runtime *actor.Runtime, store httpapi.Store, reg *prometheus.Registry) (http.Handler, error) {
	api := httpapi.New(runtime, store, httpapi.Options{Gatherer: reg, Registerer: reg, Logger: slog.Default()})
	insp, err := inspect.New("/inspect")
	if err != nil {
		return nil, err
	}
	m := http.NewServeMux()
	m.Handle("/inspect/", insp)
	m.Handle("/", api)
	return m, nil
}

// tablesEngine is the flows engine of tables.yaml with its Go action.
func tablesEngine() (*flows.Engine, error) {
	def, err := flows.Parse(tables, "tables.yaml")
	if err != nil {
		return nil, err
	}
	return flows.New(def, flows.Options{Funcs: map[string]flows.ActionFunc{"reserve": reserve}})
}

// reserve is the reservation's action: the slots it gets are the flow's, its
// idempotency key names the execution (the same if the call is made again), and it
// answers the slots it sets.
func reserve(_ context.Context, req flows.ActionRequest) (flows.ActionResult, error) {
	n, _ := req.Slots["guests"].(float64)
	return flows.ActionResult{Slots: map[string]any{"reservation": fmt.Sprintf("T%d-%s", int(n), req.Conversation)}}, nil
}
