package values

import (
	"fmt"

	"github.com/kval-dev/kval/internal/jsonvalue"
)

// validateArray runs kube-openapi's slice validator: items first, then
// minItems, maxItems and uniqueItems. Items of a list-type map are
// correlated with the old list's items by their keys.
func (w *walker) validateArray(n *node, list []any, old any, hasOld bool) (matches int, changed bool) {
	r := &n.array
	if r.items != nil {
		var oldItems oldListIndex
		correlates := hasOld && r.isMapList
		if correlates {
			oldList, ok := old.([]any)
			correlates = ok
			oldItems = newOldListIndex(r, oldList)
		}
		for i, item := range list {
			var oldItem any
			found := false
			if correlates {
				oldItem, found = oldItems.lookup(item)
			}
			w.push(segment{kind: segIndex, index: i})
			m, c := w.validate(r.items, item, oldItem, found)
			w.pop()
			matches += m
			changed = changed || c
		}
	}
	size := int64(len(list))
	if r.hasMin && size < r.minItems && w.failing() {
		w.recordInvalid(size, fmt.Sprintf("%s in body should have at least %d items", w.name(), r.minItems))
	}
	if r.hasMax && size > r.maxItems && w.failing() {
		w.recordTooMany(size, r.maxItems, "items")
	}
	if r.unique && hasDuplicate(list) && w.failing() {
		w.recordInvalid("", w.name()+" in body shouldn't contain duplicates")
	}
	return matches, changed
}

// hasDuplicate reports whether two items are deeply equal.
func hasDuplicate(list []any) bool {
	for i := 1; i < len(list); i++ {
		for j := 0; j < i; j++ {
			if jsonvalue.Equal(list[i], list[j]) {
				return true
			}
		}
	}
	return false
}
