package validate

import (
	"sort"

	"k8s.io/apimachinery/pkg/util/validation/field"
)

// keyedErrors collects the errors found for map entries so they can be
// reported in key order: map iteration order is random, and the same object
// should always get the same message. It allocates only when there are
// errors.
type keyedErrors struct {
	groups []keyedGroup
}

type keyedGroup struct {
	key  string
	errs field.ErrorList
}

func (k *keyedErrors) add(key string, errs field.ErrorList) {
	if len(errs) > 0 {
		k.groups = append(k.groups, keyedGroup{key: key, errs: errs})
	}
}

// list returns the errors ordered by key, keeping each key's own order.
func (k *keyedErrors) list() field.ErrorList {
	switch len(k.groups) {
	case 0:
		return nil
	case 1:
		return k.groups[0].errs
	}
	sort.SliceStable(k.groups, func(i, j int) bool { return k.groups[i].key < k.groups[j].key })
	var errs field.ErrorList
	for _, g := range k.groups {
		errs = append(errs, g.errs...)
	}
	return errs
}
