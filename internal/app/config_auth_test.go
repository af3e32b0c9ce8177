package app

import (
	"strings"
	"testing"

	"github.com/parleyhq/parley"
)

func TestConfigAuthAndServerSections(t *testing.T) {
	t.Setenv("TEST_WIDGET_TOKEN", "widget-secret")
	t.Setenv("TEST_EMPTY_TOKEN", "")
	tests := []struct {
		name, yaml, err string
	}{
		{"tokens and server", `auth:
  tokens:
    - {name: widget, token: "${TEST_WIDGET_TOKEN}", scopes: [client]}
server:
  cors_origins: [https://shop.example.com, "http://localhost:3000"]
  hosts: [parley.example.com, "parley.example.com:8443"]`, ""},
		{"unknown scope", `auth: {tokens: [{name: w, token: x, scopes: [root]}]}`, `unknown scope "root"`},
		{"token from an empty variable", `auth: {tokens: [{name: w, token: "${TEST_EMPTY_TOKEN}", scopes: [client]}]}`, "token is empty"},
		{"token without scopes", `auth: {tokens: [{name: w, token: x}]}`, "scopes are required"},
		{"unknown key", `auth: {tokens: [{name: w, token: x, scopes: [client], role: admin}]}`, "role"},
		{"origin with a path", `server: {cors_origins: ["https://shop.example.com/page"]}`, "is not an origin"},
		{"origin without a scheme", `server: {cors_origins: [shop.example.com]}`, "is not an origin"},
		{"host with a path", `server: {hosts: ["parley.example.com/v1"]}`, "is not a host name"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cfg, err := ParseConfig([]byte(tt.yaml), "parley.yaml")
			if tt.err == "" {
				if err != nil {
					t.Fatal(err)
				}
				if len(cfg.Tokens()) != 1 || cfg.Tokens()[0].Secret != "widget-secret" || len(cfg.Server.CORSOrigins) != 2 {
					t.Fatalf("decoded %+v", cfg)
				}
				return
			}
			if parley.ErrorCode(err) != parley.EINVALID || !strings.Contains(parley.ErrorMessage(err), tt.err) || !strings.Contains(parley.ErrorMessage(err), "parley.yaml") {
				t.Fatalf("err = %v, want one naming parley.yaml and %q", err, tt.err)
			}
		})
	}
}
