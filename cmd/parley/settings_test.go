package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/parleyhq/parley/internal/app"
)

// TestTheReadmesOptionalAPIKeyStartsTheServer: the documented
// `api_key: ${OPENAI_API_KEY:-}` starts the server when the variable is unset; a
// required ${VAR} stops it with the variable's name.
func TestTheReadmesOptionalAPIKeyStartsTheServer(t *testing.T) {
	os.Unsetenv("OPENAI_API_KEY")
	dir := t.TempDir()
	optional := filepath.Join(dir, "optional.yaml")
	writeFile(t, optional, "llm:\n  base_url: http://127.0.0.1:1/v1\n  model: qwen2.5:7b-instruct\n  api_key: ${OPENAI_API_KEY:-}  # optional; sent only when set\n")
	base, _ := testServer(t, "-config", optional)
	if code, body := get(t, base+"/healthz"); code != 200 {
		t.Fatalf("healthz %d %s", code, body)
	}
	required := filepath.Join(dir, "required.yaml")
	writeFile(t, required, "llm:\n  base_url: http://127.0.0.1:1/v1\n  model: m\n  api_key: ${OPENAI_API_KEY}\n")
	var stderr bytes.Buffer
	err := run(t.Context(), []string{"serve", "-addr", "127.0.0.1:0", "-config", required}, &bytes.Buffer{}, &stderr)
	if err == nil || !strings.Contains(errText(err), "OPENAI_API_KEY") || !strings.Contains(errText(err), "${NAME:-}") {
		t.Fatalf("serve with an unset required variable: %v", err)
	}
}

// TestOnePrecedenceForEverySetting: flags > environment > file, for the store, the
// listen address and the configuration file, and the start-up log says which store
// was opened (kind, location, where the choice came from).
func TestOnePrecedenceForEverySetting(t *testing.T) {
	dir := t.TempDir()
	cfg := filepath.Join(dir, "parley.yaml")
	writeFile(t, cfg, "listen: 127.0.0.1:1\nstore: sqlite:"+filepath.Join(dir, "file.db")+"\n")
	envDB, flagDB := filepath.Join(dir, "env.db"), filepath.Join(dir, "flag.db")

	t.Run("environment over file", func(t *testing.T) {
		t.Setenv("PARLEY_DATABASE_URL", "sqlite:"+envDB)
		t.Setenv("PARLEY_LISTEN", "127.0.0.1:0")
		var log syncBuffer
		_, stop := startServeNoAddr(t, &log, "-config", cfg)
		stop()
		for _, want := range []string{`msg="store opened" kind=sqlite location=` + envDB + ` from="environment PARLEY_DATABASE_URL"`, `from="environment PARLEY_LISTEN"`, "msg=configuration file=" + cfg + " from=-config"} {
			if !strings.Contains(log.String(), want) {
				t.Errorf("log lacks %q:\n%s", want, log.String())
			}
		}
		if _, err := os.Stat(envDB); err != nil {
			t.Errorf("the environment's store was not opened: %v", err)
		}
		if _, err := os.Stat(filepath.Join(dir, "file.db")); err == nil {
			t.Error("the file's store was opened although PARLEY_DATABASE_URL names another")
		}
	})
	t.Run("flag over environment", func(t *testing.T) {
		t.Setenv("PARLEY_DATABASE_URL", "sqlite:"+envDB)
		t.Setenv("PARLEY_LISTEN", "127.0.0.1:1")
		var log syncBuffer
		_, stop := startServe(t, &log, "-config", cfg, "-db", flagDB)
		stop()
		if want := `kind=sqlite location=` + flagDB + ` from=flag`; !strings.Contains(log.String(), want) {
			t.Errorf("log lacks %q:\n%s", want, log.String())
		}
	})
	t.Run("PARLEY_CONFIG over ./parley.yaml", func(t *testing.T) {
		t.Chdir(dir)
		other := filepath.Join(t.TempDir(), "other.yaml")
		writeFile(t, other, "bots:\n  - {name: solo, engine: gates}\n")
		t.Setenv("PARLEY_CONFIG", other)
		if path, from := app.ConfigPath(""); path != other || from != "PARLEY_CONFIG" {
			t.Errorf("configPath = %q from %q", path, from)
		}
		t.Setenv("PARLEY_CONFIG", "")
		if path, from := app.ConfigPath(""); path != "parley.yaml" || from != "working directory" {
			t.Errorf("configPath = %q from %q", path, from)
		}
		if path, from := app.ConfigPath(other); path != other || from != "-config" {
			t.Errorf("configPath = %q from %q", path, from)
		}
	})
}

func TestStoreLocationNeverShowsAPassword(t *testing.T) {
	tests := map[string]string{
		"postgres://parley:hunter2@db.internal:5432/parley?sslmode=require": "postgres://parley@db.internal:5432/parley?sslmode=require",
		"postgresql://db.internal/parley?password=hunter2&sslmode=disable":  "postgresql://db.internal/parley?sslmode=disable",
		"sqlite:/var/lib/parley/parley.db":                                  "/var/lib/parley/parley.db",
		"mem:":                                                              "in memory, nothing kept",
	}
	for in, want := range tests {
		if got := storeLocation(in); got != want || strings.Contains(got, "hunter2") {
			t.Errorf("storeLocation(%q) = %q, want %q", in, got, want)
		}
	}
}
