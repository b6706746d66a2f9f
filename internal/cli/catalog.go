package cli

import (
	"context"
	"errors"
	"fmt"

	"github.com/kval-dev/kval/catalog"
	"github.com/kval-dev/kval/schema"
)

// loadCatalog reads the --crd paths into a catalog. Read errors, duplicate
// definitions and CRDs kube-apiserver would reject make the input unusable;
// documents of other kinds are warnings.
func loadCatalog(ctx context.Context, s streams, paths []string) (*catalog.Catalog, error) {
	if len(paths) == 0 {
		return nil, badInput("no CRDs given: use --crd PATH")
	}
	cat := catalog.New(catalog.Options{})
	problems, err := cat.LoadFiles(paths...)
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
	case len(cat.CRDs()) == 0:
		return nil, badInput("no CustomResourceDefinition found in %v", paths)
	}
	if invalid := cat.Check(ctx); len(invalid) > 0 {
		for _, e := range invalid {
			fmt.Fprintf(s.err, "error: %s: %s", e.CRD.Source, invalidMessage(schema.CRDKind, e.CRD.Name(), e.Errors))
		}
		return nil, badInput("%d CustomResourceDefinition(s) that kube-apiserver would reject: fix them first (kval lint)", len(invalid))
	}
	return cat, nil
}
