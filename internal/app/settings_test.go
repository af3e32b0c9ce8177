package app

import (
	"os"
	"strings"
	"testing"

	"github.com/parleyhq/parley"
)

// errText is the whole error chain, as the commands print it.
func errText(err error) string { return parley.ErrorDetail(err) }

// TestEnvironmentReferencesInTheConfig: ${VAR} is required (a missing one stops
// the server, naming it and the optional syntax), ${VAR:-default} and ${VAR:-} are
// optional, $$ is a literal $.
func TestEnvironmentReferencesInTheConfig(t *testing.T) {
	t.Setenv("PARLEY_T_SET", "s3cret")
	t.Setenv("PARLEY_T_EMPTY", "")
	os.Unsetenv("PARLEY_T_UNSET")
	tests := []struct {
		in, want, err string
	}{
		{"k: ${PARLEY_T_SET}", "k: s3cret", ""},
		{"k: ${PARLEY_T_UNSET}", "", "environment variables not set: PARLEY_T_UNSET (write ${NAME:-}"},
		{"a: ${PARLEY_T_UNSET}\nb: ${PARLEY_T_SET}\nc: ${PARLEY_T_UNSET2}", "", "PARLEY_T_UNSET, PARLEY_T_UNSET2"},
		{"k: ${PARLEY_T_UNSET:-}  # optional", "k:   # optional", ""},
		{"k: ${PARLEY_T_UNSET:-http://127.0.0.1:8080/v1}", "k: http://127.0.0.1:8080/v1", ""},
		{"k: ${PARLEY_T_EMPTY:-fallback}", "k: fallback", ""},
		{"k: ${PARLEY_T_SET:-fallback}", "k: s3cret", ""},
		{"k: ${PARLEY_T_EMPTY}", "k: ", ""},
		{"k: price$$5 ${PARLEY_T_SET}", "k: price$5 s3cret", ""},
	}
	for _, tt := range tests {
		got, err := expandEnv(tt.in, "parley.yaml")
		switch {
		case tt.err != "" && (err == nil || !strings.Contains(errText(err), tt.err)):
			t.Errorf("expandEnv(%q) = %q, %v; want an error with %q", tt.in, got, err, tt.err)
		case tt.err == "" && (err != nil || got != tt.want):
			t.Errorf("expandEnv(%q) = %q, %v; want %q", tt.in, got, err, tt.want)
		}
	}
}
