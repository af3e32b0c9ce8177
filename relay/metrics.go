package relay

import (
	"github.com/parleyhq/parley/internal/promvec"
	"github.com/prometheus/client_golang/prometheus"
)

// Metrics are the relay's Prometheus collectors, registered on a registry the caller
// passes in (no global registry). A nil *Metrics records nothing.
type Metrics struct {
	inbox  *prometheus.CounterVec
	outbox *prometheus.CounterVec
}

// NewMetrics creates and registers the relay metrics on reg.
func NewMetrics(reg prometheus.Registerer) *Metrics {
	return &Metrics{
		inbox: promvec.Counter(reg, "parley_relay_inbox_entries_total",
			"Inbox entries handled, by outcome: processed, retried (failed, tried again later) or dropped (never a turn, or out of attempts).",
			"outcome"),
		outbox: promvec.Counter(reg, "parley_relay_outbox_deliveries_total",
			"Outbox delivery attempts, by outcome: delivered, retryable_error (released for a later attempt) or permanent_error (the entry is marked failed).",
			"outcome"),
	}
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
