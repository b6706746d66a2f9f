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
		Description: "Indicates that any validations declared on the referenced type will be ignored. " +
			"If a referenced type's package is not included in the generator's current " +
			"flags, this tag must be set, or code generation will fail (preventing silent " +
			"mistakes). If the validations should not be ignored, add the type's package " +
			"to the generator using the --readonly-pkg flag.",
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
