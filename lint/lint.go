package lint

import (
	"context"

	"k8s.io/apimachinery/pkg/util/validation/field"

	"github.com/kval-dev/kval/schema"
)

// CheckCRD returns every error kube-apiserver gives when crd is created, in
// its order (map entries sorted), plus kval's mutability placement errors.
func CheckCRD(ctx context.Context, crd *schema.CRD, opts Options) field.ErrorList {
	return crd.CheckPartial(checkOptions(ctx, opts))
}

// CheckSchema checks a schema that is not wrapped in a CRD, as the
// openAPIV3Schema of a v1 CRD at path (see schema.CheckSchemaPartial).
func CheckSchema(ctx context.Context, path *field.Path, s *schema.Schema, opts Options) field.ErrorList {
	return schema.CheckSchemaPartial(path, s, checkOptions(ctx, opts))
}

// checkOptions plugs the stages of opts into the schema checks. A version
// that repeats one that passed is not checked again
// (schema.CheckOptions.ReuseVerdicts) unless the caller's own Rules would
// then miss its costs.
func checkOptions(ctx context.Context, opts Options) schema.CheckOptions {
	ownRules := opts.Rules == nil
	opts = opts.withOwnStages()
	return schema.CheckOptions{
		Defaults: func(path *field.Path, root *schema.Schema) field.ErrorList {
			return checkDefaults(ctx, path, root, opts)
		},
		Rules:         opts.Rules,
		ReuseVerdicts: ownRules,
	}
}
