// Package llm owns Parley's use of a language model: one client for every
// OpenAI-compatible chat completions server (OpenAI, Ollama's /v1, vLLM, llama.cpp's
// server), built on the official openai-go SDK, and the understanding step that
// asks it to parse a user's message in an engine's published vocabulary before the
// engine decides.
//
// The model never decides state. It answers a parse in exactly the shape of a
// turn's `nlu` field ({"intent", "entities", "confidence"}), constrained by the
// engine's JSON Schema both as the response format (strict structured outputs) and
// by validating the answer. Whatever goes wrong (a timeout, an open circuit
// breaker, a 429 or 5xx after retries, an answer that fails the schema twice) the
// message goes to the engine without a parse and the engine's rules answer: a model
// outage degrades a bot, it never fails a turn.
//
// Every parse is recorded with its turn as an EventNLUParse event (the message, the
// model, the prompt's hash, the raw answer, latency and tokens), so that a stored
// conversation can be replayed without calling the model.
//
// Seed 001 cited here is docs/spec/001-state-machine-design.txt.
package llm

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/option"
	"github.com/openai/openai-go/v3/shared"
	"github.com/parleyhq/parley"
)

// Defaults of Config.
const (
	DefaultTimeout         = 10 * time.Second
	DefaultMaxTokens       = 512
	DefaultSeed            = 7
	DefaultMaxRetries      = 2
	DefaultBreakerFailures = 5
	DefaultBreakerCooldown = 30 * time.Second
)

// Config configures a Client.
type Config struct {
	// BaseURL is the server's OpenAI-compatible root, e.g. http://127.0.0.1:11434/v1
	// (Ollama), http://127.0.0.1:8000/v1 (vLLM), https://api.openai.com/v1.
	BaseURL string
	Model   string
	// APIKey is sent as a bearer token when set; local servers need none.
	APIKey string
	// Timeout is one call's budget, retries and their waits included (the turn's
	// budget for the model).
	Timeout time.Duration
	// MaxTokens bounds the answer's length.
	MaxTokens int64
	// Seed makes sampling reproducible on servers that honour it; temperature is 0.
	Seed int64
	// MaxRetries is how often the SDK retries a 408, 409, 429 or 5xx answer or a
	// connection error, with backoff honouring Retry-After, within Timeout.
	MaxRetries int
	// BreakerFailures consecutive failed calls open the circuit breaker, which then
	// refuses calls for BreakerCooldown.
	BreakerFailures int
	BreakerCooldown time.Duration
	// HTTPClient carries the requests (tests); nil means http.DefaultClient.
	HTTPClient *http.Client
}

// Client asks one model of one server for structured answers. It is safe for
// concurrent use.
type Client struct {
	cfg     Config
	sdk     openai.Client
	breaker *breaker
	metrics *Metrics
}

// New returns a client for cfg; metrics may be nil.
func New(cfg Config, metrics *Metrics) (*Client, error) {
	if strings.TrimSpace(cfg.BaseURL) == "" {
		return nil, parley.Errorf(parley.EINVALID, "llm: base_url is required")
	}
	if strings.TrimSpace(cfg.Model) == "" {
		return nil, parley.Errorf(parley.EINVALID, "llm: model is required")
	}
	cfg = cfg.withDefaults()
	return &Client{cfg: cfg, sdk: openai.NewClient(cfg.requestOptions()...), breaker: newBreaker(cfg.BreakerFailures, cfg.BreakerCooldown), metrics: metrics}, nil
}

// withDefaults gives the unset (zero or negative) settings their defaults; a
// negative MaxRetries means none.
func (cfg Config) withDefaults() Config {
	cfg.Timeout = positiveOr(cfg.Timeout, DefaultTimeout)
	cfg.MaxTokens = positiveOr(cfg.MaxTokens, DefaultMaxTokens)
	if cfg.Seed == 0 {
		cfg.Seed = DefaultSeed
	}
	switch {
	case cfg.MaxRetries < 0:
		cfg.MaxRetries = 0
	case cfg.MaxRetries == 0:
		cfg.MaxRetries = DefaultMaxRetries
	}
	cfg.BreakerFailures = positiveOr(cfg.BreakerFailures, DefaultBreakerFailures)
	cfg.BreakerCooldown = positiveOr(cfg.BreakerCooldown, DefaultBreakerCooldown)
	return cfg
}

// positiveOr is v when positive, else def.
func positiveOr[T int | int64 | time.Duration](v, def T) T {
	if v <= 0 {
		return def
	}
	return v
}

// requestOptions are the SDK's options for the configuration.
func (cfg Config) requestOptions() []option.RequestOption {
	opts := []option.RequestOption{
		option.WithBaseURL(cfg.BaseURL),
		option.WithMaxRetries(cfg.MaxRetries),
		// A Retry-After longer than the whole budget ends the call at once
		// instead of waiting past the turn.
		option.WithMaxRetryDelay(cfg.Timeout),
	}
	if cfg.APIKey != "" {
		opts = append(opts, option.WithAPIKey(cfg.APIKey))
	} else {
		// Local servers need no key; an OPENAI_API_KEY in the environment is
		// not sent to a server the configuration did not give it for.
		opts = append(opts, option.WithHeaderDel("Authorization"))
	}
	if cfg.HTTPClient != nil {
		opts = append(opts, option.WithHTTPClient(cfg.HTTPClient))
	}
	return opts
}

// Model is the configured model name.
func (c *Client) Model() string { return c.cfg.Model }

// Message is one chat message of a request.
type Message struct {
	Role    string `json:"role"` // system, user or assistant
	Content string `json:"content"`
}

// Request is one structured question.
type Request struct {
	// Bot labels the metrics.
	Bot      string
	Messages []Message
	Schema   *Schema
}

// Answer is a model's answer that passed the schema.
type Answer struct {
	// Content is the validated JSON answer.
	Content json.RawMessage
	// Model is the model the server says answered.
	Model string
	// PromptHash identifies the prompt: the SHA-256 of the messages and schema.
	PromptHash       string
	Latency          time.Duration
	PromptTokens     int64
	CompletionTokens int64
	// Attempts counts the completions asked (2 after a schema failure).
	Attempts int
}

// Failure kinds, the reason label of the fallback metric.
const (
	FailTimeout     = "timeout"
	FailUnavailable = "unavailable"
	FailBreaker     = "breaker_open"
	FailSchema      = "schema"
	FailTruncated   = "truncated"
	// FailEmpty is a reply the model was asked to write and wrote nothing of.
	FailEmpty = "empty"
)

// Error is a call that produced no usable answer. Raw is the last answer's
// content, if any, for the record.
type Error struct {
	Kind string
	Raw  string
	Err  error
}

func (e *Error) Error() string { return "llm: " + e.Kind + ": " + e.Err.Error() }
func (e *Error) Unwrap() error { return e.Err }

// Complete asks for an answer in req.Schema. An answer failing the schema is asked
// again once, with the validation error appended; transport retries are the SDK's.
// Every failure is an *Error.
func (c *Client) Complete(ctx context.Context, req Request) (Answer, error) {
	if !c.breaker.allow(time.Now()) {
		c.metrics.fallback(req.Bot, c.cfg.Model, FailBreaker)
		return Answer{}, &Error{Kind: FailBreaker, Err: errors.New("circuit breaker open")}
	}
	ctx, cancel := context.WithTimeout(ctx, c.cfg.Timeout)
	defer cancel()
	ans := Answer{PromptHash: PromptHash(req.Messages, req.Schema)}
	start := time.Now()
	msgs := req.Messages
	var last *Error
	for attempt := 1; attempt <= 2; attempt++ {
		ans.Attempts = attempt
		raw, err := c.complete(ctx, &ans, req, msgs)
		if err != nil {
			last = err
			if err.Kind != FailSchema && err.Kind != FailTruncated {
				break
			}
			c.metrics.schemaFailure(req.Bot, c.cfg.Model)
			msgs = retryMessages(req.Messages, raw, err)
			continue
		}
		ans.Content = json.RawMessage(raw)
		ans.Latency = time.Since(start)
		c.breaker.success()
		c.metrics.observe(req.Bot, c.cfg.Model, ans)
		return ans, nil
	}
	ans.Latency = time.Since(start)
	c.metrics.observe(req.Bot, c.cfg.Model, ans)
	c.noteFailure(req.Bot, last.Kind)
	return Answer{}, last
}

// retryMessages ask again, showing the model its answer and what was wrong
// with it.
func retryMessages(messages []Message, raw string, err *Error) []Message {
	return append(append([]Message(nil), messages...),
		Message{Role: "assistant", Content: raw},
		Message{Role: "user", Content: "Your answer does not match the required JSON Schema: " + err.Err.Error() + ". Answer again with JSON that matches it exactly."})
}

// noteFailure records a call that gave no usable answer: a timeout or an
// unavailable server counts toward the breaker; a server that answers, however
// badly, is up.
func (c *Client) noteFailure(bot string, kind string) {
	if kind == FailTimeout || kind == FailUnavailable {
		if c.breaker.failure(time.Now()) {
			c.metrics.breakerOpened(bot, c.cfg.Model)
		}
	} else {
		c.breaker.success()
	}
	c.metrics.fallback(bot, c.cfg.Model, kind)
}

// complete asks one completion and validates it; the raw content is returned
// with a schema failure.
func (c *Client) complete(ctx context.Context, ans *Answer, req Request, msgs []Message) (string, *Error) {
	params := openai.ChatCompletionNewParams{
		Model:       c.cfg.Model,
		Messages:    sdkMessages(msgs),
		Temperature: openai.Float(0),
		Seed:        openai.Int(c.cfg.Seed),
		MaxTokens:   openai.Int(c.cfg.MaxTokens),
		ResponseFormat: openai.ChatCompletionNewParamsResponseFormatUnion{
			OfJSONSchema: &shared.ResponseFormatJSONSchemaParam{
				JSONSchema: shared.ResponseFormatJSONSchemaJSONSchemaParam{
					Name:   req.Schema.Name,
					Strict: openai.Bool(true),
					Schema: req.Schema.Doc,
				},
			},
		},
	}
	resp, err := c.sdk.Chat.Completions.New(ctx, params)
	if err != nil {
		return "", classify(ctx, err)
	}
	if resp.Model != "" {
		ans.Model = resp.Model
	}
	ans.PromptTokens += resp.Usage.PromptTokens
	ans.CompletionTokens += resp.Usage.CompletionTokens
	if len(resp.Choices) == 0 {
		return "", &Error{Kind: FailSchema, Err: errors.New("the answer has no choices")}
	}
	ch := resp.Choices[0]
	raw := ch.Message.Content
	if ch.FinishReason == "length" {
		return raw, &Error{Kind: FailTruncated, Raw: raw, Err: fmt.Errorf("the answer was cut at %d tokens", c.cfg.MaxTokens)}
	}
	if err := req.Schema.Validate([]byte(raw)); err != nil {
		return raw, &Error{Kind: FailSchema, Raw: raw, Err: err}
	}
	return raw, nil
}

// classify names a transport failure; the SDK has already retried what it could.
func classify(ctx context.Context, err error) *Error {
	if errors.Is(err, context.DeadlineExceeded) || ctx.Err() != nil {
		return &Error{Kind: FailTimeout, Err: errors.New("no answer within the budget")}
	}
	var apiErr *openai.Error
	if errors.As(err, &apiErr) {
		// The status only: the SDK's message carries the request's URL and body.
		return &Error{Kind: FailUnavailable, Err: fmt.Errorf("the server answered %d", apiErr.StatusCode)}
	}
	return &Error{Kind: FailUnavailable, Err: errors.New("the server is unreachable")}
}

func sdkMessages(msgs []Message) []openai.ChatCompletionMessageParamUnion {
	out := make([]openai.ChatCompletionMessageParamUnion, 0, len(msgs))
	for _, m := range msgs {
		switch m.Role {
		case "system":
			out = append(out, openai.SystemMessage(m.Content))
		case "assistant":
			out = append(out, openai.AssistantMessage(m.Content))
		default:
			out = append(out, openai.UserMessage(m.Content))
		}
	}
	return out
}

// PromptHash is the first 16 hex digits of the SHA-256 of the messages and the
// schema: two turns with the same hash asked the model the same question.
func PromptHash(msgs []Message, s *Schema) string {
	h := sha256.New()
	b, _ := json.Marshal(msgs) // strings only
	h.Write(b)
	if s != nil {
		h.Write(s.canonical)
	}
	return hex.EncodeToString(h.Sum(nil)[:8])
}
