package app

import (
	"bytes"
	"context"
	"database/sql"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/parleyhq/parley"
	"github.com/parleyhq/parley/actor"
	"github.com/parleyhq/parley/memstore"
	"github.com/parleyhq/parley/scenario"
	"github.com/parleyhq/parley/sqlite"
	"github.com/prometheus/client_golang/prometheus"
)

var updateStored = flag.Bool("update", false, "rewrite testdata/stored/*.golden")

// storedScenarios are the conversations whose stored form TestStoredBytes pins:
// one per engine and shape of turn (a flows booking that calls its action, a flows
// handoff, a flows offer choice, the gates coach's trace, a shop confirmation, an
// SGD service's generated flows).
var storedScenarios = []string{
	"../../testdata/scenarios/booking/seed001_example1.yaml",
	"../../testdata/scenarios/booking/flow_handoff.yaml",
	"../../testdata/scenarios/hotel/offer_selection.yaml",
	"../../testdata/scenarios/coach/trace.yaml",
	"../../testdata/scenarios/shop/acceptance-4-wakha-confirms.yaml",
	"testdata/stored/banks.yaml",
}

// TestStoredBytes plays storedScenarios on SQLite and on memstore, the server's
// clock fixed, and compares what was stored with testdata/stored/*.golden: every
// row of every SQLite table as its bytes, and for both stores what each read gives
// back (the head, the events, the turn records, each message's processed record).
// A change to how a turn is stored or read back shows here byte for byte; refresh
// with -update only for a change of the stored form that is meant.
func TestStoredBytes(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	db, err := sqlite.Open(ctx, filepath.Join(dir, "stored.db"), sqlite.Options{})
	if err != nil {
		t.Fatal(err)
	}
	reads := map[string][]byte{}
	reads["sqlite"] = playStored(t, db)
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}
	mem := memstore.New()
	reads["memstore"] = playStored(t, mem)
	if !bytes.Equal(reads["sqlite"], reads["memstore"]) {
		t.Errorf("sqlite and memstore read back differently")
	}
	checkGolden(t, "testdata/stored/reads.golden", reads["sqlite"])
	checkGolden(t, "testdata/stored/sqlite-rows.golden", sqliteRows(t, filepath.Join(dir, "stored.db")))
}

// playStored plays storedScenarios on store through the runtime and returns what
// store reads back of each conversation.
func playStored(t *testing.T, store parley.Store) []byte {
	t.Helper()
	ctx := context.Background()
	cfg := DemoConfig()
	cfg.Bots = append(cfg.Bots, BotConfig{Name: "banks", Engine: "flows", Flows: "../../testdata/sgd/Banks_2.flows.yaml"})
	w, err := BuildBots(ctx, cfg, store, prometheus.NewRegistry(), slog.New(slog.DiscardHandler))
	if err != nil {
		t.Fatal(err)
	}
	clock := time.Date(2026, 2, 1, 12, 0, 0, 0, time.UTC)
	rt := actor.New(store, w.Bots, actor.Options{Now: func() time.Time { return clock }, Heartbeat: -1})
	defer rt.Close()
	local := &scenario.Local{Runtime: rt, Store: store}
	var out bytes.Buffer
	for _, path := range storedScenarios {
		f, err := scenario.Load(path)
		if err != nil {
			t.Fatal(err)
		}
		res := scenario.Run(ctx, local, f, "")
		if len(res.Failures) > 0 {
			t.Fatalf("%s: %s", path, strings.Join(res.Failures, "\n"))
		}
		key := parley.ConversationKey{Bot: f.Bot, ID: strings.TrimSuffix(filepath.Base(path), ".yaml")}
		if f.Conversation != "" {
			key.ID = f.Conversation
		}
		dumpReads(t, &out, store, key)
	}
	return out.Bytes()
}

// dumpReads writes what store reads back of key: its head, its events, its turn
// records and the processed record of each message a turn recorded.
func dumpReads(t *testing.T, w io.Writer, store parley.Store, key parley.ConversationKey) {
	t.Helper()
	ctx := context.Background()
	c, err := store.Conversation(ctx, key)
	if err != nil {
		t.Fatal(err)
	}
	fmt.Fprintf(w, "== %s/%s version %d turns %d last_seq %d lifecycle %s active %s\nstate %s\n",
		key.Bot, key.ID, c.Version, c.Turns, c.LastSeq, c.Lifecycle, c.ActiveAt.Format(time.RFC3339Nano), c.State)
	events, err := store.Events(ctx, key, 0, 10000)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range events {
		fmt.Fprintf(w, "event %d %s %s %s\n", e.Seq, e.Type, e.At.Format(time.RFC3339Nano), e.Data)
	}
	recs, err := store.TurnRecords(ctx, key, c.Version, 1000)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range recs {
		fmt.Fprintf(w, "turn %q %q %s %q replies %s transitions %s before %d error %q\n",
			r.Message.ID, r.Message.Text, r.Message.SentAt.Format(time.RFC3339Nano), r.Message.Meaning, r.Replies, r.Transitions, r.Before, r.Error)
		p, ok, err := store.Processed(ctx, key, r.Message.ID)
		if err != nil || !ok {
			t.Fatalf("Processed(%s): %v %v", r.Message.ID, ok, err)
		}
		fmt.Fprintf(w, "processed %q version %d response %s\n", r.Message.ID, p.Version, p.Response)
	}
}

// storedTables are the SQLite tables a conversation's turns write (flows and
// schema_migrations hold the server clock's time of a flow or a migration).
var storedTables = []string{"conversations", "turns", "inbound", "outbox"}

// sqliteRows is every row of storedTables in the SQLite database at path, in
// rowid order, each column as its stored bytes.
func sqliteRows(t *testing.T, path string) []byte {
	t.Helper()
	db, err := sql.Open("sqlite", path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var out bytes.Buffer
	for _, table := range storedTables {
		dumpTable(t, &out, db, table)
	}
	return out.Bytes()
}

// dumpTable writes table's rows, each column quoted (%q of its bytes).
func dumpTable(t *testing.T, w io.Writer, db *sql.DB, table string) {
	t.Helper()
	rows, err := db.Query(`SELECT * FROM "` + table + `"`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	cols, err := rows.Columns()
	if err != nil {
		t.Fatal(err)
	}
	fmt.Fprintf(w, "== %s %s\n", table, strings.Join(cols, " "))
	vals := make([]any, len(cols))
	ptrs := make([]any, len(cols))
	for i := range vals {
		ptrs[i] = &vals[i]
	}
	for rows.Next() {
		if err := rows.Scan(ptrs...); err != nil {
			t.Fatal(err)
		}
		for i, v := range vals {
			if i > 0 {
				fmt.Fprint(w, " ")
			}
			switch v := v.(type) {
			case []byte:
				fmt.Fprintf(w, "%q", v)
			case string:
				fmt.Fprintf(w, "%q", v)
			default:
				fmt.Fprintf(w, "%v", v)
			}
		}
		fmt.Fprintln(w)
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
}

// checkGolden compares got with the golden file, rewriting it under -update.
func checkGolden(t *testing.T, path string, got []byte) {
	t.Helper()
	if *updateStored {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s: the stored bytes changed (go test -run TestStoredBytes -update to accept a meant change):\n%s", path, firstDiff(want, got))
	}
}

// firstDiff names the first line where got differs from want.
func firstDiff(want, got []byte) string {
	wl, gl := strings.Split(string(want), "\n"), strings.Split(string(got), "\n")
	for i := range max(len(wl), len(gl)) {
		var w, g string
		if i < len(wl) {
			w = wl[i]
		}
		if i < len(gl) {
			g = gl[i]
		}
		if w != g {
			return fmt.Sprintf("line %d:\nwant %.400s\ngot  %.400s", i+1, w, g)
		}
	}
	return ""
}
