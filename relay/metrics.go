package relay

import "github.com/prometheus/client_golang/prometheus"

// Metrics are the relay's Prometheus collectors, registered on a registry the caller
// passes in (no global registry). A nil *Metrics records nothing.
type Metrics struct {
	inbox  *prometheus.CounterVec
	outbox *prometheus.CounterVec
}

// NewMetrics creates and registers the relay metrics on reg.
func NewMetrics(reg prometheus.Registerer) *Metrics {
	m := &Metrics{
		inbox: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "parley_relay_inbox_entries_total",
			Help: "Inbox entries handled, by outcome: processed, retried (failed, tried again later) or dropped (never a turn, or out of attempts).",
		}, []string{"outcome"}),
		outbox: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "parley_relay_outbox_deliveries_total",
			Help: "Outbox delivery attempts, by outcome: delivered, retryable_error (released for a later attempt) or permanent_error (the entry is marked failed).",
		}, []string{"outcome"}),
	}
	reg.MustRegister(m.inbox, m.outbox)
	return m
}

func (m *Metrics) inbound(outcome string) {
	if m != nil {
		m.inbox.WithLabelValues(outcome).Inc()
	}
}

func (m *Metrics) delivery(outcome string) {
	if m != nil {
		m.outbox.WithLabelValues(outcome).Inc()
	}
}
