package cli

import (
	"context"
	"fmt"

	"github.com/kval-dev/kval/catalog"
	"github.com/kval-dev/kval/engine"
)

// oldObjects are the current objects given with --old, by identity.
type oldObjects map[string]map[string]any

func objectKey(apiVersion, kind, namespace, name string) string {
	return apiVersion + "\x00" + kind + "\x00" + namespace + "\x00" + name
}

func (o oldObjects) find(apiVersion, kind, namespace, name string) map[string]any {
	return o[objectKey(apiVersion, kind, namespace, name)]
}

// loadOldObjects reads the --old paths. Every old object must be readable,
// served by a CRD and unique: otherwise updates could not be matched.
func loadOldObjects(ctx context.Context, s streams, cat *catalog.Catalog, paths []string, namespace string) (oldObjects, error) {
	olds := oldObjects{}
	if len(paths) == 0 {
		return olds, nil
	}
	sources := map[string]string{}
	failed := false
	fail := func(format string, args ...any) {
		fmt.Fprintf(s.err, "error: "+format+"\n", args...)
		failed = true
	}
	err := readInputs(s, paths, func(in inputDoc) {
		r := newObjectResult(in.doc)
		if in.err != nil {
			fail("%s: old object: %v", r.source(), withoutSource(in.err))
			return
		}
		v, err := cat.ForObject(ctx, r.APIVersion, r.Kind)
		if err != nil {
			fail("%s: old object: %v", r.source(), err)
			return
		}
		r.Namespace = defaultNamespace(v, in.doc.Object, namespace)
		key := objectKey(r.APIVersion, r.Kind, r.Namespace, r.Name)
		if first, dup := sources[key]; dup {
			fail("%s: old object %s is given twice, first at %s", r.source(), r.subject(), first)
			return
		}
		sources[key] = r.source()
		olds[key] = in.doc.Object
	})
	if err != nil {
		return nil, err
	}
	if failed {
		return nil, &exitError{code: ExitBadInput}
	}
	return olds, nil
}

// defaultNamespace sets the namespace of a namespaced object that has none,
// as kubectl sends it, and returns the object's namespace.
// Cluster-scoped objects have no namespace (kube-apiserver drops it).
func defaultNamespace(v *engine.Validator, obj map[string]any, namespace string) string {
	if !v.CRD().Namespaced() {
		return ""
	}
	raw, found := obj["metadata"]
	meta, isMap := raw.(map[string]any)
	if found && !isMap {
		return "" // malformed metadata is reported when the object is decoded
	}
	current, _ := meta["namespace"].(string)
	if current == "" && namespace != "" {
		if meta == nil {
			meta = map[string]any{}
			obj["metadata"] = meta
		}
		meta["namespace"] = namespace
		current = namespace
	}
	return current
}
