package catalog

import (
	"context"

	"k8s.io/apimachinery/pkg/util/validation/field"

	"github.com/kval-dev/kval/engine"
	"github.com/kval-dev/kval/lint"
	"github.com/kval-dev/kval/manifest"
	"github.com/kval-dev/kval/schema"
)

// crdLintExtension gives CustomResourceDefinition objects, a built-in kind,
// kube-apiserver's own verdict on create (package lint, what kval lint
// says) beside the schema validation every built-in kind gets: the
// published schema of a CRD cannot tell that a schema's type is "strign".
func crdLintExtension(opts lint.Options) engine.Extension {
	return func(crd *schema.CRD, version string) ([]engine.Check, error) {
		if crd.Spec.Group != schema.CRDGroup || crd.Spec.Names.Kind != schema.CRDKind {
			return nil, nil
		}
		return []engine.Check{{Name: "CustomResourceDefinition", On: engine.OnCreate, Validate: func(ctx context.Context, in engine.CheckInput) field.ErrorList {
			decoded, errs := schema.DecodeCRD(manifest.Document{Object: in.Object, Source: manifest.Source{Item: -1}})
			if len(errs) > 0 {
				return errs
			}
			return lint.CheckCRD(ctx, decoded, opts)
		}}}, nil
	}
}
