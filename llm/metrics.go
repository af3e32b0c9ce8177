package llm

import "github.com/prometheus/client_golang/prometheus"

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
	m := &Metrics{
		latency: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name: "parley_llm_latency_seconds", Help: "Time to a model's answer (retries included), by bot and model.",
			Buckets: []float64{.05, .1, .2, .35, .5, .75, 1, 1.5, 2.5, 5, 10, 30},
		}, []string{"bot", "model"}),
		tokens: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "parley_llm_tokens_total", Help: "Tokens the model server reported, by bot, model and kind (prompt, completion).",
		}, []string{"bot", "model", "kind"}),
		schemaFailures: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "parley_llm_schema_failures_total", Help: "Model answers that failed the engine's JSON Schema (or were cut at max_tokens), by bot and model.",
		}, []string{"bot", "model"}),
		fallbacks: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "parley_llm_fallbacks_total", Help: "Turns understood by the rules, and replies said in the engine's own words, because the model gave no usable answer, by bot, model and reason.",
		}, []string{"bot", "model", "reason"}),
		breakerOpen: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "parley_llm_breaker_openings_total", Help: "Times the circuit breaker opened on a failing model server, by bot and model.",
		}, []string{"bot", "model"}),
		parses: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "parley_llm_parses_total", Help: "Turns by where their parse came from (model, cache, upstream, skipped, unclear, fallback), by bot and model.",
		}, []string{"bot", "model", "source"}),
	}
	reg.MustRegister(m.latency, m.tokens, m.schemaFailures, m.fallbacks, m.breakerOpen, m.parses)
	return m
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
