package crdupdate

import "github.com/kval-dev/kval/internal/jsonvalue"

// withoutMutability returns a copy of a CRD document without kval's
// mutability extensions, which upstream does not know. Values in schemas
// (default, enum, example) are left alone.
func withoutMutability(obj map[string]any) map[string]any {
	out := jsonvalue.DeepCopyObject(obj)
	stripMutability(out)
	return out
}

func stripMutability(v any) {
	switch v := v.(type) {
	case map[string]any:
		delete(v, "x-kubernetes-mutability")
		delete(v, "x-kubernetes-key-mutability")
		for k, child := range v {
			if k != "default" && k != "enum" && k != "example" {
				stripMutability(child)
			}
		}
	case []any:
		for _, child := range v {
			stripMutability(child)
		}
	}
}
