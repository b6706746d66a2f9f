package rollout

import (
	"github.com/prometheus/client_golang/prometheus"
	dto "github.com/prometheus/client_model/go"
)

// Metrics are the KEP's counters, under the names kube-apiserver exposes
// (namespace apiserver, subsystem validation), so dashboards and alerts
// written for a cluster work unchanged:
//
//	apiserver_validation_declarative_validation_mismatch_total
//	apiserver_validation_declarative_validation_panic_total
//	apiserver_validation_declarative_validation_parity_discrepancies_total{validation_identifier}
//	apiserver_validation_declarative_validation_panics_total{validation_identifier}
//
// validation_identifier is <kind>[_<subresource>]_<create|update>, e.g.
// "widget_status_update", as kube-apiserver builds it.
type Metrics struct {
	mismatches       prometheus.Counter
	mismatchesByRule *prometheus.CounterVec
	panics           prometheus.Counter
	panicsByRule     *prometheus.CounterVec
}

const (
	metricsNamespace = "apiserver"
	metricsSubsystem = "validation"
	identifierLabel  = "validation_identifier"
)

// NewMetrics creates the counters and registers them with reg (nil: not
// registered, for tests that read them directly).
func NewMetrics(reg prometheus.Registerer) *Metrics {
	m := &Metrics{
		mismatches: prometheus.NewCounter(opts("declarative_validation_mismatch_total",
			"Number of times declarative validation results differed from handwritten validation results.")),
		mismatchesByRule: prometheus.NewCounterVec(opts("declarative_validation_parity_discrepancies_total",
			"Number of discrepancies between declarative and handwritten validation, by validation identifier."),
			[]string{identifierLabel}),
		panics: prometheus.NewCounter(opts("declarative_validation_panic_total",
			"Number of times declarative validation has panicked during validation.")),
		panicsByRule: prometheus.NewCounterVec(opts("declarative_validation_panics_total",
			"Number of panics in declarative validation, by validation identifier."),
			[]string{identifierLabel}),
	}
	if reg != nil {
		reg.MustRegister(m.mismatches, m.mismatchesByRule, m.panics, m.panicsByRule)
	}
	return m
}

func opts(name, help string) prometheus.CounterOpts {
	return prometheus.CounterOpts{Namespace: metricsNamespace, Subsystem: metricsSubsystem, Name: name, Help: help}
}

func (m *Metrics) mismatch(identifier string) {
	m.mismatches.Inc()
	m.mismatchesByRule.WithLabelValues(identifier).Inc()
}

func (m *Metrics) panicked(identifier string) {
	m.panics.Inc()
	m.panicsByRule.WithLabelValues(identifier).Inc()
}

// MismatchTotal reads declarative_validation_mismatch_total, for tests
// that assert what shadow mode counted.
func MismatchTotal(m *Metrics) float64 { return counterValue(m.mismatches) }

// PanicTotal reads declarative_validation_panic_total.
func PanicTotal(m *Metrics) float64 { return counterValue(m.panics) }

func counterValue(c prometheus.Counter) float64 {
	var out dto.Metric
	if err := c.Write(&out); err != nil {
		return 0
	}
	return out.GetCounter().GetValue()
}
