package schema

import "k8s.io/apimachinery/pkg/util/validation/field"

// RuleFieldPath resolves the fieldPath of an x-kubernetes-validations rule
// declared on s (".a.b", "['a'].b", keys of additionalProperties in
// brackets) to the field path kube-apiserver reports the rule's errors at,
// relative to s. ok is false when the path does not name a field of s.
func RuleFieldPath(s *Schema, fieldPath string) (path *field.Path, ok bool) {
	path, _, err := resolveFieldPath(fieldPath, s, true)
	return path, err == nil
}
