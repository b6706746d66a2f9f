package kvaltest

import (
	"errors"
	"fmt"

	"github.com/kval-dev/kval/manifest"
	"github.com/kval-dev/kval/schema"
)

// readCRDs reads the CustomResourceDefinitions of files and directories and
// skips every other document, as envtest's CRD loader does: a CRD
// directory holds a kustomization.yaml, policies or RBAC beside its CRDs.
// A directory with a kustomization (a kubebuilder project's config/crd)
// stands for the resources it lists, without its patches (partial CRDs).
// A file that cannot be read or a CRD that cannot be decoded is an error.
func readCRDs(paths []string) ([]*schema.CRD, error) {
	var errs []error
	paths, problems := schema.KustomizedPaths(paths) // a kubebuilder config/crd: its bases
	for _, p := range problems {
		errs = append(errs, p)
	}
	files, err := manifest.ExpandPaths(paths)
	if err != nil {
		return nil, errors.Join(append(errs, err)...)
	}
	var crds []*schema.CRD
	for _, file := range files {
		docs, readErrs := manifest.ReadFile(file)
		errs = append(errs, readErrs...)
		for _, doc := range docs {
			if !schema.IsCRD(doc.Object) {
				continue
			}
			crd, invalid := schema.DecodeCRD(doc)
			if len(invalid) > 0 {
				errs = append(errs, fmt.Errorf("%v: %w", doc.Source, invalid.ToAggregate()))
				continue
			}
			crds = append(crds, crd)
		}
	}
	if err := errors.Join(errs...); err != nil {
		return nil, fmt.Errorf("reading CRDs: %w", err)
	}
	if len(crds) == 0 {
		return nil, fmt.Errorf("no CustomResourceDefinition in %v", paths)
	}
	return crds, nil
}
