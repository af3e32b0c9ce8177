package gates

import (
	"os"
	"strings"
	"testing"
)

func TestZZProbe(t *testing.T) {
	for _, s := range strings.Split(os.Getenv("PROBE"), "|") {
		t.Logf("%q -> %q", s, goalOf(t, s))
	}
}
