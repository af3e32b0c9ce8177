package examples

import (
	"bufio"
	"context"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestServerExampleInItsOwnModule builds examples/server as a program of another
// module does (its own go.mod, Parley through a replace directive), runs it on a free
// port and uses what it mounts on one mux: the API takes a conversation to its
// action, the inspector's page loads, and /metrics carries the runtime's series.
func TestServerExampleInItsOwnModule(t *testing.T) {
	goCmd, err := exec.LookPath("go")
	if err != nil {
		t.Fatalf("the go command builds the example: %v", err)
	}
	bin := filepath.Join(t.TempDir(), "tables")
	build := exec.Command(goCmd, "build", "-o", bin, ".")
	build.Dir = "server"
	build.Env = append(os.Environ(), "GOWORK=off", "GOFLAGS=-mod=readonly")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build in examples/server: %v\n%s", err, out)
	}
	base := startServer(t, bin, filepath.Join(t.TempDir(), "tables.db"))

	conv := base + "/v1/bots/tables/conversations/c1/messages"
	for i, step := range []struct{ text, reply string }{
		{"I'd like to reserve a table", "For how many people?"},
		{"4", "A table for 4. Shall I reserve it?"},
		{"yes", "Reserved: T4-c1."},
	} {
		body := `{"id":"m` + string(rune('1'+i)) + `","text":"` + step.text + `"}`
		if code, got := call(t, "POST", conv, body); code != 200 || !strings.Contains(got, step.reply) {
			t.Fatalf("%q: %d %s, want a reply %q", step.text, code, got, step.reply)
		}
	}
	if code, got := call(t, "GET", base+"/inspect/", ""); code != 200 || !strings.Contains(got, "<html") {
		t.Fatalf("inspector: %d %.200s", code, got)
	}
	if code, got := call(t, "GET", base+"/metrics", ""); code != 200 || !strings.Contains(got, `parley_turns_total{bot="tables"`) {
		t.Fatalf("metrics: %d %.300s", code, got)
	}
}

// startServer runs the example and returns its base URL, read from the line it
// prints once it listens; the process is killed when the test ends.
func startServer(t *testing.T, bin, db string) string {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	cmd := exec.CommandContext(ctx, bin, "-addr", "127.0.0.1:0", "-db", db)
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cancel(); _ = cmd.Wait() })
	line, err := bufio.NewReader(stdout).ReadString('\n')
	if err != nil {
		t.Fatalf("the example printed no address: %v", err)
	}
	go io.Copy(io.Discard, stdout)
	addr, _, _ := strings.Cut(strings.TrimPrefix(line, "listening on "), " ")
	if !strings.HasPrefix(addr, "http://127.0.0.1:") {
		t.Fatalf("address line %q", line)
	}
	return addr
}

func call(t *testing.T, method, url, body string) (int, string) {
	t.Helper()
	req, err := http.NewRequest(method, url, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	client := &http.Client{Timeout: 10 * time.Second}
	res, err := client.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return res.StatusCode, string(b)
}
