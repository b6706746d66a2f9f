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
	inflightBytes  prometheus.Gauge
	refusedConns   prometheus.Counter
	acceptedConns  prometheus.Counter
	openConns      prometheus.Gauge
	schemaReloads  *prometheus.CounterVec
	schemaFailures *prometheus.CounterVec
}

func newMetrics() *metrics {
	m := &metrics{
		registry: prometheus.NewRegistry(),
		requests: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "kval_webhook_requests_total",
			Help: "Admission requests by group, kind, operation and verdict (allowed, denied, error); group and kind of kinds kval does not serve, and operations that are not CREATE, UPDATE, DELETE or CONNECT, are \"other\"."},
			[]string{"group", "kind", "operation", "verdict"}),
		latency: prometheus.NewHistogramVec(prometheus.HistogramOpts{Name: "kval_webhook_request_duration_seconds",
			Help:    "Time to answer an admission request, from the body read to the response written.",
			Buckets: []float64{.0001, .00025, .0005, .001, .002, .005, .01, .025, .05, .1, .25, 1}},
			[]string{"operation"}),
		denials: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "kval_webhook_denials_total",
			Help: "Denied admission requests by reason (invalid, unknown-kind, no-operator-version, bad-request, too-large, timeout, panic, overloaded: refused with HTTP 429)."},
			[]string{"reason"}),
		panics: prometheus.NewCounter(prometheus.CounterOpts{Name: "kval_webhook_panics_recovered_total",
			Help: "Panics recovered while answering a request; each request was denied."}),
		inflightBytes: prometheus.NewGauge(prometheus.GaugeOpts{Name: "kval_webhook_inflight_bytes",
			Help: "Request bytes being worked on, of the --max-inflight-bytes budget; work that outlives its timeout counts until it stops."}),
		refusedConns: prometheus.NewCounter(prometheus.CounterOpts{Name: "kval_webhook_connections_refused_total",
			Help: "Connections to the admission port closed on accept: --max-connections were open."}),
		acceptedConns: prometheus.NewCounter(prometheus.CounterOpts{Name: "kval_webhook_connections_accepted_total",
			Help: "Connections accepted on the admission port, each with a TLS handshake. kube-apiserver calls a webhook referenced by a Service over HTTP/1.1 and keeps 25 connections idle: a rate near the requests' is a storm of new connections."}),
		openConns: prometheus.NewGauge(prometheus.GaugeOpts{Name: "kval_webhook_connections_open",
			Help: "Connections open on the admission port, of --max-connections."}),
		schemaReloads: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "kval_webhook_schema_reloads_total",
			Help: "Schema loads and reloads by source."}, []string{"source"}),
		schemaFailures: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "kval_webhook_schema_failures_total",
			Help: "Schemas refused on load or reload by source; the previous schema stays in use."}, []string{"source"}),
	}
	m.registry.MustRegister(m.requests, m.latency, m.denials, m.panics, m.inflightBytes, m.refusedConns, m.acceptedConns, m.openConns, m.schemaReloads, m.schemaFailures,
		prometheus.NewGoCollector(), prometheus.NewProcessCollector(prometheus.ProcessCollectorOpts{}))
	return m
}

// connHooks count the admission port's connections.
func (m *metrics) connHooks() connHooks {
	return connHooks{
		accepted: func() { m.acceptedConns.Inc(); m.openConns.Inc() },
		closed:   m.openConns.Dec,
		refused:  m.refusedConns.Inc,
	}
}
