package validators

import (
	"github.com/kval-dev/kval/gen/shape"
	"github.com/kval-dev/kval/tags"
)

const opaqueTypeTag = "k8s:opaqueType"

// opaqueType implements +k8s:opaqueType: validations declared on the
// value's type are not run. A field whose type comes from a package the
// generator does not process must say so explicitly, so that skipping that
// type's rules is a decision, not an accident.
type opaqueType struct{ r *Registry }

func (*opaqueType) Doc() Doc {
	return Doc{
		Tag: opaqueTypeTag, Stability: StabilityStable, Scopes: anyValueScopes,
		Description: "Skips the rules declared on the value's type. A field whose type comes from a package " +
			"the run does not include must carry this tag, so that skipping those rules is a " +
			"decision; to run them instead, add the package with --readonly-pkg.",
	}
}

func (v *opaqueType) Validations(ctx Context, _ tags.Tag) (Result, error) {
	switch ctx.Scope {
	case ScopeType:
		v.r.facts.opaqueTypes[TypePath(shape.NonPointer(ctx.Type))] = true
	case ScopeField:
		v.r.facts.opaqueFields[ctx.Path] = true
	}
	return Result{Opaque: true}, nil
}

// isOpaqueField reports whether the field at ctx, or its type, is opaque.
// It is meaningful only once all tags have been read, i.e. from a Later.
func (r *Registry) isOpaqueField(ctx Context) bool {
	return r.facts.opaqueFields[ctx.Path] || r.facts.opaqueTypes[TypePath(shape.NonPointer(ctx.Type))]
}
