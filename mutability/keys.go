package mutability

import (
	"sort"

	"k8s.io/apimachinery/pkg/util/validation/field"

	"github.com/kval-dev/kval/internal/jsonvalue"
)

// A key identifies a list item or a map entry. Scalar keys (strings, numbers,
// booleans, null) are used as they are, so that the common cases allocate
// nothing; an int64 and the equal float64 are different keys, as strict
// equality wants. Objects, arrays and multi-field map keys are rendered with
// jsonvalue.Key into a compoundKey, which never equals a scalar.
type compoundKey string

// missingField stands for a list-map key field an item does not have.
type missingField struct{}

// keyOf returns the key of a value used as a whole (set items).
func keyOf(v any) any {
	switch v.(type) {
	case map[string]any, []any:
		return compoundKey(jsonvalue.Key(v))
	}
	return v
}

// itemKey identifies item i of a list of node n.
func (n *node) itemKey(i int, item any) any {
	switch n.list {
	case byMapKeys:
		return mapKeyOf(item, n.mapKeys)
	case byValue:
		return keyOf(item)
	}
	return i
}

// mapKeyOf returns the x-kubernetes-list-map-keys of an item.
func mapKeyOf(item any, keys []string) any {
	obj, _ := item.(map[string]any)
	if len(keys) == 1 {
		if v, found := obj[keys[0]]; found {
			return keyOf(v)
		}
		return missingField{}
	}
	tuple := make([]any, len(keys))
	for i, k := range keys {
		v, found := obj[k]
		if !found {
			v = map[string]any{"\x00missing": true}
		}
		tuple[i] = v
	}
	return compoundKey(jsonvalue.Key(tuple))
}

// indexByKey maps the keys of a list to the position of their first item.
func (n *node) indexByKey(list []any) map[any]int {
	index := make(map[any]int, len(list))
	for i, item := range list {
		k := n.itemKey(i, item)
		if _, dup := index[k]; !dup {
			index[k] = i
		}
	}
	return index
}

// itemPair correlates an item of the new list with one of the old list.
type itemPair struct {
	newIndex, oldIndex int
}

// correlateItems pairs the items of two lists of node n that have the same
// key. Items of a set that are equal need no check, so sets pair nothing.
func correlateItems(n *node, newList, oldList []any) []itemPair {
	switch n.list {
	case byValue:
		return nil
	case byIndex:
		pairs := make([]itemPair, min(len(newList), len(oldList)))
		for i := range pairs {
			pairs[i] = itemPair{newIndex: i, oldIndex: i}
		}
		return pairs
	}
	oldIndex := n.indexByKey(oldList)
	var pairs []itemPair
	seen := make(map[any]bool, len(newList))
	for i, item := range newList {
		k := n.itemKey(i, item)
		if seen[k] {
			continue // only the first item with a key is correlated
		}
		seen[k] = true
		if j, ok := oldIndex[k]; ok {
			pairs = append(pairs, itemPair{newIndex: i, oldIndex: j})
		}
	}
	return pairs
}

// keyChange is a key that an update added or removed, and where it is.
type keyChange struct {
	index int    // list position (new list for additions, old for removals)
	name  string // map key
}

// listKeyChanges returns the items whose keys are in one list and not the
// other: added (positions in newList) and removed (positions in oldList).
// A missing list is an empty one.
func (n *node) listKeyChanges(newList, oldList []any) (added, removed []keyChange) {
	if n.list == byIndex {
		for i := len(oldList); i < len(newList); i++ {
			added = append(added, keyChange{index: i})
		}
		for i := len(newList); i < len(oldList); i++ {
			removed = append(removed, keyChange{index: i})
		}
		return added, removed
	}
	return n.missingKeys(newList, oldList), n.missingKeys(oldList, newList)
}

// missingKeys returns the first items of list a whose keys list b lacks.
func (n *node) missingKeys(a, b []any) []keyChange {
	inB := n.indexByKey(b)
	var out []keyChange
	reported := map[any]bool{}
	for i, item := range a {
		k := n.itemKey(i, item)
		if _, ok := inB[k]; !ok && !reported[k] {
			reported[k] = true
			out = append(out, keyChange{index: i})
		}
	}
	return out
}

// mapKeyChanges returns the keys in one map and not the other, sorted.
func (n *node) mapKeyChanges(newMap, oldMap map[string]any) (added, removed []keyChange) {
	return n.missingMapKeys(newMap, oldMap), n.missingMapKeys(oldMap, newMap)
}

func (n *node) missingMapKeys(a, b map[string]any) []keyChange {
	var out []keyChange
	for k := range a {
		if _, ok := b[k]; !ok && !n.hasProperty(k) {
			out = append(out, keyChange{name: k})
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].name < out[j].name })
	return out
}

func (k keyChange) path(collection *field.Path, isMap bool) *field.Path {
	if isMap {
		return collection.Key(k.name)
	}
	return collection.Index(k.index)
}
