package webhook

import (
	"github.com/prometheus/client_golang/prometheus"
)

// metrics are the webhook's Prometheus metrics, in a registry of its own.
type metrics struct {
	registry       *prometheus.Registry
	requests       *prometheus.CounterVec
	latency        *prometheus.HistogramVec
	denials        *prometheus.CounterVec
	panics         prometheus.Counter
	schemaReloads  *prometheus.CounterVec
	schemaFailures *prometheus.CounterVec
}

func newMetrics() *metrics {
	m := &metrics{
		registry: prometheus.NewRegistry(),
		requests: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "kval_webhook_requests_total",
			Help: "Admission requests by group, kind, operation and verdict (allowed, denied, error)."},
			[]string{"group", "kind", "operation", "verdict"}),
		latency: prometheus.NewHistogramVec(prometheus.HistogramOpts{Name: "kval_webhook_request_duration_seconds",
			Help:    "Time to answer an admission request, from the body read to the response written.",
			Buckets: []float64{.0001, .00025, .0005, .001, .002, .005, .01, .025, .05, .1, .25, 1}},
			[]string{"operation"}),
		denials: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "kval_webhook_denials_total",
			Help: "Denied admission requests by reason (invalid, unknown-kind, no-operator-version, bad-request, too-large, timeout, panic)."},
			[]string{"reason"}),
		panics: prometheus.NewCounter(prometheus.CounterOpts{Name: "kval_webhook_panics_recovered_total",
			Help: "Panics recovered while answering a request; each request was denied."}),
		schemaReloads: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "kval_webhook_schema_reloads_total",
			Help: "Schema loads and reloads by source."}, []string{"source"}),
		schemaFailures: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "kval_webhook_schema_failures_total",
			Help: "Schemas refused on load or reload by source; the previous schema stays in use."}, []string{"source"}),
	}
	m.registry.MustRegister(m.requests, m.latency, m.denials, m.panics, m.schemaReloads, m.schemaFailures,
		prometheus.NewGoCollector(), prometheus.NewProcessCollector(prometheus.ProcessCollectorOpts{}))
	return m
}
