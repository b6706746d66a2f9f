package engine

import (
	"fmt"
	"sort"
	"strings"

	utilvalidation "k8s.io/apimachinery/pkg/util/validation"
	"k8s.io/apimachinery/pkg/util/validation/field"
)

// standardFinalizers are the finalizer names Kubernetes itself uses.
var standardFinalizers = map[string]bool{"orphan": true, "foregroundDeletion": true, "kubernetes": true}

// finalizerWarnings are kube-apiserver's warnings for finalizers an object
// adds: names that are not qualified, or not domain-qualified.
func finalizerWarnings(obj, old map[string]any) []string {
	added := finalizers(obj)
	for name := range finalizers(old) {
		delete(added, name)
	}
	names := make([]string, 0, len(added))
	for name := range added {
		names = append(names, name)
	}
	sort.Strings(names)
	path := field.NewPath("metadata", "finalizers")
	var warnings []string
	for _, name := range names {
		for _, msg := range utilvalidation.IsQualifiedName(name) {
			warnings = append(warnings, fmt.Sprintf("%s: %q: %s", path, name, msg))
		}
		if strings.Contains(name, "/") || standardFinalizers[name] {
			continue
		}
		if strings.Contains(name, ".") {
			warnings = append(warnings, fmt.Sprintf("%s: %q: prefer a domain-qualified finalizer name including a path (/) to avoid accidental conflicts with other finalizer writers", path, name))
		} else {
			warnings = append(warnings, fmt.Sprintf("%s: %q: prefer a domain-qualified finalizer name to avoid accidental conflicts with other finalizer writers", path, name))
		}
	}
	return warnings
}

func finalizers(obj map[string]any) map[string]bool {
	out := map[string]bool{}
	if obj == nil {
		return out
	}
	meta, _ := obj["metadata"].(map[string]any)
	list, _ := meta["finalizers"].([]any)
	for _, f := range list {
		if name, ok := f.(string); ok {
			out[name] = true
		}
	}
	return out
}
