package validate

import (
	"context"
	"fmt"
	"strings"

	"k8s.io/apimachinery/pkg/api/operation"
	"k8s.io/apimachinery/pkg/util/validation/field"
)

// FieldRef reads one field a cross-field rule uses, from the struct the
// rule is hoisted to: its value, and false when it is unset (a nil pointer,
// or a nil pointer on the way to it).
type FieldRef[S, T any] func(obj *S) (T, bool)

// The bounds below are KEP-5073's +k8s:minimum(constraint: <field>) and
// its siblings: the limit is another field's value. Generated code calls
// them on the nearest common ancestor of the two fields (the struct that
// declares the tag), so both are in reach; target and constraint are field
// paths relative to it, in JSON names ("current", "limits.maxValue").
//
// The rule is checked only when both fields are set. On update it is not
// checked again unless the target or the constraint changed: a change to
// any other field of the struct does not re-validate it (the KEP's
// cross-field ratcheting, "I only use these fields as inputs").

// MinimumField reports a target below the constraint field's value.
func MinimumField[S any, T Integer](_ context.Context, op operation.Operation, fldPath *field.Path, obj, oldObj *S,
	target string, value FieldRef[S, T], constraint string, limit FieldRef[S, T]) field.ErrorList {
	return fieldBound(op, fldPath, obj, oldObj, target, value, constraint, limit,
		func(v, l T) bool { return v >= l }, "greater than or equal to", "minimum")
}

// MaximumField reports a target above the constraint field's value.
func MaximumField[S any, T Integer](_ context.Context, op operation.Operation, fldPath *field.Path, obj, oldObj *S,
	target string, value FieldRef[S, T], constraint string, limit FieldRef[S, T]) field.ErrorList {
	return fieldBound(op, fldPath, obj, oldObj, target, value, constraint, limit,
		func(v, l T) bool { return v <= l }, "less than or equal to", "maximum")
}

// ExclusiveMinimumField reports a target not above the constraint field's
// value.
func ExclusiveMinimumField[S any, T Integer](_ context.Context, op operation.Operation, fldPath *field.Path, obj, oldObj *S,
	target string, value FieldRef[S, T], constraint string, limit FieldRef[S, T]) field.ErrorList {
	return fieldBound(op, fldPath, obj, oldObj, target, value, constraint, limit,
		func(v, l T) bool { return v > l }, "greater than", "exclusiveMinimum")
}

// ExclusiveMaximumField reports a target not below the constraint field's
// value.
func ExclusiveMaximumField[S any, T Integer](_ context.Context, op operation.Operation, fldPath *field.Path, obj, oldObj *S,
	target string, value FieldRef[S, T], constraint string, limit FieldRef[S, T]) field.ErrorList {
	return fieldBound(op, fldPath, obj, oldObj, target, value, constraint, limit,
		func(v, l T) bool { return v < l }, "less than", "exclusiveMaximum")
}

// fieldBound is the shared body of the bounds: it reads both fields,
// ratchets, and reports at the target's path, naming the constraint field
// and its value (the origin is the plain bound's, so hand-written errors
// migrated from either form match).
func fieldBound[S any, T Integer](op operation.Operation, fldPath *field.Path, obj, oldObj *S,
	target string, value FieldRef[S, T], constraint string, limit FieldRef[S, T],
	ok func(v, l T) bool, relation, origin string) field.ErrorList {
	if obj == nil || (isUpdate(op) && oldObj != nil && refsUnchanged(obj, oldObj, value, limit)) {
		return nil
	}
	v, vSet := value(obj)
	l, lSet := limit(obj)
	if !vSet || !lSet || ok(v, l) {
		return nil
	}
	detail := fmt.Sprintf("must be %s %s (%d)", relation, relPath(fldPath, constraint), l)
	return field.ErrorList{field.Invalid(relPath(fldPath, target), v, detail).WithOrigin(origin)}
}

// refsUnchanged reports whether every referenced field has the same value
// and set-ness in obj and oldObj.
func refsUnchanged[S any, T comparable](obj, oldObj *S, refs ...FieldRef[S, T]) bool {
	for _, ref := range refs {
		v, vSet := ref(obj)
		o, oSet := ref(oldObj)
		if v != o || vSet != oSet {
			return false
		}
	}
	return true
}

// relPath extends fldPath by a dotted path of JSON names.
func relPath(fldPath *field.Path, dotted string) *field.Path {
	names := strings.Split(dotted, ".")
	return fldPath.Child(names[0], names[1:]...)
}
