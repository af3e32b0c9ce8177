package chatwoot_test

import (
	"path/filepath"
	"testing"
	"time"

	"github.com/parleyhq/parley/chatwoot"
	"github.com/parleyhq/parley/chatwoot/chatwoottest"
)

func BenchmarkParseAndClassify(b *testing.B) {
	body := chatwoottest.ReadFixture(b, filepath.Join("testdata", "v4_message_created_constructed.json"))
	b.ReportAllocs()
	for b.Loop() {
		w, err := chatwoot.ParseWebhook(body)
		if err != nil {
			b.Fatal(err)
		}
		if w.Classify("shop").Kind != chatwoot.Turn {
			b.Fatal("not a turn")
		}
	}
}

func BenchmarkVerifySignature(b *testing.B) {
	body := chatwoottest.ReadFixture(b, filepath.Join("testdata", "v4_message_created_constructed.json"))
	now := time.Unix(1767261600, 0)
	header := chatwoottest.WebhookRequest(b, "/", body, "secret", now).Header
	b.ReportAllocs()
	for b.Loop() {
		if err := chatwoot.VerifySignature("secret", header, body, now, time.Minute); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkOutbox(b *testing.B) {
	replies, effects := shopTurn()
	b.ReportAllocs()
	for b.Loop() {
		if _, err := chatwoot.Outbox(shopKey, "118", replies, effects); err != nil {
			b.Fatal(err)
		}
	}
}
