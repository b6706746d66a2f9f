package cli

import (
	"fmt"
	"io"
	"os"
	"sync"

	"github.com/spf13/pflag"

	"github.com/kval-dev/kval/catalog"
	"github.com/kval-dev/kval/catalog/crdindex"
	"github.com/kval-dev/kval/catalog/crdsource"
)

// Environment variables that give the catalog flags their defaults:
// kval's container image sets KVAL_CATALOG_DIR to the local copy baked
// into it; KVAL_CATALOG=off turns the catalog off where no flag can be
// given (a shared runner image, kval's own tests, which must not reach
// the network).
const (
	catalogDirEnv = "KVAL_CATALOG_DIR"
	catalogEnv    = "KVAL_CATALOG"
)

// catalogOptions are kval validate's flags for kval's catalog of
// well-known projects' CRDs (package crdindex): on by default, for the
// kinds no other source defines.
type catalogOptions struct {
	useCatalog bool
	catalogDir string
	mirror     string
}

func (o *catalogOptions) addFlags(f *pflag.FlagSet) {
	f.BoolVar(&o.useCatalog, "catalog", os.Getenv(catalogEnv) != "off",
		"serve the kinds of groups no --crd (nor the input) defines from kval's catalog of well-known projects' CRDs (cert-manager, Prometheus Operator, Argo CD, Gateway API), pinned by version and sha256 and cached; each file fetched is named on stderr (default: true unless $"+catalogEnv+" is off)")
	f.StringVar(&o.catalogDir, "catalog-dir", os.Getenv(catalogDirEnv),
		"read the catalog from this local copy (index.yaml and PROJECT/VERSION/FILE), with no network (default $"+catalogDirEnv+")")
	f.StringVar(&o.mirror, "catalog-mirror", "",
		"fetch the catalog's files from this base URL serving a local copy, instead of upstream")
}

// resolver is the catalog's resolver for the run, or nil with
// --catalog=false. It names each file it reads on s's stderr, which it
// makes safe for the workers to write to.
func (o *catalogOptions) resolver(s *streams) (catalog.Resolver, error) {
	if !o.useCatalog {
		return nil, nil
	}
	idx, err := o.index()
	if err != nil {
		return nil, badInput("--catalog-dir: %v", err)
	}
	s.err = &lockedWriter{w: s.err}
	stderr := s.err
	return &crdindex.Resolver{Index: idx, Dir: o.catalogDir, Mirror: o.mirror, Fetcher: crdsource.NewFetcher(),
		Fetched: func(f crdindex.Fetch) {
			fmt.Fprintf(stderr, "catalog: %s %s: %s\n", f.Project.Name, f.Project.Version, f.From)
		}}, nil
}

func (o *catalogOptions) index() (*crdindex.Index, error) {
	if o.catalogDir != "" {
		return crdindex.ReadDir(o.catalogDir)
	}
	return crdindex.Default()
}

// lockedWriter serializes writes from several goroutines.
type lockedWriter struct {
	mu sync.Mutex
	w  io.Writer
}

func (l *lockedWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(p)
}

// setResolveError records a kind whose CRD the catalog knows but could
// not give (offline, a changed file): no schema, as without the catalog,
// with the reason.
func (o *builtinOptions) setResolveError(r *objectResult, err *catalog.ResolveError) {
	why := fmt.Sprintf("no schema for kind %q in version %q: no --crd defines group %q and kval's catalog could not give its CRD: %v",
		r.Kind, r.APIVersion, err.Group, err.Err)
	if o.ignoreMissing {
		r.Skipped = "skipped: " + why
		return
	}
	r.reject(why + "; --ignore-missing-schemas skips such objects")
}
