// Package handoff calls people in when a bot hands a conversation off to them,
// for a site that has no Chatwoot inbox (docs/guides/handoff.md). The Notifier
// watches every turn of the runtime (actor.TurnWatcher): a turn whose engine hands
// the conversation off commits, with the turn, an outbox entry of kind Kind for the
// bot's handoff webhook, so that the call is made once the turn is stored, never
// on the visitor's time, and survives a restart; the outbox worker (package relay)
// delivers it with Deliver, signed, retrying with backoff. Every handoff is also
// logged at WARN, naming bot, conversation and cause, and counted in
// parley_handoffs_total{bot,reason}.
package handoff

import (
	"bytes"
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/url"
	"strconv"
	"time"

	"github.com/parleyhq/parley"
	"github.com/parleyhq/parley/internal/promvec"
	"github.com/prometheus/client_golang/prometheus"
)

// Kind is the outbox kind of a handoff webhook call.
const Kind = "handoff.webhook"

// SignatureHeader carries "sha256=" and the hex HMAC-SHA256 of the request body,
// keyed with the bot's handoff secret.
const SignatureHeader = "X-Parley-Signature"

// effectHandoff is the effect kind every engine's handoff carries.
const effectHandoff = "handoff"

// Target is where a bot's handoffs are announced.
type Target struct {
	// Webhook receives a POST of Payload for each handoff; empty calls nobody.
	Webhook string
	// Secret keys the body's signature (SignatureHeader); empty sends none.
	Secret string
	// InspectorURL is the inspector's public address (https://parley.example.com/inspect/);
	// the payload links the conversation in it. Empty links the server's own path.
	InspectorURL string
}

// Payload is the JSON body of a handoff webhook call.
type Payload struct {
	Bot          string    `json:"bot"`
	Conversation string    `json:"conversation"`
	Reason       string    `json:"reason"`
	Since        time.Time `json:"since"`
	InspectorURL string    `json:"inspector_url"`
}

// Options configure a Notifier.
type Options struct {
	// Targets are the bots' handoff webhooks, by bot name.
	Targets map[string]Target
	Logger  *slog.Logger
	// Registerer receives parley_handoffs_total; nil registers nothing.
	Registerer prometheus.Registerer
	// Client makes the webhook calls (default: 10 s timeout).
	Client *http.Client
}

// Notifier announces handoffs: outbox entries for the bots' webhooks, a WARN log
// line and a count of each.
type Notifier struct {
	targets  map[string]Target
	log      *slog.Logger
	client   *http.Client
	handoffs *prometheus.CounterVec
}

// New returns a Notifier.
func New(opts Options) *Notifier {
	n := &Notifier{targets: opts.Targets, log: opts.Logger, client: opts.Client}
	if n.log == nil {
		n.log = slog.New(slog.DiscardHandler)
	}
	if n.client == nil {
		n.client = &http.Client{Timeout: 10 * time.Second}
	}
	if opts.Registerer != nil {
		n.handoffs = promvec.Counter(opts.Registerer, "parley_handoffs_total",
			"Conversations handed off to a person, by bot and reason.", "bot", "reason")
	}
	return n
}

// Delivers reports whether any bot has a webhook, so that an outbox worker must run.
func (n *Notifier) Delivers() bool {
	for _, t := range n.targets {
		if t.Webhook != "" {
			return true
		}
	}
	return false
}

// TurnOutbox makes one outbox entry per handoff effect of a turn of a bot with a
// webhook. Since is the message's sent_at, so that the same turn decided again
// makes the same entry (its idempotency key names the message).
func (n *Notifier) TurnOutbox(key parley.ConversationKey, msg parley.Message, effects []parley.Effect) ([]parley.OutboxEntry, error) {
	t := n.targets[key.Bot]
	if t.Webhook == "" {
		return nil, nil
	}
	var out []parley.OutboxEntry
	for i, e := range effects {
		if e.Kind != effectHandoff {
			continue
		}
		p := Payload{Bot: key.Bot, Conversation: key.ID, Reason: reasonOf(e.Payload), Since: msg.SentAt.UTC(),
			InspectorURL: inspectorLink(t.InspectorURL, key)}
		body, err := json.Marshal(p)
		if err != nil {
			return nil, parley.WrapError(parley.EINTERNAL, err, "encode handoff payload")
		}
		out = append(out, parley.OutboxEntry{Key: key, Kind: Kind, Payload: body,
			IdempotencyKey: Kind + "/" + key.String() + "/" + msg.ID + "/" + strconv.Itoa(i)})
	}
	return out, nil
}

// reasonOf is a handoff effect's or event's reason ("unspecified" when it has none).
func reasonOf(data json.RawMessage) string {
	var v struct {
		Reason string `json:"reason"`
	}
	if json.Unmarshal(data, &v) != nil || v.Reason == "" {
		return "unspecified"
	}
	return v.Reason
}

// inspectorLink is the inspector's page of the conversation.
func inspectorLink(base string, key parley.ConversationKey) string {
	if base == "" {
		base = "/inspect/"
	}
	return base + "#/bots/" + url.PathEscape(key.Bot) + "/conversations/" + url.PathEscape(key.ID)
}

// TurnCommitted logs and counts the handoffs among a committed turn's events.
func (n *Notifier) TurnCommitted(key parley.ConversationKey, events []parley.Event) {
	for _, e := range events {
		if e.Type != parley.EventHandoff {
			continue
		}
		reason := reasonOf(e.Data)
		_, called := n.targets[key.Bot]
		n.log.Warn("conversation handed off to a person", "bot", key.Bot, "conversation", key.ID, "cause", reason, "webhook", called)
		if n.handoffs != nil {
			n.handoffs.WithLabelValues(key.Bot, reason).Inc()
		}
	}
}

// Deliver makes the webhook call of an outbox entry of kind Kind. A 2xx answer is
// delivered; a 4xx but 408 and 429 is a refusal no retry changes (code EINVALID,
// which the outbox worker fails for good); anything else is retried.
func (n *Notifier) Deliver(ctx context.Context, e parley.OutboxEntry) error {
	t, ok := n.targets[e.Key.Bot]
	if !ok || t.Webhook == "" || e.Kind != Kind {
		return parley.Errorf(parley.EINVALID, "no handoff webhook for bot %s (kind %s)", e.Key.Bot, e.Kind)
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, t.Webhook, bytes.NewReader(e.Payload))
	if err != nil {
		return parley.WrapError(parley.EINVALID, err, "handoff webhook of bot %s", e.Key.Bot)
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Idempotency-Key", e.IdempotencyKey)
	if t.Secret != "" {
		req.Header.Set(SignatureHeader, Sign(t.Secret, e.Payload))
	}
	resp, err := n.client.Do(req)
	if err != nil {
		return parley.WrapError(parley.EUNAVAILABLE, err, "handoff webhook of bot %s", e.Key.Bot)
	}
	_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, 1<<16))
	resp.Body.Close()
	switch {
	case resp.StatusCode >= 200 && resp.StatusCode < 300:
		return nil
	case resp.StatusCode >= 400 && resp.StatusCode < 500 && resp.StatusCode != http.StatusRequestTimeout && resp.StatusCode != http.StatusTooManyRequests:
		return parley.Errorf(parley.EINVALID, "handoff webhook of bot %s refused the call: %s", e.Key.Bot, resp.Status)
	}
	return parley.Errorf(parley.EUNAVAILABLE, "handoff webhook of bot %s answered %s", e.Key.Bot, resp.Status)
}

// Sign is the SignatureHeader value of body under secret: "sha256=" and the hex
// HMAC-SHA256. A receiver computes it over the raw body and compares in constant
// time (hmac.Equal).
func Sign(secret string, body []byte) string {
	m := hmac.New(sha256.New, []byte(secret))
	m.Write(body)
	return "sha256=" + hex.EncodeToString(m.Sum(nil))
}
