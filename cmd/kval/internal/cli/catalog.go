package cli

import (
	"context"
	"errors"
	"fmt"
	"io"

	"github.com/spf13/pflag"

	"github.com/kval-dev/kval/catalog"
	"github.com/kval-dev/kval/catalog/crdsource"
	"github.com/kval-dev/kval/schema"
)

// crdSources are where a command's CRDs come from: --crd (files,
// directories, Helm charts, URLs, cluster:; package crdsource resolves
// them) and, for kval validate, the CRDs among its objects.
type crdSources struct {
	crds       []string
	kubeconfig string
	// preferFlag serves the --crd definition of a kind that the objects
	// define differently (--prefer-crd-flag).
	preferFlag bool
	// input is the CRDs among the objects (crdsource.Input), or nil.
	input *schema.Loaded
}

// crdSourceHelp says what --crd takes, for every command's flag.
const crdSourceHelp = "CRD sources (repeatable): files, directories, Helm charts (their crds/), http(s):// URLs (cached), or cluster: (the live cluster's CRDs, --kubeconfig)"

func (c *crdSources) addFlags(f *pflag.FlagSet) {
	f.StringSliceVar(&c.crds, "crd", nil, crdSourceHelp)
	f.StringVar(&c.kubeconfig, "kubeconfig", "", "kubeconfig of --crd cluster: (default: $KUBECONFIG, ~/.kube/config)")
}

// addPreferFlag adds --prefer-crd-flag, for the commands that read CRDs
// among their objects.
func (c *crdSources) addPreferFlag(f *pflag.FlagSet) {
	f.BoolVar(&c.preferFlag, "prefer-crd-flag", false, "when a CRD among the objects defines a kind differently from its --crd definition, serve the --crd one (without it, the run fails naming both)")
}

// loadCatalog reads the --crd sources into a catalog. Read errors and
// duplicate definitions make the input unusable; documents of other kinds
// are warnings. CRDs are linted when an object first needs them (see
// invalidCRDs); checkCatalog lints them all.
func loadCatalog(ctx context.Context, s streams, src crdSources) (*catalog.Catalog, error) {
	if len(src.crds) == 0 {
		return nil, badInput("no CRDs given: use --crd PATH")
	}
	return loadCatalogWith(ctx, s, src, catalog.Options{}, false)
}

// loadObjectsCatalog is loadCatalog for commands that look CRDs up by the
// objects they read (prune), which may be given the CRDs among them: a CRD is decoded when an object
// first needs it (catalog.Catalog.Load of deferred CRDs), so one object
// does not wait for every CRD given to be decoded.
func loadObjectsCatalog(ctx context.Context, s streams, src crdSources) (*catalog.Catalog, error) {
	if len(src.crds) == 0 && (src.input == nil || len(src.input.CRDs)+len(src.input.Deferred) == 0) {
		return nil, badInput("no CRDs given: use --crd PATH, or give the CRDs among the objects")
	}
	return loadCatalogWith(ctx, s, src, catalog.Options{}, true)
}

// loadCatalogWith is loadCatalog into a catalog with options.
func loadCatalogWith(ctx context.Context, s streams, src crdSources, opts catalog.Options, deferred bool) (*catalog.Catalog, error) {
	loaded := crdsource.Read(ctx, src.crds, crdsource.Options{Defer: deferred, Kubeconfig: src.kubeconfig})
	if src.input != nil {
		loaded = crdsource.Combine(loaded, src.input, src.preferFlag)
		opts.Refused = refuseConflicts(loaded.Problems)
	}
	cat := catalog.New(opts)
	problems, err := cat.Load(loaded)
	printCRDProblems(s, problems)
	switch {
	case errors.Is(err, catalog.ErrUnusable):
		return nil, &exitError{code: ExitBadInput}
	case err != nil:
		return nil, badInput("%v", err)
	case cat.Empty() && len(src.crds) > 0:
		return nil, badInput("no CustomResourceDefinition found in %v", src.crds)
	}
	return cat, nil
}

// refuseConflicts turns each conflict between two definitions of a kind
// into a warning, and returns the kinds whose objects are refused for it:
// the run validates every other kind.
func refuseConflicts(problems []schema.Problem) map[string]error {
	refused := map[string]error{}
	for i, p := range problems {
		var conflict *crdsource.ConflictError
		if errors.As(p.Err, &conflict) {
			problems[i].Warning = true
			refused[conflict.Group+"/"+conflict.Kind] = conflict
		}
	}
	return refused
}

// printCRDProblems prints the problems of reading CRDs; a conflict between
// the objects' CRDs and --crd with the flag that settles it.
func printCRDProblems(s streams, problems []schema.Problem) {
	for _, p := range problems {
		var conflict *crdsource.ConflictError
		switch {
		case errors.As(p.Err, &conflict) && conflict.Given:
			fmt.Fprintf(s.err, "Warning: %v; its objects are invalid (--prefer-crd-flag serves the --crd one)\n", p)
		case errors.As(p.Err, &conflict):
			fmt.Fprintf(s.err, "Warning: %v; its objects are invalid\n", p)
		case p.Warning:
			fmt.Fprintf(s.err, "Warning: %v\n", p)
		default:
			fmt.Fprintf(s.err, "error: %v\n", p)
		}
	}
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
	src, msg := invalidCRDAsWritten(e)
	fmt.Fprintf(w, "error: %s: %s", src, msg)
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
