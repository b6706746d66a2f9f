package mutability

import (
	"slices"
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

// listPair correlates the items of a new and an old list of one node, in
// one pass: the pairs of items with the same key (duplicateOf pairs a
// key's later items), and the keys added and removed. Its
// buffers are reused from list to list.
type listPair struct {
	pairs          []itemPair
	added, removed []keyChange

	oldKeys   []any
	anyIndex  map[any]int    // where each old key first appears...
	strIndex  map[string]int // ...or, when every old key is a string, this
	strKeys   bool
	paired    []bool       // old items paired with a new one
	addedSeen map[any]bool // keys already reported as added
	dupNext   map[any]int  // where duplicateOf's search resumes, per key
}

// itemPair correlates an item of the new list with one of the old list.
type itemPair struct {
	newIndex, oldIndex int
}

// keyChange is a key that an update added or removed, and where it is.
type keyChange struct {
	index int    // list position (new list for additions, old for removals)
	name  string // map key
}

// index correlates two lists of node n (a missing list is an empty one).
func (p *listPair) index(n *node, newList, oldList []any) {
	if n.list == byIndex {
		p.byPosition(newList, oldList)
		return
	}
	p.indexOld(n, oldList)
	p.paired = slices.Grow(p.paired[:0], len(oldList))[:len(oldList)]
	clear(p.paired)
	for i, item := range newList {
		k := n.itemKey(i, item)
		j, found := p.find(k)
		switch {
		case !found:
			p.addOnce(k, i)
		case !p.paired[j]:
			p.paired[j] = true
			if n.list == byMapKeys { // equal set items need no check
				p.pairs = append(p.pairs, itemPair{newIndex: i, oldIndex: j})
			}
		case n.list == byMapKeys:
			p.pairs = append(p.pairs, itemPair{newIndex: i, oldIndex: p.duplicateOf(k, j)})
		}
	}
	for j, k := range p.oldKeys {
		if first, _ := p.find(k); !p.paired[j] && first == j {
			p.removed = append(p.removed, keyChange{index: j})
		}
	}
}

// duplicateOf is the old item a new item whose key an earlier new item
// has is correlated with: the next old item of that key not yet paired
// (the same occurrence, when the old list repeats the key as well), or
// the first, j. kube-apiserver skips list-type validation of an update
// whose old object already has a list-type error, so a duplicate key can
// reach this check, and a changed copy of an immutable item beside it
// must not pass unchecked. The search for each key resumes where it
// stopped, so that a list of duplicates costs linear time.
func (p *listPair) duplicateOf(k any, j int) int {
	if p.dupNext == nil {
		p.dupNext = map[any]int{}
	}
	from, ok := p.dupNext[k]
	if !ok {
		from = j + 1
	}
	for x := from; x < len(p.oldKeys); x++ {
		if !p.paired[x] && p.oldKeys[x] == k {
			p.paired[x], p.dupNext[k] = true, x+1
			return x
		}
	}
	p.dupNext[k] = len(p.oldKeys)
	return j
}

// byPosition correlates lists keyed by index.
func (p *listPair) byPosition(newList, oldList []any) {
	for i := range min(len(newList), len(oldList)) {
		p.pairs = append(p.pairs, itemPair{newIndex: i, oldIndex: i})
	}
	for i := len(oldList); i < len(newList); i++ {
		p.added = append(p.added, keyChange{index: i})
	}
	for i := len(newList); i < len(oldList); i++ {
		p.removed = append(p.removed, keyChange{index: i})
	}
}

// indexOld records the keys of the old list and where each first appears.
func (p *listPair) indexOld(n *node, oldList []any) {
	p.strKeys = true
	for i, item := range oldList {
		k := n.itemKey(i, item)
		p.oldKeys = append(p.oldKeys, k)
		if _, isString := k.(string); !isString {
			p.strKeys = false
		}
	}
	if p.strKeys {
		p.strIndex = firstPositions(p.strIndex, p.oldKeys, func(k any) string { return k.(string) })
	} else {
		p.anyIndex = firstPositions(p.anyIndex, p.oldKeys, func(k any) any { return k })
	}
}

func firstPositions[K comparable](index map[K]int, keys []any, key func(any) K) map[K]int {
	if index == nil {
		index = make(map[K]int, len(keys))
	}
	for i, k := range keys {
		if _, seen := index[key(k)]; !seen {
			index[key(k)] = i
		}
	}
	return index
}

// find returns where key k first appears in the old list.
func (p *listPair) find(k any) (int, bool) {
	if p.strKeys {
		s, isString := k.(string)
		if !isString {
			return 0, false
		}
		j, ok := p.strIndex[s]
		return j, ok
	}
	j, ok := p.anyIndex[k]
	return j, ok
}

// addOnce reports a new key at position i, once per key.
func (p *listPair) addOnce(k any, i int) {
	if p.addedSeen == nil {
		p.addedSeen = map[any]bool{}
	}
	if !p.addedSeen[k] {
		p.addedSeen[k] = true
		p.added = append(p.added, keyChange{index: i})
	}
}

// reset drops the references to the lists, keeping the buffers.
func (p *listPair) reset() {
	clear(p.oldKeys)
	clear(p.anyIndex)
	clear(p.strIndex)
	clear(p.addedSeen)
	clear(p.dupNext)
	p.pairs, p.added, p.removed, p.oldKeys, p.paired = p.pairs[:0], p.added[:0], p.removed[:0], p.oldKeys[:0], p.paired[:0]
}

// mapKeyChanges returns the keys in one map and not the other, sorted.
// The removals are looked for only when the new map lacks some old key.
func (n *node) mapKeyChanges(newMap, oldMap map[string]any) (added, removed []keyChange) {
	shared := 0
	for k := range newMap {
		if n.hasProperty(k) {
			continue
		}
		if _, ok := oldMap[k]; ok {
			shared++
		} else {
			added = append(added, keyChange{name: k})
		}
	}
	sortKeyChanges(added)
	if shared < n.entries(oldMap) {
		removed = n.missingMapKeys(oldMap, newMap)
	}
	return added, removed
}

// entries counts the keys of a map that are not properties.
func (n *node) entries(m map[string]any) int {
	if len(n.props) == 0 {
		return len(m)
	}
	count := 0
	for k := range m {
		if !n.hasProperty(k) {
			count++
		}
	}
	return count
}

func sortKeyChanges(changes []keyChange) {
	sort.Slice(changes, func(i, j int) bool { return changes[i].name < changes[j].name })
}

func (n *node) missingMapKeys(a, b map[string]any) []keyChange {
	var out []keyChange
	for k := range a {
		if _, ok := b[k]; !ok && !n.hasProperty(k) {
			out = append(out, keyChange{name: k})
		}
	}
	sortKeyChanges(out)
	return out
}

func (k keyChange) path(collection *field.Path, isMap bool) *field.Path {
	if isMap {
		return collection.Key(k.name)
	}
	return collection.Index(k.index)
}
