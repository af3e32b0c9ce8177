package main

import (
	"bytes"
	"context"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/parleyhq/parley/internal/app"
	"github.com/parleyhq/parley/sqlite"
)

// The fixtures cmd/parley's tests share, one helper per kind: a file written, a
// configuration file, a one-bot flows project (and the orders bot's), a store on a
// temporary file, a server built and started in process, a turn sent at a chosen
// time, a browser tab whose page problems fail the test.

// writeFile writes content to path or fails the test.
func writeFile(t testing.TB, path, content string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

// flowsBotProject writes flow as bot.yaml into a new folder with a parley.yaml of
// one flows bot, bot, reading it (before and after are written around the bots
// block), and returns the configuration's path.
func flowsBotProject(t testing.TB, bot, flow, before, after string) string {
	t.Helper()
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, bot+".yaml"), flow)
	path := filepath.Join(dir, "parley.yaml")
	writeFile(t, path, before+"bots:\n  - name: "+bot+"\n    engine: flows\n    flows: "+bot+".yaml\n"+after)
	return path
}

// configFile writes text as parley.yaml in a new temporary folder and returns its
// path.
func configFile(t testing.TB, text string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "parley.yaml")
	writeFile(t, path, text)
	return path
}

// ordersProject is flowsBotProject of the orders bot: one flow, order, triggered
// by "place an order", whose steps (YAML items under steps:) are given.
func ordersProject(t testing.TB, steps, before, after string) string {
	t.Helper()
	flow := `bot: orders
flows:
  - name: order
    description: placing an order
    trigger: {keywords: [place an order, place order]}
    steps:
` + steps
	return flowsBotProject(t, "orders", flow, before, after)
}

// browserTab opens a headless browser tab (inspBrowser) whose uncaught exceptions
// and console errors fail the test when it ends.
func browserTab(t *testing.T) context.Context {
	t.Helper()
	problems := &browserProblems{}
	tab := inspBrowser(t, problems)
	t.Cleanup(func() { problems.check(t) })
	return tab
}

// tempStore opens a SQLite store on a file of a temporary folder, closed when the
// test ends.
func tempStore(t testing.TB) *sqlite.Store {
	t.Helper()
	store, err := sqlite.Open(context.Background(), filepath.Join(t.TempDir(), "parley.db"), sqlite.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { store.Close() })
	return store
}

// inProcessServer builds and starts the server of cfg on a temporary store, with a
// silent log and no security, as parley test runs one; closed when the test ends.
func inProcessServer(t testing.TB, cfg *app.Config) *app.Server {
	t.Helper()
	ctx := context.Background()
	store := tempStore(t)
	srv, err := app.NewServer(ctx, cfg, store, slog.New(slog.DiscardHandler), app.Security{})
	if err != nil {
		t.Fatal(err)
	}
	srv.Start(ctx)
	t.Cleanup(srv.Close)
	return srv
}

// turnSender returns a function that posts a text turn to the conversation at URL
// conv, sent at start plus after (written with layout), and wants 200.
func turnSender(t *testing.T, conv string, start time.Time, layout string) func(id, text string, after time.Duration) []byte {
	return func(id, text string, after time.Duration) []byte {
		t.Helper()
		body := fmt.Sprintf(`{"id":%q,"text":%q,"sent_at":%q}`, id, text, start.Add(after).Format(layout))
		code, b, _ := post(t, conv+"/messages", body)
		if code != 200 {
			t.Fatalf("%s: %d %s", id, code, b)
		}
		return b
	}
}

// syncBuffer collects a server's log lines from its goroutines.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}
