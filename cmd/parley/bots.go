package main

import (
	"bytes"
	"cmp"
	"context"
	"log/slog"
	"os"
	"strconv"
	"time"

	"github.com/parleyhq/parley"
	"github.com/parleyhq/parley/actor"
	"github.com/parleyhq/parley/catalog"
	"github.com/parleyhq/parley/flows"
	"github.com/parleyhq/parley/gates"
	"github.com/parleyhq/parley/llm"
	"github.com/parleyhq/parley/shop"
	"github.com/parleyhq/parley/woocommerce"
	"github.com/prometheus/client_golang/prometheus"
)

// wiring holds what building the bots produced beyond the bots themselves.
type wiring struct {
	bots     []*parley.Bot
	chatwoot map[string]*ChatwootConfig
}

// buildBots constructs every bot of cfg. Flow files of gates bots are validated and
// stored as a new version when they changed.
func buildBots(ctx context.Context, cfg *Config, store parley.Store, reg prometheus.Registerer, logger *slog.Logger) (*wiring, error) {
	w := &wiring{chatwoot: map[string]*ChatwootConfig{}}
	models := newModels(reg, logger)
	httpClient := tracedHTTPClient(10 * time.Second)
	var recorder *gatesRecorder
	if reg != nil {
		recorder = newGatesRecorder(reg)
	}
	var embedded *catalog.Catalog
	for _, bc := range cfg.Bots {
		var (
			eng parley.Engine
			err error
		)
		switch bc.Engine {
		case "shop":
			eng, err = buildShop(ctx, bc, &embedded)
		case "flows":
			if bc.Flows == "" {
				eng, err = flows.DemoFor(bc.Name)
				break
			}
			var def *flows.Definition
			def, err = flows.LoadFile(cfg.path(bc.Flows))
			if err != nil {
				break
			}
			opts := flows.Options{HTTPClient: httpClient}
			// With a model configured, say steps with generate: true are written
			// by it, streamed as reply_delta events.
			var writer *llm.Client
			if writer, err = models.writer(cfg, bc); err != nil {
				break
			}
			if writer != nil {
				opts.Writer = writer
			}
			eng, err = flows.New(def, opts)
		case "gates":
			data := gates.DemoFlow()
			if bc.Flow != "" {
				data, err = os.ReadFile(cfg.path(bc.Flow))
				if err != nil {
					err = parley.WrapError(parley.EINVALID, err, "bot %s: read flow", bc.Name)
					break
				}
			}
			if err = storeFlow(ctx, store, bc.Name, data, cfg.path(bc.Flow)); err != nil {
				break
			}
			opts := gates.Options{FlowID: bc.Name, Source: store}
			if recorder != nil {
				opts.Recorder = recorder
			}
			eng, err = gates.New(opts)
		}
		if err == nil {
			eng, err = models.understand(cfg, bc, eng, store)
		}
		if err != nil {
			return nil, parley.WrapError(codeOr(err, parley.EINVALID), err, "bot %s", bc.Name)
		}
		timeout := time.Duration(cfg.Runtime.InactivityTimeout)
		if bc.InactivityTimeout > 0 {
			timeout = time.Duration(bc.InactivityTimeout)
		}
		w.bots = append(w.bots, &parley.Bot{Name: bc.Name, Engine: eng, Description: bc.Description, InactivityTimeout: timeout})
		if bc.Chatwoot != nil {
			w.chatwoot[bc.Name] = bc.Chatwoot
		}
	}
	return w, nil
}

func buildShop(ctx context.Context, bc BotConfig, embedded **catalog.Catalog) (parley.Engine, error) {
	sc := ShopConfig{}
	if bc.Shop != nil {
		sc = *bc.Shop
	}
	cfg := shop.Config{BaseURL: sc.BaseURL, Limit: sc.Limit, ReactivateOnHandback: true, IdleTimeout: time.Duration(sc.IdleTimeout)}
	if cfg.BaseURL == "" {
		cfg.BaseURL = "https://shop.example.com"
	}
	if sc.ReactivateOnHandback != nil {
		cfg.ReactivateOnHandback = *sc.ReactivateOnHandback
	}
	var cat shop.Catalog
	switch sc.Catalog {
	case "", "embedded":
		if *embedded == nil {
			c, err := catalog.OpenEmbedded(ctx)
			if err != nil {
				return nil, err
			}
			*embedded = c
		}
		cat = *embedded
	case "woocommerce":
		if sc.WooCommerce == nil {
			return nil, parley.Errorf(parley.EINVALID, "catalog woocommerce needs a woocommerce: section")
		}
		wc := sc.WooCommerce
		c, err := woocommerce.New(woocommerce.Config{
			URL: wc.URL, API: wc.API, ConsumerKey: wc.ConsumerKey, ConsumerSecret: wc.ConsumerSecret, Currency: wc.Currency,
			Timeout: time.Duration(wc.Timeout), CacheTTL: time.Duration(wc.CacheTTL), HTTPClient: tracedHTTPClient(0),
		})
		if err != nil {
			return nil, err
		}
		cat = c
	default:
		return nil, parley.Errorf(parley.EINVALID, "shop catalog must be embedded or woocommerce, got %q", sc.Catalog)
	}
	return shop.New(cfg, cat)
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
	r := &gatesRecorder{
		outcomes: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "parley_gates_flow_outcomes_total", Help: "Seed 002 flow outcomes (complete, handoff, deadlock), by flow.",
		}, []string{"flow", "outcome"}),
		turns: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name: "parley_gates_conversation_turns", Help: "Seed 002 conversation length in user turns at each outcome, by flow (sum/count is the average).",
			Buckets: []float64{1, 2, 3, 5, 8, 13, 21, 34, 55},
		}, []string{"flow", "outcome"}),
		handoffs: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "parley_gates_handoff_points_total", Help: "Seed 002 handoffs and deadlocks, by flow and the node they happened at.",
		}, []string{"flow", "node", "outcome"}),
		retries: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "parley_gates_node_retries_total", Help: "Seed 002 RETRY decisions, by flow and node (most-retried nodes).",
		}, []string{"flow", "node"}),
		gates: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "parley_gates_gate_satisfied_total", Help: "Seed 002 gates satisfied, by flow, gate and the order it opened in within its conversation (1 = first).",
		}, []string{"flow", "gate", "order"}),
	}
	reg.MustRegister(r.outcomes, r.turns, r.handoffs, r.retries, r.gates)
	return r
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

// codeOr returns err's code, or def when err carries none of Parley's codes.
func codeOr(err error, def string) string {
	if c := parley.ErrorCode(err); c != parley.EINTERNAL {
		return c
	}
	return def
}
