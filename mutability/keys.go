package mutability

import (
	"strconv"

	"k8s.io/apimachinery/pkg/util/validation/field"

	"github.com/kval-dev/kval/internal/jsonvalue"
)

// keyEntry is one key of a list or map: its identity and where it is.
type keyEntry struct {
	id    string
	index int    // list position, for lists
	name  string // map key, for maps
	isMap bool
}

func (k keyEntry) path(collection *field.Path) *field.Path {
	if k.isMap {
		return collection.Key(k.name)
	}
	return collection.Index(k.index)
}

// keySet is the keys of a collection in their order, first occurrence kept.
type keySet struct {
	entries []keyEntry
	ids     map[string]int // id to position in entries
}

func (s keySet) has(id string) bool {
	_, ok := s.ids[id]
	return ok
}

// missingFrom returns the entries of s whose keys other lacks.
func (s keySet) missingFrom(other keySet) []keyEntry {
	var out []keyEntry
	for _, e := range s.entries {
		if !other.has(e.id) {
			out = append(out, e)
		}
	}
	return out
}

func (s *keySet) add(e keyEntry) {
	if s.has(e.id) {
		return
	}
	if s.ids == nil {
		s.ids = map[string]int{}
	}
	s.ids[e.id] = len(s.entries)
	s.entries = append(s.entries, e)
}

// keysOf returns the keys of a list or map value of node n (none for a
// missing value or a value of another type).
func (n *node) keysOf(v any) keySet {
	var set keySet
	switch v := v.(type) {
	case map[string]any:
		for _, k := range sortedKeys(v) {
			if !n.hasProperty(k) {
				set.add(keyEntry{id: k, name: k, isMap: true})
			}
		}
	case []any:
		for i, item := range v {
			set.add(keyEntry{id: n.itemKey(i, item), index: i})
		}
	}
	return set
}

// itemKey identifies a list item: by index, by its map keys, or by value.
func (n *node) itemKey(i int, item any) string {
	switch n.list {
	case byMapKeys:
		return mapKeyOf(item, n.mapKeys)
	case byValue:
		return jsonvalue.Key(item)
	}
	return strconv.Itoa(i)
}

// mapKeyOf renders the x-kubernetes-list-map-keys of an item; a missing key
// field is distinct from every value.
func mapKeyOf(item any, keys []string) string {
	obj, _ := item.(map[string]any)
	tuple := make([]any, len(keys))
	for i, k := range keys {
		v, found := obj[k]
		if !found {
			v = map[string]any{"\x00missing": true}
		}
		tuple[i] = v
	}
	return jsonvalue.Key(tuple)
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
	oldKeys := n.keysOf(oldList)
	newKeys := n.keysOf(newList)
	var pairs []itemPair
	for _, e := range newKeys.entries {
		if pos, ok := oldKeys.ids[e.id]; ok {
			pairs = append(pairs, itemPair{newIndex: e.index, oldIndex: oldKeys.entries[pos].index})
		}
	}
	return pairs
}
