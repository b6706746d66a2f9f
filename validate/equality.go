package validate

import (
	"time"

	"k8s.io/apimachinery/pkg/api/resource"
	"k8s.io/apimachinery/pkg/conversion"
)

// DirectEqual compares the values two pointers point to with ==. Two nil
// pointers are equal; a nil and a non-nil pointer are not. Generated code
// uses it for ratcheting and for set-list identity when the type allows ==.
func DirectEqual[T comparable](a, b *T) bool {
	if a == nil || b == nil {
		return a == b
	}
	return *a == *b
}

// SemanticDeepEqual compares two values as apimachinery's
// equality.Semantic.DeepEqual does: empty and nil slices and maps alike,
// resource quantities by value, metav1.Time and metav1.MicroTime by the
// instant they hold. Generated code uses it when == is not available or
// not meaningful (slices, maps, pointers inside structs).
func SemanticDeepEqual[T any](a, b T) bool {
	return semantic.DeepEqual(a, b)
}

// semantic holds kval's own equalities for what apimachinery's
// equality.Semantic compares specially. That package is not imported: it
// imports the label and field selector packages and, through them,
// upstream's declarative-validation runtime, which kval's runtime replaces
// (internal/layering checks it is never reached). metav1.Time and
// metav1.MicroTime each hold one time.Time, which the walk reaches and
// compares as equality.Semantic compares them: in UTC. (A plain time.Time
// field would be compared so too, where equality.Semantic compares it
// field by field; API types hold metav1.Time.) The selector equalities are
// left out: selectors are interfaces, never fields of an API type.
// TestSemanticDeepEqualAsApimachinery (conformance/validationgen) compares
// the two.
var semantic = conversion.EqualitiesOrDie(
	func(a, b resource.Quantity) bool { return a.Cmp(b) == 0 },
	func(a, b time.Time) bool { return a.UTC() == b.UTC() },
)
