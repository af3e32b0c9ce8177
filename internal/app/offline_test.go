package app

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestOfflineConfigNeedsNoServingSecrets: parley test, check and graph read a
// configuration whose widget.key and tokens name variables that are not set
// (left empty; serve still refuses it), while a variable not set anywhere else
// is an error for them too.
func TestOfflineConfigNeedsNoServingSecrets(t *testing.T) {
	t.Setenv("PARLEY_T41_SET", "a-token-of-at-least-sixteen-chars")
	dir := t.TempDir()
	write := func(extra string) string {
		p := filepath.Join(dir, "parley.yaml")
		text := `auth:
  tokens:
    - {name: admin, token: "${PARLEY_T41_ADMIN}", scopes: [admin]}
    - {name: reader, token: "${PARLEY_T41_SET}", scopes: [client]}
widget:
  key: ${PARLEY_T41_WIDGET_KEY}
bots:
  - name: shop
    engine: shop
` + extra
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	p := write("")
	cfg, err := ResolveOfflineConfig(p)
	if err != nil {
		t.Fatalf("offline: %v", err)
	}
	if cfg.Widget.Key != "" || cfg.Auth.Tokens[0].Token != "" || cfg.Auth.Tokens[1].Token != "a-token-of-at-least-sixteen-chars" {
		t.Fatalf("secrets: widget %q, tokens %+v", cfg.Widget.Key, cfg.Auth.Tokens)
	}
	if _, err := ResolveConfig(p); err == nil || !strings.Contains(err.Error(), "PARLEY_T41_ADMIN, PARLEY_T41_WIDGET_KEY") {
		t.Fatalf("serve's reading must still refuse it: %v", err)
	}
	p = write("    description: ${PARLEY_T41_ELSEWHERE}\n")
	if _, err := ResolveOfflineConfig(p); err == nil || !strings.Contains(err.Error(), "not set: PARLEY_T41_ELSEWHERE (") {
		t.Fatalf("a variable outside the serving secrets: %v", err)
	}
}
