package app

import (
	"strings"
	"testing"

	"github.com/parleyhq/parley"
)

// TestHandoffBlock: a bot's handoff: fields win over the top level's, a webhook
// that is not http(s) is refused with its place, and a bot with no way to reach a
// person is unreachable until a Chatwoot inbox, a webhook or a token appears.
func TestHandoffBlock(t *testing.T) {
	cfg, err := ParseConfig([]byte(`handoff: {webhook: "https://hooks.example/all", secret: top, message: soon}
bots:
  - {name: a, engine: shop, handoff: {webhook: "https://hooks.example/a"}}
  - {name: b, engine: shop}
`), "parley.yaml")
	if err != nil {
		t.Fatal(err)
	}
	a, b := cfg.handoffOf(&cfg.Bots[0]), cfg.handoffOf(&cfg.Bots[1])
	if a.Webhook != "https://hooks.example/a" || a.Secret != "top" || a.Message != "soon" || b.Webhook != "https://hooks.example/all" {
		t.Fatalf("merged blocks %+v %+v", a, b)
	}
	if got := cfg.Unreachable(false); len(got) != 0 {
		t.Fatalf("unreachable with webhooks: %v", got)
	}
	_, err = ParseConfig([]byte("bots:\n  - {name: a, engine: shop, handoff: {webhook: \"ftp://x\"}}\n"), "parley.yaml")
	if parley.ErrorCode(err) != parley.EINVALID || !strings.Contains(err.Error(), "bots[0].handoff.webhook") {
		t.Fatalf("ftp webhook: %v", err)
	}
	bare, err := ParseConfig([]byte("bots:\n  - {name: a, engine: shop}\n"), "parley.yaml")
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		people bool
		want   int
	}{{false, 1}, {true, 0}}
	for _, tt := range tests {
		if got := bare.Unreachable(tt.people); len(got) != tt.want {
			t.Errorf("people %v: unreachable %v", tt.people, got)
		}
	}
	if !bare.PeopleTokens(true) || bare.PeopleTokens(false) {
		t.Errorf("PeopleTokens: PARLEY_API_TOKEN answers, nothing else here")
	}
}
