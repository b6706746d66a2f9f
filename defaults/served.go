package defaults

import (
	"github.com/kval-dev/kval/objectmeta"
	"github.com/kval-dev/kval/prune"
	"github.com/kval-dev/kval/schema"
)

// focus is the path of a schema node from the resource root, used to place a
// default value inside an otherwise empty object: ["spec", "ports", [], "*"].
type focus []step

// step is an object key, or an array position when index is true.
type step struct {
	key   string
	index bool
}

var rootFocus focus

// child and index extend a focus in place when its array has room: the
// build is depth first and keeps no focus past a call, so siblings may
// reuse the slot, and a schema N levels deep costs O(N), not O(N²) (issue 27).
func (f focus) child(k string) focus { return append(f, step{key: k}) }
func (f focus) index() focus         { return append(f, step{index: true}) }

// servedDefault prunes a default the way kube-apiserver does before serving a
// schema: the default is wrapped in an object that holds it at its path,
// coerced and pruned with the root schema as a resource, and read back. It
// returns nil when nothing is left of it.
func servedDefault(root *schema.Schema, at focus, def any) any {
	wrapped := def
	for i := len(at) - 1; i >= 0; i-- {
		if at[i].index {
			wrapped = []any{wrapped}
		} else {
			wrapped = map[string]any{at[i].key: wrapped}
		}
	}
	obj, ok := wrapped.(map[string]any)
	if !ok {
		return nil // a root default that is not an object is rejected when the CRD is checked
	}
	objectmeta.Coerce(nil, obj, root, objectmeta.CoerceOptions{ResourceRoot: true, DropInvalidFields: true})
	prune.Prune(obj, root, prune.Options{ResourceRoot: true})
	return at.lookup(obj)
}

// lookup reads the value at the focus back out of its surrounding object.
func (f focus) lookup(obj map[string]any) any {
	var cur any = obj
	for _, s := range f {
		if s.index {
			list, ok := cur.([]any)
			if !ok || len(list) == 0 {
				return nil
			}
			cur = list[0]
			continue
		}
		m, ok := cur.(map[string]any)
		if !ok {
			return nil
		}
		if cur, ok = m[s.key]; !ok {
			return nil
		}
	}
	return cur
}
