package webhook

import (
	"context"
	"log/slog"
	"net/http"
	"sync/atomic"
	"time"

	admissionv1 "k8s.io/api/admission/v1"

	"github.com/kval-dev/kval/catalog"
	"github.com/kval-dev/kval/engine"
)

// Mode selects which checks the webhook runs.
type Mode string

const (
	// ModeComplement runs only what kube-apiserver does not check itself:
	// the mutability extensions and the checks of engine extensions.
	ModeComplement Mode = "complement"
	// ModeFull runs kube-apiserver's whole pipeline as well: for clusters
	// without CEL, or as a second opinion.
	ModeFull Mode = "full"
)

// Defaults of Options.
const (
	DefaultTimeout = 5 * time.Second
	// DefaultMaxBodyBytes fits an AdmissionReview with two objects of
	// kube-apiserver's 3 MiB limit each, and its envelope.
	DefaultMaxBodyBytes = 7 << 20
)

// Mutator changes objects on the mutating endpoint: it returns a JSON patch
// (RFC 6902) of the request's object, or nil to leave it unchanged. An
// error denies the request: a *Denial with its status and reason, any
// other as a bad request (400).
type Mutator func(ctx context.Context, req *admissionv1.AdmissionRequest) (patch []byte, warnings []string, err error)

// Options configure a Server.
type Options struct {
	Mode Mode
	// Timeout bounds one request; keep it below the webhook configuration's
	// timeoutSeconds so that kval answers before kube-apiserver gives up.
	Timeout      time.Duration
	MaxBodyBytes int64
	// Mutator answers /mutate; nil allows every object unchanged.
	Mutator Mutator
	// OperatorVersions, when set, makes the server check KUDO Instances
	// (kudo.dev/v1beta1) with the params package's rules: /validate denies
	// installs, updates and upgrades they refuse, through the params
	// extension of a catalog built with CatalogOptions, and /mutate pins
	// the defaults of immutable parameters on install (ahead of Mutator,
	// which answers every other request; see instance_defaults.go).
	OperatorVersions OperatorVersions
	Logger           *slog.Logger

	// MaxInFlightBytes bounds the bytes of request bodies being worked on
	// (see MaxInFlightBytesFor); a request that finds no room within
	// OverloadWait gets HTTP 429.
	MaxInFlightBytes int64
	OverloadWait     time.Duration
	// MaxConnections caps the admission port's open connections; those
	// over it are closed as soon as they are accepted.
	MaxConnections int
	// DrainDelay is how long Serve keeps answering after its context ends,
	// with /readyz failing, so that endpoints stop sending requests before
	// the listener closes (0: none). ShutdownGrace then bounds the wait for
	// the requests in flight.
	DrainDelay    time.Duration
	ShutdownGrace time.Duration
}

// Server answers admission requests for the CRDs of its catalog.
type Server struct {
	catalog *catalog.Catalog
	opts    Options
	metrics *metrics
	sources *sourceSet
	log     *slog.Logger
	budget  *budget
	conn    connLimits
	// draining is set when Serve's context ends: /readyz fails from then on.
	draining atomic.Bool
}

// New returns a server for the catalog; sources keep the catalog current
// (see Run) and decide readiness.
func New(cat *catalog.Catalog, opts Options, sources ...Source) *Server {
	if opts.Mode == "" {
		opts.Mode = ModeComplement
	}
	if opts.Timeout <= 0 {
		opts.Timeout = DefaultTimeout
	}
	if opts.MaxBodyBytes <= 0 {
		opts.MaxBodyBytes = DefaultMaxBodyBytes
	}
	opts = withLimitDefaults(opts)
	if opts.Logger == nil {
		opts.Logger = slog.Default()
	}
	if opts.OperatorVersions != nil {
		opts.Mutator = instanceDefaults(opts.OperatorVersions, opts.Mutator)
	}
	m := newMetrics()
	b := newBudget(opts.MaxInFlightBytes, opts.OverloadWait, func(n int64) { m.inflightBytes.Add(float64(n)) })
	return &Server{catalog: cat, opts: opts, metrics: m, log: opts.Logger, sources: newSourceSet(sources, m, opts.Logger), budget: b, conn: defaultConnLimits}
}

// scope is the engine's Scope of the checks a mode runs.
func (m Mode) scope() engine.Scope {
	if m == ModeFull {
		return engine.AllChecks
	}
	return engine.BeyondKubeAPIServer
}

// Handler serves the admission endpoints and the probes on one mux: for
// tests and for embedding behind a listener of one's own. Serve keeps them
// apart (AdmissionHandler, ProbeHandler).
func (s *Server) Handler() http.Handler {
	mux := http.NewServeMux()
	s.admissionRoutes(mux)
	s.probeRoutes(mux)
	return s.recovered(mux)
}

// AdmissionHandler serves /validate and /mutate only: the port
// kube-apiserver calls exposes nothing else.
func (s *Server) AdmissionHandler() http.Handler {
	mux := http.NewServeMux()
	s.admissionRoutes(mux)
	return s.recovered(mux)
}

// ProbeHandler serves /healthz, /readyz and /metrics.
func (s *Server) ProbeHandler() http.Handler {
	mux := http.NewServeMux()
	s.probeRoutes(mux)
	return s.recovered(mux)
}

func (s *Server) admissionRoutes(mux *http.ServeMux) {
	mux.HandleFunc("POST /validate", s.serveReview(s.validate, true))
	mux.HandleFunc("POST /mutate", s.serveReview(s.mutate, false)) // the Mutator reads the objects' bytes
}

func (s *Server) probeRoutes(mux *http.ServeMux) {
	mux.HandleFunc("GET /healthz", func(w http.ResponseWriter, _ *http.Request) { _, _ = w.Write([]byte("ok")) })
	mux.HandleFunc("GET /readyz", s.serveReady)
	mux.Handle("GET /metrics", s.metricsHandler())
}

// recovered answers 500 to a request whose handler panicked outside the
// admission logic (which recovers on its own and denies), and counts it.
func (s *Server) recovered(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		defer func() {
			if p := recover(); p != nil {
				s.metrics.panics.Inc()
				s.log.Error("panic recovered", "path", r.URL.Path, "panic", p)
				http.Error(w, "internal error", http.StatusInternalServerError)
			}
		}()
		next.ServeHTTP(w, r)
	})
}
