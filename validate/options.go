package validate

import (
	"context"

	"k8s.io/apimachinery/pkg/api/operation"
	"k8s.io/apimachinery/pkg/util/validation/field"
)

// IfOption runs validator only when the named option's state equals
// enabled: +k8s:ifEnabled(X) passes enabled=true, +k8s:ifDisabled(X)
// passes false. An option the operation does not define is an internal
// error: it means the caller forgot to pass a feature gate.
func IfOption[T any](ctx context.Context, op operation.Operation, fldPath *field.Path, value, oldValue T,
	option string, enabled bool, validator ValidateFunc[T]) field.ErrorList {
	on, defined := op.HasOption(option)
	if !defined {
		return field.ErrorList{field.InternalError(fldPath, undefinedOption(option))}
	}
	if on != enabled {
		return nil
	}
	return validator(ctx, op, fldPath, value, oldValue)
}

// IfSubresource runs validator only when the request's subresource path
// (operation.Request.SubresourcePath: "/status", "/" for the resource
// itself) equals path (want true, +k8s:ifSubresource) or differs from it
// (want false, +k8s:ifNotSubresource).
func IfSubresource[T any](ctx context.Context, op operation.Operation, fldPath *field.Path, value, oldValue T,
	path string, want bool, validator ValidateFunc[T]) field.ErrorList {
	if (op.Request.SubresourcePath() == path) != want {
		return nil
	}
	return validator(ctx, op, fldPath, value, oldValue)
}
