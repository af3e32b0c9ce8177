package actor

import (
	"time"

	"github.com/parleyhq/parley"
	"github.com/parleyhq/parley/internal/promvec"
	"github.com/prometheus/client_golang/prometheus"
)

// Metrics are the runtime's Prometheus collectors, registered on a registry the caller
// passes in (no global registry). A nil *Metrics records nothing.
type Metrics struct {
	turns           *prometheus.CounterVec
	turnTime        *prometheus.HistogramVec
	live            prometheus.Gauge
	spawned         prometheus.Counter
	lifecycles      *prometheus.CounterVec
	heartbeatsTotal prometheus.Counter
	hydrate         prometheus.Histogram
}

// NewMetrics creates and registers the runtime metrics on reg.
func NewMetrics(reg prometheus.Registerer) *Metrics {
	m := &Metrics{
		turns: promvec.Counter(reg, "parley_turns_total",
			"Turns processed, by bot and outcome (ok, replayed, error code).", "bot", "outcome"),
		turnTime: promvec.Histogram(reg, "parley_turn_duration_seconds", "Time to process and commit one turn.",
			[]float64{25e-6, 50e-6, 100e-6, 250e-6, 500e-6, 1e-3, 5e-3, 25e-3, 100e-3, 1}, "bot"),
		live: prometheus.NewGauge(prometheus.GaugeOpts{
			Name: "parley_actors_live", Help: "Conversation actors currently live.",
		}),
		spawned: prometheus.NewCounter(prometheus.CounterOpts{
			Name: "parley_actors_spawned_total", Help: "Conversation actors spawned (first interaction, respawn or hydration).",
		}),
		lifecycles: promvec.Counter(reg, "parley_lifecycle_transitions_total",
			"Seed 004 lifecycle transitions, by bot, from and to state.", "bot", "from", "to"),
		heartbeatsTotal: prometheus.NewCounter(prometheus.CounterOpts{
			Name: "parley_actor_heartbeats_total", Help: "Actor keep-alive pings.",
		}),
		hydrate: prometheus.NewHistogram(prometheus.HistogramOpts{
			Name: "parley_actor_hydrate_seconds", Help: "Time to load an actor's conversation from the store.",
			Buckets: []float64{10e-6, 25e-6, 50e-6, 100e-6, 250e-6, 500e-6, 1e-3, 5e-3, 25e-3},
		}),
	}
	reg.MustRegister(m.live, m.spawned, m.heartbeatsTotal, m.hydrate)
	return m
}

func (m *Metrics) turn(bot string, err error, replayed bool, d time.Duration) {
	if m == nil {
		return
	}
	outcome := "ok"
	switch {
	case err != nil:
		outcome = parley.ErrorCode(err)
	case replayed:
		outcome = "replayed"
	}
	m.turns.WithLabelValues(bot, outcome).Inc()
	if err == nil && !replayed {
		m.turnTime.WithLabelValues(bot).Observe(d.Seconds())
	}
}

func (m *Metrics) lifecycle(bot string, from, to parley.Lifecycle) {
	if m == nil {
		return
	}
	m.lifecycles.WithLabelValues(bot, string(from), string(to)).Inc()
}

func (m *Metrics) actorSpawned() {
	if m == nil {
		return
	}
	m.spawned.Inc()
	m.live.Inc()
}

func (m *Metrics) actorStopped() {
	if m == nil {
		return
	}
	m.live.Dec()
}

// heartbeats counts one keep-alive ping of each of n live actors.
func (m *Metrics) heartbeats(n int) {
	if m == nil {
		return
	}
	m.heartbeatsTotal.Add(float64(n))
}

func (m *Metrics) hydrated(d time.Duration) {
	if m == nil {
		return
	}
	m.hydrate.Observe(d.Seconds())
}
