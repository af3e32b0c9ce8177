package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"
)

// buildBinary compiles the parley command once per test binary run.
func buildBinary(t *testing.T) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "parley")
	out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput()
	if err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

// startProcess starts `parley serve` as a real process and returns its base URL.
func startProcess(t *testing.T, bin string, args ...string) (*exec.Cmd, string) {
	t.Helper()
	cmd := exec.Command(bin, append([]string{"serve", "-addr", "127.0.0.1:0"}, args...)...)
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		_ = cmd.Process.Kill()
		_ = cmd.Wait()
	})
	line, err := bufio.NewReader(stdout).ReadString('\n')
	if err != nil {
		t.Fatalf("server did not start: %v", err)
	}
	m := regexp.MustCompile(`http://(\S+)`).FindStringSubmatch(line)
	if m == nil {
		t.Fatalf("no address in %q", line)
	}
	return cmd, "http://" + m[1]
}

type ackedTurn struct {
	conv, id, text string
	body           []byte
	version        int64
}

// TestKill9LosesNoAcknowledgedTurn kills a loaded server with SIGKILL, restarts it
// on the same database and checks that every acknowledged turn is stored (its
// replay returns the identical body) and that every conversation continues.
func TestKill9LosesNoAcknowledgedTurn(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and kills a real process")
	}
	bin := buildBinary(t)
	db := filepath.Join(t.TempDir(), "parley.db")
	cmd, base := startProcess(t, bin, "-db", db)

	texts := []string{"I want to book a flight", "New York", "Los Angeles", "2026-12-12", "yes"}
	var mu sync.Mutex
	var acked []ackedTurn
	client := &http.Client{Timeout: 5 * time.Second}
	var wg sync.WaitGroup
	for w := 0; w < 8; w++ {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			conv := fmt.Sprintf("k%d", w)
			for i := 0; i < 100000; i++ {
				body := fmt.Sprintf(`{"id":"m%d","text":%q,"sent_at":"2026-12-01T09:00:%02dZ"}`, i, texts[i%len(texts)], i%60)
				resp, err := client.Post(base+"/v1/bots/booking/conversations/"+conv+"/messages", "application/json", strings.NewReader(body))
				if err != nil {
					return // the server is gone
				}
				var buf bytes.Buffer
				_, rerr := buf.ReadFrom(resp.Body)
				resp.Body.Close()
				if rerr != nil || resp.StatusCode != http.StatusOK {
					return
				}
				var r struct{ Version int64 }
				if json.Unmarshal(buf.Bytes(), &r) != nil {
					return
				}
				mu.Lock()
				acked = append(acked, ackedTurn{conv: conv, id: fmt.Sprintf("m%d", i), text: texts[i%len(texts)], body: buf.Bytes(), version: r.Version})
				mu.Unlock()
			}
		}(w)
	}
	// Let load build up, then kill without warning.
	deadline := time.Now().Add(10 * time.Second)
	for {
		mu.Lock()
		n := len(acked)
		mu.Unlock()
		if n >= 400 || time.Now().After(deadline) {
			break
		}
		time.Sleep(10 * time.Millisecond)
	}
	if err := cmd.Process.Kill(); err != nil {
		t.Fatal(err)
	}
	_ = cmd.Wait()
	wg.Wait()
	if len(acked) == 0 {
		t.Fatal("no turn was acknowledged before the kill")
	}

	_, base = startProcess(t, bin, "-db", db)
	last := map[string]ackedTurn{}
	for _, a := range acked {
		resp, err := client.Post(base+"/v1/bots/booking/conversations/"+a.conv+"/messages", "application/json",
			strings.NewReader(fmt.Sprintf(`{"id":%q,"text":%q}`, a.id, a.text)))
		if err != nil {
			t.Fatal(err)
		}
		var buf bytes.Buffer
		_, _ = buf.ReadFrom(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != http.StatusOK || resp.Header.Get("Idempotent-Replay") != "true" || !bytes.Equal(buf.Bytes(), a.body) {
			t.Fatalf("acknowledged turn %s/%s lost or changed after kill -9: %d replay=%q\n got: %s\nwant: %s",
				a.conv, a.id, resp.StatusCode, resp.Header.Get("Idempotent-Replay"), buf.Bytes(), a.body)
		}
		if a.version > last[a.conv].version {
			last[a.conv] = a
		}
	}
	for conv, a := range last {
		code, b, _ := post(t, base+"/v1/bots/booking/conversations/"+conv+"/messages", `{"id":"after-restart","text":"hello again"}`)
		var r struct{ Version int64 }
		_ = json.Unmarshal(b, &r)
		if code != http.StatusOK || r.Version <= a.version {
			t.Fatalf("conversation %s does not continue after restart: %d %s (last acked version %d)", conv, code, b, a.version)
		}
	}
	t.Logf("%d acknowledged turns in %d conversations survived kill -9", len(acked), len(last))
}
