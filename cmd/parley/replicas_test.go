package main

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/parleyhq/parley"
	"github.com/parleyhq/parley/postgres"
)

// replicaStore returns a postgres:// URL whose search_path is a fresh schema, and a
// Store on it for the test's own reads. Without a server the test is skipped, except
// under CI=true.
func replicaStore(t *testing.T) (string, parley.Store) {
	t.Helper()
	base := os.Getenv("PARLEY_TEST_POSTGRES")
	if base == "" {
		base = "postgres://postgres@127.0.0.1:5432/parley_test?sslmode=disable"
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	admin, err := pgx.Connect(ctx, base)
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("PostgreSQL unreachable under CI (scripts/pg-up.sh starts it): %v", err)
		}
		t.Skipf("PostgreSQL unreachable: %v", err)
	}
	var random [5]byte
	_, _ = rand.Read(random[:])
	schema := "replicas_" + hex.EncodeToString(random[:])
	if _, err := admin.Exec(ctx, "CREATE SCHEMA "+schema); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		_, _ = admin.Exec(context.Background(), "DROP SCHEMA "+schema+" CASCADE")
		_ = admin.Close(context.Background())
	})
	url := base + "&search_path=" + schema
	store, err := postgres.Open(context.Background(), url, postgres.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { store.Close() })
	return url, store
}

type replicaTurn struct {
	conv, id, text string
	body           []byte
}

func sendTurn(client *http.Client, base, conv, id, text string) ([]byte, int, error) {
	resp, err := client.Post(base+"/v1/bots/coach/conversations/"+conv+"/messages", "application/json",
		strings.NewReader(fmt.Sprintf(`{"id":%q,"text":%q,"sent_at":"2026-01-17T10:00:00Z"}`, id, text)))
	if err != nil {
		return nil, 0, err
	}
	defer resp.Body.Close()
	var buf bytes.Buffer
	_, err = buf.ReadFrom(resp.Body)
	return buf.Bytes(), resp.StatusCode, err
}

// TestReplicasOnOnePostgreSQL runs three `parley serve` processes on one database,
// sends concurrent turns for the same 50 conversations through all of them, and
// checks that every conversation's log is gap-free and ordered and every message id
// was applied once; then kills one replica mid-load and checks that no acknowledged
// turn was lost.
func TestReplicasOnOnePostgreSQL(t *testing.T) {
	if testing.Short() {
		t.Skip("starts real processes")
	}
	url, store := replicaStore(t)
	bin := buildBinary(t)
	var bases []string
	var cmds []*testingCmd
	for i := 0; i < 3; i++ {
		cmd, base := startProcess(t, bin, "-store", url)
		bases = append(bases, base)
		cmds = append(cmds, &testingCmd{cmd.Process.Kill})
	}
	client := &http.Client{Timeout: 20 * time.Second}
	const convs, turnsPerConv = 50, 4
	texts := []string{"hi", "it's going well", "I want to bench press 300 lbs, currently at 225 lbs", "john@example.com"}

	var mu sync.Mutex
	var acked []replicaTurn
	var wg sync.WaitGroup
	for c := 0; c < convs; c++ {
		for i := 0; i < turnsPerConv; i++ {
			wg.Add(1)
			go func(c, i int) {
				defer wg.Done()
				conv, id := fmt.Sprintf("r%d", c), fmt.Sprintf("m%d", i)
				body, code, err := sendTurn(client, bases[(c+i)%3], conv, id, texts[i])
				if err != nil || code != http.StatusOK {
					t.Errorf("%s/%s on replica %d: %d %v %s", conv, id, (c+i)%3, code, err, body)
					return
				}
				mu.Lock()
				acked = append(acked, replicaTurn{conv, id, texts[i], body})
				mu.Unlock()
			}(c, i)
		}
	}
	wg.Wait()
	if t.Failed() {
		t.FailNow()
	}
	ctx := context.Background()
	for c := 0; c < convs; c++ {
		key := parley.ConversationKey{Bot: "coach", ID: fmt.Sprintf("r%d", c)}
		conv, err := store.Conversation(ctx, key)
		if err != nil {
			t.Fatal(err)
		}
		if conv.Turns != turnsPerConv {
			t.Fatalf("%s: %d turns applied, want %d", key, conv.Turns, turnsPerConv)
		}
		events, err := store.Events(ctx, key, 0, 1000)
		if err != nil {
			t.Fatal(err)
		}
		applied := map[string]int{}
		for i, e := range events {
			if e.Seq != int64(i+1) {
				t.Fatalf("%s: event %d has seq %d: the log has a gap", key, i, e.Seq)
			}
			if e.Type == parley.EventTurn {
				var te parley.TurnEvent
				_ = json.Unmarshal(e.Data, &te)
				applied[te.MessageID]++
			}
		}
		for i := 0; i < turnsPerConv; i++ {
			if n := applied[fmt.Sprintf("m%d", i)]; n != 1 {
				t.Fatalf("%s: message m%d applied %d times", key, i, n)
			}
		}
	}
	// Any replica answers a replay with the stored response.
	for i, a := range acked[:30] {
		body, code, err := sendTurn(client, bases[i%3], a.conv, a.id, a.text)
		if err != nil || code != http.StatusOK || !bytes.Equal(body, a.body) {
			t.Fatalf("replay of %s/%s on replica %d: %d %v\n got %s\nwant %s", a.conv, a.id, i%3, code, err, body, a.body)
		}
	}

	// Kill -9 one replica mid-load; the others go on; no acknowledged turn is lost.
	acked = acked[:0]
	stop := make(chan struct{})
	for w := 0; w < 12; w++ {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			for i := 0; ; i++ {
				select {
				case <-stop:
					return
				default:
				}
				conv, id := fmt.Sprintf("k%d", w%6), fmt.Sprintf("w%d-%d", w, i)
				body, code, err := sendTurn(client, bases[(w+i)%3], conv, id, "john@example.com")
				if err == nil && code == http.StatusOK {
					mu.Lock()
					acked = append(acked, replicaTurn{conv, id, "john@example.com", body})
					mu.Unlock()
				}
			}
		}(w)
	}
	time.Sleep(1500 * time.Millisecond)
	cmds[0].kill()
	time.Sleep(1000 * time.Millisecond)
	close(stop)
	wg.Wait()
	if len(acked) == 0 {
		t.Fatal("no turn acknowledged during the kill phase")
	}
	for _, a := range acked {
		body, code, err := sendTurn(client, bases[1], a.conv, a.id, a.text)
		if err != nil || code != http.StatusOK || !bytes.Equal(body, a.body) {
			t.Fatalf("acknowledged %s/%s lost after kill -9 of a replica: %d %v", a.conv, a.id, code, err)
		}
	}
	t.Logf("%d acknowledged turns survived the kill of one of three replicas", len(acked))
}

type testingCmd struct{ killFn func() error }

func (c *testingCmd) kill() { _ = c.killFn() }
