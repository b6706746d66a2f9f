package kvaltest

import (
	"context"
	"errors"
	"fmt"

	"github.com/kval-dev/kval/catalog/crdsource"
	"github.com/kval-dev/kval/schema"
)

// readCRDs reads the CustomResourceDefinitions of the sources kval's --crd
// takes (files, directories, Helm charts, URLs, package crdsource) and
// skips every other document, as envtest's CRD loader does: a CRD
// directory holds a kustomization.yaml, policies or RBAC beside its CRDs.
// A source that cannot be read or a CRD that cannot be decoded is an
// error.
func readCRDs(sources []string) ([]*schema.CRD, error) {
	loaded := crdsource.Read(context.Background(), sources, crdsource.Options{})
	var errs []error
	for _, p := range loaded.Errors() {
		errs = append(errs, p)
	}
	if err := errors.Join(errs...); err != nil {
		return nil, fmt.Errorf("reading CRDs: %w", err)
	}
	if len(loaded.CRDs) == 0 {
		return nil, fmt.Errorf("no CustomResourceDefinition in %v", sources)
	}
	return loaded.CRDs, nil
}
