package app

import (
	"context"
	"log/slog"
	"time"

	"github.com/parleyhq/parley"
	"github.com/parleyhq/parley/flows"
	"github.com/parleyhq/parley/internal/promvec"
	"github.com/prometheus/client_golang/prometheus"
)

// Outcomes of a flow action call, the outcome label of parley_flow_actions_total.
const (
	actionSuccess = "success"
	// actionFailed: the receiver answered that it could not do it (failed: true).
	actionFailed = "failed"
	// actionRefused: the receiver refused the request (a 4xx; EINVALID).
	actionRefused = "refused"
	// actionUnknown: no definite answer (timeout, transport error, 5xx): the call
	// may have been carried out, and is sent again with the same key.
	actionUnknown = "unknown"
)

// actionMetrics counts, times and logs the flows bots' webhook actions and custom
// validators: gates bots have outcome metrics, and an operator must see a booking
// webhook that fails as clearly as the patient does.
type actionMetrics struct {
	calls   *prometheus.CounterVec
	latency *prometheus.HistogramVec
	log     *slog.Logger
}

func newActionMetrics(reg prometheus.Registerer, logger *slog.Logger) *actionMetrics {
	if logger == nil {
		logger = slog.New(slog.DiscardHandler)
	}
	return &actionMetrics{
		calls: promvec.Counter(reg, "parley_flow_actions_total",
			"Flow action and custom validator calls, by bot, flow, action and outcome (success, failed, refused, unknown).",
			"bot", "flow", "action", "outcome"),
		latency: promvec.Histogram(reg, "parley_flow_action_duration_seconds",
			"Flow action and custom validator call latency, retries included.", prometheus.DefBuckets, "bot", "flow", "action"),
		log: logger,
	}
}

// wrap is flows.Options.WrapRunner for bot.
func (m *actionMetrics) wrap(bot string) func(flows.ActionRunner) flows.ActionRunner {
	return func(next flows.ActionRunner) flows.ActionRunner { return measuredRunner{m: m, bot: bot, next: next} }
}

// measuredRunner observes each call of next.
type measuredRunner struct {
	m    *actionMetrics
	bot  string
	next flows.ActionRunner
}

func (r measuredRunner) Run(ctx context.Context, req flows.ActionRequest) (flows.ActionResult, error) {
	start := time.Now()
	res, err := r.next.Run(ctx, req)
	outcome := actionOutcome(res, err)
	r.m.calls.WithLabelValues(r.bot, req.Flow, req.Action, outcome).Inc()
	r.m.latency.WithLabelValues(r.bot, req.Flow, req.Action).Observe(time.Since(start).Seconds())
	if outcome != actionSuccess {
		cause := "the receiver answered failed"
		if err != nil {
			cause = parley.ErrorMessage(err)
		}
		r.m.log.Warn("flow action did not succeed", "bot", r.bot, "conversation", req.Conversation,
			"flow", req.Flow, "action", req.Action, "outcome", outcome, "cause", cause)
	}
	return res, err
}

// actionOutcome classifies a call as flows.ActionRunner's contract does.
func actionOutcome(res flows.ActionResult, err error) string {
	switch {
	case err == nil && res.Failed:
		return actionFailed
	case err == nil:
		return actionSuccess
	case parley.ErrorCode(err) == parley.EINVALID:
		return actionRefused
	}
	return actionUnknown
}
