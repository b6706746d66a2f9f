package cli

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/spf13/pflag"

	"github.com/kval-dev/kval/builtin"
	"github.com/kval-dev/kval/catalog"
	"github.com/kval-dev/kval/engine"
	"github.com/kval-dev/kval/strategy"
)

// builtinOptions are kval validate's flags for built-in kinds and for
// kinds with no schema, named as kubeconform names them.
type builtinOptions struct {
	kubernetesVersion string
	skip              []string
	ignoreMissing     bool
}

func (o *builtinOptions) addFlags(f *pflag.FlagSet) {
	f.StringVar(&o.kubernetesVersion, "kubernetes-version", builtin.Newest(),
		fmt.Sprintf("validate built-in kinds (Deployment, ConfigMap...) against the published schemas of this Kubernetes minor version (embedded: %s)", strings.Join(builtin.Versions(), ", ")))
	f.StringSliceVar(&o.skip, "skip", nil, `kinds not to validate, as KIND or APIVERSION/KIND ("Secret,apps/v1/Deployment"); they are reported as skipped`)
	f.BoolVar(&o.ignoreMissing, "ignore-missing-schemas", false,
		"skip, with a warning, objects of a kind that no --crd defines and that is not built in, and documents with no apiVersion or kind; without it they are invalid")
}

// loadValidateCatalog reads the CRD sources into a catalog that also
// serves the built-in kinds of --kubernetes-version; with built-in kinds,
// --crd is optional.
func (o *builtinOptions) loadValidateCatalog(ctx context.Context, s streams, src crdSources, engineOpts engine.Options, resolver catalog.Resolver) (*catalog.Catalog, error) {
	set, err := builtin.Version(o.kubernetesVersion)
	if err != nil {
		return nil, badInput("--kubernetes-version: %v", err)
	}
	o.kubernetesVersion = set.Minor() // "v1.36.3" is named "1.36" in messages
	return loadCatalogWith(ctx, s, src, catalog.Options{Builtins: set, Native: strategy.ForKind, Engine: engineOpts, Resolver: resolver}, true)
}

// skipped reports whether --skip names the document's kind, and records
// why in the result.
func (o *builtinOptions) skipped(r *objectResult) bool {
	for _, s := range o.skip {
		if s == r.Kind || s == r.APIVersion+"/"+r.Kind {
			r.Skipped = fmt.Sprintf("skipped: kind %s is in --skip", s)
			return true
		}
	}
	return false
}

// setLookupError records why no validator serves the document: an object
// of a kind with no schema (no CRD defines its group and it is not built
// in) is invalid, as kubectl's "no matches for kind" says, unless
// --ignore-missing-schemas skips it. A document with no apiVersion or kind
// (a workflow file among the manifests) is invalid too, and skipped alike.
func (o *builtinOptions) setLookupError(r *objectResult, err error) {
	var resolveErr *catalog.ResolveError
	if errors.As(err, &resolveErr) {
		o.setResolveError(r, resolveErr)
		return
	}
	var notObject *catalog.NotAnObjectError
	if errors.As(err, &notObject) && o.ignoreMissing {
		r.Skipped = "skipped: " + err.Error()
		return
	}
	var notCovered *catalog.NotCoveredError
	if !errors.As(err, &notCovered) || o.ignoreMissing {
		r.setLookupError(err)
		return
	}
	r.reject(fmt.Sprintf("no schema for kind %q in version %q: no %s of group %q was given (--crd) and it is not a built-in group of Kubernetes %s; --ignore-missing-schemas skips such objects",
		r.Kind, r.APIVersion, "CustomResourceDefinition", notCovered.Group, o.kubernetesVersion))
}
