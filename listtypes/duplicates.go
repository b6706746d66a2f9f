package listtypes

import (
	"k8s.io/apimachinery/pkg/util/validation/field"
)

// set reports each value of a set that occurs again, at its second
// occurrence.
func (w *walker) set(list []any) {
	for _, i := range secondOccurrences(list) {
		w.errs = append(w.errs, field.Duplicate(w.indexPath(i), list[i]))
	}
}

// mapList checks that items are objects or null, then that their keys are
// unique. An item without a key (or null) has an unspecified key, which
// duplicates other unspecified keys.
func (w *walker) mapList(n *node, list []any) {
	for i, item := range list {
		if _, ok := item.(map[string]any); item != nil && !ok {
			w.errs = append(w.errs, field.Invalid(w.indexPath(i), item, "must be an object for an array of list-type map"))
			return
		}
	}
	if len(list) <= 1 {
		return
	}
	if n.oneMapKey {
		w.singleKeyDuplicates(n.mapKeys[0], list)
		return
	}
	if len(list) > pairwiseMax {
		w.multiKeyDuplicatesHashed(n.mapKeys, list)
		return
	}
	for i := 1; i < len(list); i++ {
		earlier := 0
		for j := 0; j < i && earlier < 2; j++ {
			if sameListMapKeys(list[i], list[j], n.mapKeys) {
				earlier++
			}
		}
		if earlier == 1 {
			w.errs = append(w.errs, field.Duplicate(w.indexPath(i), listMapKey(list[i], n.mapKeys)))
		}
	}
}

// listMapKey is the object of an item's keys (those it has), kube-apiserver's
// bad value for a duplicate of several keys.
func listMapKey(item any, keys []string) map[string]any {
	key := map[string]any{}
	obj, _ := item.(map[string]any)
	for _, k := range keys {
		if v, ok := obj[k]; ok {
			key[k] = v
		}
	}
	return key
}

// sameListMapKeys reports whether two items have the same keys, absent ones
// included, compared by their JSON encoding as kube-apiserver compares the
// objects of listMapKey.
func sameListMapKeys(a, b any, keys []string) bool {
	am, _ := a.(map[string]any)
	bm, _ := b.(map[string]any)
	for _, k := range keys {
		av, aok := am[k]
		bv, bok := bm[k]
		if aok != bok || aok && !sameJSON(av, bv) {
			return false
		}
	}
	return true
}

func (w *walker) multiKeyDuplicatesHashed(mapKeys []string, list []any) {
	keys := make([]any, len(list))
	for i, item := range list {
		keys[i] = listMapKey(item, mapKeys)
	}
	for _, i := range secondOccurrences(keys) {
		w.errs = append(w.errs, field.Duplicate(w.indexPath(i), keys[i]))
	}
}

// unspecified stands for the key of an item that lacks it.
type unspecified struct{}

func (w *walker) singleKeyDuplicates(keyField string, list []any) {
	var buf [16]any
	keys := buf[:0]
	for _, item := range list {
		obj, _ := item.(map[string]any)
		key, ok := obj[keyField]
		if !ok {
			keys = append(keys, unspecified{})
			continue
		}
		keys = append(keys, key)
	}
	for _, i := range secondOccurrences(keys) {
		bad := map[string]any{}
		if _, isUnspecified := keys[i].(unspecified); !isUnspecified {
			bad[keyField] = keys[i]
		}
		w.errs = append(w.errs, field.Duplicate(w.indexPath(i), bad))
	}
}

// secondOccurrences returns, in order, the indices at which a value occurs
// for the second time. Scalars are equal when Go's == says so; objects and
// arrays when their JSON encodings are.
func secondOccurrences(values []any) []int {
	if len(values) <= 1 {
		return nil
	}
	if len(values) > pairwiseMax {
		return secondOccurrencesHashed(values)
	}
	var out []int
	for i := 1; i < len(values); i++ {
		earlier := 0
		for j := 0; j < i && earlier < 2; j++ {
			if sameItem(values[i], values[j]) {
				earlier++
			}
		}
		if earlier == 1 {
			out = append(out, i)
		}
	}
	return out
}

// pairwiseMax is the list length up to which items are compared pairwise,
// without allocating.
const pairwiseMax = 32

func secondOccurrencesHashed(values []any) []int {
	scalars := map[any]int{}
	compounds := map[string]int{}
	var out []int
	for i, v := range values {
		var times int
		if isCompound(v) {
			key, ok := encode(v)
			if !ok {
				continue // never a duplicate, as in the pairwise comparison
			}
			times = compounds[key]
			compounds[key] = times + 1
		} else {
			times = scalars[v]
			scalars[v] = times + 1
		}
		if times == 1 {
			out = append(out, i)
		}
	}
	return out
}

// isCompound reports whether v compares by its JSON encoding: objects and
// arrays, and (never in decoded JSON) values of other Go types, which could
// not be compared with ==.
func isCompound(v any) bool {
	switch v.(type) {
	case nil, string, int64, float64, bool, unspecified:
		return false
	}
	return true
}

func sameItem(a, b any) bool {
	ac, bc := isCompound(a), isCompound(b)
	switch {
	case ac != bc:
		return false
	case ac:
		return sameJSON(a, b)
	}
	return a == b
}
