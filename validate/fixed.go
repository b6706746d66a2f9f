package validate

import (
	"context"

	"k8s.io/apimachinery/pkg/api/operation"
	"k8s.io/apimachinery/pkg/util/validation/field"
)

// FixedResult passes when result is true and otherwise fails with a
// "forced failure" naming arg. It backs the test tags +k8s:validateTrue and
// +k8s:validateFalse, which the generator's own tests use to observe which
// checks run, where and in which order.
func FixedResult[T any](_ context.Context, _ operation.Operation, fldPath *field.Path, value, _ T, result bool, arg string) field.ErrorList {
	if result {
		return nil
	}
	return field.ErrorList{field.Invalid(fldPath, value, "forced failure: "+arg).WithOrigin("validateFalse")}
}
