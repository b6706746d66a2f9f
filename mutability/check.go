package mutability

import (
	"sort"

	"k8s.io/apimachinery/pkg/util/validation/field"

	"github.com/kval-dev/kval/internal/jsonvalue"
	"github.com/kval-dev/kval/schema"
)

// Check compares the stored forms of an update, old and new, and returns
// every change the extensions forbid. fldPath is the path of the root.
func (c *Checker) Check(fldPath *field.Path, obj, old any) field.ErrorList {
	if c == nil {
		return nil
	}
	w := walker{}
	w.correlated(fldPath, c.root, obj, old)
	return w.errs
}

type walker struct {
	errs field.ErrorList
}

// visit checks node n, reached in role r from a parent present in both
// objects; n's value may be missing on either side.
func (w *walker) visit(path *field.Path, n *node, r role, newV, oldV any, hasNew, hasOld bool) {
	if n.mutability != "" {
		if r.presence && hasNew && !hasOld && n.mutability != schema.AddOnly {
			w.errs = append(w.errs, fieldError(path, n.mutability, added, r))
		}
		if r.presence && hasOld && !hasNew && n.mutability != schema.RemoveOnly {
			w.errs = append(w.errs, fieldError(path, n.mutability, removed, r))
		}
		if hasNew && hasOld {
			if !jsonvalue.Equal(newV, oldV) {
				w.errs = append(w.errs, fieldError(path, n.mutability, modified, r))
			}
			return // equal values leave nothing below to check
		}
	}
	if n.keyMutability != "" {
		w.checkKeys(path, n, newV, oldV)
	}
	if hasNew && hasOld {
		w.correlated(path, n, newV, oldV)
	}
}

// correlated descends into a node present in both objects.
func (w *walker) correlated(path *field.Path, n *node, newV, oldV any) {
	switch newV := newV.(type) {
	case map[string]any:
		oldV, ok := oldV.(map[string]any)
		if !ok {
			return
		}
		w.object(path, n, newV, oldV)
	case []any:
		oldV, ok := oldV.([]any)
		if !ok || n.items == nil {
			return
		}
		for _, pair := range correlateItems(n, newV, oldV) {
			w.visit(path.Index(pair.newIndex), n.items, asItem, newV[pair.newIndex], oldV[pair.oldIndex], true, true)
		}
	}
}

func (w *walker) object(path *field.Path, n *node, newV, oldV map[string]any) {
	for _, p := range n.props {
		nv, hasNew := newV[p.name]
		ov, hasOld := oldV[p.name]
		if hasNew || hasOld {
			w.visit(path.Child(p.name), p.node, asField, nv, ov, hasNew, hasOld)
		}
	}
	if n.additional == nil {
		return
	}
	for _, k := range sortedKeys(newV) {
		if n.hasProperty(k) {
			continue
		}
		if ov, found := oldV[k]; found {
			w.visit(path.Key(k), n.additional, asValue, newV[k], ov, true, true)
		}
	}
}

// checkKeys reports keys added or removed against x-kubernetes-key-mutability.
// A missing collection has no keys.
func (w *walker) checkKeys(path *field.Path, n *node, newV, oldV any) {
	newKeys, oldKeys := n.keysOf(newV), n.keysOf(oldV)
	m := n.keyMutability
	if m != schema.RemoveOnly {
		for _, k := range oldKeys.missingFrom(newKeys) {
			w.errs = append(w.errs, keyError(k.path(path), m, removed, n.isMap))
		}
	}
	if m != schema.AddOnly {
		for _, k := range newKeys.missingFrom(oldKeys) {
			w.errs = append(w.errs, keyError(k.path(path), m, added, n.isMap))
		}
	}
}

func (n *node) hasProperty(name string) bool {
	for _, p := range n.props {
		if p.name == name {
			return true
		}
	}
	return false
}

func sortedKeys(m map[string]any) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
