package engine

import "k8s.io/apimachinery/pkg/util/validation/field"

// Result is the outcome of one request.
type Result struct {
	// Object is the object as kube-apiserver would store it: pruned and
	// defaulted. It is nil when the object could not be decoded.
	Object map[string]any
	// Pruned are the paths of removed unknown fields, sorted.
	Pruned []string
	// Errors reject the request.
	Errors field.ErrorList
	// TypeConflicts are values whose JSON type contradicts the schema, found
	// while pruning. Decode leaves them to value validation, which rejects
	// them with the same errors.
	TypeConflicts field.ErrorList
	// Warnings do not reject it.
	Warnings []string
}

// Valid reports whether the request would be accepted.
func (r *Result) Valid() bool { return len(r.Errors) == 0 }
