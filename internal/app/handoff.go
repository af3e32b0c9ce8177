package app

import (
	"context"
	"log/slog"
	"slices"
	"strings"
	"time"

	"github.com/parleyhq/parley"
	"github.com/parleyhq/parley/flows"
	"github.com/parleyhq/parley/handoff"
	"github.com/parleyhq/parley/httpapi"
	"github.com/prometheus/client_golang/prometheus"
)

// HandoffConfig is how people learn that a bot handed a conversation to them
// (docs/guides/handoff.md): the top-level handoff: block, and a bot's own, whose
// fields win over the top level's.
type HandoffConfig struct {
	// Webhook receives a signed POST of {bot, conversation, reason, since,
	// inspector_url} on each handoff, through the outbox (retried with backoff).
	Webhook string `yaml:"webhook"`
	// Secret keys the HMAC-SHA256 signature of the body (X-Parley-Signature).
	Secret string `yaml:"secret"`
	// InspectorURL is the inspector's public address, linked in the payload.
	InspectorURL string `yaml:"inspector_url"`
	// Message is said to the visitor after each handoff (when to expect an
	// answer). A bot nobody can answer says DefaultUnattendedMessage unless set.
	Message string `yaml:"message"`
}

// DefaultUnattendedMessage is what a visitor handed off by a bot with no way to
// reach a person is told, unless handoff.message says otherwise: no promise of a
// person now, and what to do.
const DefaultUnattendedMessage = "Nobody can answer here right now. Leave your question and how to reach you, and we will answer as soon as someone is back."

// handoffOf is bot bc's handoff block: the top level's, each field the bot sets
// replaced by the bot's.
func (c *Config) handoffOf(bc *BotConfig) HandoffConfig {
	var out HandoffConfig
	if c.Handoff != nil {
		out = *c.Handoff
	}
	if b := bc.Handoff; b != nil {
		out.Webhook = firstSet(b.Webhook, out.Webhook)
		out.Secret = firstSet(b.Secret, out.Secret)
		out.InspectorURL = firstSet(b.InspectorURL, out.InspectorURL)
		out.Message = firstSet(b.Message, out.Message)
	}
	return out
}

func firstSet(a, b string) string {
	if a != "" {
		return a
	}
	return b
}

// checkHandoff refuses a handoff webhook that is not an http(s) URL.
func checkHandoff(path, where string, h *HandoffConfig) error {
	if h == nil || h.Webhook == "" {
		return nil
	}
	if !strings.HasPrefix(h.Webhook, "http://") && !strings.HasPrefix(h.Webhook, "https://") {
		return parley.Errorf(parley.EINVALID, "%s: %shandoff.webhook: %q is not an http(s) URL", path, where, h.Webhook)
	}
	return nil
}

// PeopleTokens reports whether some token of the configuration (or
// PARLEY_API_TOKEN, envToken) may answer as a person: the agent or admin scope.
func (c *Config) PeopleTokens(envToken bool) bool {
	if envToken {
		return true
	}
	return slices.ContainsFunc(c.Auth.Tokens, func(t TokenConfig) bool {
		return slices.Contains(t.Scopes, string(httpapi.ScopeAgent)) || slices.Contains(t.Scopes, string(httpapi.ScopeAdmin))
	})
}

// Unreachable lists the bots that hand conversations to a person with no way to
// reach one: no Chatwoot inbox, no handoff webhook and no token a person could
// answer with (people: PeopleTokens, or httpapi.Auth.Answers). Every engine hands
// off (a visitor who asks for a person, a slot's on_exhaust: handoff, a flow's
// handoff action, a gates node), so every such bot is a dead end for its visitors.
// `parley serve` and `parley check` warn of each.
func (c *Config) Unreachable(people bool) []string {
	var out []string
	for i := range c.Bots {
		b := &c.Bots[i]
		if b.Chatwoot == nil && c.handoffOf(b).Webhook == "" && !people {
			out = append(out, b.Name)
		}
	}
	return out
}

// UnreachableWarning is the warning of Unreachable's bots, "" for none.
func UnreachableWarning(bots []string) string {
	if len(bots) == 0 {
		return ""
	}
	return "bot(s) " + strings.Join(bots, ", ") + " can hand a conversation to a person, but nobody can be reached: no Chatwoot inbox, no handoff webhook and no agent token (docs/guides/handoff.md); visitors handed off are told handoff.message (default: nobody can answer now)"
}

// handoffNotifier is the runtime's handoff watcher for cfg's bots.
func handoffNotifier(cfg *Config, logger *slog.Logger, reg prometheus.Registerer) *handoff.Notifier {
	targets := map[string]handoff.Target{}
	for i := range cfg.Bots {
		h := cfg.handoffOf(&cfg.Bots[i])
		if h.Webhook != "" {
			targets[cfg.Bots[i].Name] = handoff.Target{Webhook: h.Webhook, Secret: h.Secret, InspectorURL: h.InspectorURL}
		}
	}
	return handoff.New(handoff.Options{Targets: targets, Logger: logger, Registerer: reg, Client: tracedHTTPClient(10 * time.Second)})
}

// handoffMessage is the text bot bc says after each handoff: its handoff.message,
// else, served (s.served) with nobody to reach, DefaultUnattendedMessage, else
// none. In-process runs (parley test) have no people to reach by design and keep
// the engines' own texts.
func (c *Config) handoffMessage(bc *BotConfig, s serving) string {
	if m := c.handoffOf(bc).Message; m != "" {
		return m
	}
	if s.served && slices.Contains(c.Unreachable(s.people), bc.Name) {
		return DefaultUnattendedMessage
	}
	return ""
}

// serving is how the bots are served: by parley serve (served), with a token a
// person may answer with (people).
type serving struct{ served, people bool }

// withHandoffMessage wraps eng in handoffSay when bc says a text after handoffs.
func (c *Config) withHandoffMessage(bc *BotConfig, eng parley.Engine, s serving) parley.Engine {
	if text := c.handoffMessage(bc, s); text != "" {
		return handoffSay{Engine: eng, text: text}
	}
	return eng
}

// handoffSay says a text after the engine's own on every turn that hands off
// (a "handoff" effect): when to expect an answer. It sits under any model's
// understanding (replay unwraps that one and decides through this).
type handoffSay struct {
	parley.Engine
	text string
}

func (h handoffSay) Unwrap() parley.Engine { return h.Engine }

// Immediate is the engine's own: the text adds no wait.
func (h handoffSay) Immediate() bool { return parley.IsImmediate(h.Engine) }

func (h handoffSay) Decide(ctx context.Context, t parley.Turn) (parley.Decision, error) {
	d, err := h.Engine.Decide(ctx, t)
	if err != nil {
		return d, err
	}
	if slices.ContainsFunc(d.Effects, func(e parley.Effect) bool { return e.Kind == flows.EffectHandoff }) {
		d.Replies = append(d.Replies, parley.Reply{Type: parley.ReplyText, Text: h.text})
	}
	return d, nil
}

// waitingScan bounds how many of a bot's conversations the waiting gauge reads
// per scrape (the most recently active first).
const waitingScan = 10000

// waitingCollector is parley_conversations_waiting_for_person{bot}: the queue's
// length per bot, read from the store at each scrape, so that it is right after a
// restart and across replicas.
type waitingCollector struct {
	store parley.ConversationReader
	bots  []*parley.Bot
	desc  *prometheus.Desc
}

func waitingGauge(store parley.ConversationReader, bots []*parley.Bot) prometheus.Collector {
	return &waitingCollector{store: store, bots: bots, desc: prometheus.NewDesc("parley_conversations_waiting_for_person",
		"Conversations handed off to a person and not handed back, per bot.", []string{"bot"}, nil)}
}

func (c *waitingCollector) Describe(ch chan<- *prometheus.Desc) { ch <- c.desc }

func (c *waitingCollector) Collect(ch chan<- prometheus.Metric) {
	lister, ok := c.store.(parley.ConversationLister)
	if !ok {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	for _, b := range c.bots {
		if _, ok := parley.EngineAs[parley.HandoffReporter](b.Engine); !ok {
			continue
		}
		waiting, err := parley.Waiting(ctx, lister, c.store, b, 0, waitingScan)
		if err != nil {
			ch <- prometheus.NewInvalidMetric(c.desc, err)
			continue
		}
		ch <- prometheus.MustNewConstMetric(c.desc, prometheus.GaugeValue, float64(len(waiting)), b.Name)
	}
}
