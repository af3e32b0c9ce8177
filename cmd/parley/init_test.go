package main

import (
	"bytes"
	"context"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestInitWritesAProjectThatPasses: `parley init DIR` writes a project that
// validates, passes `parley test scenarios/` and `parley check` as written, run
// from inside DIR with no flags (the commands find its parley.yaml), and that
// `parley serve` loads.
func TestInitWritesAProjectThatPasses(t *testing.T) {
	ctx := context.Background()
	dir := filepath.Join(t.TempDir(), "bakery")
	var out bytes.Buffer
	if err := run(ctx, []string{"init", dir}, &out, io.Discard); err != nil {
		t.Fatalf("init: %v\n%s", err, out.String())
	}
	for _, f := range []string{"parley.yaml", "flows/bakery.yaml", "scenarios/order.yaml", "README.md"} {
		if _, err := os.Stat(filepath.Join(dir, f)); err != nil {
			t.Errorf("init did not write %s: %v", f, err)
		}
	}
	t.Chdir(dir)
	steps := [][]string{
		{"validate", "flows/bakery.yaml"},
		{"test", "-v", "scenarios/"},
		{"check"},
		{"graph", "bakery"},
	}
	for _, args := range steps {
		var stdout, stderr bytes.Buffer
		if err := run(ctx, args, &stdout, &stderr); err != nil {
			t.Fatalf("parley %s: %v\n%s%s", strings.Join(args, " "), err, stdout.String(), stderr.String())
		}
		if args[0] == "test" && !strings.Contains(stdout.String(), "1 passed, 0 failed") {
			t.Fatalf("parley test ran no scenario:\n%s", stdout.String())
		}
		if args[0] == "check" && !strings.HasPrefix(stdout.String(), "ok bakery:") {
			t.Fatalf("parley check did not prove the bot:\n%s", stdout.String())
		}
	}
	// parley serve reads the same parley.yaml and serves the bot.
	base, stop := startServe(t, io.Discard, "-db", filepath.Join(t.TempDir(), "serve.db"))
	defer stop()
	code, body, _ := post(t, base+"/v1/bots/bakery/conversations/c1/messages", `{"id":"m1","text":"I would like to order"}`)
	if code != 200 || !strings.Contains(string(body), "What would you like?") {
		t.Fatalf("served bot answered %d %s", code, body)
	}
}

// TestInitRefusesAFolderInUse: nothing of the user's is ever overwritten.
func TestInitRefusesAFolderInUse(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "parley.yaml"), []byte("mine"), 0o644); err != nil {
		t.Fatal(err)
	}
	var stderr bytes.Buffer
	err := run(context.Background(), []string{"init", dir}, io.Discard, &stderr)
	if err == nil || !strings.Contains(errText(err), "not empty") {
		t.Fatalf("err = %v", err)
	}
	if data, _ := os.ReadFile(filepath.Join(dir, "parley.yaml")); string(data) != "mine" {
		t.Fatalf("parley.yaml was overwritten: %q", data)
	}
}

func TestBotNameOfAFolder(t *testing.T) {
	for dir, want := range map[string]string{"mybot": "mybot", "/tmp/My Shop.v2": "my-shop-v2", "...": "mybot", "café": "caf"} {
		if got := botName(dir); got != want {
			t.Errorf("botName(%q) = %q, want %q", dir, got, want)
		}
	}
}
