package llm

import (
	"cmp"
	"context"
	"encoding/json"
	"log/slog"
	"strings"
	"sync"
	"time"

	"github.com/parleyhq/parley"
)

// EventNLUParse is the event type recording how one turn's message was understood.
const EventNLUParse parley.EventType = "nlu_parse"

// Sources of a turn's parse, in ParseEvent.Source.
const (
	// SourceModel: the model's answer, validated, was the engine's parse.
	SourceModel = "model"
	// SourceCache: the same message within the NLU cache window reused the
	// previous parse (seed 001's last_nlu_call).
	SourceCache = "cache"
	// SourceUnclear: the model answered under the bot's confidence threshold; the
	// engine got its vocabulary's "not understood" intent.
	SourceUnclear = "unclear"
	// SourceUpstream: the caller gave a parse; the model was not asked.
	SourceUpstream = "upstream"
	// SourceSkipped: the engine reads the message itself (a button click, a
	// direct slot answer); the model was not asked.
	SourceSkipped = "skipped"
	// SourceFallback: the model gave no usable answer; the engine's rules read
	// the message.
	SourceFallback = "fallback"
	// SourceRules: the bot reads messages with its rules (nlu: rules) and records
	// its turns for replay.
	SourceRules = "rules"
)

// ParseEvent is the data of an EventNLUParse event: the message as received and
// the parse the engine decided with, so that the turn can be replayed without the
// model.
type ParseEvent struct {
	Message parley.Message `json:"message"`
	Source  string         `json:"source"`
	// Parse is what the engine got as Message.NLU; null means its rules read the
	// message.
	Parse            *parley.NLU `json:"parse"`
	Model            string      `json:"model,omitempty"`
	PromptHash       string      `json:"prompt_hash,omitempty"`
	Raw              string      `json:"raw,omitempty"`
	LatencyMS        int64       `json:"latency_ms,omitempty"`
	PromptTokens     int64       `json:"prompt_tokens,omitempty"`
	CompletionTokens int64       `json:"completion_tokens,omitempty"`
	Attempts         int         `json:"attempts,omitempty"`
	// Error says why the rules answered instead of the model.
	Error string `json:"error,omitempty"`
	// Replies are the texts the bot answered, the history of later prompts.
	Replies []string `json:"replies,omitempty"`
}

// Vocabulary is implemented by engines that publish what a model needs to read
// one turn. ok is false when the engine reads the message itself and the model
// must not be asked (seed 001's direct slot mapping).
type Vocabulary interface {
	Understanding(ctx context.Context, t parley.Turn) (u parley.Understanding, ok bool, err error)
}

// Completer asks a model for a structured answer; *Client is one.
type Completer interface {
	Complete(ctx context.Context, req Request) (Answer, error)
	Model() string
}

// Defaults of Options.
const (
	DefaultThreshold   = 0.5
	DefaultHistory     = 6
	DefaultCacheWindow = time.Second // seed 001: last_nlu_call within 1.0 s
	maxCached          = 10000
	maxSchemas         = 1024
)

// Options configure an understanding Engine.
type Options struct {
	// Bot names the bot in metrics and logs.
	Bot    string
	Client Completer
	// Threshold is the confidence under which a parse means "not understood".
	Threshold float64
	// History is how many of the conversation's last messages the prompt carries.
	History int
	// CacheWindow is how long after an NLU call the same message reuses its parse.
	CacheWindow time.Duration
	Metrics     *Metrics
	Logger      *slog.Logger
	// Events, when set, gives the prompt the conversation's last messages from the
	// recorded nlu_parse events when the engine's Understanding has no History:
	// the prompt's history for engines whose state keeps no messages. Every
	// parley.Store is one.
	Events parley.ConversationReader
}

// Engine reads each turn's message through the model, then lets the engine it
// wraps decide with that parse as Message.NLU. It decides nothing itself.
type Engine struct {
	inner parley.Engine
	vocab Vocabulary
	opts  Options

	mu      sync.Mutex
	cache   map[string]cached
	schemas map[string]*Schema
}

type cached struct {
	text  string
	at    time.Time
	parse *parley.NLU
	ev    ParseEvent
}

var _ parley.Engine = (*Engine)(nil)

// Wrap returns inner understood through opts.Client. inner must publish a
// Vocabulary.
func Wrap(inner parley.Engine, opts Options) (*Engine, error) {
	vocab, ok := parley.EngineAs[Vocabulary](inner)
	if !ok {
		return nil, parley.Errorf(parley.EINVALID, "llm: the %s engine publishes no vocabulary", inner.Kind())
	}
	if opts.Client == nil {
		return nil, parley.Errorf(parley.EINVALID, "llm: bot %s has nlu: llm but no model is configured", opts.Bot)
	}
	if opts.Threshold <= 0 {
		opts.Threshold = DefaultThreshold
	}
	if opts.History == 0 {
		opts.History = DefaultHistory
	}
	if opts.CacheWindow == 0 {
		opts.CacheWindow = DefaultCacheWindow
	}
	if opts.Logger == nil {
		opts.Logger = slog.New(slog.DiscardHandler)
	}
	return &Engine{inner: inner, vocab: vocab, opts: opts, cache: map[string]cached{}, schemas: map[string]*Schema{}}, nil
}

// Record returns inner with every turn's message recorded as an EventNLUParse
// event and no model: what `parley replay` needs of a bot with nlu: rules.
func Record(inner parley.Engine, bot string) *Engine {
	return &Engine{inner: inner, opts: Options{Bot: bot, Logger: slog.New(slog.DiscardHandler)}}
}

// Unwrap returns the engine that decides. What else that engine can do (its
// diagram, handback, metrics, vocabulary) is reached through it with
// parley.EngineAs: the wrapper forwards nothing but the Engine methods.
func (e *Engine) Unwrap() parley.Engine { return e.inner }

// Kind is the wrapped engine's kind.
func (e *Engine) Kind() string { return e.inner.Kind() }

// NewState is the wrapped engine's.
func (e *Engine) NewState(key parley.ConversationKey) any { return e.inner.NewState(key) }

// DecodeState is the wrapped engine's.
func (e *Engine) DecodeState(data []byte) (any, error) { return e.inner.DecodeState(data) }

// Decide understands the message, then lets the wrapped engine decide; the parse is
// recorded as an EventNLUParse event of the turn.
func (e *Engine) Decide(ctx context.Context, t parley.Turn) (parley.Decision, error) {
	ev := e.understand(ctx, t)
	if e.opts.Client != nil {
		e.opts.Metrics.parse(e.opts.Bot, e.opts.Client.Model(), ev.Source)
	}
	t.Message.NLU = ev.Parse
	d, err := e.inner.Decide(ctx, t)
	if err != nil {
		return d, err
	}
	for _, r := range d.Replies {
		if r.Text != "" {
			ev.Replies = append(ev.Replies, r.Text)
		}
	}
	d.Events = append(d.Events, parley.EventData{Type: EventNLUParse, Data: ev})
	return d, nil
}

// understand finds the turn's parse; it never fails: every failure is a parse of
// nil, which the engine's rules then read.
func (e *Engine) understand(ctx context.Context, t parley.Turn) ParseEvent {
	msg := t.Message
	ev := ParseEvent{Message: msg, Source: SourceSkipped}
	switch {
	case msg.NLU != nil:
		ev.Source, ev.Parse = SourceUpstream, msg.NLU
		return ev
	case msg.Meaning != "" || strings.TrimSpace(msg.Text) == "":
		return ev
	case e.opts.Client == nil:
		ev.Source = SourceRules
		return ev
	}
	u, ok, err := e.vocab.Understanding(ctx, t)
	if err != nil {
		ev.Source, ev.Error = SourceFallback, parley.ErrorMessage(err)
		return ev
	}
	if !ok {
		return ev
	}
	key := t.Conversation.String()
	text := strings.TrimSpace(msg.Text)
	if c, hit := e.cached(key, text, u.LastCall, msg.SentAt); hit {
		ev = c.ev
		ev.Message, ev.Source, ev.LatencyMS, ev.PromptTokens, ev.CompletionTokens, ev.Attempts = msg, SourceCache, 0, 0, 0, 0
		return ev
	}
	if len(u.History) == 0 {
		u.History = e.recordedHistory(ctx, t.Conversation)
	}
	ev, answered := e.ask(ctx, t, u, ev)
	if answered {
		e.remember(key, cached{text: text, at: msg.SentAt, parse: ev.Parse, ev: ev})
	}
	return ev
}

// ask asks the model to parse the message with the understanding u, reporting
// whether it answered; a failure is a fallback to the rules.
func (e *Engine) ask(ctx context.Context, t parley.Turn, u parley.Understanding, ev ParseEvent) (ParseEvent, bool) {
	schema, err := e.schema(u)
	if err != nil {
		ev.Source, ev.Error = SourceFallback, parley.ErrorMessage(err)
		return ev, false
	}
	req := Request{Bot: e.opts.Bot, Schema: schema, Messages: e.prompt(u, t.Message)}
	ans, err := e.opts.Client.Complete(ctx, req)
	ev.Model, ev.PromptHash = e.opts.Client.Model(), PromptHash(req.Messages, schema)
	if err != nil {
		ev.Source, ev.Error = SourceFallback, err.Error()
		if le, ok := err.(*Error); ok {
			ev.Raw = le.Raw
		}
		e.opts.Logger.Warn("model gave no usable answer; the rules answer", "bot", e.opts.Bot, "conversation", t.Conversation.ID, "error", err.Error())
		return ev, false
	}
	ev.Model = cmp.Or(ans.Model, ev.Model)
	ev.PromptHash, ev.Raw, ev.LatencyMS = ans.PromptHash, string(ans.Content), ans.Latency.Milliseconds()
	ev.PromptTokens, ev.CompletionTokens, ev.Attempts = ans.PromptTokens, ans.CompletionTokens, ans.Attempts
	ev.Source, ev.Parse = e.parseOf(ans.Content, u)
	return ev, true
}

// parseOf turns a validated answer into the engine's parse: null entities are
// dropped, and a confidence under the threshold becomes "not understood".
func (e *Engine) parseOf(content json.RawMessage, u parley.Understanding) (string, *parley.NLU) {
	var a struct {
		Intent     string         `json:"intent"`
		Entities   map[string]any `json:"entities"`
		Confidence float64        `json:"confidence"`
	}
	_ = json.Unmarshal(content, &a) // validated against the schema
	if a.Confidence < e.opts.Threshold {
		return SourceUnclear, &parley.NLU{Intent: u.Unclear, Confidence: a.Confidence}
	}
	p := &parley.NLU{Intent: a.Intent, Confidence: a.Confidence}
	for k, v := range a.Entities {
		if v == nil {
			continue
		}
		if s, ok := v.(string); ok && strings.TrimSpace(s) == "" {
			continue
		}
		if p.Entities == nil {
			p.Entities = map[string]any{}
		}
		p.Entities[k] = v
	}
	return SourceModel, p
}

// cached returns the conversation's previous parse when the same message comes
// again within the cache window of the last NLU call.
func (e *Engine) cached(key, text string, lastCall *time.Time, now time.Time) (cached, bool) {
	e.mu.Lock()
	c, ok := e.cache[key]
	e.mu.Unlock()
	if !ok || c.text != text {
		return cached{}, false
	}
	anchor := c.at
	if lastCall != nil {
		anchor = *lastCall
	}
	age := now.Sub(anchor)
	return c, age >= 0 && age < e.opts.CacheWindow
}

func (e *Engine) remember(key string, c cached) {
	e.mu.Lock()
	defer e.mu.Unlock()
	if len(e.cache) >= maxCached {
		// Entries only matter for a second: dropping them all is cheap and safe.
		clear(e.cache)
	}
	e.cache[key] = c
}

// schema compiles (once) the schema the engine published for this turn.
func (e *Engine) schema(u parley.Understanding) (*Schema, error) {
	b, err := json.Marshal(u.Schema)
	if err != nil {
		return nil, parley.WrapError(parley.EINTERNAL, err, "llm: schema %s", u.SchemaName)
	}
	key := u.SchemaName + "\x00" + string(b)
	e.mu.Lock()
	s, ok := e.schemas[key]
	e.mu.Unlock()
	if ok {
		return s, nil
	}
	s, err = CompileSchema(u.SchemaName, u.Schema)
	if err != nil {
		return nil, err
	}
	e.mu.Lock()
	if len(e.schemas) >= maxSchemas {
		clear(e.schemas)
	}
	e.schemas[key] = s
	e.mu.Unlock()
	return s, nil
}

// recordedHistory reads the conversation's last messages from its nlu_parse
// events; a store error leaves the prompt without history.
func (e *Engine) recordedHistory(ctx context.Context, key parley.ConversationKey) []parley.Utterance {
	n := e.opts.History
	if e.opts.Events == nil || n <= 0 {
		return nil
	}
	conv, err := e.opts.Events.Conversation(ctx, key)
	if err != nil {
		return nil
	}
	// A turn records a handful of events; look back far enough for n messages.
	window := int64(8 * n)
	events, err := e.opts.Events.Events(ctx, key, max(conv.LastSeq-window, 0), int(window))
	if err != nil {
		return nil
	}
	var out []parley.Utterance
	for _, ev := range events {
		out = append(out, utterancesOf(ev)...)
	}
	return out
}

// utterancesOf are the user's message and the bot's replies an nlu_parse event
// records; none for another event.
func utterancesOf(ev parley.Event) []parley.Utterance {
	var pe ParseEvent
	if ev.Type != EventNLUParse || json.Unmarshal(ev.Data, &pe) != nil {
		return nil
	}
	var out []parley.Utterance
	if text := strings.TrimSpace(pe.Message.Text); text != "" {
		out = append(out, parley.Utterance{Role: "user", Text: text})
	}
	for _, r := range pe.Replies {
		out = append(out, parley.Utterance{Role: "assistant", Text: r})
	}
	return out
}
