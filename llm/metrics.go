package llm

import (
	"github.com/parleyhq/parley/internal/promvec"
	"github.com/prometheus/client_golang/prometheus"
)

// Metrics are the model's Prometheus series, per bot and model. A nil *Metrics
// records nothing.
type Metrics struct {
	latency        *prometheus.HistogramVec
	tokens         *prometheus.CounterVec
	schemaFailures *prometheus.CounterVec
	fallbacks      *prometheus.CounterVec
	breakerOpen    *prometheus.CounterVec
	parses         *prometheus.CounterVec
}

// NewMetrics registers the series on reg.
func NewMetrics(reg prometheus.Registerer) *Metrics {
	return &Metrics{
		latency: promvec.Histogram(reg, "parley_llm_latency_seconds", "Time to a model's answer (retries included), by bot and model.",
			[]float64{.05, .1, .2, .35, .5, .75, 1, 1.5, 2.5, 5, 10, 30}, "bot", "model"),
		tokens: promvec.Counter(reg, "parley_llm_tokens_total",
			"Tokens the model server reported, by bot, model and kind (prompt, completion).", "bot", "model", "kind"),
		schemaFailures: promvec.Counter(reg, "parley_llm_schema_failures_total",
			"Model answers that failed the engine's JSON Schema (or were cut at max_tokens), by bot and model.", "bot", "model"),
		fallbacks: promvec.Counter(reg, "parley_llm_fallbacks_total",
			"Turns understood by the rules, and replies said in the engine's own words, because the model gave no usable answer, by bot, model and reason.",
			"bot", "model", "reason"),
		breakerOpen: promvec.Counter(reg, "parley_llm_breaker_openings_total",
			"Times the circuit breaker opened on a failing model server, by bot and model.", "bot", "model"),
		parses: promvec.Counter(reg, "parley_llm_parses_total",
			"Turns by where their parse came from (model, cache, upstream, skipped, unclear, fallback), by bot and model.", "bot", "model", "source"),
	}
}

func (m *Metrics) observe(bot, model string, a Answer) {
	if m == nil {
		return
	}
	m.latency.WithLabelValues(bot, model).Observe(a.Latency.Seconds())
	m.tokens.WithLabelValues(bot, model, "prompt").Add(float64(a.PromptTokens))
	m.tokens.WithLabelValues(bot, model, "completion").Add(float64(a.CompletionTokens))
}

func (m *Metrics) schemaFailure(bot, model string) {
	if m != nil {
		m.schemaFailures.WithLabelValues(bot, model).Inc()
	}
}

func (m *Metrics) fallback(bot, model, reason string) {
	if m != nil {
		m.fallbacks.WithLabelValues(bot, model, reason).Inc()
	}
}

func (m *Metrics) breakerOpened(bot, model string) {
	if m != nil {
		m.breakerOpen.WithLabelValues(bot, model).Inc()
	}
}

func (m *Metrics) parse(bot, model, source string) {
	if m != nil {
		m.parses.WithLabelValues(bot, model, source).Inc()
	}
}
