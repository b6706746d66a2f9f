package cli

import (
	"context"
	"errors"
	"fmt"
	"io"

	"github.com/kval-dev/kval/catalog"
	"github.com/kval-dev/kval/schema"
)

// loadCatalog reads the --crd paths into a catalog. Read errors and
// duplicate definitions make the input unusable; documents of other kinds
// are warnings. CRDs are linted when an object first needs them (see
// invalidCRDs); checkCatalog lints them all.
func loadCatalog(s streams, paths []string) (*catalog.Catalog, error) {
	if len(paths) == 0 {
		return nil, badInput("no CRDs given: use --crd PATH")
	}
	return loadCatalogWith(s, paths, catalog.Options{}, false)
}

// loadObjectsCatalog is loadCatalog for commands that look CRDs up by the
// objects they read (validate, prune): a CRD is decoded when an object
// first needs it (catalog.LoadFilesDeferred), so one object does not wait
// for every CRD given to be decoded.
func loadObjectsCatalog(s streams, paths []string) (*catalog.Catalog, error) {
	if len(paths) == 0 {
		return nil, badInput("no CRDs given: use --crd PATH")
	}
	return loadCatalogWith(s, paths, catalog.Options{}, true)
}

// loadCatalogWith is loadCatalog into a catalog with options.
func loadCatalogWith(s streams, paths []string, opts catalog.Options, deferred bool) (*catalog.Catalog, error) {
	cat := catalog.New(opts)
	load := cat.LoadFiles
	if deferred {
		load = cat.LoadFilesDeferred
	}
	problems, err := load(paths...)
	for _, p := range problems {
		if p.Warning {
			fmt.Fprintf(s.err, "Warning: %v\n", p)
		} else {
			fmt.Fprintf(s.err, "error: %v\n", p)
		}
	}
	switch {
	case errors.Is(err, catalog.ErrUnusable):
		return nil, &exitError{code: ExitBadInput}
	case err != nil:
		return nil, badInput("%v", err)
	case cat.Empty():
		return nil, badInput("no CustomResourceDefinition found in %v", paths)
	}
	return cat, nil
}

// checkCatalog lints every CRD of the catalog now: CRDs kube-apiserver
// would reject make the input unusable.
func checkCatalog(ctx context.Context, s streams, cat *catalog.Catalog) error {
	invalid := cat.Check(ctx)
	for _, e := range invalid {
		printInvalidCRD(s.err, e)
	}
	if len(invalid) > 0 {
		return badInput("%d CustomResourceDefinition(s) that kube-apiserver would reject: fix them first (kval lint)", len(invalid))
	}
	return nil
}

func printInvalidCRD(w io.Writer, e *catalog.InvalidCRDError) {
	fmt.Fprintf(w, "error: %s: %s", e.CRD.Source, invalidMessage(schema.CRDKind, e.CRD.Name(), e.Errors))
}

// invalidCRDs prints each CRD kube-apiserver would reject in full once, when
// the first document that needs it is reported; the documents say only
// that their CRD is invalid. Outputs report documents one at a time.
type invalidCRDs map[string]bool

func (printed invalidCRDs) report(w io.Writer, r *objectResult) {
	if r.invalidCRD == nil || printed[r.invalidCRD.CRD.Name()] {
		return
	}
	printed[r.invalidCRD.CRD.Name()] = true
	printInvalidCRD(w, r.invalidCRD)
}
