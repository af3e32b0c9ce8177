package relay_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/parleyhq/parley/chatwoot/chatwoottest"
)

// TestWebhookCommitsBeforeAnswering: the answer is given after the inbox entry is
// committed, and a webhook that is refused, ignored or a duplicate enqueues nothing.
// Nothing runs the inbox here: what the handler committed is all there is.
func TestWebhookCommitsBeforeAnswering(t *testing.T) {
	type delivery struct {
		bot, key string
		body     func(t *testing.T) []byte
	}
	message := func(t *testing.T) []byte { return incoming(t, 501, "hello") }
	opened := func(t *testing.T) []byte { return statusChange(t, "open") }
	outgoing := func(t *testing.T) []byte {
		return withFields(t, incoming(t, 502, "an agent's note"), map[string]any{"message_type": "outgoing"})
	}
	tests := []struct {
		name       string
		deliveries []delivery
		// wantAnswers are "<code> <status or error code>", one per delivery.
		wantAnswers []string
		// wantInbox are the message ids committed to the inbox.
		wantInbox func(t *testing.T) []string
	}{{
		name:        "a message is committed under its Chatwoot message id",
		deliveries:  []delivery{{"shop", secret, message}},
		wantAnswers: []string{"200 accepted"},
		wantInbox:   func(*testing.T) []string { return []string{"501"} },
	}, {
		name:        "a redelivery is a duplicate",
		deliveries:  []delivery{{"shop", secret, message}, {"shop", secret, message}},
		wantAnswers: []string{"200 accepted", "200 duplicate"},
		wantInbox:   func(*testing.T) []string { return []string{"501"} },
	}, {
		name:        "a status change is named by its body",
		deliveries:  []delivery{{"shop", secret, opened}, {"shop", secret, opened}},
		wantAnswers: []string{"200 accepted", "200 duplicate"},
		wantInbox:   func(t *testing.T) []string { return []string{bodyID("stop_bot", opened(t))} },
	}, {
		name:        "a wrong or missing signature is refused",
		deliveries:  []delivery{{"shop", "wrong-secret", message}, {"shop", "", message}},
		wantAnswers: []string{"401 unauthorized", "401 unauthorized"},
	}, {
		name:        "an outgoing message is ignored",
		deliveries:  []delivery{{"shop", secret, outgoing}},
		wantAnswers: []string{"200 ignored"},
	}, {
		name:        "an unknown bot and a bot without a Chatwoot channel are not found",
		deliveries:  []delivery{{"nobody", secret, message}, {"plain", secret, message}},
		wantAnswers: []string{"404 not_found", "404 not_found"},
	}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cw := chatwoottest.NewServer(t)
			e := newEnv(t, cw)
			var answers []string
			for _, d := range tt.deliveries {
				answers = append(answers, e.post(d.bot, d.body(t), d.key))
			}
			if diff := cmp.Diff(tt.wantAnswers, answers); diff != "" {
				t.Fatalf("answers (-want +got):\n%s", diff)
			}
			var want, got []string
			if tt.wantInbox != nil {
				want = tt.wantInbox(t)
			}
			for _, in := range e.inbox() {
				if in.Key != convKey || in.Channel != "chatwoot" {
					t.Fatalf("inbox entry %+v: want conversation %s, channel chatwoot", in, convKey)
				}
				got = append(got, in.MessageID)
			}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Fatalf("inbox (-want +got):\n%s", diff)
			}
			if n := len(cw.Calls()); n != 0 {
				t.Fatalf("the handler called Chatwoot %d times", n)
			}
		})
	}
}
