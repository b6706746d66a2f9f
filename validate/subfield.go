package validate

import (
	"context"

	"k8s.io/apimachinery/pkg/api/operation"
	"k8s.io/apimachinery/pkg/util/validation/field"
)

// Subfield runs validator on one field of a struct (+k8s:subfield(name)), at
// the field's path. getField reads the field as a nilable value. On update,
// a field equivalent (equiv) to its old value is not validated again. A nil
// struct has no field to validate.
func Subfield[S, F any](ctx context.Context, op operation.Operation, fldPath *field.Path, value, oldValue *S,
	name string, getField GetFieldFunc[S, F], equiv MatchFunc[F], validator ValidateFunc[F]) field.ErrorList {
	if value == nil {
		return nil
	}
	fieldValue := getField(value)
	var oldField F
	if oldValue != nil {
		oldField = getField(oldValue)
		if isUpdate(op) && equiv(fieldValue, oldField) {
			return nil
		}
	}
	return validator(ctx, op, fldPath.Child(name), fieldValue, oldField)
}
