package webhook

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"strings"
	"sync"

	"github.com/prometheus/client_golang/prometheus/promhttp"
)

// Source keeps what the server checks with current. Each is bound to its
// target when it is built: the CRDs of a catalog (CRDFiles, ClusterCRDs)
// or, for KUDO Instances, the OperatorVersions of the Finder built with it
// (OperatorVersionFiles, ClusterOperatorVersions).
type Source interface {
	// Name identifies the source in logs, metrics and /readyz.
	Name() string
	// Run loads the source into its target and keeps it current until ctx
	// ends, telling report about every load.
	Run(ctx context.Context, report func(Load))
}

// Load is the outcome of one load of a source.
type Load struct {
	// Served is how many objects the source serves now: CRDs, or what
	// Unit names.
	Served int
	// Unit names what Served counts in /readyz and logs: "CRDs" when empty,
	// "OperatorVersions" for the sources of KUDO Instance checks.
	Unit string
	// Refused are CRDs (or OperatorVersions) that were not published (the
	// previous version of each, if any, stays in use).
	Refused []error
	// Err is a failure of the whole load: nothing changed.
	Err error
	// Skipped are what the load left out and went on without: files that
	// are not regular (a FIFO, a device, a symbolic link loop), shown in
	// /readyz and logged, so that a stray file is seen and never blocks a
	// reload.
	Skipped []error
}

func (l Load) unit() string {
	if l.Unit == "" {
		return "CRDs"
	}
	return l.Unit
}

// sourceSet tracks the sources' loads for readiness and metrics.
type sourceSet struct {
	sources []Source
	metrics *metrics
	log     *slog.Logger

	mu     sync.Mutex
	loaded map[string]bool
	latest map[string]Load
}

func newSourceSet(sources []Source, m *metrics, log *slog.Logger) *sourceSet {
	return &sourceSet{sources: sources, metrics: m, log: log, loaded: map[string]bool{}, latest: map[string]Load{}}
}

// Run runs every source until ctx ends.
func (s *Server) Run(ctx context.Context) {
	var wg sync.WaitGroup
	for _, src := range s.sources.sources {
		wg.Go(func() { src.Run(ctx, func(l Load) { s.sources.report(src.Name(), l) }) })
	}
	wg.Wait()
}

func (set *sourceSet) report(name string, l Load) {
	set.mu.Lock()
	defer set.mu.Unlock()
	set.latest[name] = l
	set.metrics.schemaReloads.WithLabelValues(name).Inc()
	if l.Err == nil {
		set.loaded[name] = true
	}
	if failed := len(l.Refused) + btoi(l.Err != nil); failed > 0 {
		set.metrics.schemaFailures.WithLabelValues(name).Add(float64(failed))
		set.log.Error("schemas not loaded; the previous ones stay in use", "source", name, "error", errors.Join(append(l.Refused, l.Err)...))
		return
	}
	if len(l.Skipped) > 0 {
		set.log.Warn("schemas loaded; some files were skipped", "source", name, "skipped", errors.Join(l.Skipped...))
	}
	set.log.Info("schemas loaded", "source", name, "served", l.Served, "unit", l.unit())
}

// ready reports whether every source has loaded once, with a line per source.
func (set *sourceSet) ready() (bool, string) {
	set.mu.Lock()
	defer set.mu.Unlock()
	ok := true
	var b strings.Builder
	for _, src := range set.sources {
		name, l := src.Name(), set.latest[src.Name()]
		problem := errors.Join(append(l.Refused, l.Err)...)
		switch {
		case !set.loaded[name]:
			ok = false
			fmt.Fprintf(&b, "[-]source %s: not loaded yet: %v\n", name, problem)
		case problem != nil:
			fmt.Fprintf(&b, "[+]source %s ok (%d %s), last load: %v\n", name, l.Served, l.unit(), problem)
		case len(l.Skipped) > 0:
			fmt.Fprintf(&b, "[+]source %s ok (%d %s), skipped: %v\n", name, l.Served, l.unit(), strings.ReplaceAll(errors.Join(l.Skipped...).Error(), "\n", "; "))
		default:
			fmt.Fprintf(&b, "[+]source %s ok (%d %s)\n", name, l.Served, l.unit())
		}
	}
	return ok, b.String()
}

// serveReady answers /readyz as kube-apiserver does: 200 with a line per
// check when ready, 503 otherwise.
func (s *Server) serveReady(w http.ResponseWriter, _ *http.Request) {
	if s.draining.Load() {
		http.Error(w, "[-]shutting down: requests are still answered while endpoints drop this replica\nreadyz check failed", http.StatusServiceUnavailable)
		return
	}
	ok, detail := s.sources.ready()
	if !ok {
		http.Error(w, detail+"readyz check failed", http.StatusServiceUnavailable)
		return
	}
	_, _ = w.Write([]byte(detail + "readyz check passed\n"))
}

func (s *Server) metricsHandler() http.Handler {
	return promhttp.HandlerFor(s.metrics.registry, promhttp.HandlerOpts{})
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}
