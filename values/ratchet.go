package values

import (
	"strconv"

	"github.com/kval-dev/kval/internal/jsonvalue"
)

// unchanged reports whether v equals old the way kube-apiserver's ratcheting
// decides it (CorrelatedObject.CachedDeepEqual): objects are equal when they
// have the same keys, each specified by a property or additionalProperties'
// schema, with unchanged values; list-type map lists when every item has an
// unchanged old item with its keys; other lists and scalars when deeply
// equal. An object key no schema specifies makes the object changed.
func unchanged(n *node, v, old any) bool {
	if v == nil || old == nil {
		return v == nil && old == nil
	}
	switch v := v.(type) {
	case map[string]any:
		o, ok := old.(map[string]any)
		return ok && objectUnchanged(n, v, o)
	case []any:
		o, ok := old.([]any)
		if !ok {
			return false
		}
		if !n.array.isMapList {
			return jsonvalue.Equal(o, v)
		}
		return mapListUnchanged(n, v, o)
	}
	switch old.(type) {
	case map[string]any, []any:
		return false
	}
	return jsonvalue.Equal(old, v)
}

func objectUnchanged(n *node, v, old map[string]any) bool {
	if len(v) != len(old) {
		return false
	}
	for k, val := range v {
		o, ok := old[k]
		if !ok {
			return false
		}
		child := n.object.propIndex[k]
		if child == nil {
			child = n.object.addSchema
		}
		if child == nil || !unchanged(child, val, o) {
			return false
		}
	}
	return true
}

func mapListUnchanged(n *node, v, old []any) bool {
	if len(v) != len(old) {
		return false
	}
	if len(v) == 0 {
		return true
	}
	if n.array.items == nil {
		return false
	}
	index := newOldListIndex(&n.array, old)
	for _, item := range v {
		o, found := index.lookup(item)
		if !found || !unchanged(n.array.items, item, o) {
			return false
		}
	}
	return true
}

// oldListIndex finds the old item of a list-type map list with the keys of
// a new item, as upstream's MapList: keys must all be present with scalar
// values; the first old item with equal keys wins. Single keys compare as Go
// values; multiple keys compare integers, strings and booleans as values and
// numbers as printed by %f.
type oldListIndex struct {
	rules *arrayRules
	old   []any
	// byKey indexes long lists by their single key; built on first use.
	byKey map[any]int
}

// linearLookupMax is the list length up to which lookups scan.
const linearLookupMax = 16

func newOldListIndex(r *arrayRules, old []any) oldListIndex {
	return oldListIndex{rules: r, old: old}
}

func (x *oldListIndex) lookup(item any) (any, bool) {
	r := x.rules
	if !r.isArray || len(r.mapKeys) == 0 || len(x.old) == 0 {
		return nil, false
	}
	obj, ok := item.(map[string]any)
	if !ok || !hasScalarKeys(obj, r.mapKeys) {
		return nil, false
	}
	if r.oneMapKey && len(x.old) > linearLookupMax {
		return x.lookupIndexed(obj[r.mapKeys[0]])
	}
	for _, o := range x.old {
		oldObj, ok := o.(map[string]any)
		if ok && hasScalarKeys(oldObj, r.mapKeys) && keysEqual(obj, oldObj, r.mapKeys, r.oneMapKey) {
			return oldObj, true
		}
	}
	return nil, false
}

func (x *oldListIndex) lookupIndexed(key any) (any, bool) {
	if x.byKey == nil {
		x.byKey = make(map[any]int, len(x.old))
		for i, o := range x.old {
			oldObj, ok := o.(map[string]any)
			if !ok || !hasScalarKeys(oldObj, x.rules.mapKeys) {
				continue
			}
			k := oldObj[x.rules.mapKeys[0]]
			if _, dup := x.byKey[k]; !dup {
				x.byKey[k] = i
			}
		}
	}
	i, ok := x.byKey[key]
	if !ok {
		return nil, false
	}
	return x.old[i], true
}

func hasScalarKeys(obj map[string]any, keys []string) bool {
	for _, k := range keys {
		switch obj[k].(type) {
		case string, int64, float64, bool:
		default:
			return false
		}
	}
	return true
}

func keysEqual(a, b map[string]any, keys []string, single bool) bool {
	for _, k := range keys {
		av, bv := a[k], b[k]
		if single {
			return av == bv
		}
		af, aIsFloat := av.(float64)
		bf, bIsFloat := bv.(float64)
		switch {
		case aIsFloat != bIsFloat:
			return false
		case aIsFloat:
			if strconv.FormatFloat(af, 'f', 6, 64) != strconv.FormatFloat(bf, 'f', 6, 64) {
				return false
			}
		case av != bv:
			return false
		}
	}
	return true
}
