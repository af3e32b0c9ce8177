// Package promvec creates and registers Parley's labelled Prometheus series in one
// call each: a series is a name, a help text, its labels (and a histogram's
// buckets), and every package that records metrics (llm, relay, httpapi, the gates
// recorder of internal/app) spelled out the same options literal and a separate
// MustRegister for each. Registration panics on a clash, as MustRegister does: two
// series of one name are a programming error, found when the server is built.
package promvec

import "github.com/prometheus/client_golang/prometheus"

// Counter registers on reg, and returns, the counter vector name labelled by labels.
func Counter(reg prometheus.Registerer, name, help string, labels ...string) *prometheus.CounterVec {
	c := prometheus.NewCounterVec(prometheus.CounterOpts{Name: name, Help: help}, labels)
	reg.MustRegister(c)
	return c
}

// Histogram registers on reg, and returns, the histogram vector name with buckets,
// labelled by labels.
func Histogram(reg prometheus.Registerer, name, help string, buckets []float64, labels ...string) *prometheus.HistogramVec {
	h := prometheus.NewHistogramVec(prometheus.HistogramOpts{Name: name, Help: help, Buckets: buckets}, labels)
	reg.MustRegister(h)
	return h
}
