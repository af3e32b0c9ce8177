package app

import (
	"cmp"
	"context"
	"log/slog"
	"strings"
	"time"

	"github.com/parleyhq/parley"
	"github.com/parleyhq/parley/flows"
	"github.com/parleyhq/parley/gates"
	"github.com/parleyhq/parley/llm"
	"github.com/parleyhq/parley/shop"
	"github.com/prometheus/client_golang/prometheus"
)

// LLMConfig is the `llm:` block: any OpenAI-compatible chat completions server.
// Set once at the top level; a bot's own `llm:` block overrides field by field.
type LLMConfig struct {
	BaseURL   string   `yaml:"base_url"`
	Model     string   `yaml:"model"`
	APIKey    string   `yaml:"api_key"`
	Timeout   Duration `yaml:"timeout"`
	MaxTokens int64    `yaml:"max_tokens"`
	Seed      int64    `yaml:"seed"`
	// MaxRetries of 429/5xx answers within the timeout (default 2; -1 for none).
	MaxRetries int `yaml:"max_retries"`
	// History is how many of the conversation's last messages the prompt carries.
	History int `yaml:"history"`
	// Confidence is the threshold under which a parse means "not understood".
	Confidence      float64  `yaml:"confidence"`
	BreakerFailures int      `yaml:"breaker_failures"`
	BreakerCooldown Duration `yaml:"breaker_cooldown"`
}

// NLU modes of a bot.
const (
	nluRules = "rules"
	nluLLM   = "llm"
)

// merged is c with the fields o sets taken from o.
func (c *LLMConfig) merged(o *LLMConfig) LLMConfig {
	var m LLMConfig
	if c != nil {
		m = *c
	}
	if o == nil {
		return m
	}
	// cmp.Or takes o's value where o sets one (any non-zero value), else c's.
	m.BaseURL, m.Model, m.APIKey = cmp.Or(o.BaseURL, m.BaseURL), cmp.Or(o.Model, m.Model), cmp.Or(o.APIKey, m.APIKey)
	m.Timeout, m.BreakerCooldown = cmp.Or(o.Timeout, m.Timeout), cmp.Or(o.BreakerCooldown, m.BreakerCooldown)
	m.MaxTokens, m.MaxRetries = cmp.Or(o.MaxTokens, m.MaxTokens), cmp.Or(o.MaxRetries, m.MaxRetries)
	m.History, m.BreakerFailures = cmp.Or(o.History, m.History), cmp.Or(o.BreakerFailures, m.BreakerFailures)
	m.Seed, m.Confidence = cmp.Or(o.Seed, m.Seed), cmp.Or(o.Confidence, m.Confidence)
	return m
}

// checkNLU validates a bot's nlu mode and, for llm, its effective llm block.
func (c *Config) checkNLU(path string, i int, b BotConfig) error {
	switch b.NLU {
	case "", nluRules:
		return nil
	case nluLLM:
	default:
		return parley.Errorf(parley.EINVALID, "%s: bots[%d] (%s): nlu must be llm or rules, got %q", path, i, b.Name, b.NLU)
	}
	return checkLLM(path, i, b.Name, c.LLM.merged(b.LLM))
}

// checkLLM checks a bot's effective llm block: a server and a model, a confidence
// between 0 and 1, nothing negative.
func checkLLM(path string, i int, bot string, m LLMConfig) error {
	switch {
	case strings.TrimSpace(m.BaseURL) == "" || strings.TrimSpace(m.Model) == "":
		return parley.Errorf(parley.EINVALID, "%s: bots[%d] (%s): nlu: llm needs an llm: block with base_url and model", path, i, bot)
	case m.Confidence < 0 || m.Confidence > 1:
		return parley.Errorf(parley.EINVALID, "%s: bots[%d] (%s): llm confidence must be between 0 and 1", path, i, bot)
	case m.Timeout < 0 || m.MaxTokens < 0 || m.History < -1 || m.MaxRetries < -1:
		return parley.Errorf(parley.EINVALID, "%s: bots[%d] (%s): llm timeout, max_tokens, history and max_retries cannot be negative", path, i, bot)
	}
	return nil
}

// models builds one llm.Client per distinct server, model and key, so that bots
// on one server share its circuit breaker.
type models struct {
	metrics *llm.Metrics
	logger  *slog.Logger
	clients map[LLMConfig]*llm.Client
}

func newModels(reg prometheus.Registerer, logger *slog.Logger) *models {
	m := &models{logger: logger, clients: map[LLMConfig]*llm.Client{}}
	if reg != nil {
		m.metrics = llm.NewMetrics(reg)
	}
	if m.logger == nil {
		m.logger = slog.New(slog.DiscardHandler)
	}
	return m
}

// client returns the shared client of lc's server, model and key.
func (m *models) client(lc LLMConfig) (*llm.Client, error) {
	key := lc
	key.History, key.Confidence = 0, 0 // per bot, not per server
	if client := m.clients[key]; client != nil {
		return client, nil
	}
	client, err := llm.New(llm.Config{
		BaseURL: lc.BaseURL, Model: lc.Model, APIKey: lc.APIKey, Timeout: time.Duration(lc.Timeout),
		MaxTokens: lc.MaxTokens, Seed: lc.Seed, MaxRetries: lc.MaxRetries,
		BreakerFailures: lc.BreakerFailures, BreakerCooldown: time.Duration(lc.BreakerCooldown),
	}, m.metrics)
	if err != nil {
		return nil, err
	}
	m.clients[key] = client
	return client, nil
}

// writer returns what writes a bot's generated replies: its model when the bot (or
// the top-level llm block) names one, else nil (replies as written).
func (m *models) writer(cfg *Config, bc BotConfig) (*botWriter, error) {
	lc := cfg.LLM.merged(bc.LLM)
	if strings.TrimSpace(lc.BaseURL) == "" || strings.TrimSpace(lc.Model) == "" {
		return nil, nil
	}
	client, err := m.client(lc)
	if err != nil {
		return nil, err
	}
	return &botWriter{client: client, bot: bc.Name}, nil
}

// botWriter is a bot's model writing its replies, named by the bot's configured
// name in the metrics whatever the engine calls itself.
type botWriter struct {
	client *llm.Client
	bot    string
}

func (w *botWriter) WriteReply(ctx context.Context, req parley.ReplyRequest, delta func(string)) (string, error) {
	req.Bot = w.bot
	return w.client.WriteReply(ctx, req, delta)
}

// understand wraps eng in the model's understanding when the bot has nlu: llm,
// or in the recording of its turns when it has record: true.
func (m *models) understand(cfg *Config, bc BotConfig, eng parley.Engine, store parley.Store) (parley.Engine, error) {
	if bc.NLU != nluLLM {
		if bc.Record || cfg.Record {
			return llm.Record(eng, bc.Name), nil
		}
		return eng, nil
	}
	lc := cfg.LLM.merged(bc.LLM)
	client, err := m.client(lc)
	if err != nil {
		return nil, err
	}
	return llm.Wrap(eng, llm.Options{
		Bot: bc.Name, Client: client, Threshold: lc.Confidence, History: lc.History,
		Metrics: m.metrics, Logger: m.logger.With("bot", bc.Name), Events: store,
	})
}

// Every engine publishes a vocabulary; the understanding step is a wrapper whose
// engine's optional behaviour is reached through Unwrap (parley.EngineAs).
var (
	_ parley.EngineWrapper = (*llm.Engine)(nil)
	_ llm.Vocabulary       = (*shop.Engine)(nil)
	_ llm.Vocabulary       = (*flows.Engine)(nil)
	_ llm.Vocabulary       = (*gates.Engine)(nil)
	_ parley.ReplyWriter   = (*botWriter)(nil)
)
