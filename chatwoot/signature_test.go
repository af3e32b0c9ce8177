package chatwoot_test

import (
	"net/http"
	"testing"
	"time"

	"github.com/parleyhq/parley"
	"github.com/parleyhq/parley/chatwoot"
	"github.com/parleyhq/parley/chatwoot/chatwoottest"
)

func TestSignMatchesChatwootFormula(t *testing.T) {
	// Computed independently: printf '1700000000.{"a":1}' | openssl dgst -sha256 -hmac s3cret
	got := chatwoot.Sign("s3cret", 1700000000, []byte(`{"a":1}`))
	want := "sha256=1698a50bc74d1ff1db85c4e0a5297c2ad9fdba245d5737cdb789e4cc6e098940"
	if got != want {
		t.Errorf("Sign = %s, want %s", got, want)
	}
}

func TestVerifySignature(t *testing.T) {
	const secret = "bot-secret"
	body := fixture(t, "chatwoot_webhook_message_created_webwidget.json")
	now := time.Date(2026, 1, 1, 10, 0, 0, 0, time.UTC)
	signed := chatwoottest.WebhookRequest(t, "/v1/chatwoot/shop", body, secret, now.Add(-30*time.Second)).Header

	with := func(edit func(h http.Header)) http.Header {
		h := signed.Clone()
		edit(h)
		return h
	}
	tests := []struct {
		name   string
		secret string
		header http.Header
		body   []byte
		ok     bool
	}{
		{"good signature", secret, signed, body, true},
		{"wrong secret", "other", signed, body, false},
		{"no secret configured", "", signed, body, false},
		{"body changed", secret, signed, append([]byte(" "), body...), false},
		{"missing signature", secret, with(func(h http.Header) { h.Del(chatwoot.HeaderSignature) }), body, false},
		{"missing timestamp", secret, with(func(h http.Header) { h.Del(chatwoot.HeaderTimestamp) }), body, false},
		{"timestamp not a number", secret, with(func(h http.Header) { h.Set(chatwoot.HeaderTimestamp, "soon") }), body, false},
		{"timestamp changed", secret, with(func(h http.Header) { h.Set(chatwoot.HeaderTimestamp, "1767261571") }), body, false},
		{"signature without prefix", secret, with(func(h http.Header) { h.Set(chatwoot.HeaderSignature, h.Get(chatwoot.HeaderSignature)[7:]) }), body, false},
		{"stale", secret, chatwoottest.WebhookRequest(t, "/", body, secret, now.Add(-6*time.Minute)).Header, body, false},
		{"from the future", secret, chatwoottest.WebhookRequest(t, "/", body, secret, now.Add(6*time.Minute)).Header, body, false},
		{"just inside the window", secret, chatwoottest.WebhookRequest(t, "/", body, secret, now.Add(-5*time.Minute)).Header, body, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := chatwoot.VerifySignature(tt.secret, tt.header, tt.body, now, 5*time.Minute)
			if tt.ok {
				if err != nil {
					t.Fatalf("VerifySignature: %v", err)
				}
				return
			}
			if got := parley.ErrorCode(err); got != parley.EUNAUTHORIZED {
				t.Fatalf("code = %q (%v), want %q", got, err, parley.EUNAUTHORIZED)
			}
		})
	}
}
