package app

import (
	"bytes"
	"cmp"
	"context"
	"log/slog"
	"net/http"
	"strconv"
	"time"

	"github.com/parleyhq/parley"
	"github.com/parleyhq/parley/actor"
	"github.com/parleyhq/parley/catalog"
	"github.com/parleyhq/parley/flows"
	"github.com/parleyhq/parley/gates"
	"github.com/parleyhq/parley/internal/promvec"
	"github.com/parleyhq/parley/shop"
	"github.com/parleyhq/parley/woocommerce"
	"github.com/prometheus/client_golang/prometheus"
)

// Wiring holds what building the bots produced beyond the bots themselves.
type Wiring struct {
	Bots     []*parley.Bot
	Chatwoot map[string]*ChatwootConfig
}

// BuildBots constructs every bot of cfg. Flow files of gates bots are validated and
// stored as a new version when they changed.
func BuildBots(ctx context.Context, cfg *Config, store parley.Store, reg prometheus.Registerer, logger *slog.Logger) (*Wiring, error) {
	return buildBots(ctx, cfg, store, reg, logger, serving{})
}

// buildBots is BuildBots for bots served as s says (handoffMessage).
func buildBots(ctx context.Context, cfg *Config, store parley.Store, reg prometheus.Registerer, logger *slog.Logger, s serving) (*Wiring, error) {
	w := &Wiring{Chatwoot: map[string]*ChatwootConfig{}}
	b := newBuilder(cfg, store, reg, logger)
	b.serving = s
	for _, bc := range cfg.Bots {
		bot, err := b.bot(ctx, bc)
		if err != nil {
			return nil, err
		}
		w.Bots = append(w.Bots, bot)
		if bc.Chatwoot != nil {
			w.Chatwoot[bc.Name] = bc.Chatwoot
		}
	}
	return w, nil
}

// BuildBot constructs one bot of cfg as BuildBots does, for a command that needs
// that bot alone (`parley graph` asks its engine for its diagram): the other bots
// are not built, so nothing of theirs can fail it.
func BuildBot(ctx context.Context, cfg *Config, bc *BotConfig, store parley.Store) (*parley.Bot, error) {
	return newBuilder(cfg, store, nil, nil).bot(ctx, *bc)
}

func newBuilder(cfg *Config, store parley.Store, reg prometheus.Registerer, logger *slog.Logger) *builder {
	// Flow webhooks carry their own timeouts (flows.HTTPRunner bounds each attempt by
	// its webhook's): the client has none that could cut a longer one.
	b := &builder{cfg: cfg, store: store, models: newModels(reg, logger), httpClient: tracedHTTPClient(0)}
	if reg != nil {
		b.recorder = newGatesRecorder(reg)
		b.flowsRec = newFlowsRecorder(reg)
		b.actions = newActionMetrics(reg, logger)
	}
	return b
}

// bot builds the bot bc configures: its engine, in the model's understanding or
// the recording of its turns when configured, and its inactivity timeout.
func (b *builder) bot(ctx context.Context, bc BotConfig) (*parley.Bot, error) {
	eng, err := b.engine(ctx, bc)
	if err == nil {
		eng = b.cfg.withHandoffMessage(&bc, eng, b.serving)
		eng, err = b.models.understand(b.cfg, bc, eng, b.store)
	}
	if err != nil {
		return nil, parley.WrapError(codeOr(err, parley.EINVALID), err, "bot %s", bc.Name)
	}
	timeout := time.Duration(b.cfg.Runtime.InactivityTimeout)
	if bc.InactivityTimeout > 0 {
		timeout = time.Duration(bc.InactivityTimeout)
	}
	return &parley.Bot{Name: bc.Name, Engine: eng, Description: bc.Description, InactivityTimeout: timeout}, nil
}

// builder holds what the bots of one configuration share.
type builder struct {
	cfg        *Config
	store      parley.Store
	models     *models
	httpClient *http.Client
	recorder   *gatesRecorder
	flowsRec   *flowsRecorder
	embedded   *catalog.Catalog
	serving    serving
	actions    *actionMetrics
}

// engine builds a bot's engine, before any model understanding.
func (b *builder) engine(ctx context.Context, bc BotConfig) (parley.Engine, error) {
	writer, err := b.writer(bc)
	if err != nil {
		return nil, err
	}
	switch bc.Engine {
	case "shop":
		return buildShop(ctx, bc, &b.embedded, writer)
	case "flows":
		return b.flows(bc, writer)
	case "gates":
		return b.gates(ctx, bc, writer)
	}
	return nil, parley.Errorf(parley.EINVALID, "unknown engine %q", bc.Engine)
}

// writer is what writes the bot's generated texts: with a model configured, the
// texts a bot opts in (flows generate: true, gates REPHRASE, shop generate:) are
// written by it, streamed as reply_delta events; without one (nil) they are said
// as written. A shop bot that generates nothing needs none.
func (b *builder) writer(bc BotConfig) (*botWriter, error) {
	if bc.Engine == "shop" && (bc.Shop == nil || len(bc.Shop.Generate) == 0) {
		return nil, nil
	}
	return b.models.writer(b.cfg, bc)
}

// flows builds a flows bot from its flow file, or the built-in demo of its name.
func (b *builder) flows(bc BotConfig, writer *botWriter) (parley.Engine, error) {
	def, err := b.cfg.FlowsOf(&bc)
	if err != nil {
		return nil, err
	}
	opts := flows.Options{HTTPClient: b.httpClient}
	if b.actions != nil {
		opts.WrapRunner = b.actions.wrap(bc.Name)
	}
	if writer != nil {
		opts.Writer = writer
	}
	if b.flowsRec != nil {
		opts.Recorder = b.flowsRec
	}
	return flows.New(def, opts)
}

// gates builds a gates bot, storing its flow as a new version when it changed.
func (b *builder) gates(ctx context.Context, bc BotConfig, writer *botWriter) (parley.Engine, error) {
	data, err := b.cfg.GatesFlowOf(&bc)
	if err != nil {
		return nil, parley.WrapError(parley.EINVALID, err, "bot %s: read flow", bc.Name)
	}
	if err := storeFlow(ctx, b.store, bc.Name, data, b.cfg.Path(bc.Flow)); err != nil {
		return nil, err
	}
	opts := gates.Options{FlowID: bc.Name, Source: b.store}
	if b.recorder != nil {
		opts.Recorder = b.recorder
	}
	if writer != nil {
		opts.Writer = writer
	}
	return gates.New(opts)
}

func buildShop(ctx context.Context, bc BotConfig, embedded **catalog.Catalog, writer *botWriter) (parley.Engine, error) {
	sc := ShopConfig{}
	if bc.Shop != nil {
		sc = *bc.Shop
	}
	cat, err := shopCatalog(ctx, sc, embedded)
	if err != nil {
		return nil, err
	}
	return shop.New(shopEngineConfig(sc, writer), cat)
}

// shopEngineConfig is the shop engine's configuration from the bot's shop: block:
// the demo shop's address by default, handback reactivating unless it says not.
func shopEngineConfig(sc ShopConfig, writer *botWriter) shop.Config {
	cfg := shop.Config{BaseURL: cmp.Or(sc.BaseURL, "https://shop.example.com"), Limit: sc.Limit, ReactivateOnHandback: true, IdleTimeout: time.Duration(sc.IdleTimeout), Generate: sc.Generate, Answers: sc.Answers}
	if writer != nil {
		cfg.Writer = writer
	}
	if sc.ReactivateOnHandback != nil {
		cfg.ReactivateOnHandback = *sc.ReactivateOnHandback
	}
	return cfg
}

// shopCatalog is the catalog the shop: block names: the embedded sample catalog
// (opened once, shared by the bots of one configuration) or a WooCommerce store.
func shopCatalog(ctx context.Context, sc ShopConfig, embedded **catalog.Catalog) (shop.Catalog, error) {
	switch sc.Catalog {
	case "", "embedded":
		if *embedded == nil {
			c, err := catalog.OpenEmbedded(ctx)
			if err != nil {
				return nil, err
			}
			*embedded = c
		}
		return *embedded, nil
	case "woocommerce":
		return wooCatalog(sc.WooCommerce)
	}
	return nil, parley.Errorf(parley.EINVALID, "shop catalog must be embedded or woocommerce, got %q", sc.Catalog)
}

// wooCatalog is the WooCommerce store of a woocommerce: section.
func wooCatalog(wc *WooCommerceConfig) (shop.Catalog, error) {
	if wc == nil {
		return nil, parley.Errorf(parley.EINVALID, "catalog woocommerce needs a woocommerce: section")
	}
	c, err := woocommerce.New(woocommerce.Config{
		URL: wc.URL, API: wc.API, ConsumerKey: wc.ConsumerKey, ConsumerSecret: wc.ConsumerSecret, Currency: wc.Currency,
		Timeout: time.Duration(wc.Timeout), CacheTTL: time.Duration(wc.CacheTTL), HTTPClient: tracedHTTPClient(0),
	})
	if err != nil {
		return nil, err
	}
	return c, nil
}

// storeFlow validates a gates flow and stores it as a new version when it differs
// from the latest stored one.
func storeFlow(ctx context.Context, store parley.Store, id string, data []byte, filename string) error {
	if filename == "" {
		filename = id + ".json"
	}
	if _, err := gates.ParseFlow(data, filename); err != nil {
		return err
	}
	latest, _, err := store.Flow(ctx, id, 0)
	if err == nil && bytes.Equal(latest, data) {
		return nil
	}
	if err != nil && parley.ErrorCode(err) != parley.ENOTFOUND {
		return err
	}
	_, err = store.PutFlow(ctx, id, data)
	return err
}

// The runtime finds these by type assertion; a signature that drifts would drop
// them silently, so the compiler checks them here.
var (
	_ actor.Handbacker      = (*gates.Engine)(nil)
	_ actor.MetricsReporter = (*gates.Engine)(nil)
	_ actor.Handbacker      = (*shop.Engine)(nil)
	_ gates.Recorder        = (*gatesRecorder)(nil)
	_ flows.Recorder        = (*flowsRecorder)(nil)
)

// gatesRecorder binds seed 002's per-flow metrics to Prometheus: outcomes,
// conversation length (the histogram's sum over its count is the average), handoff
// points by node, most-retried nodes and the order gates open in.
type gatesRecorder struct {
	outcomes *prometheus.CounterVec
	turns    *prometheus.HistogramVec
	handoffs *prometheus.CounterVec
	retries  *prometheus.CounterVec
	gates    *prometheus.CounterVec
}

func newGatesRecorder(reg prometheus.Registerer) *gatesRecorder {
	return &gatesRecorder{
		outcomes: promvec.Counter(reg, "parley_gates_flow_outcomes_total",
			"Seed 002 flow outcomes (complete, handoff, deadlock), by flow.", "flow", "outcome"),
		turns: promvec.Histogram(reg, "parley_gates_conversation_turns",
			"Seed 002 conversation length in user turns at each outcome, by flow (sum/count is the average).",
			[]float64{1, 2, 3, 5, 8, 13, 21, 34, 55}, "flow", "outcome"),
		handoffs: promvec.Counter(reg, "parley_gates_handoff_points_total",
			"Seed 002 handoffs and deadlocks, by flow and the node they happened at.", "flow", "node", "outcome"),
		retries: promvec.Counter(reg, "parley_gates_node_retries_total",
			"Seed 002 RETRY decisions, by flow and node (most-retried nodes).", "flow", "node"),
		gates: promvec.Counter(reg, "parley_gates_gate_satisfied_total",
			"Seed 002 gates satisfied, by flow, gate and the order it opened in within its conversation (1 = first).", "flow", "gate", "order"),
	}
}

func (r *gatesRecorder) Outcome(flowID, outcome, nodeID string, turns int) {
	r.outcomes.WithLabelValues(flowID, outcome).Inc()
	r.turns.WithLabelValues(flowID, outcome).Observe(float64(turns))
	if outcome != gates.OutcomeComplete {
		r.handoffs.WithLabelValues(flowID, cmp.Or(nodeID, "start"), outcome).Inc()
	}
}

func (r *gatesRecorder) NodeRetried(flowID, nodeID string) {
	r.retries.WithLabelValues(flowID, nodeID).Inc()
}

func (r *gatesRecorder) GateSatisfied(flowID, gate string, order int) {
	r.gates.WithLabelValues(flowID, gate, strconv.Itoa(order)).Inc()
}

// flowsRecorder counts the answers a flows bot's readers did not understand
// (issue 38: the bot asked again instead of guessing).
type flowsRecorder struct {
	notUnderstood *prometheus.CounterVec
}

// NotUnderstoodMetric is the series flowsRecorder counts on.
const NotUnderstoodMetric = "parley_flows_not_understood_total"

func newFlowsRecorder(reg prometheus.Registerer) *flowsRecorder {
	return &flowsRecorder{notUnderstood: promvec.Counter(reg, NotUnderstoodMetric,
		"Typed answers to a flows slot's question that gave no value the readers could account for, so the bot asked again, by bot, flow, slot and reason (question, unread).",
		"bot", "flow", "slot", "reason")}
}

func (r *flowsRecorder) NotUnderstood(bot, flow, slot, reason string) {
	r.notUnderstood.WithLabelValues(bot, flow, slot, reason).Inc()
}

// codeOr returns err's code, or def when err carries none of Parley's codes.
func codeOr(err error, def string) string {
	if c := parley.ErrorCode(err); c != parley.EINTERNAL {
		return c
	}
	return def
}
