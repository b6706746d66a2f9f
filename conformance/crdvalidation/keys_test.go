package crdvalidation

import (
	"regexp"

	"k8s.io/apimachinery/pkg/util/validation/field"
)

// celTypeName matches the names CEL gives to object types in messages; they
// carry a counter that differs between runs.
var celTypeName = regexp.MustCompile(`Type\d+`)

// stableKey is key without the run-dependent parts of CEL messages.
func stableKey(e *field.Error) string {
	return celTypeName.ReplaceAllString(key(e), "Type")
}
