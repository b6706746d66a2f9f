package validate

import "k8s.io/apimachinery/pkg/api/equality"

// DirectEqual compares the values two pointers point to with ==. Two nil
// pointers are equal; a nil and a non-nil pointer are not. Generated code
// uses it for ratcheting and for set-list identity when the type allows ==.
func DirectEqual[T comparable](a, b *T) bool {
	if a == nil || b == nil {
		return a == b
	}
	return *a == *b
}

// SemanticDeepEqual compares two values with equality.Semantic.DeepEqual,
// which treats e.g. equal resource quantities as equal. Generated code uses
// it when == is not available or not meaningful (slices, maps, pointers
// inside structs).
func SemanticDeepEqual[T any](a, b T) bool {
	return equality.Semantic.DeepEqual(a, b)
}
