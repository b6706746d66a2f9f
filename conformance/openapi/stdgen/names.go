package stdgen

import (
	"reflect"
	"sort"
	"strings"

	clientgoscheme "k8s.io/client-go/kubernetes/scheme"
)

// modelNamer is implemented by the API types: their OpenAPI model name.
type modelNamer interface {
	OpenAPIModelName() string
}

// modelName is the OpenAPI name of a struct type, e.g.
// io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta: the type's own
// OpenAPIModelName, or its package path with the domain reversed.
func modelName(t reflect.Type) string {
	if n, ok := reflect.Zero(t).Interface().(modelNamer); ok {
		return n.OpenAPIModelName()
	}
	pkg := t.PkgPath()
	domain, rest, _ := strings.Cut(pkg, "/")
	parts := strings.Split(domain, ".")
	for i, j := 0, len(parts)-1; i < j; i, j = i+1, j-1 {
		parts[i], parts[j] = parts[j], parts[i]
	}
	return strings.Join(parts, ".") + "." + strings.ReplaceAll(rest, "/", ".") + "." + t.Name()
}

// registeredKinds lists, by model name, the group-version-kinds client-go's
// scheme registers each type under, sorted by group, version and kind:
// kube-apiserver publishes them as x-kubernetes-group-version-kind.
func registeredKinds() map[string][]map[string]any {
	type gvk struct{ group, version, kind string }
	byModel := map[string]map[gvk]bool{}
	for k, t := range clientgoscheme.Scheme.AllKnownTypes() {
		name := modelName(t)
		if byModel[name] == nil {
			byModel[name] = map[gvk]bool{}
		}
		byModel[name][gvk{k.Group, k.Version, k.Kind}] = true
	}
	out := map[string][]map[string]any{}
	for name, set := range byModel {
		list := make([]gvk, 0, len(set))
		for k := range set {
			list = append(list, k)
		}
		sort.Slice(list, func(i, j int) bool {
			a, b := list[i], list[j]
			if a.group != b.group {
				return a.group < b.group
			}
			if a.version != b.version {
				return a.version < b.version
			}
			return a.kind < b.kind
		})
		for _, k := range list {
			out[name] = append(out[name], map[string]any{"group": k.group, "version": k.version, "kind": k.kind})
		}
	}
	return out
}
